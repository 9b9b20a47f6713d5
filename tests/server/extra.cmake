# extra.cmake (tests/server) — the class server end to end on loopback, when it is part
# of the build: the protocol, every refusal, and a SIGKILL in the middle of a vote.
# Each starts its own server on 127.0.0.1 (a free port, a temporary database) and stops it.
if(TARGET token-journey-server)
  find_program(TJ_NODE node)
  foreach(t protocol abuse fault)
    add_test(NAME "server: ${t}"
             COMMAND ${TJ_NODE} ${CMAKE_CURRENT_SOURCE_DIR}/server/${t}.test.mjs $<TARGET_FILE:token-journey-server>)
    set_tests_properties("server: ${t}" PROPERTIES TIMEOUT 120 SKIP_REGULAR_EXPRESSION "SKIPPED: ")
  endforeach()
endif()

# extra.cmake (tests/server) — the class server end to end on loopback, when it is part
# of the build: the protocol, every refusal, a SIGKILL in the middle of a vote, and a
# short run of the load benchmark.
# Each starts its own server on 127.0.0.1 (a free port, a temporary database) and stops it.
if(TARGET token-journey-server)
  find_program(TJ_NODE node)
  foreach(t protocol abuse fault)
    add_test(NAME "server: ${t}"
             COMMAND ${TJ_NODE} ${CMAKE_CURRENT_SOURCE_DIR}/server/${t}.test.mjs $<TARGET_FILE:token-journey-server>)
    set_tests_properties("server: ${t}" PROPERTIES TIMEOUT 120 SKIP_REGULAR_EXPRESSION "SKIPPED: ")
  endforeach()
  # The load benchmark, small, only to see that it runs to its end (its figures are not judged).
  add_test(NAME "server: load benchmark runs"
           COMMAND ${TJ_NODE} ${CMAKE_SOURCE_DIR}/bench/class_load.mjs --server $<TARGET_FILE:token-journey-server>
                   --students 30 --rounds 1 --spread-ms 500)
  set_tests_properties("server: load benchmark runs" PROPERTIES TIMEOUT 120 SKIP_REGULAR_EXPRESSION "SKIPPED: ")
endif()

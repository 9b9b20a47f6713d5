# extra.cmake (tests/core) — the CLI end to end, when the CLI is part of the build.
if(TARGET token-journey-cli)
  add_test(NAME "core: cli end to end"
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/core/test_cli.sh $<TARGET_FILE:token-journey-cli>)
endif()

# extra.cmake (tests/token) — the tests tagged [no-vocab] (hidden), run with the vocabulary
# folder pointed at one that does not exist, so the stand-in tokenizer's path is
# checked whether or not the vocabularies are fetched on this machine.
if(TARGET test_token)
  add_test(NAME "token: without a vocabulary, the stand-in" COMMAND test_token "[no-vocab]")
  set_tests_properties("token: without a vocabulary, the stand-in" PROPERTIES
    ENVIRONMENT "TJ_VOCAB_DIR=${CMAKE_CURRENT_BINARY_DIR}/no-vocabulary-here")
endif()

# The hidden [.cv] test refits the constants once per family (two to six minutes in a
# release build on a two-core machine: 5 min 39 s of CPU time measured, past the test
# command's default limit of 300 s, so it has its own); the sanitizer build, many times
# slower, leaves it out. Its label, slow, lets the test command run it on one core beside
# the sanitizer build (scripts/test.sh) instead of alone after the other tests.
if(TARGET test_token AND NOT CMAKE_CXX_FLAGS MATCHES "-fsanitize")
  add_test(NAME "token: the app's cross-validated error per preset is current" COMMAND test_token "[.cv]")
  set_tests_properties("token: the app's cross-validated error per preset is current" PROPERTIES TIMEOUT 900 LABELS slow)
endif()

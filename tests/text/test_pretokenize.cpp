// test_pretokenize.cpp — the hand-written matchers split like the published patterns.
// Expected pieces are worked out from the regexes in pretokenize.h by hand (the
// token-level agreement with the reference encoders is in test_reference.cpp).
#include <catch2/catch.hpp>

#include "core/rng.h"
#include "core/text/pretokenize.h"

using namespace tj;

static std::vector<std::string> split(std::string_view text, SplitPattern p) {
    std::vector<std::string_view> pieces;
    pretokenize(text, p, pieces);
    return std::vector<std::string>(pieces.begin(), pieces.end());
}

using V = std::vector<std::string>;

TEST_CASE("cl100k split: words, contractions, numbers, punctuation", "[pretokenize]") {
    const auto cl = SplitPattern::cl100k;
    CHECK(split("Hello world", cl) == V{"Hello", " world"});
    CHECK(split("I'm can't WE'LL", cl) == V{"I", "'m", " can", "'t", " WE", "'LL"});
    CHECK(split("'sup", cl) == V{"'s", "up"});
    CHECK(split("1234567", cl) == V{"123", "456", "7"});
    CHECK(split("x=1+2;", cl) == V{"x", "=", "1", "+", "2", ";"});
    CHECK(split(" !!!\n\nword", cl) == V{" !!!\n\n", "word"});
    CHECK(split("\tword", cl) == V{"\tword"});          // any non-newline non-letter may lead
    CHECK(split("a\nb", cl) == V{"a", "\n", "b"});       // a newline may not
    CHECK(split("大模型，推理", cl) == V{"大模型", "，推理"});
    CHECK(split("e\xCC\x81t\xCC\x81", cl) == V{"e", "\xCC\x81t", "\xCC\x81"});  // marks are not letters here
}

TEST_CASE("cl100k split: whitespace runs", "[pretokenize]") {
    const auto cl = SplitPattern::cl100k;
    CHECK(split("a   b", cl) == V{"a", "  ", " b"});     // \s+(?!\S) leaves one space for the word
    CHECK(split("a \t b", cl) == V{"a", " \t", " b"});
    CHECK(split("a   ", cl) == V{"a", "   "});          // at the end all of it
    CHECK(split("x\n  y", cl) == V{"x", "\n", " ", " y"});
    CHECK(split("x \n \n  y", cl) == V{"x", " \n \n", " ", " y"});  // \s*[\r\n]: up to the last newline
    CHECK(split("a\r\n\r\nb", cl) == V{"a", "\r\n\r\n", "b"});
    CHECK(split(" ", cl) == V{" "});
    CHECK(split("a \xC2\xA0" "b", cl) == V{"a", " ", "\xC2\xA0" "b"});  // NBSP is \s and leads the word
}

TEST_CASE("o200k split: case-aware words, contractions attached, slashes", "[pretokenize]") {
    const auto o2 = SplitPattern::o200k;
    CHECK(split("Hello world", o2) == V{"Hello", " world"});
    CHECK(split("I'm can't WE'LL", o2) == V{"I'm", " can't", " WE'LL"});
    CHECK(split("CamelCaseWord", o2) == V{"Camel", "Case", "Word"});
    CHECK(split("HTTPServer", o2) == V{"HTTPServer"});   // upper run then lower run: one piece
    CHECK(split("parseHTTP x", o2) == V{"parse", "HTTP", " x"});
    CHECK(split("1234567", o2) == V{"123", "456", "7"});
    CHECK(split("a//b/\n", o2) == V{"a", "//", "b", "/\n"});
    CHECK(split(" +/x", o2) == V{" +/", "x"});
    CHECK(split("x\n  y", o2) == V{"x", "\n", " ", " y"});
    CHECK(split("e\xCC\x81t\xCC\x81", o2) == V{"e\xCC\x81t\xCC\x81"});  // marks join the word
    CHECK(split("大模型，推理", o2) == V{"大模型", "，推理"});
}

TEST_CASE("pieces always cover the input exactly, valid or not", "[pretokenize]") {
    Rng rng(11);
    for (int trial = 0; trial < 2000; trial++) {
        std::string s;
        const uint32_t n = rng.below(40);
        static const char* const pool[] = {"a", "Z", " ", "\n", "\r", "\t", "'", "s", "1", "/", "!", "大", "\xCC\x81",
                                           "\xC2\xA0", "\xE5", "\x80", "\xFF", "\xF0\x9F\x98", "😀", "ſ", "Ǆ"};
        for (uint32_t i = 0; i < n; i++)
            s += pool[rng.below(sizeof pool / sizeof *pool)];
        for (SplitPattern p : {SplitPattern::cl100k, SplitPattern::o200k}) {
            std::vector<std::string_view> pieces;
            pretokenize(s, p, pieces);
            std::string joined;
            for (std::string_view piece : pieces) {
                REQUIRE(!piece.empty());
                joined += piece;
            }
            REQUIRE(joined == s);
        }
    }
}

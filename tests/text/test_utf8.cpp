// test_utf8.cpp — UTF-8 decoding, validation, complete-prefix length and U+FFFD
// replacement, against the Unicode Standard's own examples and random bytes.
#include <catch2/catch.hpp>

#include "core/rng.h"
#include "core/text/utf8.h"

using namespace tj;

static const std::string kFffd = "\xEF\xBF\xBD";

TEST_CASE("utf8_decode reads characters of every length", "[utf8]") {
    Utf8Char c = utf8_decode("A", 0);
    CHECK((c.cp == 'A' && c.length == 1 && c.status == Utf8Char::kValid));
    c = utf8_decode("\xC3\xA9", 0);  // é
    CHECK((c.cp == 0xE9 && c.length == 2 && c.status == Utf8Char::kValid));
    c = utf8_decode("\xE5\xA4\xA7", 0);  // 大
    CHECK((c.cp == 0x5927 && c.length == 3 && c.status == Utf8Char::kValid));
    c = utf8_decode("\xF0\x9F\x98\x80", 0);  // 😀
    CHECK((c.cp == 0x1F600 && c.length == 4 && c.status == Utf8Char::kValid));
    c = utf8_decode("\xF4\x8F\xBF\xBF", 0);  // U+10FFFF, the last code point
    CHECK((c.cp == 0x10FFFF && c.status == Utf8Char::kValid));
}

TEST_CASE("utf8_decode refuses overlong forms, surrogates and values above U+10FFFF", "[utf8]") {
    for (const char* bad : {"\xC0\x80", "\xC1\xBF", "\xE0\x80\x80", "\xED\xA0\x80", "\xF0\x80\x80\x80", "\xF4\x90\x80\x80",
                            "\xF5\x80\x80\x80", "\xFF", "\x80"}) {
        INFO(bad);
        Utf8Char c = utf8_decode(bad, 0);
        CHECK(c.status == Utf8Char::kInvalid);
        CHECK(c.length == 1);  // the maximal subpart is the lead byte alone
        CHECK_FALSE(utf8_valid(bad));
    }
    // A good start cut by a bad byte: the valid part is one subpart.
    Utf8Char c = utf8_decode("\xE5\xA4" "A", 0);
    CHECK((c.status == Utf8Char::kInvalid && c.length == 2));
    // A good start cut by the end is incomplete, not invalid.
    c = utf8_decode("\xE5\xA4", 0);
    CHECK((c.status == Utf8Char::kIncomplete && c.length == 2));
}

TEST_CASE("utf8_sanitize follows the Unicode Standard's maximal-subpart example", "[utf8]") {
    // Unicode Standard, chapter 3, "U+FFFD Substitution of Maximal Subparts":
    // 61 F1 80 80 E1 80 C2 62 80 63 80 BF 64 -> a FFFD FFFD FFFD b FFFD c FFFD FFFD d
    const std::string in = "\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64";
    CHECK(utf8_sanitize(in) == "a" + kFffd + kFffd + kFffd + "b" + kFffd + "c" + kFffd + kFffd + "d");
    CHECK(utf8_sanitize("大模型") == "大模型");
    CHECK(utf8_sanitize("") == "");
}

TEST_CASE("utf8_complete_prefix holds back only an unfinished last character", "[utf8]") {
    CHECK(utf8_complete_prefix("") == 0);
    CHECK(utf8_complete_prefix("abc") == 3);
    CHECK(utf8_complete_prefix("abc\xE5") == 3);
    CHECK(utf8_complete_prefix("abc\xE5\xA4") == 3);
    CHECK(utf8_complete_prefix("abc\xE5\xA4\xA7") == 6);
    CHECK(utf8_complete_prefix("\xF0\x9F\x98") == 0);
    CHECK(utf8_complete_prefix("x\xF0\x9F\x98\x80") == 5);
    CHECK(utf8_complete_prefix("\xE5" "A") == 2);       // broken, not unfinished: shown as U+FFFD
    CHECK(utf8_complete_prefix("\x80\x80\x80") == 3);   // stray continuation bytes
    CHECK(utf8_complete_prefix("\xE0\x80") == 2);       // can never become valid
    CHECK(utf8_complete_prefix("\xED\xA0") == 2);       // would be a surrogate
}

TEST_CASE("random bytes: sanitized output is valid and prefixes split cleanly", "[utf8]") {
    Rng rng(7);
    for (int trial = 0; trial < 3000; trial++) {
        std::string s;
        const uint32_t n = rng.below(24);
        for (uint32_t i = 0; i < n; i++) {
            // Mostly bytes that matter for UTF-8 structure.
            static const uint8_t pool[] = {'a', 0x80, 0xBF, 0xA0, 0x9F, 0xC2, 0xDF, 0xE0, 0xE5, 0xED, 0xF0, 0xF4, 0xF5, 0xFF, 0x8F, 0x90};
            s += char(rng.below(4) == 0 ? rng.below(256) : pool[rng.below(sizeof pool)]);
        }
        INFO("trial " << trial);
        const std::string out = utf8_sanitize(s);
        REQUIRE(utf8_valid(out));
        if (utf8_valid(s))
            REQUIRE(out == s);
        const size_t p = utf8_complete_prefix(s);
        REQUIRE(p <= s.size());
        REQUIRE(s.size() - p <= 3);
        // The held tail is exactly one unfinished character, and the prefix decodes
        // the same alone as it does inside the whole string.
        if (p < s.size())
            REQUIRE(utf8_decode(s, p).status == Utf8Char::kIncomplete);
        REQUIRE(utf8_sanitize(s).substr(0, utf8_sanitize(s.substr(0, p)).size()) == utf8_sanitize(s.substr(0, p)));
    }
}

TEST_CASE("utf8_append writes each length and replaces surrogates", "[utf8]") {
    std::string s;
    for (uint32_t cp : {0x41u, 0xE9u, 0x5927u, 0x1F600u})
        utf8_append(s, cp);
    CHECK(s == "Aé大😀");
    std::string bad;
    utf8_append(bad, 0xD800);
    utf8_append(bad, 0x110000);
    CHECK(bad == kFffd + kFffd);
}

TEST_CASE("utf8_visible labels whole characters as text and held bytes in hex", "[utf8]") {
    CHECK(utf8_visible("ab") == "ab");
    CHECK(utf8_visible(" a\n\t") == "\xC2\xB7" "a" "\xE2\x86\xB5" "\xE2\x86\x92");
    CHECK(utf8_visible("\xE5\xA4\xA7") == "\xE5\xA4\xA7");               // 大, whole
    CHECK(utf8_visible("\xE5\xA4") == "<E5 A4>");                        // its first two bytes
    CHECK(utf8_visible("\xA7" "x") == "<A7>x");                          // its last byte, then text
    CHECK(utf8_visible(" \xE5") == "\xC2\xB7<E5>");
    CHECK(utf8_visible(std::string("\x00", 1)) == std::string("\x00", 1));
    CHECK(utf8_visible("").empty());
}

// Token text: the stand-in tokenizer loses no byte, and the detokenizer releases a
// character only when its last byte has arrived.
#include <catch2/catch.hpp>

#include "token/token_text.h"

using namespace tj;

TEST_CASE("stand-in tokens give the text back exactly", "[token][text]") {
    for (int lang : {0, 1}) {
        const std::string& text = answer_text(lang);
        TokenText tt = split_standin(text);
        std::string joined;
        for (auto& t : tt.token_bytes) {
            CHECK(!t.empty());
            CHECK(t.size() <= 6);
            joined += t;
        }
        CHECK(joined == text);
    }
}

TEST_CASE("Chinese tokens end inside characters; English ones never do", "[token][text]") {
    auto count_mid = [](int lang) {
        TokenText tt = split_standin(answer_text(lang));
        Utf8Hold hold;
        std::string shown;
        std::vector<std::string> chars;
        int held = 0;
        for (auto& t : tt.token_bytes) {
            DetokResult r = hold.feed(t, &chars);
            held += r.held ? 1 : 0;
        }
        for (auto& c : chars) shown += c;
        CHECK(shown == answer_text(lang));  // every character came out once, in order
        CHECK(hold.held_bytes() == 0);
        return held;
    };
    CHECK(count_mid(0) == 0);
    CHECK(count_mid(1) > 50);
}

TEST_CASE("the hold releases a character when its last byte arrives", "[token][text]") {
    Utf8Hold h;
    std::vector<std::string> out;
    DetokResult a = h.feed("\xE4\xB8", &out);  // first two bytes of U+4E2D
    CHECK(a.held);
    CHECK(a.chars == 0);
    DetokResult b = h.feed("\xAD" "a", &out);
    CHECK(!b.held);
    CHECK(b.chars == 2);
    REQUIRE(out.size() == 2);
    CHECK(out[0] == "\xE4\xB8\xAD");
    CHECK(out[1] == "a");
    h.feed("\xF0\x9F", &out);  // an unfinished 4-byte character at the end of a sequence
    CHECK(h.flush(&out) == 1);
    CHECK(out.back() == "\xEF\xBF\xBD");
    CHECK(h.held_bytes() == 0);
}

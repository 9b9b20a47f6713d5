// test_detokenize.cpp — the streaming detokenizer shows only whole characters, holds
// exactly the bytes of an unfinished one, and both modes show the same text.
#include "tests/text/text_test_support.h"

#include "core/rng.h"
#include "core/text/detokenize.h"
#include "core/text/utf8.h"

using namespace tj;

// Independent oracle: bytes at the end of `all` that start a character not yet finished,
// found by decoding from the start.
static size_t unfinished_tail(const std::string& all) {
    size_t pos = 0;
    while (pos < all.size()) {
        Utf8Char c = utf8_decode(all, pos);
        if (c.status == Utf8Char::kIncomplete)
            return all.size() - pos;
        pos += c.length;
    }
    return 0;
}

// Feeds chunks through both modes; checks every step; returns the incremental output.
static std::string stream_both(const std::vector<std::string>& chunks) {
    StreamingDetokenizer inc(DetokenizeMode::incremental), naive(DetokenizeMode::naive);
    std::string all, shown_inc, shown_naive;
    double t = 0;
    for (const std::string& chunk : chunks) {
        all += chunk;
        t += 1;
        const std::string a = inc.push(chunk, t), b = naive.push(chunk, t);
        REQUIRE(utf8_valid(a));  // never a broken character on screen
        REQUIRE(a == b);
        shown_inc += a;
        shown_naive += b;
        REQUIRE(inc.held_bytes() == unfinished_tail(all));
        REQUIRE(naive.held_bytes() == inc.held_bytes());
    }
    const std::string end_a = inc.finish(t), end_b = naive.finish(t);
    REQUIRE(end_a == end_b);
    REQUIRE(inc.held_bytes() == 0);
    shown_inc += end_a;
    REQUIRE(shown_inc == utf8_sanitize(all));
    REQUIRE(inc.stats().holds == naive.stats().holds);
    REQUIRE(inc.stats().hold_time_total == naive.stats().hold_time_total);
    return shown_inc;
}

TEST_CASE("a character split over tokens shows only with its last byte", "[detokenize]") {
    StreamingDetokenizer d;
    CHECK(d.push("\xE7", 1.0) == "");       // 瓶 = E7 93 B6
    CHECK(d.held_bytes() == 1);
    CHECK(d.push("\x93", 2.0) == "");
    CHECK(d.held_bytes() == 2);
    CHECK(d.push("\xB6" "x", 3.5) == "瓶x");
    CHECK(d.held_bytes() == 0);
    CHECK(d.stats().tokens == 3);
    CHECK(d.stats().held_tokens == 2);
    CHECK(d.stats().holds == 1);
    CHECK(d.stats().held_bytes_total == 3);
    CHECK(d.stats().max_held_bytes == 2);
    CHECK(d.stats().hold_time_total == 2.5);
    CHECK(d.stats().hold_time_max == 2.5);
}

TEST_CASE("reset starts a fresh stream", "[detokenize]") {
    for (DetokenizeMode mode : {DetokenizeMode::incremental, DetokenizeMode::naive}) {
        StreamingDetokenizer d(mode);
        CHECK(d.push("ab\xE5", 0) == "ab");
        d.reset();
        CHECK(d.held_bytes() == 0);
        CHECK(d.stats().tokens == 0);
        CHECK(d.stats().holds == 0);
        CHECK(d.push("\xA4\xA7", 1) == "\xEF\xBF\xBD\xEF\xBF\xBD");  // the old lead byte is gone
        CHECK(d.push("x", 2) == "x");
    }
}

TEST_CASE("a new hold that starts as the old one ends is timed from its own start", "[detokenize]") {
    StreamingDetokenizer d;
    CHECK(d.push("\xE5\xA4", 0.0) == "");          // 大 = E5 A4 A7
    CHECK(d.push("\xA7\xE6", 1.0) == "大");         // 模 = E6 A8 A1 begins
    CHECK(d.push("\xA8\xA1", 4.0) == "模");
    CHECK(d.stats().holds == 2);
    CHECK(d.stats().hold_time_total == 1.0 + 3.0);
    CHECK(d.stats().hold_time_max == 3.0);
}

TEST_CASE("an unfinished character at the end becomes U+FFFD, broken bytes too", "[detokenize]") {
    StreamingDetokenizer d;
    CHECK(d.push("ok\xF0\x9F", 0) == "ok");
    CHECK(d.finish(1) == "\xEF\xBF\xBD");
    CHECK(d.held_bytes() == 0);
    StreamingDetokenizer e(DetokenizeMode::naive);
    CHECK(e.push("\xE5" "A", 0) == "\xEF\xBF\xBD" "A");  // not a hold: it can never complete
    CHECK(e.stats().holds == 0);
}

TEST_CASE("streaming the corpus token by token: both modes agree, nothing broken", "[detokenize]") {
    for (const char* name : {"cl100k", "o200k"}) {
        const BpeEncoding& enc = test_encoding(name);
        for (const std::string& s : corpus_strings()) {
            INFO(name << ": " << s);
            std::vector<std::string> chunks;
            for (const Token& t : enc.tokenize(s))
                chunks.push_back(t.bytes);
            REQUIRE(stream_both(chunks) == s);  // the corpus is valid UTF-8
        }
    }
}

TEST_CASE("random byte chunks: both modes agree and hold exactly the unfinished bytes", "[detokenize]") {
    Rng rng(5);
    static const char* const pool[] = {"a", "\xE7", "\x93", "\xB6", "\xF0", "\x9F", "\x98", "\x80", "\xED", "\xA0", "\xC3", "\xFF", "大"};
    for (int trial = 0; trial < 500; trial++) {
        std::vector<std::string> chunks(rng.below(30));
        for (std::string& c : chunks)
            for (uint32_t k = rng.below(4); k > 0; k--)
                c += pool[rng.below(sizeof pool / sizeof *pool)];
        stream_both(chunks);
    }
}

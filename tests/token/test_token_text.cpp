// Token text: the stand-in tokenizer loses no byte, and the detokenizer releases a
// character only when its last byte has arrived.
#include <catch2/catch.hpp>

#include "core/text/detokenize.h"
#include "core/token/token_text.h"
#include "tests/token/token_run.h"

using namespace tj;
using namespace tj::token;

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

TEST_CASE("Chinese stand-in tokens end inside characters, English ones never do", "[token][text]") {
    auto count_held = [](int lang) {
        TokenText tt = split_standin(answer_text(lang));
        StreamingDetokenizer d;
        std::string shown;
        int held = 0;
        for (auto& t : tt.token_bytes) {
            shown += d.push(t);
            held += d.held_bytes() > 0 ? 1 : 0;
        }
        CHECK(shown == answer_text(lang));  // every character came out once, in order
        CHECK(d.held_bytes() == 0);
        return held;
    };
    CHECK(count_held(0) == 0);
    CHECK(count_held(1) > 50);
}

TEST_CASE("split_chars cuts text into whole characters", "[token][text]") {
    std::vector<std::string> out;
    CHECK(split_chars("a\xE4\xB8\xAD\xF0\x9F\x98\x80" "b", &out) == 4);
    REQUIRE(out.size() == 4);
    CHECK(out[1] == "\xE4\xB8\xAD");
    CHECK(out[2] == "\xF0\x9F\x98\x80");
    CHECK(split_chars(answer_text(1), nullptr) < int(answer_text(1).size()) / 2);
}

TEST_CASE("tokenize_text: BPE tokens give the text back, cut otherwise than the stand-in", "[token][text]") {
    if (!have_vocabularies()) {
        WARN(no_vocabulary_reason());
        return;
    }
    const size_t standin = split_standin(answer_text(1)).token_bytes.size();
    for (int choice : {kTokenizerCl100k, kTokenizerO200k}) {
        int used = -1;
        std::string note = "not cleared";
        TokenText tt = tokenize_text(answer_text(1), choice, &used, &note);
        std::string joined;
        for (auto& t : tt.token_bytes) joined += t;
        CHECK(joined == answer_text(1));
        CHECK(used == choice);
        CHECK(note.empty());
        CHECK(tt.token_bytes.size() < standin);  // BPE merges what the stand-in cuts
    }
}

TEST_CASE("tokenize_text: without a vocabulary, the stand-in steps in and says why", "[.][no-vocab]") {
    REQUIRE_FALSE(have_vocabularies());  // run with the vocabulary folder pointed elsewhere
    for (int choice : {kTokenizerCl100k, kTokenizerO200k}) {
        int used = -1;
        std::string note;
        TokenText tt = tokenize_text(answer_text(1), choice, &used, &note);
        std::string joined;
        for (auto& t : tt.token_bytes) joined += t;
        CHECK(joined == answer_text(1));
        CHECK(used == kTokenizerStandin);
        CHECK(note.find("stand-in") != std::string::npos);
    }
}

TEST_CASE("tokenize_text: the stand-in asked for is used without a note", "[token][text]") {
    int used = -1;
    std::string note = "not cleared";
    tokenize_text("abc", kTokenizerStandin, &used, &note);
    CHECK(used == kTokenizerStandin);
    CHECK(note.empty());
}

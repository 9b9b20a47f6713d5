// test_token_text_override.cpp — the user's own answer text: used at the next reset,
// kept across resets, cleaned (whole UTF-8 characters, bounded) and "" restores the
// built-in answer; a tokens-conserving run still holds for it.
#include <catch2/catch.hpp>

#include "core/scenes/scenes.h"
#include "core/token/token_model.h"

using namespace tj;
using namespace tj::token;

TEST_CASE("answer override: replaces the built-in answer, is cleaned and bounded") {
    auto m = make_model("token");
    auto& tm = static_cast<TokenModel&>(*m);
    ParamValues v(m->registry());
    m->reset(v, 1);
    double builtin = metric_value(m->metrics(), "answer_tokens");
    tm.set_answer_override("Hello, 世界! Tokens move.");
    m->reset(v, 1);
    double custom = metric_value(m->metrics(), "answer_tokens");
    CHECK(custom > 0);
    CHECK(custom != builtin);
    m->reset(v, 2);  // kept across resets
    CHECK(metric_value(m->metrics(), "answer_tokens") == custom);

    tm.set_answer_override(std::string("ok \xE7\x93", 5));  // ends inside a character
    CHECK(tm.answer_override() == "ok ");
    tm.set_answer_override(std::string(20000, 'a'));
    CHECK(tm.answer_override().size() == 8192);
    tm.set_answer_override("bad \xFF byte");
    CHECK(tm.answer_override() == "bad \xEF\xBF\xBD byte");  // U+FFFD
    tm.set_answer_override("");
    m->reset(v, 1);
    CHECK(metric_value(m->metrics(), "answer_tokens") == builtin);
}

TEST_CASE("answer override: a run with it stays finite") {
    auto m = make_model("token");
    static_cast<TokenModel&>(*m).set_answer_override("一");
    ParamValues v(m->registry());
    m->reset(v, 3);
    m->advance_to(m->natural_time_unit() * 50, 200000);
    for (auto& x : m->metrics()) {
        INFO(x.id);
        CHECK(std::isfinite(x.value));
    }
}

// test_race_pairs.cpp — compare's race (app/scene/race_pairs.h): every classic pair
// applies on its scene, each side is named by what sets it apart, the headline
// numbers exist in the models, and the verdicts say who wins by what ratio.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/fab/fab_race.h"
#include "app/scene/race_pairs.h"
#include "app/token/token_race.h"
#include "core/fab/line.h"
#include "core/scenes/scenes.h"

using namespace tj;

namespace {
// Every scene's pairs, and one by id.
std::vector<RacePair> all_pairs() {
    std::vector<RacePair> all = tokenui::race_pairs();
    all.insert(all.end(), fabui::race_pairs().begin(), fabui::race_pairs().end());
    return all;
}
const RacePair* pair_of(const std::string& id) {
    static const std::vector<RacePair> all = all_pairs();
    return find_race_pair(all, id);
}
const std::vector<RaceHeadline>& headlines_of(const std::string& scene) {
    return scene == "token" ? tokenui::race_headlines() : fabui::race_headlines();
}

// A and B of a pair, both run to time t with the same seed.
struct Raced {
    std::unique_ptr<Model> a, b;
};
Raced race(const std::string& pair_id, double t) {
    const RacePair* p = pair_of(pair_id);
    REQUIRE(p);
    Raced r{make_model(p->scene), make_model(p->scene)};
    ParamValues va(r.a->registry()), vb(r.b->registry());
    REQUIRE(race_pair_values(*p, &va, &vb) == "");
    r.a->reset(va, 1);
    r.b->reset(vb, 1);
    r.a->advance_to(t);
    r.b->advance_to(t);
    return r;
}
}  // namespace

TEST_CASE("race: every classic pair applies on its scene and names both sides apart") {
    for (const RacePair& p : all_pairs()) {
        INFO("pair " << p.id);
        auto m = make_model(p.scene);
        REQUIRE(m);
        ParamValues a(m->registry()), b(m->registry());
        REQUIRE(race_pair_values(p, &a, &b) == "");
        std::string la = race_side_label(a, b, Lang::En), lb = race_side_label(b, a, Lang::En);
        CHECK(!la.empty());
        CHECK(!lb.empty());
        CHECK(la != lb);
        CHECK(!race_side_label(a, b, Lang::Zh).empty());
    }
}

TEST_CASE("race: a side is named by its preset, else by the parameters that differ") {
    std::string error;
    REQUIRE(i18n_load(&error));  // units are named from the string tables
    auto m = make_model("token");
    ParamValues a(m->registry()), b(m->registry());
    REQUIRE(race_pair_values(*pair_of("h100_wse3"), &a, &b) == "");
    CHECK(race_side_label(a, b, Lang::En) == "NVIDIA H100 SXM");
    CHECK(race_side_label(b, a, Lang::En) == "Cerebras WSE-3");  // its usual stack goes unsaid
    REQUIRE(race_pair_values(*pair_of("batch_1_64"), &a, &b) == "");
    CHECK(race_side_label(a, b, Lang::En) == "Batch size / users = 1 seq");
    CHECK(race_side_label(b, a, Lang::Zh) == "批大小 / 用户数 = 64 个序列");
    REQUIRE(race_pair_values(*pair_of("prefill_mixed"), &a, &b) == "");
    CHECK(race_side_label(a, b, Lang::En) == "Scheduler = Prefill first");
    CHECK(race_side_label(a, a, Lang::En) == "");

    auto f = make_model("fab");
    ParamValues fa(f->registry()), fb(f->registry());
    REQUIRE(race_pair_values(*pair_of("respin"), &fa, &fb) == "");
    CHECK(race_side_label(fb, fa, Lang::En) == "No flaw (no respin)");
    CHECK(race_side_label(fb, fa, Lang::Zh) == "无缺陷（无需重新流片）");
}

TEST_CASE("race: a pair for another scene or an unknown one is refused") {
    CHECK(pair_of("nope") == nullptr);
    auto f = make_model("fab");
    ParamValues a(f->registry()), b(f->registry());
    a.set("fab.respin.enabled", 0);
    // The token pair's presets are not in the chain's registry: refused, values kept.
    CHECK(race_pair_values(*pair_of("h100_wse3"), &a, &b) != "");
    CHECK(a.get("fab.respin.enabled") == 0);
}

TEST_CASE("race: the verdict says who is better and by what ratio") {
    RaceVerdict v = judge_race(7.0e-3, 0.7e-3, true);  // time per token: lower wins
    CHECK(v.winner == 1);
    CHECK(v.ratio == Approx(10));
    CHECK(verdict_words("{w} {r}× faster", v) == "B 10× faster");
    v = judge_race(200, 100, false);  // tokens/s: higher wins
    CHECK(v.winner == 0);
    CHECK(v.ratio == Approx(2));
    CHECK(verdict_words("{w} 是 {l} 的 {r} 倍", v) == "A 是 B 的 2.0 倍");
    CHECK(verdict_words("{w} {r}×", judge_race(1, 1.25, false)) == "B 1.25×");
    CHECK(judge_race(100, 100.5, true).winner == -1);  // within 1%: even
    CHECK(judge_race(0, 0, true).winner == -1);        // nothing yet
    CHECK(verdict_words("{w}", judge_race(0, 0, true)) == "");
    v = judge_race(0, 5, true);  // no backlog at all: better, with no ratio to give
    CHECK(v.winner == 0);
    CHECK(v.ratio == 0);
    // A time per token of zero is one not measured yet: no winner until both have one.
    const RaceHeadline& tpot = headlines_of("token")[0];
    REQUIRE(tpot.metric == std::string("tpot_chip_mean_s"));
    CHECK(judge_headline(tpot, 0, 5e-3).winner == -1);
    CHECK(judge_headline(tpot, 8e-3, 1e-3).winner == 1);
    const RaceHeadline& backlog = headlines_of("fab")[1];
    CHECK(judge_headline(backlog, 0, 5).winner == 0);
}

TEST_CASE("race: the chain's race ends a few weeks after both backlogs are gone, not before one began") {
    RaceFinish f;
    CHECK(!race_finish_step(&f, 10, 0, 0, 0));  // nothing yet: no backlog has begun
    CHECK(!race_finish_step(&f, 10, 0, 0, 50));
    CHECK(f.ends_at == -1);
    CHECK(!race_finish_step(&f, 10, 5, 0, 60));   // A falls behind
    CHECK(!race_finish_step(&f, 10, 0, 0, 70));   // both clear: ends at 80
    CHECK(f.ends_at == 80);
    CHECK(!race_finish_step(&f, 10, 0, 1, 75));   // B falls behind again: not yet
    CHECK(f.ends_at == -1);
    CHECK(!race_finish_step(&f, 10, 0, 0, 76));
    CHECK(race_finish_step(&f, 10, 0, 0, 86));    // ten after the last clearing
    CHECK(!race_finish_step(&f, 10, 0, 0, 90));   // once
    CHECK(f.over);

    // The respin against no flaw: A's backlog (the respin's) clears before week 156.
    const RacePair* p = pair_of("respin");
    REQUIRE(p);
    const RaceHeadline* finish = nullptr;
    for (const RaceHeadline& h : headlines_of("fab"))
        if (h.finish_after >= 0) finish = &h;
    REQUIRE(finish);
    auto a = make_model("fab"), b = make_model("fab");
    ParamValues va(a->registry()), vb(b->registry());
    REQUIRE(race_pair_values(*p, &va, &vb) == "");
    a->reset(va, 1);
    b->reset(vb, 1);
    RaceFinish race;
    double ended = -1, a_peak = 0;
    for (int week = 1; week <= 156 && ended < 0; week++) {
        a->advance_to(week * fab::kWeek);
        b->advance_to(week * fab::kWeek);
        const double ab = metric_value(a->metrics(), finish->metric), bb = metric_value(b->metrics(), finish->metric);
        a_peak = std::max(a_peak, ab);
        if (race_finish_step(&race, finish->finish_after, ab, bb, a->now())) ended = week;
    }
    INFO("the race ended in week " << ended);
    CHECK(a_peak > 50000);  // the respin's backlog grew
    CHECK(ended > 100);
    CHECK(ended < 156);
    CHECK(metric_value(a->metrics(), "backlog_gpus") == 0);
}

TEST_CASE("race: the headline numbers are metrics the models give") {
    for (const std::string scene : {"token", "fab"}) {
        auto m = make_model(scene);
        ParamValues v(m->registry());
        m->reset(v, 1);
        REQUIRE(!headlines_of(scene).empty());
        for (const RaceHeadline& h : headlines_of(scene)) {
            INFO(scene << " " << h.metric);
            CHECK(metric_value(m->metrics(), h.metric, -1) != -1);
        }
    }
}

TEST_CASE("race: the wafer-scale chip makes each token faster than the H100, batch 64 makes more of them") {
    Raced hw = race("h100_wse3", 0.3);
    double a = metric_value(hw.a->metrics(), "tpot_chip_mean_s"), b = metric_value(hw.b->metrics(), "tpot_chip_mean_s");
    REQUIRE(a > 0);
    REQUIRE(b > 0);
    RaceVerdict v = judge_race(a, b, true);
    CHECK(v.winner == 1);
    CHECK(v.ratio > 3);
    Raced batch = race("batch_1_64", 0.3);
    CHECK(judge_race(metric_value(batch.a->metrics(), "tok_s_total"), metric_value(batch.b->metrics(), "tok_s_total"), false)
              .winner == 1);
    CHECK(judge_race(metric_value(batch.a->metrics(), "tpot_chip_mean_s"),
                     metric_value(batch.b->metrics(), "tpot_chip_mean_s"), true)
              .winner == 0);
}

TEST_CASE("race: every name the pairs and headlines show is in the string table, in both languages") {
    std::ifstream in(std::string(TJ_SOURCE_DIR) + "/assets/strings_race.json");
    std::stringstream text;
    text << in.rdbuf();
    auto table = nlohmann::json::parse(text.str());
    std::vector<std::string> keys = {"race.win.none", "race.same", "race.pending", "race.finished", "race.finished_even"};
    for (auto& p : all_pairs()) keys.push_back(p.name_key);
    for (const std::string scene : {"token", "fab"})
        for (auto& h : headlines_of(scene)) {
            keys.insert(keys.end(), {h.label_key, h.win_key, h.zero_key});
            if (h.verdict_key) keys.push_back(h.verdict_key);
        }
    for (auto& k : keys) {
        INFO("key " << k);
        REQUIRE(table.contains(k));
        CHECK(!table[k]["en"].get<std::string>().empty());
        CHECK(!table[k]["zh"].get<std::string>().empty());
        // A verdict names its winner; the words in both languages carry the same marks.
        if (k.rfind("race.win.", 0) == 0) {
            CHECK(table[k]["en"].get<std::string>().find("{w}") != std::string::npos);
            CHECK(table[k]["zh"].get<std::string>().find("{w}") != std::string::npos);
        }
    }
}

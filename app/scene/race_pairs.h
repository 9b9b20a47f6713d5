// race_pairs.h — what compare's race shows besides the maps, as plain functions
// (no GL, no ImGui; tested in tests/app/scene/test_race_pairs.cpp). Each scene gives
// its own tables (Scene::race_pairs, ModelScene::race_headlines: app/token/token_race.h,
// app/fab/fab_race.h); what is here works on any of them:
//   - a classic pair a class asks about (H100 against wafer-scale, batch 1 against
//     64, ...), as A's and B's changes from the registry's defaults;
//   - the headline numbers and which side wins each, by what ratio;
//   - a short name for each side: the presets it matches and the other does not,
//     else the parameters that differ ("Batch size / users = 64").
//
// Usage:
//   const RacePair* p = find_race_pair(scene.race_pairs(), "h100_wse3");
//   tj::ParamValues a(reg), b(reg);
//   std::string err = race_pair_values(*p, &a, &b);
//   RaceVerdict v = judge_race(a_tpot, b_tpot, true);        // v.winner 1: B, v.ratio 9.8
//   std::string name = race_side_label(a, b, Lang::En);      // "NVIDIA H100 SXM"
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "core/params.h"
#include "app/ui/i18n.h"

struct RaceSide {
    std::vector<std::string> presets;                    // applied first, in order
    std::vector<std::pair<std::string, double>> values;  // then these
};

struct RacePair {
    std::string id, scene;  // "h100_wse3", "token"
    const char* name_key;   // its name in the string tables
    RaceSide a, b;
};

const RacePair* find_race_pair(const std::vector<RacePair>& pairs, const std::string& id);  // nullptr when unknown
// A's and B's values for a pair: the registry's defaults, then the pair's changes.
// "" or why (a and b are then unchanged).
std::string race_pair_values(const RacePair& pair, tj::ParamValues* a, tj::ParamValues* b);

// A number the race shows large on each map, and which way is better.
struct RaceHeadline {
    const char* metric;     // the model's metric id
    const char* label_key;  // its short name in the string tables
    bool lower_better;
    const char* win_key;    // the verdict's words: "{w} {r}× faster"
    const char* zero_key = "race.win.none";  // when the better one is zero: "{w}: no backlog"
    bool zero_is_pending = false;  // zero means not measured yet (no token made), not a result
    // At least 0: the race ends this long (simulated seconds) after this number, once
    // above zero on a side, is zero on both (a backlog cleared); -1: it does not end it.
    double finish_after = -1;
    // A clause the race's end adds for this number where one side wins it ("; A's backlog
    // peaked at {d}", {l} the other side, {d} how far apart), nullptr for none.
    const char* verdict_key = nullptr;
};

// Where a race stands against its end (see RaceHeadline::finish_after).
struct RaceFinish {
    bool had_some = false;  // the number has been above zero on a side
    double ends_at = -1;    // when it ends, -1 while the number is not zero on both
    bool over = false;
};
// One look at the finishing number on each side at time now: true at the look that ends the race.
bool race_finish_step(RaceFinish* f, double finish_after, double a, double b, double now);

// winner 0: A, 1: B, -1: even (within 1%) or nothing to judge yet (both zero).
// ratio: the better over the worse (as >= 1); 0 when the better one is zero
// (nothing left: a backlog of none), where a ratio means nothing.
struct RaceVerdict {
    int winner = -1;
    double ratio = 1;
};
RaceVerdict judge_race(double a, double b, bool lower_better);
// The same for a headline number: nothing to judge while either side's is pending.
RaceVerdict judge_headline(const RaceHeadline& h, double a, double b);
// The verdict's words from a template: {w} the winner's letter, {l} the loser's,
// {r} the ratio with 2-3 significant digits ("9.8", "1.25", "12").
std::string verdict_words(const std::string& templ, const RaceVerdict& v);

// What sets `self` apart from `other`: the presets it matches and the other does
// not (hardware first), then up to two parameters that differ and no such preset
// covers ("Batch size / users = 64"). "" when the two are the same.
std::string race_side_label(const tj::ParamValues& self, const tj::ParamValues& other, Lang lang);

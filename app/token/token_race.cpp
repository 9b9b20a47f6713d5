// token_race.cpp — see token_race.h.
#include "app/token/token_race.h"

namespace tokenui {

const std::vector<RacePair>& race_pairs() {
    // Pairs other than the hardware one run on an H100, so the one change is the lesson.
    static const std::vector<RacePair> pairs = {
        {"h100_wse3", "token", "race.pair.h100_wse3", {{"hw.h100_sxm"}, {}}, {{"hw.cerebras_wse3"}, {}}},
        {"batch_1_64", "token", "race.pair.batch", {{"hw.h100_sxm"}, {{"token.run.batch", 1}}},
         {{"hw.h100_sxm"}, {{"token.run.batch", 64}}}},
        {"spec_k4", "token", "race.pair.spec", {{"hw.h100_sxm"}, {{"token.spec.draft_k", 0}}},
         {{"hw.h100_sxm"}, {{"token.spec.draft_k", 4}}}},
        {"prefill_mixed", "token", "race.pair.sched", {{"hw.h100_sxm"}, {{"token.serve.scheduler", 0}}},
         {{"hw.h100_sxm"}, {{"token.serve.scheduler", 1}}}},
        // This computer as the page measured it (hw.measured, core/token/measured_machine.h) against an H100,
        // both serving Llama-3.1-8B in 4-bit weights to one user.
        {"measured_h100", "token", "race.pair.measured",
         {{"hw.measured", "model.llama31_8b"}, {{"token.model.weight_bits", 4.5}, {"token.run.batch", 1}}},
         {{"hw.h100_sxm", "model.llama31_8b"}, {{"token.model.weight_bits", 4.5}, {"token.run.batch", 1}}}},
    };
    return pairs;
}

const std::vector<RaceHeadline>& race_headlines() {
    static const std::vector<RaceHeadline> heads = {
        {"tpot_chip_mean_s", "race.tpot", true, "race.win.faster", "race.win.none", true},
        {"tok_s_total", "race.tok_s", false, "race.win.more"},
        {"energy_pj_per_token_total", "race.energy", true, "race.win.less_energy", "race.win.none", true},
    };
    return heads;
}

}  // namespace tokenui

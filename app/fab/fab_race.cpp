// fab_race.cpp — see fab_race.h.
#include "app/fab/fab_race.h"

#include "core/fab/line.h"

namespace fabui {

const std::vector<RacePair>& race_pairs() {
    static const std::vector<RacePair> pairs = {
        {"respin", "fab", "race.pair.respin", {{"fab.record_2024"}, {}}, {{"fab.no_respin"}, {}}},
    };
    return pairs;
}

const std::vector<RaceHeadline>& race_headlines() {
    static const std::vector<RaceHeadline> heads = {
        // By how many, not how many times: the respin's gap stays near 211k GPUs from week 54
        // on, while a ratio of the growing totals shrinks as if A caught up.
        {"cum_shipped_gpus", "race.shipped", false, "race.win.more_by"},
        // The race ends four weeks after both backlogs are gone (A's, the respin's, near week 130).
        {"backlog_gpus", "race.backlog", true, "race.win.smaller", "race.win.no_backlog", false, 4 * tj::fab::kWeek},
        // What the respin cost stays in view once both backlogs are gone.
        {"peak_backlog_gpus", "race.peak_backlog", true, "race.win.smaller", "race.win.never_behind", false, -1,
         "race.finished.peak"},
    };
    return heads;
}

}  // namespace fabui

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
        {"cum_shipped_gpus", "race.shipped", false, "race.win.more"},
        // The race ends four weeks after both backlogs are gone (A's, the respin's, near week 130).
        {"backlog_gpus", "race.backlog", true, "race.win.smaller", "race.win.no_backlog", false, 4 * tj::fab::kWeek},
    };
    return heads;
}

}  // namespace fabui

// fab_race.h — the chain's race (app/scene/race_pairs.h): the respin against the run
// where nothing goes wrong, and the numbers each map shows large.
#pragma once
#include <vector>

#include "app/scene/race_pairs.h"

namespace fabui {
const std::vector<RacePair>& race_pairs();
const std::vector<RaceHeadline>& race_headlines();
}  // namespace fabui

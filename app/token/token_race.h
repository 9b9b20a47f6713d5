// token_race.h — the token scene's race (app/scene/race_pairs.h): the classic pairs a
// class asks about, each run on an H100 but for the one change that is the lesson, and
// the numbers each map shows large (each run's map: token_scene.h, race_map_look).
#pragma once
#include <vector>

#include "app/scene/race_pairs.h"

namespace tokenui {
const std::vector<RacePair>& race_pairs();
const std::vector<RaceHeadline>& race_headlines();
}  // namespace tokenui

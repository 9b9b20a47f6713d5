// compare_race.h — compare mode as a race: A's and B's runs on two maps side by
// side (stacked when the area is taller than wide, or narrow), each with its own
// parcels, on the same clock and seed. Above each map, its name ("A: NVIDIA H100
// SXM", see race_pairs.h) and its headline numbers, and on the better side of each
// number a marker that says by how much ("B 9.8× faster").
//
// Both maps are drawn the same simple way from what every model gives (stations,
// segments): so neither run looks richer than the other. Each map queues its own
// parcel pass; scene.h says how the renderer draws a frame with two.
//
// Usage (ModelScene::draw_compare does this):
//   CompareRace race;                                        // needs a GL context
//   race.draw(in, min, size, {&model_a, &values_a, &metrics_a}, {...B...}, generation, position, style, "token");
//   race.state();                                            // maps, verdicts and hovered stations as drawn
//   compare_details_table(metrics_a, metrics_b, height);     // every metric, with units
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/model.h"
#include "app/render/world_view.h"
#include "app/scene/scene.h"
#include "app/scene/segment_parcels.h"

struct RaceRun {
    tj::Model* model;
    const tj::ParamValues* values;
    const std::vector<tj::Metric>* metrics;
};

class CompareRace {
public:
    // generation: the runs' (they restart together), so a restart uploads both maps' parcels anew.
    void draw(const FrameInput& in, ImVec2 min, ImVec2 size, const RaceRun& a, const RaceRun& b, uint64_t generation,
              const StationPosition& position, const ParcelStyleOf& style, const std::vector<RaceHeadline>& heads);
    const RaceState& state() const { return state_; }

private:
    struct Lane {
        WorldView view;
        SegmentParcels parcels;
        std::vector<char> routes;  // station pairs a parcel has travelled between (from * n + to)
        std::vector<std::pair<std::string, ImVec2>> points;  // each station's dot as last drawn
    };
    // Draws one run's map; gives the station under the pointer (-1: none).
    int draw_lane(int side, const FrameInput& in, ImVec2 min, ImVec2 size, const RaceRun& run, uint64_t generation,
                   const std::string& label, const std::vector<RaceNumberState>& numbers,
                   const StationPosition& position, const ParcelStyleOf& style, const std::vector<RaceHeadline>& heads);
    Lane lanes_[2];
    RaceState state_;
};

// Every metric of A and B side by side, formatted with units, and B against A.
void compare_details_table(const std::vector<tj::Metric>& a, const std::vector<tj::Metric>& b, float height);

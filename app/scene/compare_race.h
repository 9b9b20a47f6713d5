// compare_race.h — compare mode as a race: A's and B's runs on two maps side by
// side (stacked when the area is taller than wide, or narrow), each with its own
// parcels, on the same clock and seed. Above each map, its name ("A: NVIDIA H100
// SXM", see race_pairs.h) and its headline numbers, and on the better side of each
// number a marker that says by how much ("B 9.8× faster"). A race that ends (a backlog
// cleared, RaceHeadline::finish_after, or where the user ends it: end_here) says who
// finished ahead, on both maps.
//
// Both maps are drawn the same way, so neither run looks richer than the other: the
// scene's own map where it gives one (RaceMapLook: the chain's buildings, lamps and
// piles), else a simple one from what every model gives (stations, segments). Each map
// queues its own parcel pass; scene.h says how the renderer draws a frame with two.
//
// Usage (ModelScene::draw_compare does this):
//   CompareRace race;                                        // needs a GL context
//   race.draw(in, min, size, {&model_a, &values_a, &metrics_a}, {...B...}, generation, now, position, style, heads, look);
//   race.state();                                            // maps, verdicts and hovered stations as drawn
//   compare_details_table(metrics_a, metrics_b, height);     // every metric, with units
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/model.h"
#include "app/render/world_view.h"
#include "app/scene/scene.h"
#include "app/scene/segment_parcels.h"
#include "app/ui/map_labels.h"

struct RaceRun {
    tj::Model* model;
    const tj::ParamValues* values;
    const std::vector<tj::Metric>* metrics;
};

// A scene's own map for each run of the race: the world it spans, what draws one run
// through a map's camera, its bodies before the parcels (labels null) and its words after
// them (onto labels), and a line on what sets the run apart, under its headline numbers
// ("Flaw found in week 28; volume from week 54"). No draw: the simple map.
struct RaceMapLook {
    WorldBox world;
    std::function<void(ImDrawList*, const WorldView&, const RaceRun&, MapLabels*)> draw;
    std::function<std::string(const RaceRun&)> caption;
};

class CompareRace {
public:
    // generation: the runs' (they restart together), so a restart uploads both maps' parcels
    // anew and the race begins again; now: their clock.
    void draw(const FrameInput& in, ImVec2 min, ImVec2 size, const RaceRun& a, const RaceRun& b, uint64_t generation,
              double now, const StationPosition& position, const ParcelStyleOf& style,
              const std::vector<RaceHeadline>& heads, const RaceMapLook& look);
    const RaceState& state() const { return state_; }
    bool ended_this_frame() const { return ended_this_frame_; }  // the race's end came at this draw (the caller pauses)
    // Ends the race at its next draw, where it stands (the user's "End here"); a race
    // already over keeps its verdict.
    void end_here() { end_asked_ = true; }

private:
    struct Lane {
        WorldView view;
        SegmentParcels parcels;
        std::vector<char> routes;  // station pairs a parcel has travelled between (from * n + to)
        std::vector<std::pair<std::string, ImVec2>> points;  // each station's dot as last drawn
        std::vector<MapLabelBox> labels;  // the scene's own map's words as last drawn
        ImVec4 area{};                     // where the map draws, under the header: x, y, w, h
    };
    struct LaneCaption {  // a run's caption as its map's header draws it
        std::string text;
        float px = 0, wrap = 0, room = 0;  // room: the height both maps keep for their captions
    };
    // Draws one run's map; gives the station under the pointer (-1: none).
    int draw_lane(int side, const FrameInput& in, ImVec2 min, ImVec2 size, const RaceRun& run, uint64_t generation,
                   const std::string& label, const std::vector<RaceNumberState>& numbers, const LaneCaption& caption,
                   const std::string& finished,
                   const StationPosition& position, const ParcelStyleOf& style, const std::vector<RaceHeadline>& heads,
                   const RaceMapLook& look);
    Lane lanes_[2];
    RaceState state_;
    RaceFinish finish_;
    uint64_t finish_generation_ = 0;
    std::string finished_;  // the verdict at the end, "" before
    bool ended_this_frame_ = false;
    bool end_asked_ = false;
};

// Every metric of A and B side by side, formatted with units, and B against A.
void compare_details_table(const std::vector<tj::Metric>& a, const std::vector<tj::Metric>& b, float height);

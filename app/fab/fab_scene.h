// fab_scene.h — the production-chain scene: the chip-to-server line as a map of
// buildings on a conveyor, piles of work in process between them, the base-die
// respin as an event, and the numbers that explain it (shipments, cumulative flow,
// WIP, utilization, the bottleneck, Little's law, what the respin cost).
//
// The model is tj::fab::FabModel (core/fab); this scene only reads its FabView and
// metrics. Three files, one job each:
//   fab_scene.cpp   the scene: model, time lens, parcel styles, the two panels' frame
//   fab_map.cpp     the map: layout, buildings, piles, conveyor, timeline, captions
//   fab_panels.cpp  the numbers and charts window
//   fab_follow.cpp  following one wafer lot to the customers (Scene::follow)
//
// Usage (scene_list.cpp does this): scenes.push_back(make_fab_scene());
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/scene/model_scene.h"
#include "app/fab/fab_race.h"

namespace tj::fab {
class FabModel;
struct FabView;
}

std::unique_ptr<Scene> make_fab_scene();

class FabScene : public ModelScene {
public:
    FabScene();
    const char* id() const override { return "fab"; }
    const char* title_key() const override { return "scene.fab"; }
    void draw_map(const FrameInput& in) override;
    void draw_panels(const FrameInput& in) override;
    std::vector<const char*> panel_tabs() const override { return {"tab.run", "tab.numbers"}; }
    std::vector<std::string> texts() const override;
    const std::vector<RacePair>& race_pairs() const override { return fabui::race_pairs(); }
    const std::vector<RaceHeadline>& race_headlines() const override { return fabui::race_headlines(); }
    RaceMapLook race_map_look() override;  // fab_map.cpp: each run on the chain's own map
    const char* follow_words_key() const override { return "welcome.follow_lot"; }
    std::string headline() const override;  // fab_scene.cpp
    HeadlineState headline_state() const override;
    bool draw_lesson_chart(const std::string& id, ImVec2 size) override;  // fab_panels.cpp
    // Follows the next wafer lot the fab starts from now (fab_follow.cpp; the chain's
    // captions are its own, captions is not used).
    std::string follow(bool on, const std::vector<tj::Text2>& captions) override;

protected:
    ImVec2 station_position(size_t station) const override;
    bool marker_box(const std::string& place_id, WorldBox* box) const override;  // fab_map.cpp
    ParcelStyle parcel_style(uint16_t kind) const override;
    bool parcels_held() const override { return true; }  // every chain question asks what flows
    std::vector<std::string> station_lines(const tj::Model& run, const std::vector<tj::Metric>& metrics,
                                           size_t station) const override;  // fab_map.cpp

private:
    const tj::fab::FabModel& fab() const;
    // fab_follow.cpp
    std::string start_follow(uint32_t number);
    std::string follow_another() override;
    std::string follow_caption(int stop) const override;
    ImU32 follow_stop_color(int stop) const override;
    uint16_t follow_waiting_kind(const tj::TripPoint& at) const override;
    FollowCard follow_card(const tj::TripShown& shown, bool done) const override;
    // fab_map.cpp
    // One chain map as drawn: the run it shows, its settings and its camera; own: the
    // scene's map (its piles go to the inspection and the runs without the flaw shadow
    // them), else one of the race's two.
    struct ChainMap {
        const tj::fab::FabModel& run;
        const tj::ParamValues& values;
        const WorldView& view;
        bool own;
    };
    // One chain map, the scene's or a race's: without labels the belts and buildings (under
    // the parcels), with them the piles' counts and every building's words (over them).
    void draw_chain(ImDrawList* dl, const ChainMap& cmap, float text_px, MapLabels* labels);
    bool dip_active(const ChainMap& cmap) const;  // the rack-test dip is on now
    // The station the map marks as the bottleneck, of this scene's run or another (the
    // race's B): -1 while a question keeps it back.
    int shown_bottleneck(const tj::fab::FabView& v) const;
    int shown_bottleneck() const;
    void draw_conveyor(ImDrawList* dl, const ChainMap& cmap) const;
    // The buildings' bodies, or with labels their names and states placed on it.
    void draw_buildings(ImDrawList* dl, const ChainMap& cmap, float text_px, MapLabels* labels) const;
    void draw_station_labels(ImDrawList* dl, MapLabels& labels, const ChainMap& cmap, int station, ImVec2 min, ImVec2 max,
                             float text_px, bool flagged) const;
    void draw_derivative(ImDrawList* dl, const ChainMap& cmap, float text_px, MapLabels* labels) const;
    // The own map's records what each says in seen_.piles.
    void draw_piles(ImDrawList* dl, const ChainMap& cmap, float text_px, MapLabels& labels);
    void hover_cards(float z, float text_px);
    // The shipments strip and its axis; its years and event marks go on labels (each
    // mark on the first of four rows where it fits), and the legend under the lowest.
    void draw_timeline(ImDrawList* dl, float text_px, MapLabels& labels) const;
    ImVec4 draw_timeline_legend(ImDrawList* dl, float text_px, const MapLabels& labels) const;  // gives the box it took
    // Returns the height its lines took.
    float draw_captions(ImDrawList* dl, const FrameInput& in, ImVec2 cap_min, ImVec2 cap_max) const;
    // fab_panels.cpp
    void numbers_window(const FrameInput& in);
    void charts();
    void cumulative_flow_chart(ImVec2 size);  // the numbers panel's and a lesson card's
    void station_bars();
    void little_table();
    void state_history();
    double cumulative_delay_weeks() const;

    // Each station's building with all its labels as last drawn (world units), so a
    // lesson's ring goes around them; one per station (fab_map.cpp checks the count).
    WorldBox label_box_[16] = {};
    // The band above the map: at least as tall as its captions have been in this layout
    // (grown, never shrunk, so the map is not refitted each time a line comes and goes).
    float caption_band_h_ = 0;
    ImVec2 caption_band_for_;  // the area size the band was measured in
    bool show_counterfactuals_ = true;  // the runs without the flaw and with it kept, beside the run
    // Whether the map and charts draw those runs: asked for, and a flaw in the run (the view
    // sets its discovery week only then; without one both runs are the run itself, and a
    // legend naming them would point at lines not there).
    bool counterfactuals_drawn() const;
    bool wip_shown_[16] = {};   // which buffers the WIP chart shows
    std::vector<double> demand_series_;  // demand per week on the shipments chart's weeks
};

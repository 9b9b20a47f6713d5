// model_scene.h — what every scene built on a core model shares on screen: the
// transport (play, pause, step, reset, the lens in words, the rewind slider), the
// parameter and number panels, the compare window, hover cards for stations, the
// lesson's highlight ring and camera, and parcels uploaded from the model's segments;
// compare mode drawn as a race (model_scene_race.cpp, compare_race.h), and following
// one traveller along its trip (model_scene_follow.cpp: a token, a wafer lot).
// The run itself (model, values, seed, clock, restarts, snapshots, jumps, history,
// compare run B, scenarios) is a RunController (run_controller.h), to which the
// Scene calls are handed on.
//
// A concrete scene (token_scene.cpp, fab_scene.cpp) lays out its stations, styles
// its parcel kinds and draws its own map and panels; it calls the helpers here.
//
// Usage in a subclass:
//   MyScene() : ModelScene(tj::make_model("token"), {1e-6, 1e-1, 2e-5, "on the chip", "芯片上"}) {}
//   ImVec2 station_position(size_t i) const override { ... }
//   ParcelStyle parcel_style(uint16_t kind) const override { ... }
//   void draw_map(const FrameInput& in) override { view_.update(...); ...; draw_parcels(in); ... }
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/model.h"
#include "core/scenario.h"
#include "core/trip.h"
#include "app/ui/i18n.h"
#include "app/ui/param_panel.h"
#include "app/scene/compare_race.h"
#include "app/scene/run_controller.h"
#include "app/scene/scene.h"
#include "app/render/world_view.h"
#include "app/scene/segment_parcels.h"

class CompareRace;

class ModelScene : public Scene {
public:
    ModelScene(std::unique_ptr<tj::Model> model, TimeLens lens);
    ~ModelScene() override;

    const tj::ParamValues& values() const override { return run_.values(); }
    // Sets status_: the refusal, or "restarted" when the change needed a restart.
    std::string set_param(const std::string& id, double value) override;
    void reset() override;
    void update(double real_dt) override;  // a follow moves the run on its clock first
    std::vector<tj::Metric> metrics() const override { return run_.metrics(); }
    const tj::MetricHistory* history() const override { return &run_.history(); }
    double sim_time() const override { return run_.sim_time(); }
    uint64_t seed() const override { return run_.seed(); }
    void filter_params(const std::string& text) override { set_param_filter(panel_, text); }
    std::vector<std::string> texts() const override;
    void follow_skip_to(int stop) override;  // model_scene_follow.cpp
    std::vector<StationText> station_texts() const override;

    // Links and files: the scene's whole state, and the way back (all or nothing).
    tj::Scenario scenario() const override { return run_.scenario(); }
    std::string apply(const tj::Scenario& s) override { return run_.apply(s); }
    std::string apply_preset(const std::string& preset_id);

    void set_highlight(const std::string& place_id) override { highlight_ = place_id; }
    void focus(const std::string& place_id, float zoom) override;
    void hold_answer(AnswerHold hold) override { answer_hold_ = hold; }
    int station_index(const std::string& id) const;  // -1 when unknown

    // Time jumps and replays (see RunController::seek and replay_to).
    std::string seek(double t) override { return run_.seek(t); }
    std::string replay_to(double t, double real_s) override { return run_.replay_to(t, real_s); }
    double jump_progress() const override { return run_.jump_progress(); }
    void cancel_jump() override { run_.cancel_jump(); }

    bool comparing() const override { return run_.comparing(); }
    void set_comparing(bool on) override;              // model_scene_race.cpp
    std::string end_race() override;                   // model_scene_race.cpp
    void draw_compare(const FrameInput& in) override;  // model_scene_race.cpp
    std::vector<tj::Metric> compare_metrics() const override { return run_.compare_metrics(); }
    std::string compare_pair(const std::string& pair_id) override;  // model_scene_race.cpp
    // The numbers the race shows large on each map, and which way is better.
    virtual const std::vector<RaceHeadline>& race_headlines() const {
        static const std::vector<RaceHeadline> none;
        return none;
    }
    // Each run's map in the race: the scene's own (compare_race.h), or none for the simple one.
    virtual RaceMapLook race_map_look() { return {}; }
    // The B run while comparing (else nullptr), for scenes that overlay it.
    const tj::Model* compare_model() const { return run_.compare_model(); }
    std::string set_compare_param(const std::string& id, double value) { return run_.set_compare_param(id, value); }

    bool playing() const override { return run_.playing(); }
    double lens() const { return run_.lens(); }
    const TimeLens& lens_range() const { return run_.lens_range(); }
    void set_playing(bool p) override { run_.set_playing(p); }
    double set_lens(double sim_per_s) override { return run_.set_lens(sim_per_s); }
    const tj::Model& model() const { return run_.model(); }
    // See RunController::run_to and generation.
    void run_to(double t) { run_.run_to(t); }
    uint64_t generation() const { return run_.generation(); }

protected:
    virtual ImVec2 station_position(size_t station) const = 0;
    virtual ParcelStyle parcel_style(uint16_t kind) const = 0;
    // Whether the parcels wait while a lesson's question is open: a scene whose flows
    // answer its questions (the chain: what ships, where work piles) says so.
    virtual bool parcels_held() const { return false; }
    // Where a lesson's ring and camera point: the box (world units) around a station or
    // another place on the map (lesson_places()), with the labels that belong to it, so
    // a ring drawn around it covers none of its figures. False for an unknown id.
    virtual bool marker_box(const std::string& place_id, WorldBox* box) const = 0;

    // Uploads the model's segments when they changed and queues the parcel pass;
    // also draws the lesson's highlight ring around its place (the map's words, placed
    // before, in seen_.labels) and notes the camera, stations and parcels in seen_.
    void draw_parcels(const FrameInput& in);
    // Play / pause / step / reset / speed and the lens in words.
    void transport_controls();
    // Every registry parameter, grouped, with the preset pickers above.
    void parameter_controls();
    // A line under a kind's preset picker ("" for none): how far the model is from
    // published figures for the preset in use, say.
    virtual std::string preset_note(const std::string& kind) const { return ""; }
    // The preset of this kind the values hold now, nullptr when none does (set by hand).
    virtual const tj::Preset* preset_in_use(const std::string& kind) const;
    // The metrics as a two-column table; ids limits it to those (empty: all).
    void metrics_table(const std::vector<std::string>& ids = {});
    // A station's live numbers for its hover card, read from a run of this scene: its
    // own, or compare's B on the race's second map.
    virtual std::vector<std::string> station_lines(const tj::Model& run, const std::vector<tj::Metric>& metrics,
                                                   size_t station) const = 0;
    // A hover card for a station: its name, its lesson and the given live lines.
    void station_card(size_t station, const std::vector<std::string>& live_lines);
    // Whether hover cards may show this frame: the pointer is over the map, not a window,
    // and has moved since the scene opened or a lesson last moved the camera, so a
    // pointer resting where it was (at 0,0 in a headless page, or where the last click
    // was) brings up no card nobody asked for.
    bool hover_wanted();
    // The map's world transform; subclasses call view_.update() in draw_map.
    WorldView view_;
    tj::Model& model_mut() { return run_.model_mut(); }
    // The scene's own model, typed: each scene knows what tj::make_model(its id) gave it.
    template <class M> const M& model_as() const { return static_cast<const M&>(model()); }
    template <class M> M& model_as_mut() { return static_cast<M&>(model_mut()); }
    std::string status_;  // the last refusal or "restarted" note, shown in the controls
    std::string highlight_;  // the station or place a lesson points at, "" for none
    AnswerHold answer_hold_ = AnswerHold::none;  // a lesson's question, this step's or the next's, keeps its answer back
    bool answer_hidden() const { return answer_hold_ != AnswerHold::none; }
    // The words saying why a figure waits: for this step's question or for the next's.
    const char* held_words(const char* open_key, const char* next_key) const {
        return tr(answer_hold_ == AnswerHold::next_question ? next_key : open_key);
    }
    std::string focus_place_;  // where the camera should go at the next draw ("": the whole map)
    float focus_zoom_ = 1;
    bool focus_pending_ = false;
    bool hover_armed_ = false;  // the pointer has moved since the scene opened or the last focus()

    // Following one traveller along a tj::Trip (Scene::follow; model_scene_follow.cpp).
    // The scene finds the trip and starts it with begin_follow; the run then moves on the
    // trip's paced clock (follow_update), the camera tracks the traveller (follow_camera,
    // before the view's update), and follow_overlay draws the ring and the card: the
    // stop's caption, a cell per stop with its time, the scene's lines and buttons. The
    // user's drag, wheel or pinch lets go of the camera until the next stop; play, a
    // restart or a rewind ends the follow, and so does the card's Stop following.
    struct Follow {
        bool active = false, camera = true;
        tj::Trip trip;
        uint32_t seq = 0, index = 0;  // which traveller (the token's answer and its number in it; the lot's number)
        double real_s = 0;        // real seconds since the trip began
        int stop = -1;            // the stop the camera and the lens were last set for
        uint64_t generation = 0;  // the run it follows (a restart or a rewind lets go)
        double lens_before = 0;   // the lens to put back after
        std::vector<tj::Text2> captions;  // each stop's, from the lesson (may be empty)
    };
    // What the card says under its bar, and the button that follows the next traveller
    // (nullptr: none; pressing it calls follow_another).
    struct FollowCard {
        std::vector<std::pair<std::string, ImU32>> lines;
        const char* another = nullptr;
    };
    void begin_follow(tj::Trip trip, uint32_t seq, uint32_t index);
    void end_follow();
    void follow_camera(float zoom);
    void follow_overlay(ImDrawList* dl, const FrameInput& in, ImVec2 view_min, ImVec2 view_size);
    // The follow's card, where it lay last frame (it is sized as it is drawn, after the
    // map's words): no word of the map is shown under it.
    void keep_words_off_follow_card(MapLabels& labels) const;
    bool follow_done() const;  // at the trip's end, its seconds shown
    // The scene's side of a follow: the stop's caption and colour, its station (for
    // state()), whether the bar has a cell for it, the parcel kind drawn for the
    // traveller where it waits (the model draws none there), the card's lines.
    virtual std::string follow_caption(int stop) const { return ""; }
    virtual ImU32 follow_stop_color(int stop) const { return 0xffffffff; }
    virtual int follow_station(int stop) const { return stop; }
    virtual bool follow_bar_cell(int stop) const { return follow_.trip.has_stop(stop); }
    virtual uint16_t follow_waiting_kind(const tj::TripPoint& at) const { return 0; }
    virtual FollowCard follow_card(const tj::TripShown& shown, bool done) const { return {}; }
    virtual std::string follow_another() { return ""; }
    Follow follow_;

private:
    void timeline_scrubber();
    void let_go();  // the follow ends where the run is: its lens back, the camera free
    void follow_update(double real_dt);
    ImVec2 follow_point() const;  // the traveller's place on the map (world units)
    void follow_bar(float width);

    RunController run_;
    ParamPanelState panel_;
    ParamPanelState compare_panel_;  // B's values in the compare window
    std::unique_ptr<CompareRace> race_;  // the two maps, made when first drawn
    bool race_details_ = false;          // the detail window is open
    SegmentParcels parcels_;
};

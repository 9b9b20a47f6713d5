// model_scene.h — what every scene built on a core model shares: the run (play,
// pause, step, reset, speed and the time lens), parameter changes (live where the
// model allows, else a restart that says so), links, parcels from the model's
// segments, the parameter and number panels, hover cards for stations.
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
#include "app/ui/param_panel.h"
#include "app/scene/scene.h"
#include "app/render/world_view.h"

struct ParcelStyle {
    uint32_t rgba = 0xFFFFFFFFu;  // bytes r, g, b, a (use rgba_u32)
    float size_px = 8;
    int shape = kShapeBox;       // ParcelShape
};

// What one real second shows, bounded, with the place it happens ("on the chip").
struct TimeLens {
    double min_sim_per_s, max_sim_per_s, default_sim_per_s;
    const char *where_en, *where_zh;
};

constexpr uint32_t rgba_u32(int r, int g, int b, int a = 255) {
    return uint32_t(r) | uint32_t(g) << 8 | uint32_t(b) << 16 | uint32_t(a) << 24;
}

class ModelScene : public Scene {
public:
    ModelScene(std::unique_ptr<tj::Model> model, TimeLens lens);
    ~ModelScene() override;

    const tj::ParamValues& values() const override { return values_; }
    std::string set_param(const std::string& id, double value) override;
    void reset() override;
    void update(double real_dt) override;
    std::vector<tj::Metric> metrics() const override { return metrics_; }
    const MetricHistory* history() const override { return &history_; }
    double sim_time() const override { return model_->now(); }
    uint64_t seed() const override { return seed_; }
    size_t parcels_drawn() const override { return drawn_; }
    int param_controls() const override { return panel_.controls; }
    void filter_params(const std::string& text) override { set_param_filter(panel_, text); }
    std::vector<std::string> texts() const override;

    // Links and files: the scene's whole state, and the way back (all or nothing).
    tj::Scenario scenario() const override;
    std::string apply(const tj::Scenario& s) override;
    std::string apply_preset(const std::string& preset_id);

    void set_highlight(const std::string& station_id) override { highlight_ = station_index(station_id); }
    void focus(const std::string& station_id, float zoom) override;
    int station_index(const std::string& id) const;  // -1 when unknown

    // Rewind or fast-forward to simulated time t: the run replays exactly from the
    // nearest earlier snapshot (or from the start). A jump that takes more than a
    // moment goes on over the next frames (jump_progress(), cancel_jump()); a time
    // past the model's max_time() is refused: "" or why.
    std::string seek(double t) override;
    std::string replay_to(double t, double real_s) override;
    double jump_progress() const override;
    void cancel_jump() override { jump_to_ = -1; }

    bool comparing() const override { return compare_ != nullptr; }
    void set_comparing(bool on) override;
    void draw_compare(const FrameInput& in) override;
    std::vector<tj::Metric> compare_metrics() const override { return compare_metrics_; }
    // The B run while comparing (else nullptr), for scenes that overlay it.
    const tj::Model* compare_model() const { return compare_.get(); }
    std::string set_compare_param(const std::string& id, double value);

    bool playing() const override { return playing_; }
    double lens() const { return lens_; }
    void set_playing(bool p) override { playing_ = p; stop_at_ = -1; }
    double set_lens(double sim_per_s) override;
    const tj::Model& model() const { return *model_; }

protected:
    virtual ImVec2 station_position(size_t station) const = 0;
    virtual ParcelStyle parcel_style(uint16_t kind) const = 0;
    // Where a lesson's ring and camera point for a station (default: its route point).
    virtual ImVec2 marker_position(size_t station) const { return station_position(station); }

    // Uploads the model's segments when they changed and queues the parcel pass;
    // also draws the lesson's highlight ring around its station.
    void draw_parcels(const FrameInput& in);
    // Play / pause / step / reset / speed and the lens in words.
    void transport_controls();
    // Every registry parameter, grouped, with the preset pickers above.
    void parameter_controls();
    // The metrics as a two-column table; ids limits it to those (empty: all).
    void metrics_table(const std::vector<std::string>& ids = {});
    // A hover card for a station: its name, its lesson and the given live lines.
    void station_card(size_t station, const std::vector<std::string>& live_lines);
    // The map's world transform; subclasses call view_.update() in draw_map.
    WorldView view_;
    tj::Model& model_mut() { return *model_; }
    std::string status_;  // the last refusal or "restarted" note, shown in the controls
    int highlight_ = -1;  // station a lesson points at, or -1
    int focus_station_ = -1;  // where the camera should go at the next draw
    float focus_zoom_ = 1;
    bool focus_pending_ = false;

private:
    void restart();
    void sample_history();
    void take_snapshot();
    void timeline_scrubber();
    // Runs a jump under way for at most wall_s real seconds (whole event chunks).
    void continue_jump(double wall_s);

    std::unique_ptr<tj::Model> model_;
    tj::ParamValues values_;
    TimeLens lens_range_;
    double lens_;
    uint64_t seed_ = 1;
    bool playing_ = true;
    bool behind_ = false;  // the last frame hit its event budget
    double jump_to_ = -1, jump_from_ = 0;  // a jump under way (jump_to_ < 0: none)
    double stop_at_ = -1, lens_after_stop_ = 0;  // a replay under way stops at stop_at_ and puts the lens back
    std::vector<tj::Metric> metrics_;
    MetricHistory history_;    // sampled every natural time unit, thinned to stay bounded
    double history_every_ = 0, history_next_ = 0;
    ParamPanelState panel_;
    // Compare mode: run B, its values and its panel.
    std::unique_ptr<tj::Model> compare_;
    std::unique_ptr<tj::ParamValues> compare_values_;
    std::vector<tj::Metric> compare_metrics_;
    ParamPanelState compare_panel_;
    // Rewind: copies of the run every few natural units, thinned to stay bounded.
    struct Snapshot {
        std::unique_ptr<tj::Model> model;
        size_t bytes = 0;  // the heap it took (0 when the allocator does not say)
    };
    std::vector<Snapshot> snapshots_;
    size_t snapshot_bytes() const;
    double snapshot_every_ = 0, snapshot_next_ = 0, furthest_ = 0;
    ParcelRenderer renderer_;
    uint64_t uploaded_version_ = ~0ull;
    float uploaded_px_per_world_ = 0;  // the zoom the upload folded overlapping parcels for
    double upload_base_ = 0;
    size_t drawn_ = 0;
    std::vector<ParcelInstance> scratch_;
};

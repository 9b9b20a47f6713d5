// run_controller.h — the run behind a model scene, with no drawing and no widgets:
// the model and its parameter values, the seed, play and pause, the time lens, the
// per-frame advance with its event budget, the restart policy for parameter changes,
// rewind snapshots, time jumps that go on over several frames, the metric history,
// compare mode (a run B beside A) and the scenario for links and files.
//
// ModelScene (model_scene.h) owns one and draws its controls; tests drive one
// directly with the real models (tests/app/scene/test_run_controller.cpp).
//
// Usage:
//   RunController run(tj::make_model("token"), {1e-6, 1e-1, 2e-5, "on the chip", "芯片上"});
//   ParamChange c = run.set_param("token.run.users", 8);   // c.error, c.restarted
//   run.update(real_dt);                                    // once a frame
//   run.seek(0.5);                                          // rewind or jump; "" or why not
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/model.h"
#include "core/params.h"
#include "core/scenario.h"
#include "core/metric_history.h"

// What one real second shows, bounded, with the place it happens ("on the chip").
struct TimeLens {
    double min_sim_per_s, max_sim_per_s, default_sim_per_s;
    const char *where_en, *where_zh;
};

// What a parameter change did: refused (error, nothing changed), applied live, or
// applied by restarting the run (the caller says so to the user).
struct ParamChange {
    std::string error;
    bool restarted = false;
};

// What a run starts from and whether its clock runs: the parameter values and the seed
// (as a link or a file gives them), playing or paused. A RunController keeps one, and
// so does the parcel stress test, which has no model.
struct RunSetup {
    tj::ParamValues values;
    uint64_t seed = 1;
    bool playing = true;
};

// Whole jumps: every time jump finishes within the call that asks for it, however long
// that takes, so which frame shows what does not depend on the machine's speed (the
// desktop's --fixed-step). Off by default: a long jump then goes on over several frames.
void set_whole_jumps(bool on);

class RunController {
public:
    // Events one frame may process: enough for every lens on a slow machine, small
    // enough that a frame never stalls. A frame that hits it is behind().
    static constexpr uint64_t kEventBudgetPerFrame = 150000;
    // A time jump: what runs at once (so short jumps finish within the call that asked
    // for them), and what each later update spends on it (the page stays responsive).
    static constexpr double kJumpAtOnceSeconds = 0.25;
    static constexpr double kJumpPerUpdateSeconds = 0.03;
    // Rewind snapshots: at most this many, and at most this many bytes in all (the
    // chain at its heaviest settings is tens of MB a copy).
    static constexpr size_t kMaxSnapshots = 24;
    static constexpr size_t kSnapshotBudget = size_t(96) << 20;
    // Metric history rows kept; at the bound every other row goes.
    static constexpr size_t kMaxHistoryRows = 2000;

    RunController(std::unique_ptr<tj::Model> model, TimeLens lens);

    // --- the run A ---
    const tj::Model& model() const { return *model_; }
    // For model-specific settings outside the registry (the token scene's answer text).
    tj::Model& model_mut() { return *model_; }
    const tj::ParamValues& values() const { return setup_.values; }
    uint64_t seed() const { return setup_.seed; }
    double sim_time() const { return model_->now(); }
    const std::vector<tj::Metric>& metrics() const { return metrics_; }
    // Metrics sampled every natural time unit, thinned to stay within kMaxHistoryRows.
    const tj::MetricHistory& history() const { return history_; }
    // The latest simulated time this run has reached (the rewind slider's end).
    double furthest() const { return furthest_; }
    // Changes whenever the model is reset or replaced by a snapshot: segment versions
    // from different generations do not compare (the parcel upload checks both).
    uint64_t generation() const { return generation_; }

    // --- play, pause, lens and the per-frame advance ---
    bool playing() const { return setup_.playing; }
    void set_playing(bool p) { setup_.playing = p; stop_at_ = -1; }
    const TimeLens& lens_range() const { return lens_range_; }
    double lens() const { return lens_; }
    // Simulated seconds per real second, clamped to the range; returns it.
    double set_lens(double sim_per_s);
    // Advances by real_dt through the lens (or goes on with a jump under way), then
    // refreshes metrics, history, snapshots and run B.
    void update(double real_dt);
    // One natural time unit forward, paused.
    void step();
    // Forward to simulated time t at once, within one frame's event budget (a clock of
    // the caller's own, such as a followed token's; earlier times are ignored). The
    // next update() refreshes the metrics as usual.
    void run_to(double t);
    // The last update hit its event budget: the run is behind the lens.
    bool behind() const { return behind_; }

    // --- parameters and restarts ---
    // Live where the model allows, else a restart (structural parameters always restart).
    ParamChange set_param(const std::string& id, double value);
    // A preset's values, then a restart: "" or why not (nothing changes).
    std::string apply_preset(const std::string& preset_id);
    // The run from time 0 with the current values and seed (B restarts with A).
    void restart();

    // --- time jumps ---
    // Rewind or fast-forward to simulated time t: the run replays exactly from the
    // nearest earlier snapshot (or from the start). A jump that takes more than a
    // moment goes on over the next updates (jump_progress(), cancel_jump()); a time
    // past the model's max_time() is refused: "" or why, and nothing changes. A rewind
    // rewinds run B too (it starts again and catches up with A at the next updates).
    std::string seek(double t);
    // Plays the run again from 0 to t in about real_s seconds and stops there; a run
    // too long for the fastest lens is jumped through instead.
    std::string replay_to(double t, double real_s);
    // In [0, 1] while a jump is under way, else -1.
    double jump_progress() const;
    // Stops a jump where it is.
    void cancel_jump() { jump_to_ = -1; }
    // The wall-clock time a jump may take within seek() and within each update()
    // (whole event chunks, at least one). Tests set 0: one chunk a call.
    void set_jump_budget(double at_once_s, double per_update_s);

    // --- rewind snapshots ---
    size_t snapshot_count() const { return snapshots_.size(); }
    size_t snapshot_bytes() const;
    // Lowers the bounds (tests do, to see them held over a short run).
    void set_snapshot_budget(size_t max_count, size_t max_bytes);

    // --- compare mode: run B with its own values, same seed and clock as A ---
    bool comparing() const { return compare_model_ != nullptr; }
    void set_comparing(bool on);
    // The B run, its values and its metrics (nullptr / empty when not comparing).
    const tj::Model* compare_model() const { return compare_model_.get(); }
    // For drawing B's parcels (a model hands out its segments only mutably).
    tj::Model* compare_model_mut() { return compare_model_.get(); }
    const tj::ParamValues* compare_values() const { return compare_values_.get(); }
    const std::vector<tj::Metric>& compare_metrics() const { return compare_metrics_; }
    // Sets one of B's values; A and B restart together so they stay comparable.
    std::string set_compare_param(const std::string& id, double value);

    // --- links and files ---
    // The whole state: values, seed, time (where a jump is heading), B's values, lens.
    tj::Scenario scenario() const;
    // All or nothing: "" when applied (the run restarts and jumps to the scenario's
    // time), else every problem and nothing changes.
    std::string apply(const tj::Scenario& s);

private:
    void sample_history();
    void take_snapshot();
    // Runs a jump under way for at most wall_s real seconds (whole event chunks).
    void continue_jump(double wall_s);

    std::unique_ptr<tj::Model> model_;
    RunSetup setup_;
    TimeLens lens_range_;
    double lens_;
    uint64_t generation_ = 0;
    bool behind_ = false;
    double jump_to_ = -1, jump_from_ = 0;  // a jump under way (jump_to_ < 0: none)
    double jump_at_once_s_ = kJumpAtOnceSeconds, jump_per_update_s_ = kJumpPerUpdateSeconds;
    double stop_at_ = -1, lens_after_stop_ = 0;  // a replay under way stops at stop_at_ and puts the lens back
    std::vector<tj::Metric> metrics_;
    tj::MetricHistory history_;
    double history_every_ = 0, history_next_ = 0;
    std::unique_ptr<tj::Model> compare_model_;
    std::unique_ptr<tj::ParamValues> compare_values_;
    std::vector<tj::Metric> compare_metrics_;
    // Rewind: copies of the run every few natural units, thinned to stay bounded.
    struct Snapshot {
        std::unique_ptr<tj::Model> model;
        size_t bytes = 0;  // the heap it took (0 when the allocator does not say)
    };
    std::vector<Snapshot> snapshots_;
    size_t max_snapshots_ = kMaxSnapshots, snapshot_budget_ = kSnapshotBudget;
    double snapshot_every_ = 0, snapshot_next_ = 0, furthest_ = 0;
};

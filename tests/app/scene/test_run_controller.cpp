// test_run_controller.cpp — the run behind every model scene (app/scene/run_controller.h),
// driven with the real token and fab models: seeks replay exactly, refusals change
// nothing, long jumps go on over updates and can be cancelled, snapshots and history
// stay within their bounds, compare run B restarts with A on the same seed and clock,
// and parameter changes restart the run and say so.
#include <catch2/catch.hpp>

#include "core/scenes/scenes.h"
#include "app/platform/heap_use.h"
#include "app/scene/run_controller.h"

using namespace tj;

namespace {

// A lens range around the model's natural unit (the scenes' own lenses are theirs).
RunController make_run(const std::string& scene) {
    std::unique_ptr<Model> m = make_model(scene);
    double unit = m->natural_time_unit();
    return RunController(std::move(m), {unit * 1e-3, unit * 1e3, unit, "", ""});
}

std::vector<double> values_of(const std::vector<Metric>& ms) {
    std::vector<double> v;
    for (auto& m : ms) v.push_back(m.value);
    return v;
}

// Runs every update until the jump under way has finished (bounded, so a jump that
// never ends fails instead of hanging).
void finish_jump(RunController& run) {
    for (int i = 0; i < 100000 && run.jump_progress() >= 0; i++) run.update(0);
    REQUIRE(run.jump_progress() == -1);
}

// A paused run of the scene, already moved to `units` of its natural time unit.
RunController paused_at(const std::string& scene, double units) {
    RunController run = make_run(scene);
    run.set_playing(false);
    REQUIRE(run.seek(run.model().natural_time_unit() * units) == "");
    finish_jump(run);
    return run;
}

// The first structural parameter of a scene and a valid value other than its default.
std::pair<std::string, double> structural_change(const ParamRegistry& reg) {
    for (auto& d : reg.defs())
        if (d.structural) return {d.id, d.def != d.min ? d.min : d.max};
    return {"", 0};
}

}  // namespace

TEST_CASE("run controller: seeking back and forth replays exactly") {
    for (const std::string& scene : scene_ids()) {
        INFO("scene " << scene);
        RunController straight = make_run(scene), run = make_run(scene);
        straight.set_playing(false);
        run.set_playing(false);
        double unit = straight.model().natural_time_unit();
        REQUIRE(straight.seek(unit * 60) == "");
        finish_jump(straight);

        run.set_playing(true);  // played, a frame at a time: snapshots every 20 units
        for (int frame = 0; frame < 90; frame++) run.update(1.0);
        run.set_playing(false);
        REQUIRE(run.sim_time() == Approx(unit * 90));
        if (run.model().clone()) CHECK(run.snapshot_count() >= 3);  // the way back starts from one of them
        REQUIRE(run.seek(unit * 35) == "");  // back, between two snapshots
        finish_jump(run);
        CHECK(run.sim_time() == unit * 35);
        REQUIRE(run.seek(unit * 60) == "");  // forward again
        finish_jump(run);
        CHECK(run.sim_time() == straight.sim_time());
        CHECK(values_of(run.metrics()) == values_of(straight.metrics()));

        REQUIRE(run.seek(0) == "");  // back to the start
        finish_jump(run);
        CHECK(run.sim_time() == 0);
        CHECK(run.history().times.back() == 0);  // the samples past 0 belonged to the discarded future
    }
}

TEST_CASE("run controller: a jump past the model's max_time is refused and changes nothing") {
    for (const std::string& scene : scene_ids()) {
        INFO("scene " << scene);
        RunController run = paused_at(scene, 10);
        const double t = run.sim_time();
        const std::vector<double> metrics = values_of(run.metrics());
        const size_t rows = run.history().times.size();
        const uint64_t generation = run.generation();
        const double too_far = run.model().max_time() * 2;

        CHECK_FALSE(run.seek(too_far).empty());
        CHECK_FALSE(run.replay_to(too_far, 10).empty());
        Scenario s = run.scenario();
        s.time = too_far;
        CHECK_FALSE(run.apply(s).empty());

        CHECK(run.jump_progress() == -1);
        CHECK(run.sim_time() == t);
        CHECK(values_of(run.metrics()) == metrics);
        CHECK(run.history().times.size() == rows);
        CHECK(run.generation() == generation);
        CHECK_FALSE(run.playing());
    }
}

TEST_CASE("run controller: a long jump goes on over several updates, with rising progress, and cancel stops it") {
    RunController run = make_run("fab");
    run.set_playing(false);
    run.set_jump_budget(0, 0);  // one chunk of events a call: the test does not depend on the machine's speed
    const double target = run.model().natural_time_unit() * 300;  // 300 weeks: many chunks of the chain's events
    REQUIRE(run.seek(target) == "");
    double progress = run.jump_progress();
    CHECK(progress > 0);
    CHECK(progress < 1);
    CHECK(run.scenario().time == target);  // a link taken mid-jump replays to where it heads

    int updates = 0;
    for (; updates < 3; updates++) {  // a few updates: the jump moves on
        run.update(0);
        CHECK(run.jump_progress() > progress);
        progress = run.jump_progress();
    }
    const double reached = run.sim_time();
    CHECK(reached < target);
    run.cancel_jump();
    CHECK(run.jump_progress() == -1);
    run.update(0.5);  // paused and no jump: nothing moves
    CHECK(run.sim_time() == reached);

    REQUIRE(run.seek(target) == "");  // again, to the end this time
    for (updates = 0; updates < 100000 && run.jump_progress() >= 0; updates++) {
        double p = run.jump_progress();
        run.update(0);
        if (run.jump_progress() >= 0) CHECK(run.jump_progress() >= p);
    }
    CHECK(updates > 1);
    CHECK(run.jump_progress() == -1);
    CHECK(run.sim_time() == target);
}

TEST_CASE("run controller: rewind snapshots stay within their count and byte budget over a long run") {
    for (const std::string& scene : scene_ids()) {
        INFO("scene " << scene);
        RunController probe = make_run(scene);
        probe.set_playing(false);
        if (!probe.model().clone()) {
            WARN(scene << " cannot copy itself: it keeps no snapshots");
            continue;
        }
        const double unit = probe.model().natural_time_unit();
        const double end = std::min(unit * 500, probe.model().max_time());
        // What a copy of the run weighs at its end (copies grow as a run goes on),
        // measured as the controller measures its snapshots.
        REQUIRE(probe.seek(end) == "");
        finish_jump(probe);
        const size_t before = heap_in_use();
        std::unique_ptr<Model> copy = probe.model().clone();
        const size_t heaviest = heap_in_use() > before ? heap_in_use() - before : 0;
        copy.reset();

        // Two runs: one thinned by bytes alone (room for about three copies), one by count alone.
        RunController by_bytes = make_run(scene), by_count = make_run(scene);
        const size_t budget = heaviest * 3 + heaviest / 2;
        if (heaviest == 0) WARN("the allocator does not report heap use here: only the count bound is checked");
        else by_bytes.set_snapshot_budget(1000, budget);
        by_count.set_snapshot_budget(3, size_t(-1));
        size_t most_by_bytes = 0, most_by_count = 0;
        for (RunController* run : {&by_bytes, &by_count}) {
            run->set_playing(false);
            for (double t = unit * 10; t <= end; t += unit * 10) {  // one snapshot interval at a time, checked after each
                REQUIRE(run->seek(t) == "");
                finish_jump(*run);
                if (run == &by_bytes) {
                    if (heaviest > 0) CHECK(run->snapshot_bytes() <= budget);
                    if (most_by_bytes > 0) CHECK(run->snapshot_count() >= 1);  // thinned, never all dropped: any copy fits
                    most_by_bytes = std::max(most_by_bytes, run->snapshot_count());
                } else {
                    CHECK(run->snapshot_count() <= 3);
                    most_by_count = std::max(most_by_count, run->snapshot_count());
                }
            }
        }
        if (heaviest > 0) CHECK(most_by_bytes >= 2);  // kept, and thinned when over the budget
        CHECK(most_by_count == 3);

        // After thinning, a rewind still replays exactly.
        RunController straight = make_run(scene);
        straight.set_playing(false);
        REQUIRE(straight.seek(unit * 333) == "");
        finish_jump(straight);
        REQUIRE(by_bytes.seek(unit * 333) == "");
        finish_jump(by_bytes);
        CHECK(values_of(by_bytes.metrics()) == values_of(straight.metrics()));
    }
}

TEST_CASE("run controller: compare run B restarts with A and shares its seed and clock") {
    for (const std::string& scene : scene_ids()) {
        INFO("scene " << scene);
        RunController run = make_run(scene);
        run.set_playing(false);
        double unit = run.model().natural_time_unit();
        Scenario s = run.scenario();
        s.seed = 77;
        REQUIRE(run.apply(s) == "");
        REQUIRE(run.seek(unit * 10) == "");
        finish_jump(run);
        REQUIRE_FALSE(run.comparing());
        CHECK(run.compare_model() == nullptr);

        run.set_comparing(true);  // B joins: both start again from 0
        REQUIRE(run.comparing());
        REQUIRE(run.compare_model() != nullptr);
        CHECK(run.sim_time() == 0);
        CHECK(run.compare_model()->now() == 0);
        CHECK(run.compare_values()->all() == run.values().all());

        // Same values, same seed, same clock: B is A.
        run.set_playing(true);
        for (int i = 0; i < 20; i++) run.update(0.5);
        CHECK(run.sim_time() > 0);
        CHECK(run.compare_model()->now() == run.sim_time());
        CHECK(values_of(run.compare_metrics()) == values_of(run.metrics()));

        // Rewinding rewinds both: B is back on A's clock at the next update, still A.
        run.set_playing(false);
        REQUIRE(run.seek(run.sim_time() / 2) == "");
        finish_jump(run);
        run.update(0);
        CHECK(run.compare_model()->now() == run.sim_time());
        CHECK(values_of(run.compare_metrics()) == values_of(run.metrics()));
        run.set_playing(true);

        // B's own value: both restart, then run on one clock, now apart.
        auto [id, value] = structural_change(run.values().registry());
        REQUIRE_FALSE(id.empty());
        REQUIRE(run.set_compare_param(id, value) == "");
        CHECK(run.sim_time() == 0);
        CHECK(run.compare_model()->now() == 0);
        CHECK(run.compare_values()->get(id) == value);
        CHECK(run.values().get(id) != value);
        for (int i = 0; i < 20; i++) run.update(0.5);
        CHECK(run.compare_model()->now() == run.sim_time());
        CHECK(values_of(run.compare_metrics()) != values_of(run.metrics()));

        // A restart of A restarts B; the scenario carries B and the seed, and comes back.
        const double reached = run.sim_time();
        run.restart();
        CHECK(run.compare_model()->now() == 0);
        for (int i = 0; i < 20; i++) run.update(0.5);
        Scenario link = run.scenario();
        CHECK(link.compare);
        CHECK(link.seed == 77);
        CHECK_FALSE(link.compare_values.empty());
        RunController other = make_run(scene);
        REQUIRE(other.apply(link) == "");
        finish_jump(other);
        other.update(0);  // B follows A's clock at the next update
        REQUIRE(other.comparing());
        CHECK(other.seed() == 77);
        CHECK(other.sim_time() == reached);
        CHECK(other.compare_values()->get(id) == value);
        CHECK(values_of(other.compare_metrics()) == values_of(run.compare_metrics()));

        CHECK(run.set_compare_param("no.such.parameter", 1) != "");
        run.set_comparing(false);
        CHECK(run.compare_model() == nullptr);
        CHECK(run.compare_values() == nullptr);
        CHECK(run.set_compare_param(id, value) != "");
    }
}

TEST_CASE("run controller: a parameter that needs a restart restarts the run and says so") {
    for (const std::string& scene : scene_ids()) {
        INFO("scene " << scene);
        RunController run = paused_at(scene, 30);
        const double unit = run.model().natural_time_unit();
        const uint64_t generation = run.generation();
        auto [id, value] = structural_change(run.values().registry());
        REQUIRE_FALSE(id.empty());
        INFO("parameter " << id);
        ParamChange c = run.set_param(id, value);
        CHECK(c.error == "");
        CHECK(c.restarted);
        CHECK(run.values().get(id) == value);
        CHECK(run.sim_time() == 0);
        CHECK(run.furthest() == 0);
        CHECK(run.snapshot_count() == 0);
        CHECK(run.history().times.size() == 1);
        CHECK(run.generation() != generation);  // the parcels are uploaded again

        // A preset restarts too.
        REQUIRE_FALSE(run.values().registry().presets().empty());
        REQUIRE(run.seek(unit * 5) == "");
        finish_jump(run);
        CHECK(run.apply_preset(run.values().registry().presets().front().id) == "");
        CHECK(run.sim_time() == 0);
    }
}

TEST_CASE("run controller: a refused parameter, preset or scenario changes nothing") {
    for (const std::string& scene : scene_ids()) {
        INFO("scene " << scene);
        RunController run = paused_at(scene, 30);
        const std::vector<double> values = run.values().all();
        const std::vector<double> metrics = values_of(run.metrics());
        const double t = run.sim_time();
        const uint64_t generation = run.generation();
        const ParamDef& d = run.values().registry().defs().front();

        ParamChange c = run.set_param(d.id, d.max + (d.max - d.min) + 1);
        CHECK(c.error != "");
        CHECK_FALSE(c.restarted);
        c = run.set_param("no.such.parameter", 1);
        CHECK(c.error != "");
        CHECK(run.apply_preset("no-such-preset") != "");
        Scenario s = run.scenario();
        s.values.push_back({d.id, d.max + (d.max - d.min) + 1});
        CHECK(run.apply(s) != "");

        CHECK(run.values().all() == values);
        CHECK(run.sim_time() == t);
        CHECK(values_of(run.metrics()) == metrics);
        CHECK(run.generation() == generation);
    }
}

TEST_CASE("run controller: the metric history stays bounded over a long run") {
    RunController run = make_run("token");
    double unit = run.model().natural_time_unit();
    run.set_lens(unit);  // one natural unit (one sample) a second
    const int seconds = int(RunController::kMaxHistoryRows) * 2 + 500;  // thinned at least once
    size_t most = 0;
    for (int i = 0; i < seconds; i++) {
        run.update(1.0);
        const tj::MetricHistory& h = run.history();
        most = std::max(most, h.times.size());
        CHECK(h.times.size() < RunController::kMaxHistoryRows);
        CHECK(h.rows.size() == h.times.size());
    }
    const tj::MetricHistory& h = run.history();
    CHECK(most > RunController::kMaxHistoryRows / 2);  // it filled up before it thinned
    CHECK(h.times.front() == 0);
    CHECK(h.times.back() <= run.sim_time());
    CHECK(h.times.back() > run.sim_time() - unit * 8);  // still sampled to the end, if more sparsely
    CHECK(h.times.size() > RunController::kMaxHistoryRows / 8);  // thinned, not emptied
    CHECK(std::is_sorted(h.times.begin(), h.times.end()));
    for (auto& row : h.rows) CHECK(row.size() == h.ids.size());
    CHECK(h.ids.size() == run.metrics().size());
}

TEST_CASE("run controller: the lens is clamped to its range, and a replay stops at its moment and puts the lens back") {
    RunController run = make_run("token");
    const TimeLens& r = run.lens_range();
    CHECK(run.set_lens(r.max_sim_per_s * 10) == r.max_sim_per_s);
    CHECK(run.set_lens(r.min_sim_per_s / 10) == r.min_sim_per_s);
    CHECK(run.set_lens(NAN) == r.min_sim_per_s);
    run.set_lens(r.default_sim_per_s);

    double unit = run.model().natural_time_unit();
    REQUIRE(run.replay_to(unit * 20, 1.0) == "");  // 20 units in about a second
    CHECK(run.playing());
    CHECK(run.sim_time() == 0);
    for (int i = 0; i < 100 && run.playing(); i++) run.update(0.1);
    CHECK_FALSE(run.playing());
    CHECK(run.sim_time() == unit * 20);
    CHECK(run.lens() == r.default_sim_per_s);
}

TEST_CASE("run controller: run_to moves a paused run forward to a time of the caller's clock, never back") {
    RunController run = make_run("token");
    run.set_playing(false);
    const double unit = run.model().natural_time_unit();
    run.run_to(0.37 * unit);
    CHECK(run.sim_time() == 0.37 * unit);
    run.update(0.5);  // paused: the update refreshes and does not move it
    CHECK(run.sim_time() == 0.37 * unit);
    run.run_to(0.1 * unit);  // earlier: ignored
    CHECK(run.sim_time() == 0.37 * unit);
    const uint64_t generation = run.generation();
    run.run_to(2.5 * unit);
    CHECK(run.sim_time() == 2.5 * unit);
    CHECK(run.generation() == generation);  // the same run, not a replay
    run.run_to(run.model().max_time() * 2);  // never past the model's end
    CHECK(run.sim_time() <= run.model().max_time());
}

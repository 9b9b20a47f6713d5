// run_controller.cpp — see run_controller.h.
#include "app/scene/run_controller.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/scenes/scenes.h"
#include "app/platform/heap_use.h"

RunController::RunController(std::unique_ptr<tj::Model> model, TimeLens lens)
    : model_(std::move(model)), setup_{tj::ParamValues(model_->registry())}, lens_range_(lens), lens_(lens.default_sim_per_s) {
    restart();
}

void RunController::restart() {
    model_->reset(setup_.values, setup_.seed);
    if (compare_model_) {  // B restarts with A: both runs share the clock and the seed
        compare_model_->reset(*compare_values_, setup_.seed);
        compare_metrics_ = compare_model_->metrics();
    }
    generation_++;
    metrics_ = model_->metrics();
    history_ = {};
    history_every_ = model_->natural_time_unit();
    history_next_ = 0;
    sample_history();
    snapshots_.clear();
    snapshot_every_ = model_->natural_time_unit() * 20;
    snapshot_next_ = snapshot_every_;
    furthest_ = 0;
}

void RunController::take_snapshot() {
    furthest_ = std::max(furthest_, model_->now());
    if (model_->now() < snapshot_next_) return;
    size_t before = heap_in_use();
    std::unique_ptr<tj::Model> copy = model_->clone();
    if (!copy) return;  // this model cannot copy itself: rewinds replay from the start
    size_t after = heap_in_use();
    snapshots_.push_back({std::move(copy), after > before ? after - before : 0});
    // Over the count or the byte budget: keep every other one, take them half as often.
    while (snapshots_.size() > max_snapshots_ || (snapshots_.size() > 1 && snapshot_bytes() > snapshot_budget_)) {
        size_t w = 0;
        for (size_t r = 1; r < snapshots_.size(); r += 2) snapshots_[w++] = std::move(snapshots_[r]);
        snapshots_.resize(w);
        snapshot_every_ *= 2;
    }
    if (snapshot_bytes() > snapshot_budget_) snapshots_.clear();  // one alone is too large: replay from the start
    snapshot_next_ = model_->now() + snapshot_every_;
}

size_t RunController::snapshot_bytes() const {
    size_t sum = 0;
    for (auto& s : snapshots_) sum += s.bytes;
    return sum;
}

namespace {
bool g_whole_jumps = false;
}  // namespace

void set_whole_jumps(bool on) { g_whole_jumps = on; }

void RunController::set_snapshot_budget(size_t max_count, size_t max_bytes) {
    max_snapshots_ = std::max<size_t>(max_count, 1);
    snapshot_budget_ = max_bytes;
}

void RunController::set_jump_budget(double at_once_s, double per_update_s) {
    jump_at_once_s_ = at_once_s;
    jump_per_update_s_ = per_update_s;
}

std::string RunController::seek(double t) {
    if (std::string why = tj::check_run_time(*model_, t); !why.empty()) return why;
    if (t < model_->now()) {
        // The latest snapshot at or before t, else the start of the run.
        std::unique_ptr<tj::Model> from;
        while (!snapshots_.empty() && snapshots_.back().model->now() > t) snapshots_.pop_back();
        if (!snapshots_.empty()) from = snapshots_.back().model->clone();
        if (from) model_ = std::move(from);
        else model_->reset(setup_.values, setup_.seed);
        snapshot_next_ = model_->now() + snapshot_every_;
        generation_++;
        // History past t belongs to the discarded future.
        size_t keep = size_t(std::upper_bound(history_.times.begin(), history_.times.end(), model_->now()) - history_.times.begin());
        history_.times.resize(keep);
        history_.rows.resize(keep);
        history_next_ = model_->now();
        // B shares A's clock: it starts again and catches up at the next updates.
        if (compare_model_ && compare_model_->now() > model_->now()) {
            compare_model_->reset(*compare_values_, setup_.seed);
            compare_metrics_ = compare_model_->metrics();
        }
    }
    jump_from_ = model_->now();
    jump_to_ = t;
    continue_jump(jump_at_once_s_);
    metrics_ = model_->metrics();
    return "";
}

std::string RunController::replay_to(double t, double real_s) {
    if (std::string why = tj::check_run_time(*model_, t); !why.empty()) return why;
    double lens = t / std::max(real_s, 1e-3);
    if (lens > lens_range_.max_sim_per_s) {  // too long to watch: jump through it
        setup_.playing = false;
        stop_at_ = -1;
        seek(0);
        return seek(t);
    }
    std::string err = seek(0);
    if (!err.empty()) return err;
    lens_after_stop_ = lens_;
    lens_ = std::max(lens, lens_range_.min_sim_per_s);
    stop_at_ = t;
    setup_.playing = true;
    return "";
}

void RunController::continue_jump(double wall_s) {
    using clock = std::chrono::steady_clock;
    const auto until = clock::now() + std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(wall_s));
    while (jump_to_ >= 0) {
        bool done = model_->advance_to(jump_to_, kEventBudgetPerFrame / 4);
        metrics_ = model_->metrics();
        sample_history();
        take_snapshot();
        if (done || model_->now() >= jump_to_) jump_to_ = -1;
        else if (!g_whole_jumps && clock::now() >= until) break;
    }
}

double RunController::jump_progress() const {
    if (jump_to_ < 0) return -1;
    double span = jump_to_ - jump_from_;
    return span > 0 ? std::clamp((model_->now() - jump_from_) / span, 0.0, 1.0) : 1;
}

void RunController::sample_history() {
    if (model_->now() < history_next_) return;
    if (history_.ids.empty())
        for (auto& m : metrics_) history_.ids.push_back(m.id);
    std::vector<double> row;
    row.reserve(history_.ids.size());
    for (size_t k = 0; k < history_.ids.size(); k++)  // metrics keep their order: look up only if not
        row.push_back(k < metrics_.size() && metrics_[k].id == history_.ids[k] ? metrics_[k].value
                                                                              : tj::metric_value(metrics_, history_.ids[k]));
    history_.times.push_back(model_->now());
    history_.rows.push_back(std::move(row));
    if (history_.times.size() >= kMaxHistoryRows) {  // keep every other row and sample half as often
        size_t w = 1;  // row 0 stays where it is (moving a row onto itself would empty it)
        for (size_t r = 2; r < history_.times.size(); r += 2, w++) {
            history_.times[w] = history_.times[r];
            history_.rows[w] = std::move(history_.rows[r]);
        }
        history_.times.resize(w);
        history_.rows.resize(w);
        history_every_ *= 2;
    }
    history_next_ = model_->now() + history_every_;
}

ParamChange RunController::set_param(const std::string& id, double value) {
    ParamChange c;
    c.error = setup_.values.set(id, value);
    if (!c.error.empty()) return c;
    int i = setup_.values.registry().find(id);
    bool structural = setup_.values.registry()[size_t(i)].structural;
    if (structural || !model_->update_values(setup_.values)) {
        restart();
        c.restarted = true;
    }
    return c;
}

std::string RunController::apply_preset(const std::string& preset_id) {
    const tj::Preset* p = setup_.values.registry().find_preset(preset_id);
    if (!p) return "unknown preset '" + preset_id + "'";
    std::string err = setup_.values.apply(*p);
    if (!err.empty()) return err;
    restart();
    return "";
}

double RunController::set_lens(double sim_per_s) {
    if (std::isfinite(sim_per_s)) lens_ = std::clamp(sim_per_s, lens_range_.min_sim_per_s, lens_range_.max_sim_per_s);
    return lens_;
}

void RunController::step() {
    setup_.playing = false;
    model_->advance_to(model_->now() + model_->natural_time_unit(), kEventBudgetPerFrame);
    metrics_ = model_->metrics();
}

void RunController::run_to(double t) {
    if (t > model_->now()) behind_ = !model_->advance_to(std::min(t, model_->max_time()), kEventBudgetPerFrame);
}

tj::Scenario RunController::scenario() const {
    // The time a jump is heading for, so a link taken mid-jump replays to it.
    tj::Scenario s = tj::make_scenario(model_->scene_id(), setup_.values, setup_.seed, jump_to_ >= 0 ? jump_to_ : model_->now());
    if (compare_model_) {
        s.compare = true;
        s.compare_values = tj::make_scenario(model_->scene_id(), *compare_values_, setup_.seed, 0).values;
    }
    if (lens_ != lens_range_.default_sim_per_s) s.lens = lens_;
    return s;
}

std::string RunController::apply(const tj::Scenario& s) {
    if (std::string why = tj::check_run_time(*model_, s.time); !why.empty()) return why;
    // Everything is checked on copies first: a refusal changes nothing.
    tj::ParamValues a = setup_.values, b = setup_.values;
    std::string err = tj::apply_scenario(s, a);
    if (err.empty() && s.compare) {
        tj::Scenario bs = s;
        bs.values = s.compare_values;
        if (std::string e = tj::apply_scenario(bs, b); !e.empty()) err = "B: " + e;
    }
    if (!err.empty()) return err;
    setup_.values = a;
    setup_.seed = s.seed;
    set_comparing(false);
    if (s.compare) {
        set_comparing(true);
        if (compare_values_) *compare_values_ = b;
    }
    lens_ = s.lens > 0 ? std::clamp(s.lens, lens_range_.min_sim_per_s, lens_range_.max_sim_per_s)
                       : lens_range_.default_sim_per_s;
    stop_at_ = -1;
    restart();
    return seek(s.time);  // replays to the link's time; a long way goes on over updates
}

void RunController::update(double real_dt) {
    if (jump_to_ >= 0) {
        continue_jump(jump_per_update_s_);
    } else if (setup_.playing) {
        // Targets are taken from the model's own clock, so a frame that could not
        // finish does not pile up debt for the next ones.
        double target = model_->now() + real_dt * lens_;
        if (stop_at_ >= 0) target = std::min(target, stop_at_);
        behind_ = !model_->advance_to(target, kEventBudgetPerFrame);
        if (stop_at_ >= 0 && model_->now() >= stop_at_) {  // a replay reached its moment
            setup_.playing = false;
            stop_at_ = -1;
            lens_ = lens_after_stop_;
        }
    }
    if (compare_model_) {
        compare_model_->advance_to(model_->now(), kEventBudgetPerFrame);
        compare_metrics_ = compare_model_->metrics();
    }
    metrics_ = model_->metrics();
    sample_history();
    take_snapshot();
}

void RunController::set_comparing(bool on) {
    if (!on) {
        compare_model_.reset();
        compare_values_.reset();
        return;
    }
    if (compare_model_) return;
    compare_model_ = tj::make_model(model_->scene_id());
    if (!compare_model_) return;
    compare_values_ = std::make_unique<tj::ParamValues>(setup_.values);
    restart();
}

std::string RunController::set_compare_param(const std::string& id, double value) {
    if (!compare_model_) return "not comparing";
    std::string err = compare_values_->set(id, value);
    if (err.empty()) restart();  // A and B restart together, so they stay comparable
    return err;
}

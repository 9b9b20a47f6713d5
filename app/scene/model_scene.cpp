// model_scene.cpp — see model_scene.h.
#include "app/scene/model_scene.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/scenes/scenes.h"
#include "app/platform/heap_use.h"
#include "app/ui/format.h"
#include "app/ui/i18n.h"
#include "app/ui/font.h"
#include "imgui.h"
#include "app/render/parcel_fold.h"

namespace {
// Events one frame may process: enough for every lens on a slow machine, small
// enough that a frame never stalls. A frame that hits it says "catching up".
constexpr uint64_t kEventBudgetPerFrame = 150000;
// A time jump: what runs at once (so short jumps finish within the call that asked
// for them), and what each later frame spends on it (the page stays responsive).
constexpr double kJumpAtOnceSeconds = 0.25;
constexpr double kJumpPerFrameSeconds = 0.03;
// Rewind snapshots: at most this many, and at most this many bytes in all (the
// chain at its heaviest settings is tens of MB a copy).
constexpr size_t kMaxSnapshots = 24;
constexpr size_t kSnapshotBudget = size_t(96) << 20;
}  // namespace

ModelScene::ModelScene(std::unique_ptr<tj::Model> model, TimeLens lens)
    : model_(std::move(model)), values_(model_->registry()), lens_range_(lens), lens_(lens.default_sim_per_s) {
    std::string err;
    renderer_.init(&err);
    if (!err.empty()) status_ = err;
    restart();
}

ModelScene::~ModelScene() { renderer_.shutdown(); }

void ModelScene::restart() {
    model_->reset(values_, seed_);
    if (compare_) {  // B restarts with A: both runs share the clock and the seed
        compare_->reset(*compare_values_, seed_);
        compare_metrics_ = compare_->metrics();
    }
    uploaded_version_ = ~0ull;
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

void ModelScene::take_snapshot() {
    furthest_ = std::max(furthest_, model_->now());
    if (model_->now() < snapshot_next_) return;
    size_t before = heap_in_use();
    std::unique_ptr<tj::Model> copy = model_->clone();
    if (!copy) return;  // this model cannot copy itself: rewinds replay from the start
    size_t after = heap_in_use();
    snapshots_.push_back({std::move(copy), after > before ? after - before : 0});
    // Over the count or the byte budget: keep every other one, take them half as often.
    while (snapshots_.size() > kMaxSnapshots || (snapshots_.size() > 1 && snapshot_bytes() > kSnapshotBudget)) {
        size_t w = 0;
        for (size_t r = 1; r < snapshots_.size(); r += 2) snapshots_[w++] = std::move(snapshots_[r]);
        snapshots_.resize(w);
        snapshot_every_ *= 2;
    }
    if (snapshot_bytes() > kSnapshotBudget) snapshots_.clear();  // one alone is too large: replay from the start
    snapshot_next_ = model_->now() + snapshot_every_;
}

size_t ModelScene::snapshot_bytes() const {
    size_t sum = 0;
    for (auto& s : snapshots_) sum += s.bytes;
    return sum;
}

std::string ModelScene::seek(double t) {
    if (std::string why = tj::check_run_time(*model_, t); !why.empty()) return why;
    if (t < model_->now()) {
        // The latest snapshot at or before t, else the start of the run.
        std::unique_ptr<tj::Model> from;
        while (!snapshots_.empty() && snapshots_.back().model->now() > t) snapshots_.pop_back();
        if (!snapshots_.empty()) from = snapshots_.back().model->clone();
        if (from) model_ = std::move(from);
        else model_->reset(values_, seed_);
        snapshot_next_ = model_->now() + snapshot_every_;
        uploaded_version_ = ~0ull;
        // History past t belongs to the discarded future.
        size_t keep = size_t(std::upper_bound(history_.times.begin(), history_.times.end(), model_->now()) - history_.times.begin());
        history_.times.resize(keep);
        history_.rows.resize(keep);
        history_next_ = model_->now();
    }
    jump_from_ = model_->now();
    jump_to_ = t;
    continue_jump(kJumpAtOnceSeconds);
    metrics_ = model_->metrics();
    return "";
}

std::string ModelScene::replay_to(double t, double real_s) {
    if (std::string why = tj::check_run_time(*model_, t); !why.empty()) return why;
    double lens = t / std::max(real_s, 1e-3);
    if (lens > lens_range_.max_sim_per_s) {  // too long to watch: jump through it
        playing_ = false;
        stop_at_ = -1;
        seek(0);
        return seek(t);
    }
    std::string err = seek(0);
    if (!err.empty()) return err;
    lens_after_stop_ = lens_;
    lens_ = std::max(lens, lens_range_.min_sim_per_s);
    stop_at_ = t;
    playing_ = true;
    return "";
}

void ModelScene::continue_jump(double wall_s) {
    using clock = std::chrono::steady_clock;
    const auto until = clock::now() + std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(wall_s));
    while (jump_to_ >= 0) {
        bool done = model_->advance_to(jump_to_, kEventBudgetPerFrame / 4);
        metrics_ = model_->metrics();
        sample_history();
        take_snapshot();
        if (done || model_->now() >= jump_to_) jump_to_ = -1;
        else if (clock::now() >= until) break;
    }
}

double ModelScene::jump_progress() const {
    if (jump_to_ < 0) return -1;
    double span = jump_to_ - jump_from_;
    return span > 0 ? std::clamp((model_->now() - jump_from_) / span, 0.0, 1.0) : 1;
}

void ModelScene::timeline_scrubber() {
    if (!(furthest_ > 0)) return;
    float t = float(model_->now() / furthest_);
    std::string label = tr("run.rewind") + format_duration(model_->now(), language()) + " / " +
                        format_duration(furthest_, language());
    ImGui::SetNextItemWidth(-1);
    ImGui::SliderFloat("##timeline", &t, 0, 1, label.c_str());
    if (ImGui::IsItemDeactivatedAfterEdit()) {
        status_ = seek(double(t) * furthest_);
        set_playing(false);
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr("run.rewind_help"));
}

void ModelScene::sample_history() {
    constexpr size_t kMaxRows = 2000;
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
    if (history_.times.size() >= kMaxRows) {  // keep every other row and sample half as often
        size_t w = 0;
        for (size_t r = 0; r < history_.times.size(); r += 2, w++) {
            history_.times[w] = history_.times[r];
            history_.rows[w] = std::move(history_.rows[r]);
        }
        history_.times.resize(w);
        history_.rows.resize(w);
        history_every_ *= 2;
    }
    history_next_ = model_->now() + history_every_;
}

void ModelScene::reset() {
    restart();
    status_.clear();
}

std::string ModelScene::set_param(const std::string& id, double value) {
    std::string err = values_.set(id, value);
    if (!err.empty()) {
        status_ = err;
        return err;
    }
    int i = values_.registry().find(id);
    bool structural = values_.registry()[size_t(i)].structural;
    if (structural || !model_->update_values(values_)) {
        restart();
        status_ = tr("run.restarted");
    } else {
        status_.clear();
    }
    return "";
}

std::string ModelScene::apply_preset(const std::string& preset_id) {
    const tj::Preset* p = values_.registry().find_preset(preset_id);
    if (!p) return "unknown preset '" + preset_id + "'";
    std::string err = values_.apply(*p);
    if (!err.empty()) return err;
    restart();
    status_ = tr("run.preset") + pick(p->label_en, p->label_zh);
    return "";
}

double ModelScene::set_lens(double sim_per_s) {
    if (std::isfinite(sim_per_s)) lens_ = std::clamp(sim_per_s, lens_range_.min_sim_per_s, lens_range_.max_sim_per_s);
    return lens_;
}

tj::Scenario ModelScene::scenario() const {
    // The time a jump is heading for, so a link taken mid-jump replays to it.
    tj::Scenario s = tj::make_scenario(id(), values_, seed_, jump_to_ >= 0 ? jump_to_ : model_->now());
    if (compare_) {
        s.compare = true;
        s.compare_values = tj::make_scenario(id(), *compare_values_, seed_, 0).values;
    }
    if (lens_ != lens_range_.default_sim_per_s) s.lens = lens_;
    return s;
}

std::string ModelScene::apply(const tj::Scenario& s) {
    if (std::string why = tj::check_run_time(*model_, s.time); !why.empty()) return why;
    // Everything is checked on copies first: a refusal changes nothing.
    tj::ParamValues a = values_, b = values_;
    std::string err = tj::apply_scenario(s, a);
    if (err.empty() && s.compare) {
        tj::Scenario bs = s;
        bs.values = s.compare_values;
        if (std::string e = tj::apply_scenario(bs, b); !e.empty()) err = "B: " + e;
    }
    if (!err.empty()) return err;
    values_ = a;
    seed_ = s.seed;
    set_comparing(false);
    if (s.compare) {
        set_comparing(true);
        if (compare_values_) *compare_values_ = b;
    }
    lens_ = s.lens > 0 ? std::clamp(s.lens, lens_range_.min_sim_per_s, lens_range_.max_sim_per_s)
                       : lens_range_.default_sim_per_s;
    stop_at_ = -1;
    restart();
    return seek(s.time);  // replays to the link's time; a long way goes on over frames
}

void ModelScene::update(double real_dt) {
    if (jump_to_ >= 0) {
        continue_jump(kJumpPerFrameSeconds);
    } else if (playing_) {
        // Targets are taken from the model's own clock, so a frame that could not
        // finish does not pile up debt for the next ones.
        double target = model_->now() + real_dt * lens_;
        if (stop_at_ >= 0) target = std::min(target, stop_at_);
        behind_ = !model_->advance_to(target, kEventBudgetPerFrame);
        if (stop_at_ >= 0 && model_->now() >= stop_at_) {  // a replay reached its moment
            playing_ = false;
            stop_at_ = -1;
            lens_ = lens_after_stop_;
        }
    }
    if (compare_) {
        compare_->advance_to(model_->now(), kEventBudgetPerFrame);
        compare_metrics_ = compare_->metrics();
    }
    metrics_ = model_->metrics();
    sample_history();
    take_snapshot();
}

void ModelScene::draw_parcels(const FrameInput& in) {
    tj::SegmentBuffer& segs = model_->segments();
    double unit = model_->natural_time_unit();
    const float px_per_world = view_.zoom() * in.fb_scale;  // framebuffer pixels, as the shader draws
    if (segs.version() != uploaded_version_ || px_per_world != uploaded_px_per_world_) {
        upload_base_ = model_->now();
        scratch_.clear();
        for (const tj::Segment& s : segs.items()) {
            ImVec2 a = station_position(s.from), b = station_position(s.to);
            ParcelStyle st = parcel_style(s.kind);
            float size = s.count > 1 ? -st.size_px * kFoldedParcelScale : st.size_px;
            scratch_.push_back({a.x, a.y, b.x, b.y, float((s.depart - upload_base_) / unit),
                                float((s.arrive - upload_base_) / unit), st.rgba, size, float(st.shape)});
        }
        fold_overlapping(scratch_, px_per_world);
        renderer_.upload(scratch_);
        uploaded_version_ = segs.version();
        uploaded_px_per_world_ = px_per_world;
        drawn_ = scratch_.size();
    }
    if (focus_pending_) {
        focus_pending_ = false;
        if (focus_station_ < 0) view_.fit();
        else {
            ImVec2 p = marker_position(size_t(focus_station_));
            view_.look_at(p.x, p.y, focus_zoom_);
        }
    }
    if (highlight_ >= 0) {  // a pulsing ring: "look here"
        ImVec2 c = marker_position(size_t(highlight_));
        ImVec2 sc = view_.to_screen(c.x, c.y);
        float pulse = 0.5f + 0.5f * std::sin(float(ImGui::GetTime()) * 4.0f);
        float r = ImGui::GetFontSize() * (3.2f + 0.6f * pulse);
        ImGui::GetForegroundDrawList()->AddCircle(sc, r, IM_COL32(240, 228, 66, 255), 48, 4.0f);
    }
    in.parcels->add(ImGui::GetBackgroundDrawList(), &renderer_, float((model_->now() - upload_base_) / unit),
                    view_.gl_view(in.fb_scale), in.fb_w, in.fb_h);
}

int ModelScene::station_index(const std::string& id) const {
    const auto& st = model_->stations();
    for (size_t i = 0; i < st.size(); i++)
        if (st[i].id == id) return int(i);
    return -1;
}

void ModelScene::focus(const std::string& station_id, float zoom) {
    // Resolved when the map is next drawn: a scene may lay its stations out then.
    focus_station_ = station_index(station_id);
    focus_zoom_ = zoom;
    focus_pending_ = true;
}

void ModelScene::transport_controls() {
    if (ImGui::Button(playing_ ? tr("ctl.pause") : tr("ctl.play"))) playing_ = !playing_;
    ImGui::SameLine();
    if (ImGui::Button(tr("ctl.step"))) {
        playing_ = false;
        model_->advance_to(model_->now() + model_->natural_time_unit(), kEventBudgetPerFrame);
        metrics_ = model_->metrics();
    }
    ImGui::SameLine();
    if (ImGui::Button(tr("ctl.reset"))) reset();
    ImGui::SameLine();
    ImGui::TextDisabled("t = %s", format_duration(model_->now(), language()).c_str());

    // The lens as a log slider; its label is the lens in words.
    float t = float(std::log(lens_ / lens_range_.min_sim_per_s) /
                    std::log(lens_range_.max_sim_per_s / lens_range_.min_sim_per_s));
    std::string words = describe_time_lens(lens_, lens_range_.where_en, lens_range_.where_zh, language());
    ImGui::SetNextItemWidth(-1);
    if (ImGui::SliderFloat("##lens", &t, 0, 1, words.c_str()))
        set_lens(lens_range_.min_sim_per_s * std::pow(lens_range_.max_sim_per_s / lens_range_.min_sim_per_s, double(t)));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("ctl.speed"));
    timeline_scrubber();
    if (behind_) ImGui::TextColored({1, 0.7f, 0.3f, 1}, "%s", tr("run.behind"));
    if (!status_.empty()) text_wrapped(status_);
}

void ModelScene::parameter_controls() {
    const tj::ParamRegistry& reg = values_.registry();
    // Preset pickers, one per kind ("hardware", "model", ...), with sources on hover.
    std::vector<std::string> kinds;
    for (auto& p : reg.presets())
        if (std::find(kinds.begin(), kinds.end(), p.kind) == kinds.end()) kinds.push_back(p.kind);
    for (auto& kind : kinds) {
        ImGui::PushID(kind.c_str());
        ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
        std::string key = "preset." + kind;  // the kind's name from the string table
        std::string title = tr("run.preset") + std::string(tr(key.c_str()));
        if (ImGui::BeginCombo("##preset", title.c_str())) {
            for (auto& p : reg.presets()) {
                if (p.kind != kind) continue;
                if (ImGui::Selectable(pick(p.label_en, p.label_zh).c_str())) apply_preset(p.id);
                if (ImGui::IsItemHovered() && !p.source.empty()) {
                    ImGui::BeginTooltip();
                    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
                    ImGui::Text("%s: %s", tr("ctl.source"), p.source.c_str());
                    ImGui::PopTextWrapPos();
                    ImGui::EndTooltip();
                }
            }
            ImGui::EndCombo();
        }
        ImGui::PopID();
    }
    param_panel(panel_, values_, [this](const std::string& id, double v) { return set_param(id, v); });
}

void ModelScene::metrics_table(const std::vector<std::string>& ids) {
    if (!ImGui::BeginTable("metrics", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    for (const tj::Metric& m : metrics_) {
        if (!ids.empty() && std::find(ids.begin(), ids.end(), m.id) == ids.end()) continue;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(pick(m.label_en.empty() ? m.id : m.label_en, m.label_zh).c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", m.id.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(format_metric(m.id, m.value, m.unit, language()).c_str());
    }
    ImGui::EndTable();
}

void ModelScene::station_card(size_t station, const std::vector<std::string>& live_lines) {
    const auto& st = model_->stations();
    if (station >= st.size()) return;
    ImGui::BeginTooltip();
    float width = ImGui::GetFontSize() * 26;
    text_wrapped(pick(st[station].label_en, st[station].label_zh), 0, width);
    ImGui::Separator();
    for (auto& l : live_lines) text_wrapped(join_magnitudes(l), 0, width);
    if (!st[station].lesson_en.empty()) {
        ImGui::Spacing();
        text_wrapped(pick(st[station].lesson_en, st[station].lesson_zh), ImGui::GetColorU32(ImGuiCol_TextDisabled), width);
    }
    ImGui::EndTooltip();
}

std::vector<std::string> ModelScene::texts() const {
    std::vector<std::string> t;
    const tj::ParamRegistry& reg = values_.registry();
    for (auto& d : reg.defs()) {
        t.insert(t.end(), {d.label_zh, d.help_zh});
        t.insert(t.end(), d.choices_zh.begin(), d.choices_zh.end());
    }
    for (auto& g : reg.groups()) t.push_back(g.label_zh);
    for (auto& p : reg.presets()) t.push_back(p.label_zh);
    for (auto& s : model_->stations()) t.insert(t.end(), {s.label_zh, s.lesson_zh});
    for (auto& m : metrics_) t.push_back(m.label_zh);
    return t;
}

void ModelScene::set_comparing(bool on) {
    if (!on) {
        compare_.reset();
        compare_values_.reset();
        return;
    }
    if (compare_) return;
    compare_ = tj::make_model(id());
    if (!compare_) return;
    compare_values_ = std::make_unique<tj::ParamValues>(values_);
    restart();
}

std::string ModelScene::set_compare_param(const std::string& id, double value) {
    if (!compare_) return "not comparing";
    std::string err = compare_values_->set(id, value);
    if (err.empty()) restart();  // A and B restart together, so they stay comparable
    return err;
}

void ModelScene::draw_compare(const FrameInput& in) {
    if (!compare_) return;
    float fs = ImGui::GetFontSize();
    ImGui::SetNextWindowPos({in.origin.x + in.size.x * 0.5f, in.origin.y + fs}, ImGuiCond_FirstUseEver, {0.5f, 0});
    ImGui::SetNextWindowSize({fs * 34, fs * 24}, ImGuiCond_FirstUseEver);
    bool open = true;
    ImGui::Begin((std::string(tr("compare.title")) + "###compare").c_str(), &open);
    ImGui::TextWrapped("%s", tr("compare.intro"));
    if (ImGui::BeginTable("ab", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp,
                          {0, fs * 12})) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn(tr("compare.metric"));
        ImGui::TableSetupColumn("A");
        ImGui::TableSetupColumn("B");
        ImGui::TableSetupColumn(tr("compare.b_vs_a"));
        ImGui::TableHeadersRow();
        for (const tj::Metric& a : metrics_) {
            double b = tj::metric_value(compare_metrics_, a.id, NAN);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(pick(a.label_en.empty() ? a.id : a.label_en, a.label_zh).c_str());
            ImGui::TableNextColumn();
            ImGui::Text("%.4g %s", a.value, a.unit.c_str());
            ImGui::TableNextColumn();
            ImGui::Text("%.4g %s", b, a.unit.c_str());
            ImGui::TableNextColumn();
            if (a.value != 0 && std::isfinite(b)) {
                double d = (b - a.value) / std::fabs(a.value) * 100;
                ImVec4 c = std::fabs(d) < 0.05 ? ImVec4(0.6f, 0.6f, 0.6f, 1) : ImVec4(0.94f, 0.89f, 0.26f, 1);
                ImGui::TextColored(c, "%+.1f%%", d);
            }
        }
        ImGui::EndTable();
    }
    ImGui::Separator();
    ImGui::TextUnformatted(tr("compare.params_b"));
    param_panel(compare_panel_, *compare_values_, [this](const std::string& id, double v) { return set_compare_param(id, v); });
    ImGui::End();
    if (!open) set_comparing(false);
}

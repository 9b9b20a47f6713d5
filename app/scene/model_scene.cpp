// model_scene.cpp — see model_scene.h.
#include "app/scene/model_scene.h"

#include <algorithm>
#include <cstdio>
#include <cmath>

#include "app/scene/compare_race.h"
#include "app/ui/draw.h"
#include "app/ui/format.h"
#include "app/ui/i18n.h"
#include "app/ui/map_labels.h"
#include "app/ui/palette.h"
#include "app/ui/font.h"
#include "imgui.h"

ModelScene::ModelScene(std::unique_ptr<tj::Model> model, TimeLens lens) : run_(std::move(model), lens) {
    status_ = parcels_.error();
}

ModelScene::~ModelScene() = default;

void ModelScene::timeline_scrubber() {
    const double furthest = run_.furthest(), now = run_.sim_time();
    if (!(furthest > 0)) return;
    float t = float(now / furthest);
    std::string label = tr("run.rewind") + format_duration(now, language()) + " / " +
                        format_duration(furthest, language());
    ImGui::SetNextItemWidth(-1);
    ImGui::SliderFloat("##timeline", &t, 0, 1, label.c_str());
    slider_position_ticks(t);
    if (ImGui::IsItemDeactivatedAfterEdit()) {
        status_ = seek(double(t) * furthest);
        set_playing(false);
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr("run.rewind_help"));
}

void ModelScene::reset() {
    run_.restart();
    status_.clear();
}

std::string ModelScene::set_param(const std::string& id, double value) {
    ParamChange c = run_.set_param(id, value);
    if (!c.error.empty()) status_ = c.error;
    else if (c.restarted) status_ = tr("run.restarted");
    else status_.clear();
    return c.error;
}

std::string ModelScene::apply_preset(const std::string& preset_id) {
    std::string err = run_.apply_preset(preset_id);
    if (!err.empty()) return err;
    const tj::Preset* p = run_.values().registry().find_preset(preset_id);
    status_ = tr("run.preset") + pick(p->label_en, p->label_zh);
    return "";
}

void ModelScene::draw_parcels(const FrameInput& in) {
    if (focus_pending_) {
        focus_pending_ = false;
        WorldBox box;
        if (focus_place_.empty() || !marker_box(focus_place_, &box)) view_.fit();
        else view_.look_at((box.min_x + box.max_x) * 0.5f, (box.min_y + box.max_y) * 0.5f, focus_zoom_);
    }
    WorldBox box;
    if (!highlight_.empty() && marker_box(highlight_, &box)) {
        // A pulsing outline around the place and its labels: "look here", over none of its figures.
        float fs = ImGui::GetFontSize(), pulse = 0.5f + 0.5f * std::sin(float(ImGui::GetTime()) * 4.0f);
        float pad = fs * (0.35f + 0.25f * pulse);
        ImVec2 a = view_.to_screen(box.min_x, box.min_y), b = view_.to_screen(box.max_x, box.max_y);
        for (const MapLabelBox& l : seen_.labels)  // its words as placed, wider than its box on a phone
            if (l.id == highlight_) a = {std::min(a.x, l.min.x), std::min(a.y, l.min.y)}, b = {std::max(b.x, l.max.x), std::max(b.y, l.max.y)};
        seen_.ring = true;
        seen_.ring_min = {a.x - pad, a.y - pad};
        seen_.ring_max = {b.x + pad, b.y + pad};
        if (seen_.map_max.x > seen_.map_min.x) {  // whole inside the map's area (last frame's), its line and all
            const float in = 3;
            seen_.ring_min = {std::max(seen_.ring_min.x, seen_.map_min.x + in), std::max(seen_.ring_min.y, seen_.map_min.y + in)};
            seen_.ring_max = {std::min(seen_.ring_max.x, seen_.map_max.x - in), std::min(seen_.ring_max.y, seen_.map_max.y - in)};
        }
        // Under the map's words (drawn after it) and inside the map's clip: a ring wider than
        // its station on a phone crosses a neighbour's name without covering it.
        ImDrawList* dl = ImGui::GetBackgroundDrawList();
        dl->AddRect(seen_.ring_min, seen_.ring_max, IM_COL32(240, 228, 66, 70), fs * 0.6f, 0, 10.0f);  // a glow, seen from afar
        dl->AddRect(seen_.ring_min, seen_.ring_max, IM_COL32(240, 228, 66, 255), fs * 0.6f, 0, 4.0f);
    }
    const bool held = answer_hidden() && parcels_held();
    if (!held)
        parcels_.draw(model_mut(), run_.generation(), [this](size_t i) { return station_position(i); },
                      [this](uint16_t k) { return parcel_style(k); }, view_, in);
    seen_.parcels = held ? 0 : parcels_.drawn();
    seen_.has_view = true;
    seen_.zoom = view_.zoom();
    seen_.pan = view_.pan();
    seen_.stations.clear();
    const auto& st = model().stations();
    for (size_t i = 0; i < st.size(); i++) {
        ImVec2 w = station_position(i);
        seen_.stations.push_back({st[i].id, view_.to_screen(w.x, w.y)});
    }
}

int ModelScene::station_index(const std::string& id) const {
    const auto& st = model().stations();
    for (size_t i = 0; i < st.size(); i++)
        if (st[i].id == id) return int(i);
    return -1;
}

void ModelScene::focus(const std::string& place_id, float zoom) {
    // Resolved when the map is next drawn: a scene may lay its stations out then.
    focus_place_ = place_id;
    focus_zoom_ = zoom;
    focus_pending_ = true;
    hover_armed_ = false;  // the map moves under a pointer that stays where it was
}

bool ModelScene::hover_wanted() {
    const ImGuiIO& io = ImGui::GetIO();
    hover_armed_ = hover_armed_ || io.MouseDelta.x != 0 || io.MouseDelta.y != 0;
    return hover_armed_ && !io.WantCaptureMouse;
}

void ModelScene::transport_controls() {
    if (ImGui::Button(playing() ? tr("ctl.pause") : tr("ctl.play"))) run_.set_playing(!playing());
    ImGui::SameLine();
    if (ImGui::Button(tr("ctl.step"))) run_.step();
    ImGui::SameLine();
    if (ImGui::Button(tr("ctl.reset"))) reset();
    ImGui::SameLine();
    ImGui::TextDisabled("t = %s", format_duration(run_.sim_time(), language()).c_str());

    // The lens as a log slider; its label is the lens in words.
    const TimeLens& range = run_.lens_range();
    float t = float(std::log(lens() / range.min_sim_per_s) / std::log(range.max_sim_per_s / range.min_sim_per_s));
    std::string words = describe_time_lens(lens(), range.where_en, range.where_zh, language());
    // A narrow panel's slider takes the brief form, not the whole cut at its edge ("…on the
    // chi"); its tooltip says what the lens is.
    if (ImGui::CalcTextSize(words.c_str()).x > ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().FramePadding.x)
        words = describe_time_lens(lens(), range.where_en, range.where_zh, language(), true);
    ImGui::SetNextItemWidth(-1);
    const bool moved = ImGui::SliderFloat("##lens", &t, 0, 1, words.c_str());
    slider_position_ticks(t);
    if (moved) set_lens(range.min_sim_per_s * std::pow(range.max_sim_per_s / range.min_sim_per_s, double(t)));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("ctl.speed"));
    timeline_scrubber();
    if (run_.behind()) ImGui::TextColored({1, 0.7f, 0.3f, 1}, "%s", tr("run.behind"));
    if (!status_.empty()) text_wrapped(status_);
}

const tj::Preset* ModelScene::preset_in_use(const std::string& kind) const {
    for (const tj::Preset& p : values().registry().presets())
        if (p.kind == kind && values().matches(p)) return &p;
    return nullptr;
}

void ModelScene::parameter_controls() {
    const tj::ParamRegistry& reg = values().registry();
    // Preset pickers, one per kind ("hardware", "model", ...), with sources on hover.
    std::vector<std::string> kinds;
    for (auto& p : reg.presets())
        if (std::find(kinds.begin(), kinds.end(), p.kind) == kinds.end()) kinds.push_back(p.kind);
    for (auto& kind : kinds) {
        ImGui::PushID(kind.c_str());
        // The kind's name from the string table, and the preset in use ("hardware: NVIDIA H100 SXM").
        std::string key = "preset." + kind;
        const tj::Preset* in_use = preset_in_use(kind);
        char title_buf[256];
        std::snprintf(title_buf, sizeof title_buf, tr("run.preset_in_use"), tr(key.c_str()),
                      in_use ? pick(in_use->label_en, in_use->label_zh).c_str() : tr("run.preset_by_hand"));
        std::string title = title_buf;
        // Wide enough for its title, as far as the panel allows; a title still wider drops
        // its last aside ("(illustrative)"), then its kind, rather than be cut at the arrow
        // (the whole title is the combo's tooltip).
        const float avail = ImGui::GetContentRegionAvail().x;
        auto fit = [](const std::string& s) {
            return ImGui::CalcTextSize(s.c_str()).x + ImGui::GetFrameHeight() + 2 * ImGui::GetStyle().FramePadding.x;
        };
        std::string shown = title;
        if (in_use)
            for (const std::string& shorter : {without_aside(title), without_aside(pick(in_use->label_en, in_use->label_zh))})
                if (fit(shown) > avail) shown = shorter;
        ImGui::SetNextItemWidth(std::min(avail, std::max(avail * 0.6f, fit(shown))));
        const bool open = ImGui::BeginCombo("##preset", shown.c_str());
        if (!open && shown != title && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", title.c_str());
        if (open) {
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
        if (const std::string note = preset_note(kind); !note.empty())
            text_wrapped(note, ImGui::GetColorU32(ImGuiCol_TextDisabled));
        ImGui::PopID();
    }
    param_panel(panel_, values(), [this](const std::string& id, double v) { return set_param(id, v); });
    seen_.param_controls = panel_.controls;
}

void ModelScene::metrics_table(const std::vector<std::string>& ids) {
    if (!ImGui::BeginTable("metrics", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    for (const tj::Metric& m : run_.metrics()) {
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
    const auto& st = model().stations();
    if (station >= st.size()) return;
    seen_.card_station = st[station].id;
    ImGui::BeginTooltip();
    // As wide as a phone allows: the card stays whole on a narrow screen.
    float width = std::min(ImGui::GetFontSize() * 26, ImGui::GetMainViewport()->Size.x - ImGui::GetFontSize() * 2);
    text_wrapped(pick(st[station].label_en, st[station].label_zh), 0, width);
    ImGui::Separator();
    for (auto& l : live_lines) text_wrapped(join_magnitudes(l), 0, width);
    if (!st[station].lesson_en.empty()) {
        ImGui::Spacing();
        text_wrapped(pick(st[station].lesson_en, st[station].lesson_zh), ImGui::GetColorU32(ImGuiCol_TextDisabled), width);
    }
    ImGui::EndTooltip();
}

std::vector<StationText> ModelScene::station_texts() const {
    std::vector<StationText> out;
    const std::vector<tj::StationInfo>& st = model().stations();
    const std::vector<tj::Metric> ms = metrics();
    for (size_t i = 0; i < st.size(); i++)
        out.push_back({st[i].id, pick(st[i].label_en, st[i].label_zh), pick(st[i].lesson_en, st[i].lesson_zh),
                       station_lines(model(), ms, i)});
    return out;
}

std::vector<std::string> ModelScene::texts() const {
    std::vector<std::string> t;
    const tj::ParamRegistry& reg = values().registry();
    for (auto& d : reg.defs()) {
        t.insert(t.end(), {d.label_zh, d.help_zh});
        t.insert(t.end(), d.choices_zh.begin(), d.choices_zh.end());
    }
    for (auto& g : reg.groups()) t.push_back(g.label_zh);
    for (auto& p : reg.presets()) t.push_back(p.label_zh);
    for (auto& s : model().stations()) t.insert(t.end(), {s.label_zh, s.lesson_zh});
    for (auto& m : run_.metrics()) t.push_back(m.label_zh);
    return t;
}

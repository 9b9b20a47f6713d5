// param_panel.cpp — see param_panel.h.
#include "app/ui/param_panel.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "app/ui/draw.h"
#include "app/ui/font.h"
#include "app/ui/format.h"
#include "app/ui/i18n.h"
#include "imgui.h"

namespace {
bool contains_ci(const std::string& hay, const char* needle) {
    if (!*needle) return true;
    std::string h = hay, n = needle;
    auto lower = [](std::string& s) { for (auto& c : s) c = char(std::tolower((unsigned char)c)); };
    lower(h);
    lower(n);
    return h.find(n) != std::string::npos;
}

// A parameter's unit in the reader's language ("us/tok" -> "µs/token", "微秒/词元").
std::string unit_text(const tj::ParamDef& d) {
    return d.unit.empty() ? std::string() : std::string(tr(tj::unit_key(d.unit).c_str()));
}

void tooltip(const tj::ParamDef& d) {
    if (!ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
    ImGui::TextUnformatted(pick(d.help_en, d.help_zh).c_str());
    ImGui::TextDisabled("%s: [%s, %s] %s   id: %s", tr("ctl.range"), tj::format_param_value(d.min).c_str(),
                        tj::format_param_value(d.max).c_str(), unit_text(d).c_str(), d.id.c_str());
    if (!d.source.empty()) ImGui::TextDisabled("%s: %s", tr("ctl.source"), d.source.c_str());
    if (d.structural) ImGui::TextDisabled("%s", tr("ctl.restarts"));
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

}  // namespace

bool param_control(const tj::ParamDef& d, double value, double* out, bool show_label) {
    ImGui::PushID(d.id.c_str());
    bool changed = false;
    const std::string& label = pick(d.label_en, d.label_zh);
    float w = ImGui::GetContentRegionAvail().x;
    // Without its label (it is said above the control) the widget takes the line, less the reset button.
    const float widget_w = show_label ? w * 0.55f : w - ImGui::GetFrameHeight() * 1.6f;
    if (!d.choices_en.empty()) {
        int idx = int(value);
        const std::string& cur = pick(d.choices_en[size_t(idx)], d.choices_zh[size_t(idx)]);
        ImGui::SetNextItemWidth(widget_w);
        if (ImGui::BeginCombo("##v", cur.c_str())) {
            for (size_t i = 0; i < d.choices_en.size(); i++)
                if (ImGui::Selectable(pick(d.choices_en[i], d.choices_zh[i]).c_str(), int(i) == idx)) {
                    *out = double(i);
                    changed = true;
                }
            ImGui::EndCombo();
        }
    } else {
        // Sliders run on [0,1] and map through the registry, so log scales and
        // integer rounding are the registry's, not the widget's.
        float t = float(tj::param_to_unit(d, value));
        // Four figures on the slider (a measured 14.91308089 GB/s reads 14.91), a share of
        // one (a yield, a share of the starts) in percent as the lessons write it, ten
        // thousand and more as a count ("12.0k", "1.2 万"); the exact value is in the box a
        // right click opens.
        char figures[32];
        std::snprintf(figures, sizeof figures, "%.4g", value);
        const bool share = d.unit.empty() && !d.integer && d.min >= 0 && d.max <= 1;
        // A point in time reads as one, "week 28", not "28 weeks" (fab.respin.discovery_week).
        const bool when = d.unit == "weeks" && d.id.size() > 5 && d.id.compare(d.id.size() - 5, 5, "_week") == 0;
        std::string shown = when                    ? format_metric(d.id, value, d.unit, language())
                            : share                 ? format_share(value)
                            : std::fabs(value) >= 1e4 ? format_count(value, language())
                                                      : std::string(figures);
        if (!d.unit.empty() && !when) shown += " " + unit_text(d);
        std::string format;  // the slider writes its text through printf: "%" is "%%" there
        for (char c : shown) format += c == '%' ? std::string("%%") : std::string(1, c);
        ImGui::SetNextItemWidth(widget_w);
        if (ImGui::SliderFloat("##v", &t, 0.0f, 1.0f, format.c_str())) {
            *out = tj::param_from_unit(d, t);
            changed = *out != value;
        }
        slider_position_ticks(t);
        if (ImGui::IsItemClicked(ImGuiMouseButton_Right)) ImGui::OpenPopup("exact");
        if (ImGui::BeginPopup("exact")) {  // type an exact value
            double v = value;
            if (ImGui::InputDouble("##exact", &v, 0, 0, "%.6g", ImGuiInputTextFlags_EnterReturnsTrue)) {
                *out = v;
                changed = true;
                ImGui::CloseCurrentPopup();
            }
            ImGui::EndPopup();
        }
    }
    tooltip(d);
    if (value != d.def) {
        ImGui::SameLine();
        const float side = ImGui::GetFrameHeight();  // a target of at least 24 x 24 px
        if (ImGui::Button("↺", {side, side})) { *out = d.def; changed = true; }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("ctl.reset_param"));
    }
    if (show_label) {
        ImGui::SameLine();
        ImGui::TextUnformatted(label.c_str());
        tooltip(d);
    }
    ImGui::PopID();
    return changed;
}

void set_param_filter(ParamPanelState& st, const std::string& text) {
    size_t n = std::min(text.size(), sizeof st.filter - 1);
    text.copy(st.filter, n);
    st.filter[n] = '\0';
}

int param_panel(ParamPanelState& st, const tj::ParamValues& values, const SetParamFn& set) {
    const tj::ParamRegistry& reg = values.registry();
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##filter", tr("ctl.filter"), st.filter, sizeof st.filter);
    if (!st.last_error.empty()) {
        text_wrapped(st.last_error, IM_COL32(255, 170, 90, 255));
    }
    int drawn = 0;
    for (auto& g : reg.groups()) {
        std::vector<size_t> members;
        for (size_t i = 0; i < reg.size(); i++) {
            const tj::ParamDef& d = reg[i];
            if (d.group != g.id) continue;
            if (contains_ci(d.label_en, st.filter) || contains_ci(d.label_zh, st.filter) || contains_ci(d.id, st.filter))
                members.push_back(i);
        }
        if (members.empty()) continue;
        ImGuiTreeNodeFlags flags = st.filter[0] ? ImGuiTreeNodeFlags_DefaultOpen : 0;
        if (st.filter[0]) ImGui::SetNextItemOpen(true);
        bool open = ImGui::CollapsingHeader((pick(g.label_en, g.label_zh) + "###" + g.id).c_str(), flags);
        for (size_t i : members) {
            if (!open) break;
            drawn++;
            double v = values[i];
            if (param_control(reg[i], v, &v)) {
                std::string err = set(reg[i].id, v);
                st.last_error = err;
            }
        }
    }
    st.controls = drawn;
    return drawn;
}

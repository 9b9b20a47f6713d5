// model_scene_race.cpp — ModelScene's compare mode drawn as a race (see
// compare_race.h): a bar of controls (the classic pairs, play, reset, the
// details, stop), A's and B's maps under it, and the detail window with every
// metric and both parameter sets.
#include <algorithm>
#include <cmath>

#include "app/scene/compare_race.h"
#include "app/scene/model_scene.h"
#include "app/scene/race_pairs.h"
#include "app/ui/font.h"
#include "app/ui/format.h"
#include "app/ui/i18n.h"
#include "imgui.h"

std::string ModelScene::compare_pair(const std::string& pair_id) {
    const RacePair* pair = find_race_pair(race_pairs(), pair_id);
    if (!pair) return "unknown pair '" + pair_id + "' for the " + std::string(id()) + " scene";
    tj::ParamValues a = values(), b = values();
    if (std::string err = race_pair_values(*pair, &a, &b); !err.empty()) return err;
    // As a link would give it: A's and B's values, the same seed, from time 0 (all or nothing).
    tj::Scenario s = scenario();
    s.values = tj::make_scenario(id(), a, seed(), 0).values;
    s.compare = true;
    s.compare_values = tj::make_scenario(id(), b, seed(), 0).values;
    s.time = 0;
    if (std::string err = apply(s); !err.empty()) return err;
    status_ = tr(pair->name_key);
    return "";
}

void ModelScene::set_comparing(bool on) {
    run_.set_comparing(on);
    if (!on) race_.reset();  // its maps' parcel renderers go with it
}

std::string ModelScene::end_race() {
    if (!comparing() || !race_) return "no race under way: start one with compare";
    race_->end_here();
    return "";
}

void ModelScene::draw_compare(const FrameInput& in) {
    if (!comparing()) return;
    if (!race_) race_ = std::make_unique<CompareRace>();
    ImVec2 min = in.origin, size = in.size;
    bool stop = false;
    // The bar above the maps: one line, or more on a narrow screen (where it is the only
    // way to stop or end the race).
    if (in.panels || in.narrow) {
        ImGui::SetNextWindowPos(min);
        ImGui::SetNextWindowSize({size.x, 0});  // as tall as its lines
        ImGui::Begin("##race_bar", nullptr,
                     kPanelWindow | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                         ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoSavedSettings);
        const ImGuiStyle& st = ImGui::GetStyle();
        auto next_fits = [&](const char* text, float extra) {  // the next item on this line if it fits
            ImGui::SameLine();
            if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(text).x + st.FramePadding.x * 2 + extra) ImGui::NewLine();
        };
        ImGui::SetNextItemWidth(std::min(ImGui::GetFontSize() * 16, size.x - st.WindowPadding.x * 2));
        if (ImGui::BeginCombo("##pairs", tr("race.pairs"))) {
            for (const RacePair& p : race_pairs())
                if (ImGui::Selectable(tr(p.name_key))) compare_pair(p.id);
            ImGui::EndCombo();
        }
        next_fits(playing() ? tr("ctl.pause") : tr("ctl.play"), 0);
        if (ImGui::Button(playing() ? tr("ctl.pause") : tr("ctl.play"))) set_playing(!playing());
        next_fits(tr("race.end_here"), 0);
        if (ImGui::Button(tr("race.end_here"))) end_race();  // where the speaker's story ends: the verdict now
        next_fits(tr("ctl.reset"), 0);
        if (ImGui::Button(tr("ctl.reset"))) reset();
        std::string clock = "t = " + format_duration(sim_time(), language());
        next_fits(clock.c_str(), 0);
        ImGui::TextDisabled("%s", clock.c_str());
        if (in.panels) {  // the details' window is as large as a phone: beside the panels only
            next_fits(tr("race.details"), ImGui::GetFrameHeight() + st.ItemInnerSpacing.x);
            ImGui::Checkbox(tr("race.details"), &race_details_);
        }
        next_fits(tr("race.stop"), 0);
        stop = ImGui::Button(tr("race.stop"));
        const float bar_h = ImGui::GetWindowHeight();
        ImGui::End();
        min.y += bar_h;
        size.y -= bar_h;
    }
    race_->draw(in, min, size, {&model_mut(), &run_.values(), &run_.metrics()},
                {run_.compare_model_mut(), run_.compare_values(), &run_.compare_metrics()}, run_.generation(), sim_time(),
                [this](size_t i) { return station_position(i); }, [this](uint16_t k) { return parcel_style(k); }, race_headlines(), race_map_look());
    seen_.race = race_->state();
    if (race_->ended_this_frame()) set_playing(false);  // where the story ends; Play runs on
    // A station under the pointer on either map: its card, with that run's own numbers.
    const bool hover = hover_wanted();
    for (size_t side = 0; side < race_->state().maps.size() && hover; side++) {
        const RaceMapState& map = race_->state().maps[side];
        int st = station_index(map.hovered);
        const bool b = side == 1;
        if (st < 0 || (b && !run_.compare_model())) continue;
        std::vector<std::string> lines{std::string(b ? "B: " : "A: ") + (map.label.empty() ? tr("race.same") : map.label)};
        for (std::string& l : station_lines(b ? *run_.compare_model() : model(), b ? run_.compare_metrics() : run_.metrics(), size_t(st)))
            lines.push_back(std::move(l));
        station_card(size_t(st), lines);
    }
    if (in.panels && race_details_) {
        float fs = ImGui::GetFontSize();
        ImGui::SetNextWindowPos({in.origin.x + in.size.x * 0.5f, in.origin.y + in.size.y * 0.5f}, ImGuiCond_FirstUseEver,
                                {0.5f, 0.5f});
        ImGui::SetNextWindowSize({fs * 36, fs * 26}, ImGuiCond_FirstUseEver);
        ImGui::Begin((std::string(tr("compare.title")) + "###compare").c_str(), &race_details_);
        text_wrapped(tr("compare.intro"));
        compare_details_table(run_.metrics(), run_.compare_metrics(), fs * 12);
        if (ImGui::BeginTabBar("ab_params")) {
            if (ImGui::BeginTabItem(tr("compare.params_a"))) {
                transport_controls();
                parameter_controls();
                ImGui::EndTabItem();
            }
            if (ImGui::BeginTabItem(tr("compare.params_b"))) {
                param_panel(compare_panel_, *run_.compare_values(),
                            [this](const std::string& pid, double v) { return set_compare_param(pid, v); });
                ImGui::EndTabItem();
            }
            ImGui::EndTabBar();
        }
        ImGui::End();
    }
    if (stop) set_comparing(false);
}

// fab_scene.cpp — the production-chain scene: its model and time lens, how each
// kind of parcel looks, the controls window, and the style helpers the map and the
// numbers share (fab_style.h). See fab_scene.h.
#include "app/fab/fab_scene.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/scenes/scenes.h"
#include "app/fab/fab_style.h"
#include "app/ui/i18n.h"
#include "app/ui/palette.h"
#include "app/ui/format.h"
#include "app/scene/panel_window.h"
#include "app/ui/font.h"

using namespace tj::fab;

namespace fabui {

float left_panel_width(const FrameInput& in) { return std::max(in.size.x * 0.24f, ImGui::GetFontSize() * 19); }
float right_panel_width(const FrameInput& in) { return std::max(in.size.x * 0.30f, ImGui::GetFontSize() * 21); }

ImU32 buffer_color(int b) {
    switch (b) {
        case kBufWafers: case kBufMetalHold: case kBufBackEnd: return pal::kSky;
        case kBufDies: return pal::kBlue;
        case kBufHbm: return pal::kPurple;
        case kBufSubstrate: return pal::kGrey;
        case kBufPackages: case kBufGpus: return pal::kOrange;
        case kBufCpus: return pal::kGrey;
        case kBufTrays: return pal::kYellow;
        case kBufRacks: return IM_COL32(235, 235, 235, 255);
        case kBufDerivWafers: case kBufDerivDies: case kBufDerivPackages: return pal::kGreen;
        case kBufDerivHbm: return pal::kPurple;
        default: return pal::kGrey;
    }
}

ImU32 kind_color(int k) {
    switch (k) {
        case kSegWaferLot: return buffer_color(kBufWafers);
        case kSegDieLot: return buffer_color(kBufDies);
        case kSegPackageLot: return buffer_color(kBufPackages);
        case kSegTray: return buffer_color(kBufTrays);
        case kSegRack: return buffer_color(kBufRacks);
        case kSegHbm: return buffer_color(kBufHbm);
        case kSegSubstrate: return buffer_color(kBufSubstrate);
        case kSegCpu: return buffer_color(kBufCpus);
        case kSegSwitch: return buffer_color(kBufSwitchTrays);
        case kSegDeriv: return buffer_color(kBufDerivDies);
        case kSegHotLot: return pal::kPale;  // white-hot: apart from the orange of flags, scrap and busy marks
        default: return pal::kVermillion;  // scrap
    }
}

ImU32 state_color(State s) {
    switch (s) {
        case State::Working: return pal::kGreen;
        case State::Starved: return pal::kYellow;
        case State::Blocked: return pal::kPurple;
        default: return pal::kGrey;
    }
}

void draw_state_lamp(ImDrawList* dl, ImVec2 a, ImVec2 b, State s, ImU32 col) {
    const float h = b.y - a.y, w = b.x - a.x;
    switch (s) {
        case State::Working: dl->AddRectFilled(a, b, col, 2); break;
        case State::Starved: dl->AddRect(a, b, col, 2, 0, std::max(1.5f, h * 0.25f)); break;
        case State::Blocked: {  // four pieces with gaps between: the flow is cut
            const float gap = std::max(2.0f, w * 0.08f), piece = (w - 3 * gap) / 4;
            for (int i = 0; i < 4; i++)
                dl->AddRectFilled({a.x + i * (piece + gap), a.y}, {a.x + i * (piece + gap) + piece, b.y}, col, 1);
            break;
        }
        default:
            for (int i = -1; i <= 1; i++)
                dl->AddCircleFilled({(a.x + b.x) * 0.5f + i * h * 1.6f, (a.y + b.y) * 0.5f}, h * 0.5f, col, 8);
    }
}

const char* state_word(State s) {
    switch (s) {
        case State::Working: return tr("fab.state.working");
        case State::Starved: return tr("fab.state.starved");
        case State::Blocked: return tr("fab.state.blocked");
        default: return tr("fab.state.idle");
    }
}

const ChainLayout& chain_layout() {
    static const ChainLayout layout = [] {
        // A snake of three rows (left to right, right to left, left to right), suppliers
        // joining from the sides. Names sit under the buildings, piles grow upward between
        // them. World box about 1100 x 1105, 1280 wide with the derivative's column.
        const ImVec2 centre[kStationCount] = {
            {260, 200}, {520, 200}, {780, 200},   // design, fab, sort
            {1040, 400}, {1040, 660},              // HBM, substrate suppliers (right side)
            {780, 530}, {520, 530},                // packaging, module test
            {75, 530},                             // CPU supplier (left side)
            {260, 530},                            // tray assembly
            {75, 860},                             // NVLink switch tray supplier (left side)
            {260, 860}, {520, 860}, {780, 860},    // rack integration, shipment, customers
        };
        // The derivative's own steps (kDerivPack, kDerivTest), in a column on the right: its
        // wafers come from the fab through die sort, its HBM from the same supplier, and its
        // units go to the same customers. They are as big as packaging.
        const ImVec2 deriv_centre[kDerivEnd - kDerivPack] = {{1195, 230}, {1195, 760}};
        auto box = [](ImVec2 c, ImVec2 half) { return WorldBox{c.x - half.x, c.y - half.y, c.x + half.x, c.y + half.y}; };
        const ImVec2 building{66, 42}, supplier{52, 34};
        ChainLayout l;
        for (int st = 0; st < kStationCount; st++) l.station[st] = box(centre[st], is_supplier(st) ? supplier : building);
        for (int k = 0; k < kDerivEnd - kDerivPack; k++) l.deriv[k] = box(deriv_centre[k], building);
        return l;
    }();
    return layout;
}

bool is_supplier(int st) { return st == kStHbmSupply || st == kStSubstrate || st == kStCpuSupply || st == kStSwitchSupply; }

ImVec2 map_position(int point) {
    const ChainLayout& l = chain_layout();
    if (point >= 0 && point < kStationCount) return l.station[point].center();
    if (point >= kDerivPack && point < kDerivEnd) return l.deriv[point - kDerivPack].center();
    return {0, 0};
}

const char* station_short(int st) {
    // The map's name of a station is the string "fab.st.<its id>" (assets/strings_fab.json).
    static const std::vector<std::string> keys = [] {
        std::vector<std::string> k;
        for (int s = 0; s < kStationCount; s++) k.push_back("fab.st." + tj::fab::station_text(s).id);
        return k;
    }();
    return st >= 0 && st < kStationCount ? tr(keys[size_t(st)].c_str()) : "";
}

const char* buffer_unit(int b) {
    static const char* const keys[kBufCount] = {"unit.wafers", "unit.dies", "unit.stacks",
                                              "unit.sets", "unit.packages", "unit.gpus",
                                              "unit.cpus", "unit.trays", "unit.racks",
                                              "unit.wafers", "unit.wafers", "unit.switch_trays",
                                              "unit.dies", "unit.dies", "unit.stacks", "unit.packages"};
    return b >= 0 && b < kBufCount ? tr(keys[b]) : "";
}

std::string count_text(double v) { return format_count(v, language()); }

std::vector<ChartMarker> event_markers(const FabView& v, const tj::ParamValues& p, bool short_words) {
    std::vector<ChartMarker> m;
    if (v.discovery_week >= 0) m.push_back({v.discovery_week, short_words ? tr("fab.mark.flaw_s") : tr("fab.mark.flaw")});
    if (v.masks_ready_week >= 0) m.push_back({v.masks_ready_week, short_words ? tr("fab.mark.masks_s") : tr("fab.mark.masks")});
    if (v.ship_resume_week >= 0) m.push_back({v.ship_resume_week, short_words ? tr("fab.mark.resume_s") : tr("fab.mark.resume")});
    if (p.get("fab.dip.enabled") > 0.5)
        m.push_back({p.get("fab.dip.start_week"), short_words ? tr("fab.mark.dip_s") : tr("fab.mark.dip")});
    return m;
}

float pile_share(double units) {
    if (!(units > 0)) return 0;
    return float(std::min(1.0, std::log10(1 + units) / double(kPileDecades)));
}

}  // namespace fabui

std::unique_ptr<Scene> make_fab_scene() { return std::make_unique<FabScene>(); }

// One real second shows a day at the slowest, half a year at the fastest.
FabScene::FabScene()
    : ModelScene(tj::make_model("fab"), {86400.0, 26 * kWeek, 2 * kWeek, "in the supply chain", "供应链中"}) {
    for (int b : {kBufWafers, kBufDies, kBufHbm, kBufPackages, kBufTrays, kBufRacks}) wip_shown_[b] = true;
}

const FabModel& FabScene::fab() const { return model_as<FabModel>(); }

ImVec2 FabScene::station_position(size_t i) const { return fabui::map_position(int(i)); }

// Parcels look like what they are: wafer lots are discs, trays flat slabs, racks tall
// cabinets, the rest boxes; kinds also differ by colour and size.
ParcelStyle FabScene::parcel_style(uint16_t kind) const {
    ImVec4 c = ImGui::ColorConvertU32ToFloat4(fabui::kind_color(kind));
    uint32_t rgba = rgba_u32(int(c.x * 255), int(c.y * 255), int(c.z * 255));
    static const float size[kSegKindCount] = {12, 10, 10, 12, 16, 10, 10, 10, 12, 10, 10, 14};
    int shape = kind == kSegWaferLot || kind == kSegHotLot ? kShapeDisc : kind == kSegTray ? kShapeSlab : kind == kSegRack ? kShapeCabinet : kShapeBox;
    return {rgba, kind < kSegKindCount ? size[kind] : 10.0f, shape};
}

void FabScene::draw_panels(const FrameInput& in) {
    float fs = ImGui::GetFontSize();
    if (!begin_panel(in, 0, tr("fab.win.controls"), "fab_controls", {in.origin.x + 6, in.origin.y + 6},
                     {fabui::left_panel_width(in), in.size.y - 12})) {
        numbers_window(in);
        return;
    }
    transport_controls();
    ImGui::Checkbox(tr("fab.compare"), &show_counterfactuals_);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("fab.compare.help"));
    ImGui::Spacing();
    text_wrapped(tr("fab.controls.hint"), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    ImGui::Separator();
    ImGui::Dummy({0, fs * 0.2f});
    parameter_controls();
    ImGui::End();
    numbers_window(in);
}

bool FabScene::counterfactuals_drawn() const { return show_counterfactuals_ && fab().view().discovery_week >= 0; }

std::string FabScene::headline() const {
    // The map's caption draws this line (fab_map.cpp): the bottleneck the active-period
    // method names with its busy share, the two it shifts between, none, or the question's mark.
    const FabView& v = fab().view();
    char b[320];
    if (answer_hidden()) {
        char held[160];
        std::snprintf(held, sizeof held, tr("lesson.held_mark"), held_words("lesson.answer_held", "lesson.answer_held_next"));
        std::snprintf(b, sizeof b, "%s %s", tr("fab.cap.bottleneck"), held);
    } else if (v.bottleneck >= 0) {
        std::snprintf(b, sizeof b, tr("fab.cap.bottleneck_named"), fabui::station_short(v.bottleneck),
                      format_share(v.stations[size_t(v.bottleneck)].busy).c_str());
    } else if (v.capped) {
        std::snprintf(b, sizeof b, "%s %s", tr("fab.cap.bottleneck"), tr("fab.cap.capped"));
    } else if (v.shifting) {
        std::snprintf(b, sizeof b, tr("fab.cap.bottleneck_shifting"), fabui::station_short(v.shifting_between[0]),
                      fabui::station_short(v.shifting_between[1]));
    } else {
        std::snprintf(b, sizeof b, "%s %s", tr("fab.cap.bottleneck"), tr("fab.cap.none"));
    }
    std::string line = join_magnitudes(b);
    if (v.stations[kStFab].held_for_respin && !answer_hidden()) line += std::string(" — ") + tr("fab.cap.respin");
    return line;
}

HeadlineState FabScene::headline_state() const {
    HeadlineState h;
    h.window = tr("fab.cap.window");
    if (answer_hidden()) return h;  // the question's answer is kept back
    const FabView& v = fab().view();
    if (v.bottleneck >= 0) {
        h.station = fab().stations()[size_t(v.bottleneck)].id;
        h.share = v.stations[size_t(v.bottleneck)].busy;
    } else if (v.shifting) {
        h.shifting = true;
        for (int st : v.shifting_between)
            if (st >= 0) h.shifting_between.push_back(fab().stations()[size_t(st)].id);
    }
    return h;
}

std::vector<std::string> FabScene::texts() const {
    std::vector<std::string> t = ModelScene::texts();
    for (int b = 0; b < kBufCount; b++) t.push_back(fab_buffer_label(b, true));
    for (auto& n : fab().notes()) t.push_back(n.zh);
    t.push_back("第周（年月）");  // the date caption's glyphs (fab_map.cpp)
    return t;
}

// fab_map.cpp — the production chain's map: buildings on a conveyor, piles of work
// in process between them, parcels moving (the parcel renderer), a timeline with
// the respin's events, and big captions that name the bottleneck in words.
//
// Draw order in the background list: conveyor, building bodies, parcels, piles and
// every label (so numbers stay readable above moving parcels). Hovering a building
// or a pile shows its live numbers and a one-line lesson.
//
// Index:
//   small drawings: labels, icons, piles                        label … ghost_pile
//   the frame's map, in draw order                              FabScene::draw_map
//   conveyor, the derivative, buildings, lesson markers         FabScene::draw_conveyor … FabScene::marker_box
//   piles and hover cards                                       FabScene::draw_piles … FabScene::station_lines
//   the timeline, its legend and the captions                   FabScene::draw_timeline … FabScene::draw_captions

#include <algorithm>
#include <cctype>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <iterator>

#include "app/fab/fab_style.h"
#include "app/ui/format.h"
#include "app/ui/i18n.h"
#include "app/ui/draw.h"
#include "app/ui/palette.h"
#include "app/render/parcel_geometry.h"
#include "app/fab/fab_scene.h"
#include "app/ui/font.h"

using namespace tj::fab;

namespace {

constexpr ImU32 kBelt = IM_COL32(58, 64, 78, 255);
constexpr ImU32 kBeltEdge = IM_COL32(92, 100, 118, 255);
constexpr ImU32 kRespinTint = IM_COL32(213, 94, 0, 70);
// How close a follow's camera goes: times the fitted scale, where a building's name
// and the lots read large and the next building is still in view.
constexpr float kFollowZoom = 2.5f;
// Rows under the timeline for an event mark's words, from its own first row (one lower
// for each earlier mark), each on the first that is free.
constexpr int kTimelineRows = 4;

ImVec2 text_size(float px, const char* s) { return ImGui::GetFont()->CalcTextSizeA(px, FLT_MAX, 0, s); }

// How far (screen pixels) station st stands from the nearest station on its row whose
// words sit at the same height (a supplier's name is over its box, a station's under it).
float row_pitch_px(const WorldView& view, int st) {
    const ImVec2 p = fabui::map_position(st);
    float pitch = FLT_MAX;
    for (int o = 0; o < kStationCount; o++) {
        const ImVec2 q = fabui::map_position(o);
        if (o != st && fabui::is_supplier(o) == fabui::is_supplier(st) && std::fabs(q.y - p.y) < 1)
            pitch = std::min(pitch, std::fabs(q.x - p.x));
    }
    return pitch * view.zoom();
}

// A label centred on c, on a dark plate so it reads over parcels and belts: a name (or a
// tag) always shows, a detail where it fits.
void label(MapLabels& labels, const std::string& id, bool detail, float px, ImVec2 c, ImU32 col, const std::string& text) {
    if (detail) labels.detail(id, c, px, col, join_magnitudes(text), 0.5f, true);
    else labels.name(id, c, px, col, join_magnitudes(text), 0.5f, true);
}

using fabui::is_supplier;

// The bottleneck's ring around its building: its gap to the box at zoom z, and its width.
float ring_gap(float z) { return 6 * z + 3; }
constexpr float kRingWidth = 4;

// Half a station's box (chain_layout), as the map draws it around the centre.
ImVec2 half_size(int st) {
    const WorldBox& b = fabui::chain_layout().station[st];
    return {(b.max_x - b.min_x) * 0.5f, (b.max_y - b.min_y) * 0.5f};
}

// The smallest word on a phone's map, in CSS pixels: smaller is not read at arm's length.
// The placer then drops the figures that no longer fit, never the names.
constexpr float kPhoneMinPx = 11;

// A figure's size, a share of the label size; with the text scaled up (presenter
// mode, for the back of a room) no smaller than 85% of it: 24 px at 1920x1080. Never
// under either map's smallest word (kMapMinPx; a phone's, kPhoneMinPx).
float small_px(float text_px, float share) {
    const float px = text_px * (presenter_text() ? std::max(share, 0.85f) : share);
    return std::max(px, narrow_screen() ? kPhoneMinPx : kMapMinPx * text_scale());
}

// The map's label size at zoom z: grows with the screen but never wider than a column of
// the map allows, times the text scale (presenter mode), where details give way to names;
// and at most twice the text's size (a followed lot's close-up wrote 40 px words, blurred
// from glyphs rasterised at the text's size).
float label_px(float z) {
    const float px = std::min({std::max(28 * z, ImGui::GetFontSize() * 0.9f), 33 * z * text_scale(), ImGui::GetFontSize() * 2});
    return std::max(px, narrow_screen() ? kPhoneMinPx : kMapMinPx * text_scale());
}

// Whether the substrate supplier's name, above its box, would come within a word's gap
// of packaging's name under its box (their names as draw_station_labels places them, the
// substrate's moved left of the map's right edge as the placer moves it).
bool substrate_meets_packaging(const WorldView& v, float text_px, float right_edge) {
    auto name_box = [&](int st, bool above) {
        const ImVec2 c = v.to_screen(fabui::map_position(st)), sz = text_size(text_px, fabui::station_short(st));
        const float y = above ? c.y - half_size(st).y * v.zoom() - text_px * 0.7f : c.y + half_size(st).y * v.zoom() + text_px * 0.7f;
        return ImVec4{c.x - sz.x * 0.5f, y - sz.y * 0.5f, c.x + sz.x * 0.5f, y + sz.y * 0.5f};
    };
    ImVec4 s = name_box(kStSubstrate, true);
    const ImVec4 p = name_box(kStPack, false);
    if (s.z > right_edge) s.x -= s.z - right_edge, s.z = right_edge;
    const float gap = text_px * 0.3f;
    return s.x - gap < p.z && p.x - gap < s.z && s.y < p.w && p.y < s.w;
}

// The pile a station consumes, -1 for none. Unlike the model's front_buffer, a
// supplier has none: its pile holds what it makes, not what it waits for.
int consumed_pile(int st) {
    switch (st) {
        case kStSort: return kBufWafers;
        case kStPack: return kBufDies;
        case kStModule: return kBufPackages;
        case kStTray: return kBufGpus;
        case kStRack: return kBufTrays;
        case kStShip: return kBufRacks;
        default: return -1;
    }
}

std::string plural(const std::string& unit_en, const std::string& unit_zh) {
    return language() == Lang::Zh ? unit_zh : unit_en + "s";
}

// A station's label under its name: what it does now, and its busy share of the last 8
// weeks (the bottleneck's measure), each named so: "now idle · busy 93%" reads as this
// moment beside the 8 weeks, not as a contradiction, nor "starved · 10%" as 10% starved.
std::string state_and_share(State state, double busy) {
    char buf[160];
    std::snprintf(buf, sizeof buf, tr("fab.map.state_share"), fabui::state_word(state), format_share(busy).c_str());
    return buf;
}

// A small drawing of what each station makes, inside its building (s: half size).
void icon(ImDrawList* dl, int st, ImVec2 c, float s, ImU32 col) {
    float t = std::max(1.0f, s * 0.09f);
    switch (st) {
        case kStDesign:  // a mask: a frame with circuit lines
            dl->AddRect({c.x - s, c.y - s * 0.8f}, {c.x + s, c.y + s * 0.8f}, col, 2, 0, t);
            for (int i = -1; i <= 1; i++)
                dl->AddLine({c.x - s * 0.7f, c.y + i * s * 0.4f}, {c.x + s * (i == 0 ? 0.2f : 0.7f), c.y + i * s * 0.4f}, col, t);
            break;
        case kStFab:  // a wafer
        case kStSort:
            dl->AddCircle(c, s * 0.85f, col, 24, t);
            for (int i = -1; i <= 1; i++) {
                dl->AddLine({c.x + i * s * 0.35f, c.y - s * 0.75f}, {c.x + i * s * 0.35f, c.y + s * 0.75f}, col, t * 0.6f);
                dl->AddLine({c.x - s * 0.75f, c.y + i * s * 0.35f}, {c.x + s * 0.75f, c.y + i * s * 0.35f}, col, t * 0.6f);
            }
            if (st == kStSort) dl->AddRectFilled({c.x - s * 0.17f, c.y - s * 0.17f}, {c.x + s * 0.17f, c.y + s * 0.17f}, col);
            break;
        case kStHbmSupply:  // a stack of memory dies
            for (int i = 0; i < 4; i++)
                dl->AddRectFilled({c.x - s * 0.6f, c.y + s * (0.5f - i * 0.38f)}, {c.x + s * 0.6f, c.y + s * (0.75f - i * 0.38f)}, col, 1);
            break;
        case kStSubstrate:  // a flat substrate with bumps
            dl->AddRect({c.x - s, c.y - s * 0.25f}, {c.x + s, c.y + s * 0.25f}, col, 1, 0, t);
            for (int i = -3; i <= 3; i++) dl->AddCircleFilled({c.x + i * s * 0.26f, c.y - s * 0.42f}, s * 0.08f, col);
            break;
        case kStPack:  // two compute dies ringed by HBM stacks
        case kStModule:
            dl->AddRect({c.x - s * 0.9f, c.y - s * 0.7f}, {c.x + s * 0.9f, c.y + s * 0.7f}, col, 2, 0, t);
            dl->AddRectFilled({c.x - s * 0.45f, c.y - s * 0.4f}, {c.x - s * 0.05f, c.y + s * 0.4f}, col);
            dl->AddRectFilled({c.x + s * 0.05f, c.y - s * 0.4f}, {c.x + s * 0.45f, c.y + s * 0.4f}, col);
            for (int i = 0; i < 2; i++) {
                float y = c.y + (i ? 0.1f : -0.45f) * s;
                dl->AddRect({c.x - s * 0.8f, y}, {c.x - s * 0.55f, y + s * 0.35f}, col, 0, 0, t * 0.7f);
                dl->AddRect({c.x + s * 0.55f, y}, {c.x + s * 0.8f, y + s * 0.35f}, col, 0, 0, t * 0.7f);
            }
            if (st == kStModule)  // a tick: tested
                dl->AddPolyline(std::array<ImVec2, 3>{ImVec2{c.x + s * 0.5f, c.y + s * 0.8f}, ImVec2{c.x + s * 0.75f, c.y + s * 1.05f},
                                                       ImVec2{c.x + s * 1.2f, c.y + s * 0.45f}}.data(), 3, pal::kGreen, 0, t * 1.6f);
            break;
        case kStCpuSupply:  // a chip with pins
            dl->AddRectFilled({c.x - s * 0.5f, c.y - s * 0.5f}, {c.x + s * 0.5f, c.y + s * 0.5f}, col, 2);
            for (int i = -2; i <= 2; i++) {
                dl->AddLine({c.x + i * s * 0.2f, c.y - s * 0.75f}, {c.x + i * s * 0.2f, c.y + s * 0.75f}, col, t * 0.7f);
                dl->AddLine({c.x - s * 0.75f, c.y + i * s * 0.2f}, {c.x + s * 0.75f, c.y + i * s * 0.2f}, col, t * 0.7f);
            }
            break;
        case kStTray:  // a flat tray holding four GPUs
            dl->AddRect({c.x - s * 1.1f, c.y - s * 0.35f}, {c.x + s * 1.1f, c.y + s * 0.35f}, col, 2, 0, t);
            for (int i = 0; i < 4; i++)
                dl->AddRectFilled({c.x - s * 0.95f + i * s * 0.5f, c.y - s * 0.2f}, {c.x - s * 0.6f + i * s * 0.5f, c.y + s * 0.2f}, col);
            break;
        case kStSwitchSupply:  // a flat switch tray with ports along its front
            dl->AddRect({c.x - s * 1.1f, c.y - s * 0.3f}, {c.x + s * 1.1f, c.y + s * 0.3f}, col, 2, 0, t);
            for (int i = 0; i < 6; i++)
                dl->AddRectFilled({c.x - s * 0.9f + i * s * 0.32f, c.y - s * 0.1f}, {c.x - s * 0.72f + i * s * 0.32f, c.y + s * 0.1f}, col);
            break;
        case kStRack:  // a tall rack of trays
            dl->AddRect({c.x - s * 0.45f, c.y - s}, {c.x + s * 0.45f, c.y + s}, col, 2, 0, t);
            for (int i = 1; i < 7; i++) dl->AddLine({c.x - s * 0.35f, c.y - s + i * s * 0.285f}, {c.x + s * 0.35f, c.y - s + i * s * 0.285f}, col, t);
            break;
        case kStShip:  // a truck
            dl->AddRectFilled({c.x - s, c.y - s * 0.55f}, {c.x + s * 0.35f, c.y + s * 0.35f}, col, 1);
            dl->AddRectFilled({c.x + s * 0.42f, c.y - s * 0.2f}, {c.x + s, c.y + s * 0.35f}, col, 2);
            dl->AddCircleFilled({c.x - s * 0.6f, c.y + s * 0.5f}, s * 0.2f, col);
            dl->AddCircleFilled({c.x + s * 0.7f, c.y + s * 0.5f}, s * 0.2f, col);
            break;
        default:  // customers: a data centre, three racks
            for (int i = -1; i <= 1; i++) {
                dl->AddRect({c.x + i * s * 0.6f - s * 0.22f, c.y - s * 0.8f}, {c.x + i * s * 0.6f + s * 0.22f, c.y + s * 0.8f}, col, 1, 0, t);
                for (int k = 1; k < 4; k++)
                    dl->AddLine({c.x + i * s * 0.6f - s * 0.14f, c.y - s * 0.8f + k * s * 0.4f},
                                {c.x + i * s * 0.6f + s * 0.14f, c.y - s * 0.8f + k * s * 0.4f}, col, t * 0.6f);
            }
            break;
    }
}

// A pile: a heap whose height is the count on a log scale (1 .. 10^7), with faint
// lines at every decade so piles of different size compare at a glance.
void pile(ImDrawList* dl, const WorldView& v, const fabui::PileSpot& p, double units, ImU32 col, bool hollow) {
    float h = fabui::pile_share(units) * fabui::kPileMaxH;
    float w = p.width * 0.5f, top = w * 0.55f;
    ImVec2 b0 = v.to_screen(p.x - w, p.base_y), b1 = v.to_screen(p.x + w, p.base_y);
    ImVec2 t0 = v.to_screen(p.x - top, p.base_y - h), t1 = v.to_screen(p.x + top, p.base_y - h);
    dl->AddLine(v.to_screen(p.x - w - 4, p.base_y), v.to_screen(p.x + w + 4, p.base_y), pal::kStationEdge, 2);
    if (h <= 0) return;
    ImVec2 quad[4] = {b0, b1, t1, t0};
    if (hollow) {
        dl->AddQuadFilled(quad[0], quad[1], quad[2], quad[3], with_alpha(col, 50));
        dl->AddPolyline(quad, 4, col, ImDrawFlags_Closed, 2);
    } else {
        dl->AddQuadFilled(quad[0], quad[1], quad[2], quad[3], with_alpha(col, 215));
        dl->AddPolyline(quad, 4, with_alpha(col, 255), ImDrawFlags_Closed, 1.5f);
    }
    for (int d = 1; d < int(fabui::kPileDecades); d++) {
        float y = float(d) / fabui::kPileDecades * fabui::kPileMaxH;
        if (y >= h) break;
        float hw = w - (w - top) * (y / h);
        dl->AddLine(v.to_screen(p.x - hw, p.base_y - y), v.to_screen(p.x + hw, p.base_y - y), IM_COL32(0, 0, 0, 90), 1);
    }
}

// A pile whose size a lesson's question keeps back: a dashed outline of one fixed
// height in the map's neutral colour, the same for every pile, so none stands out.
void held_pile(ImDrawList* dl, const WorldView& v, const fabui::PileSpot& p) {
    float h = fabui::kPileMaxH * 0.3f, w = p.width * 0.5f, top = w * 0.55f;
    dl->AddLine(v.to_screen(p.x - w - 4, p.base_y), v.to_screen(p.x + w + 4, p.base_y), pal::kStationEdge, 2);
    const ImVec2 q[4] = {v.to_screen(p.x - w, p.base_y), v.to_screen(p.x - top, p.base_y - h),
                         v.to_screen(p.x + top, p.base_y - h), v.to_screen(p.x + w, p.base_y)};
    for (int e = 0; e < 3; e++)  // the sides and the top, in dashes
        for (float u = 0; u < 1; u += 0.2f) {
            auto at = [&](float t) { return ImVec2{q[e].x + (q[e + 1].x - q[e].x) * t, q[e].y + (q[e + 1].y - q[e].y) * t}; };
            dl->AddLine(at(u), at(u + 0.1f), pal::kStationEdge, 1.5f);
        }
}

// The same pile for the run without the respin (compare mode): a pale shadow
// drawn behind the real pile.
void ghost_pile(ImDrawList* dl, const WorldView& v, const fabui::PileSpot& p, double units) {
    float h = fabui::pile_share(units) * fabui::kPileMaxH;
    if (h <= 0) return;
    float w = p.width * 0.5f + 3, top = w * 0.55f;
    ImVec2 q[4] = {v.to_screen(p.x - w, p.base_y), v.to_screen(p.x + w, p.base_y), v.to_screen(p.x + top, p.base_y - h),
                   v.to_screen(p.x - top, p.base_y - h)};
    dl->AddQuadFilled(q[0], q[1], q[2], q[3], IM_COL32(255, 255, 255, 38));
    dl->AddPolyline(q, 4, IM_COL32(255, 255, 255, 110), ImDrawFlags_Closed, 1.0f);
}

}  // namespace

void FabScene::draw_map(const FrameInput& in) {
    float fs = ImGui::GetFontSize();
    ImVec2 mmin = in.origin, msize = in.size;
    if (in.panels) {  // the map sits between the two panels
        float left = fabui::left_panel_width(in) + 10, right = fabui::right_panel_width(in) + 10;
        mmin.x += left;
        msize.x = std::max(100.0f, msize.x - left - right);
    }
    // Captions go in a band above the map, or in a column beside it when the
    // space is wide (panels hidden, presenter mode), so the map keeps its height.
    bool side = msize.x > msize.y * 1.5f;
    if (caption_band_for_.x != msize.x || caption_band_for_.y != msize.y) caption_band_h_ = 0, caption_band_for_ = msize;
    ImVec2 cap_min = mmin, cap_max{mmin.x + msize.x, mmin.y + std::max(fs * 4.4f, caption_band_h_)};
    ImVec2 map_min{mmin.x, cap_max.y}, map_size{msize.x, msize.y - (cap_max.y - mmin.y)};
    if (side) {
        // The map at full height, centred in the whole area where that leaves the
        // captions at least a fifth of it on the left (a wide screen's map would
        // otherwise sit right of centre beside a column of three lines).
        const float world_w = (fab().view().deriv.on ? fabui::kWorldMaxXDeriv : fabui::kWorldMaxX) - fabui::kWorldMinX;
        const float map_w = std::min(msize.x, world_w * msize.y / (fabui::kWorldMaxY - fabui::kWorldMinY));
        const float left = std::clamp((msize.x - map_w) * 0.5f, msize.x * 0.2f, msize.x * 0.3f);
        cap_max = {mmin.x + left, mmin.y + msize.y};
        map_min = {cap_max.x, mmin.y};
        map_size = {msize.x - left, msize.y};
    }
    follow_camera(kFollowZoom);
    // A phone's words are larger than the map's scale (kPhoneMinPx), and presenter mode's
    // too (24 px at least): the timeline's legend takes more room, so the world reaches
    // lower, and starts lower where the top is bare.
    const float legend_room = in.narrow ? fabui::kPhoneLegendWorld : presenter_text() ? fabui::kPresenterLegendWorld : 0;
    const float top_room = in.narrow ? fabui::kPhoneLegendWorld * 0.5f : presenter_text() ? fabui::kPresenterTopWorld : 0;
    view_.update(ImGui::GetIO(), in.touch, map_min, map_size,
                 WorldBox{fabui::kWorldMinX, fabui::kWorldMinY + top_room,
                          fab().view().deriv.on ? fabui::kWorldMaxXDeriv : fabui::kWorldMaxX, fabui::kWorldMaxY + legend_room});
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    // Everything the map draws stays in its area, under the captions' band or beside
    // their column (zoomed in on a followed lot or a lesson's station, its buildings
    // would otherwise run under the panels and the captions).
    const ImVec2 map_max{map_min.x + map_size.x, map_min.y + map_size.y};
    dl->PushClipRect(map_min, map_max, true);
    float z = view_.zoom();
    float text_px = label_px(z);
    const ChainMap own{fab(), values(), view_, true};
    draw_chain(dl, own, text_px, nullptr);
    draw_parcels(in);
    // One placer for every word on the map: the piles' counts first (they move beside
    // their pile where the place above is taken), then the buildings' names and tags
    // (always shown) and their figures (where they fit). None under the captions.
    MapLabels labels;
    labels.keep_inside(map_min.x, map_max.x);
    labels.keep_out(cap_min, cap_max);
    keep_words_off_follow_card(labels);
    seen_.map_min = map_min;
    seen_.map_max = map_max;
    draw_chain(dl, own, text_px, &labels);
    draw_timeline(dl, text_px, labels);
    labels.draw(dl);
    seen_.legend = draw_timeline_legend(dl, text_px, labels);
    seen_.labels = labels.boxes();
    seen_.obstacles = labels.obstacles();
    for (auto& [pile, text] : seen_.piles)  // what each pile shows as drawn: "" where its count gave way
        if (!labels.shown("pile:" + pile)) text.clear();
    for (int st = 0; st < kStationCount; st++) {  // each building with its labels, for a lesson's ring
        WorldBox& box = label_box_[st];
        box = fabui::chain_layout().station[st];
        for (const MapLabelBox& b : seen_.labels) {
            if (b.id != model().stations()[size_t(st)].id) continue;
            ImVec2 lo = view_.to_world(b.min), hi = view_.to_world(b.max);
            box = {std::min(box.min_x, lo.x), std::min(box.min_y, lo.y), std::max(box.max_x, hi.x), std::max(box.max_y, hi.y)};
        }
    }
    hover_cards(z, text_px);
    dl->PopClipRect();
    dl->PushClipRect(mmin, {mmin.x + msize.x, mmin.y + msize.y}, true);
    const float captions_h = draw_captions(dl, in, cap_min, cap_max);
    if (!side) caption_band_h_ = std::max(caption_band_h_, std::ceil(captions_h + fs * 0.2f));
    follow_overlay(dl, in, map_min, map_size);
    dl->PopClipRect();
}

// The race's maps: each run on buildings, lamps and piles as the scene's map draws them,
// with its week in the corner (the runs keep one clock, so both say the same week).
RaceMapLook FabScene::race_map_look() {
    const float max_x = fab().view().deriv.on ? fabui::kWorldMaxXDeriv : fabui::kWorldMaxX;
    return {WorldBox{fabui::kWorldMinX, fabui::kWorldMinY, max_x, narrow_screen() ? fabui::kPhoneRaceWorldMaxY : fabui::kRaceWorldMaxY},
            [this](ImDrawList* dl, const WorldView& view, const RaceRun& run, MapLabels* labels) {
                // Both runs are chain models: the race's B is made by the same factory as A.
                const ChainMap cmap{static_cast<const FabModel&>(*run.model), *run.values, view, false};
                const float text_px = label_px(view.zoom());
                if (labels) {  // the week first: a station's name or tag beside it moves off it
                    char buf[64];
                    std::snprintf(buf, sizeof buf, tr("fab.map.week"), int(std::floor(cmap.run.view().week)));
                    const ImVec2 corner = view.to_screen(fabui::kWorldMinX, fabui::kWorldMinY);
                    labels->name("week", {corner.x + text_px * 0.3f, corner.y + text_px * 0.6f}, text_px, pal::kText, buf, 0);
                }
                draw_chain(dl, cmap, text_px, labels);
            },
            [](const RaceRun& run) {  // what sets the run apart, once it has happened: the flaw found, volume begun
                const double week = tj::metric_value(*run.metrics, "week", 0),
                             found = tj::metric_value(*run.metrics, "discovery_week", -1),
                             volume = tj::metric_value(*run.metrics, "first_volume_week", -1);
                char buf[96];
                std::string events;
                if (found >= 0 && week >= found) std::snprintf(buf, sizeof buf, tr("fab.map.race_flaw"), int(found)), events = buf;
                if (volume >= 0) {
                    std::snprintf(buf, sizeof buf, tr("fab.map.race_volume"), int(volume));
                    events += (events.empty() ? "" : language() == Lang::Zh ? "；" : "; ") + std::string(buf);
                }
                if (!events.empty() && language() == Lang::En) events[0] = char(std::toupper(static_cast<unsigned char>(events[0])));
                return events;
            }};
}

void FabScene::draw_chain(ImDrawList* dl, const ChainMap& cmap, float text_px, MapLabels* labels) {
    if (!labels) {
        draw_conveyor(dl, cmap);
        draw_buildings(dl, cmap, text_px, nullptr);
        draw_derivative(dl, cmap, text_px, nullptr);
        return;
    }
    draw_piles(dl, cmap, text_px, *labels);
    draw_buildings(dl, cmap, text_px, labels);
    draw_derivative(dl, cmap, text_px, labels);
}

bool FabScene::dip_active(const ChainMap& cmap) const {
    double w = cmap.run.view().week, start = cmap.values.get("fab.dip.start_week");
    return cmap.values.get("fab.dip.enabled") > 0.5 && w >= start && w < start + cmap.values.get("fab.dip.weeks");
}

void FabScene::draw_conveyor(ImDrawList* dl, const ChainMap& cmap) const {
    const float z = cmap.view.zoom();
    auto P = [&](int st) { ImVec2 w = fabui::map_position(st); return cmap.view.to_screen(w.x, w.y); };
    // Belts bow exactly as the parcel shader bows routes, so parcels ride on them.
    auto belt = [&](int a, int b, float width) {
        ImVec2 p = P(a), q = P(b);
        auto at = [&](float u) {
            ImVec2 r;
            bowed_route_point(p.x, p.y, q.x, q.y, u, &r.x, &r.y);
            return r;
        };
        constexpr int kSteps = 16;
        ImVec2 pts[kSteps + 1];
        for (int i = 0; i <= kSteps; i++) pts[i] = at(float(i) / kSteps);
        dl->AddPolyline(pts, kSteps + 1, kBeltEdge, 0, (width + 4) * z);
        dl->AddPolyline(pts, kSteps + 1, kBelt, 0, width * z);
        // Chevrons point downstream.
        float s = width * 0.35f * z;
        for (float u = 0.2f; u < 0.85f; u += 0.15f) {
            ImVec2 c = at(u), c2 = at(u + 0.01f);
            float dx = c2.x - c.x, dy = c2.y - c.y, len = std::sqrt(dx * dx + dy * dy);
            if (len <= 0) continue;
            dx /= len;
            dy /= len;
            dl->AddLine({c.x - dx * s - dy * s, c.y - dy * s + dx * s}, c, kBeltEdge, 2);
            dl->AddLine({c.x - dx * s + dy * s, c.y - dy * s - dx * s}, c, kBeltEdge, 2);
        }
    };
    static const int main_line[] = {kStDesign, kStFab, kStSort, kStPack, kStModule, kStTray, kStRack, kStShip, kStCustomers};
    for (size_t i = 0; i + 1 < std::size(main_line); i++) belt(main_line[i], main_line[i + 1], i == 0 ? 8.0f : 22.0f);
    belt(kStHbmSupply, kStPack, 12);
    belt(kStSubstrate, kStPack, 12);
    belt(kStCpuSupply, kStTray, 12);
    belt(kStSwitchSupply, kStRack, 12);
    if (cmap.run.view().deriv.on) {  // the derivative's path: from die sort and the HBM supplier, past CoWoS-L
        belt(kStSort, kDerivPack, 12);
        belt(kStHbmSupply, kDerivPack, 10);
        belt(kDerivPack, kDerivTest, 12);
        belt(kDerivTest, kStCustomers, 12);
    }
}

// The derivative's two buildings (CoWoS-S, test and boards), outlined in its colour,
// with their state, and what it has shipped (all of it, and during the hold).
void FabScene::draw_derivative(ImDrawList* dl, const ChainMap& cmap, float text_px, MapLabels* labels) const {
    const FabView& v = cmap.run.view();
    const float z = cmap.view.zoom();
    if (!v.deriv.on) return;
    for (int k = 0; k < 2; k++) {
        int step = k == 0 ? 3 : 4;  // CoWoS-S, test (FabDerivView's steps)
        ImVec2 c = cmap.view.to_screen(fabui::chain_layout().deriv[k].center()), hs = half_size(kStPack);
        ImVec2 a{c.x - hs.x * z, c.y - hs.y * z}, b{c.x + hs.x * z, c.y + hs.y * z};
        if (!labels) {
            dl->AddRectFilled(a, b, pal::kStationFill, 6 * z);
            dl->AddRect(a, b, pal::kGreen, 6 * z, 0, 2.5f);
            dl->AddRectFilled({a.x + 4, b.y - 6 * z - 2}, {b.x - 4, b.y - 2},
                              answer_hidden() ? pal::kStationEdge : fabui::state_color(v.deriv.state[size_t(step)]), 2);
            icon(dl, k == 0 ? kStPack : kStModule, {c.x, c.y - 3 * z}, 24 * z, pal::kGreen);
            continue;
        }
        const char* id = k == 0 ? "deriv_pack" : "deriv_test";
        label(*labels, id, false, text_px, {c.x, b.y + text_px * 0.7f}, pal::kGreen, tr(k == 0 ? "fab.st.deriv_pack" : "fab.st.deriv_test"));
        if (answer_hidden()) {  // a question open: what the derivative ships may be its answer
            label(*labels, id, true, small_px(text_px, 0.85f), {c.x, b.y + text_px * 1.65f}, pal::kTextDim, "?");
            continue;
        }
        label(*labels, id, true, small_px(text_px, 0.85f), {c.x, b.y + text_px * 1.65f}, fabui::state_color(v.deriv.state[size_t(step)]),
              state_and_share(v.deriv.state[size_t(step)], v.deriv.busy[size_t(step)]));
        if (k == 1) {
            char buf[160];
            std::snprintf(buf, sizeof buf, tr("fab.map.deriv_shipped"), fabui::count_text(v.deriv.shipped).c_str());
            label(*labels, id, true, small_px(text_px, 0.8f), {c.x, b.y + text_px * 2.55f}, pal::kGreen, buf);
            std::snprintf(buf, sizeof buf, tr("fab.map.deriv_in_hold"), fabui::count_text(v.deriv.shipped_in_hold).c_str());
            label(*labels, id, true, small_px(text_px, 0.8f), {c.x, b.y + text_px * 3.4f}, pal::kGreen, buf);
        }
    }
}

void FabScene::draw_buildings(ImDrawList* dl, const ChainMap& cmap, float text_px, MapLabels* labels) const {
    const FabView& v = cmap.run.view();
    const float z = cmap.view.zoom();
    bool masks_pending = v.stations[kStFab].held_for_respin;
    for (int st = 0; st < kStationCount; st++) {
        const FabStationView& sv = v.stations[size_t(st)];
        ImVec2 c = cmap.view.to_screen(fabui::map_position(st)), hs = half_size(st);
        ImVec2 a{c.x - hs.x * z, c.y - hs.y * z}, b{c.x + hs.x * z, c.y + hs.y * z};
        bool flagged = (st == kStDesign || st == kStFab) && masks_pending;
        bool event = flagged || (st == kStRack && dip_active(cmap));
        if (labels) {
            draw_station_labels(dl, *labels, cmap, st, a, b, text_px, flagged);
            continue;
        }
        dl->AddRectFilled(a, b, pal::kStationFill, 6 * z);
        if (event) {  // the respin or the rack-test dip: hatched in vermillion while it lasts
            dl->AddRectFilled(a, b, kRespinTint, 6 * z);
            dl->PushClipRect(a, b, true);
            for (float x = a.x - (b.y - a.y); x < b.x; x += 10 * z + 4)
                dl->AddLine({x, b.y}, {x + (b.y - a.y), a.y}, IM_COL32(213, 94, 0, 110), 2);
            dl->PopClipRect();
        }
        dl->AddRect(a, b, pal::kStationEdge, 6 * z, 0, 1.5f);
        // The state lamp: a strip along the bottom in the state's colour.
        // While a question is open the lamps are neutral: starved and blocked stations
        // would show where work piles up (the respin's flag is the question's set-up).
        const ImVec2 la{a.x + 4, b.y - 6 * z - 2}, lb{b.x - 4, b.y - 2};
        if (flagged || answer_hidden())
            dl->AddRectFilled(la, lb, flagged ? pal::kVermillion : pal::kStationEdge, 2);
        else
            fabui::draw_state_lamp(dl, la, lb, sv.state, fabui::state_color(sv.state));
        icon(dl, st, {c.x, c.y - 3 * z}, (is_supplier(st) ? 20 : 24) * z, pal::kText);
        if (st == shown_bottleneck(v)) {
            const float g = ring_gap(z);
            dl->AddRect({a.x - g, a.y - g}, {b.x + g, b.y + g}, pal::kBottleneck, 8 * z + 3, 0, kRingWidth);
        }
    }
}

bool FabScene::marker_box(const std::string& place_id, WorldBox* box) const {
    static_assert(kStationCount <= int(sizeof label_box_ / sizeof label_box_[0]), "a label box per station");
    int st = station_index(place_id);
    if (st < 0 || st >= kStationCount) return false;
    // The building and its labels as last drawn; before the first frame, the building.
    const WorldBox& drawn = label_box_[st];
    *box = drawn.max_x > drawn.min_x ? drawn : fabui::chain_layout().station[st];
    return true;
}

void FabScene::draw_station_labels(ImDrawList* dl, MapLabels& labels, const ChainMap& cmap, int st, ImVec2 a, ImVec2 b,
                                   float text_px, bool flagged) const {
    const FabView& v = cmap.run.view();
    const FabStationView& sv = v.stations[size_t(st)];
    bool masks_pending = v.stations[kStFab].held_for_respin;
    float cx = (a.x + b.x) * 0.5f;
    // Name and state below the building (piles grow upward beside it), except for
    // suppliers, whose name sits above; the bottleneck tag and the respin banner above.
    // Suppliers' names sit above their boxes; the substrate supplier's goes under its box
    // where, above, its long name would run into packaging's beside it (a phone's map, a
    // race's half-width one in presenter mode).
    bool name_above = is_supplier(st) && !(st == kStSubstrate && (narrow_screen() || substrate_meets_packaging(cmap.view, text_px, dl->GetClipRectMax().x - 4)));
    const std::string& id = model().stations()[size_t(st)].id;
    // Its building: no other station's figure or pile count lies over it ("5.66k" on the
    // rack's corner).
    labels.station_box(id, a, b);
    label(labels, id, false, text_px, {cx, name_above ? a.y - text_px * 0.7f : b.y + text_px * 0.7f}, pal::kText, fabui::station_short(st));
    std::string state;
    ImU32 scol = pal::kTextDim;
    // A state line wider than the way to its neighbour on the row (a phone's map) is
    // shortened: moved aside it stood between two stations and read as either's, or pushed
    // the neighbour's out. It keeps its busy share alone (the state shows in the lamp's
    // colour); the design station keeps its words where they fit alone (the respin's story).
    auto fits = [&](const std::string& t) {
        return text_size(small_px(text_px, 0.85f), t.c_str()).x <= row_pitch_px(cmap.view, st) * 0.92f;
    };
    auto share_alone = [&] {
        char buf[96];
        std::snprintf(buf, sizeof buf, tr("fab.map.busy_share"), format_share(sv.busy).c_str());
        return std::string(buf);
    };
    if (st == kStDesign) {
        const char* word = masks_pending ? tr("fab.state.remaking") : sv.state == State::Working ? tr("fab.state.masks") : tr("fab.state.masks_done");
        char buf[160];
        std::snprintf(buf, sizeof buf, tr("fab.map.state_share"), word, format_share(sv.busy).c_str());
        // A question open: its share may answer it. Masks done: the share says nothing
        // and its words would crowd the fab's own state beside it.
        const bool done = !masks_pending && sv.state != State::Working;
        state = answer_hidden() || done ? std::string(word) : std::string(buf);
        if (!answer_hidden() && !done && !fits(state)) state = fits(word) ? std::string(word) : share_alone();
        if (masks_pending) scol = pal::kVermillion;
    } else if (answer_hidden() && !flagged) {  // a question open: its state and load would answer it
        state = "?";
    } else if (st == kStCustomers) {
        // Served on time only where no order ever waited: after a backlog, it was cleared.
        state = sv.buffer_units > 0 ? tr("fab.state.waiting") : v.peak_backlog_gpus > 0 ? tr("fab.state.cleared") : tr("fab.state.served");
    } else if (flagged) {  // the fab during the fix: held at the metal layers, or starts stopped
        char buf[128];
        if (v.fab_stages[1].held)
            std::snprintf(buf, sizeof buf, tr("fab.state.metal_held"), fabui::count_text(v.fab_stages[1].waiting_units).c_str());
        else
            std::snprintf(buf, sizeof buf, "%s", tr("fab.state.starts_held"));
        state = buf;
        scol = pal::kVermillion;
    } else {
        state = state_and_share(sv.state, sv.busy);
        scol = fabui::state_color(sv.state);
        if (!fits(state)) state = share_alone();
    }
    {  // under its name, or to either side where a neighbour's name or pile is in the way
        const float y = b.y + text_px * (name_above ? 0.6f : 1.65f), side = (b.x - a.x) * 0.4f;
        labels.detail_at_one_of(id, {{cx, y}, {cx - side, y}, {cx + side, y}, {cx + 2 * side, y}, {cx - 2 * side, y}},
                                small_px(text_px, 0.85f), scol, join_magnitudes(state), true);
    }
    // Its three stages: wafers in each (and waiting in front of it); with a question open
    // they wait too, as its state does (where wafers queue may be the answer).
    if (st == kStFab && !answer_hidden()) {
        const auto& fs = v.fab_stages;
        // A stage's wafers in process, and apart those waiting in front of it: the hold
        // pile is the card's "waiting for the metal layers", one number in both places.
        auto stage = [](const FabStageView& s) {
            std::string t = fabui::count_text(s.in_process_units);
            if (s.waiting_units >= 1) {
                char w[64];
                std::snprintf(w, sizeof w, tr("fab.map.stage_waiting"), fabui::count_text(s.waiting_units).c_str());
                t += w;
            }
            return t;
        };
        char buf[200];
        std::snprintf(buf, sizeof buf, tr("fab.map.stages"), stage(fs[0]).c_str(), stage(fs[1]).c_str(), stage(fs[2]).c_str());
        label(labels, id, true, small_px(text_px, 0.7f), {cx, b.y + text_px * 2.75f}, fs[1].held || fs[0].held ? pal::kVermillion : pal::kTextDim, buf);
    }
    // A tag goes with its building: where most of the building lies past the map's edge (a
    // follow's close-up), the tag, moved inside, would stand by a neighbour and read as its
    // (the bottleneck's over Module test, packaging off the screen); the ring still shows.
    const ImVec2 clip_min = dl->GetClipRectMin(), clip_max = dl->GetClipRectMax();
    const bool mostly_seen = std::min(b.x, clip_max.x) - std::max(a.x, clip_min.x) >= (b.x - a.x) * 0.5f;
    if (st == shown_bottleneck(v) && mostly_seen) {
        // Told from others busy 100% by its rate, it says so; not where the derivative's
        // buildings stand beside the suppliers (their names need the room).
        const bool slowest = !v.bottleneck_tied.empty() && !v.deriv.on;
        // Its plate clear of the ring's top edge: a phone's words are large beside its
        // boxes, and the plate covered the edge (a legend set on a frame).
        const float tag_px = small_px(text_px, 0.8f), ring_top = a.y - ring_gap(cmap.view.zoom()) - kRingWidth * 0.5f;
        const float tag_y = name_above ? a.y - text_px * 1.6f : std::min(a.y - text_px * 0.75f, ring_top - tag_px * 0.5f - 3);
        label(labels, id, false, tag_px, {cx, tag_y}, pal::kBottleneck, tr(slowest ? "fab.map.bottleneck_slowest" : "fab.map.bottleneck"));
        // Between two piles (packaging's), under its state line (the fab's, under its stages).
        if (!name_above) labels.name_also_at({cx, b.y + text_px * (st == kStFab ? 3.45f : 2.5f)});
    }
    if (st == kStRack && dip_active(cmap) && mostly_seen) {
        char buf[96];
        std::snprintf(buf, sizeof buf, tr("fab.map.dip"), 100 * cmap.values.get("fab.dip.yield"));
        label(labels, id, false, small_px(text_px, 0.9f), {cx, a.y - text_px * (st == shown_bottleneck(v) ? 1.75f : 0.75f)}, pal::kVermillion, buf);
    }
    if (st == kStDesign && masks_pending && v.discovery_week >= 0 && mostly_seen) {
        char buf[96];
        if (v.week < v.masks_ready_week) {
            std::snprintf(buf, sizeof buf, tr("fab.map.flaw"), v.masks_ready_week - v.week);
            label(labels, id, false, small_px(text_px, 0.9f), {cx, a.y - text_px * 1.75f}, pal::kVermillion, buf);
        }
    }
    if (st == kStFab && v.qualifying && mostly_seen) {  // the qualification lots: which lot is awaited, which week of how many
        char buf[128];
        double w = std::min(v.qualification_weeks, std::floor(v.week - v.masks_ready_week) + 1);
        std::snprintf(buf, sizeof buf, tr("fab.map.qualifying"), std::min(v.qualification_lots_out + 1, v.qualification_lots),
                      v.qualification_lots, std::max(1.0, w), std::max(1.0, std::round(v.qualification_weeks)));
        ImVec2 p{cx, a.y - text_px * (st == shown_bottleneck(v) ? 1.75f : 0.75f)};
        ImVec2 sz = text_size(small_px(text_px, 0.85f), join_magnitudes(buf).c_str());
        label(labels, id, false, small_px(text_px, 0.85f), p, pal::kVermillion, buf);
        dl->AddRect({p.x - sz.x * 0.5f - 6, p.y - sz.y * 0.5f - 4}, {p.x + sz.x * 0.5f + 6, p.y + sz.y * 0.5f + 4},
                    pal::kVermillion, 4, 0, 2);
    }
}

void FabScene::draw_piles(ImDrawList* dl, const ChainMap& cmap, float text_px, MapLabels& labels) {
    const FabModel& m = cmap.run;
    const FabView& v = m.view();
    if (cmap.own) seen_.piles.clear();
    const float px = small_px(text_px, 0.85f);
    // A pile's body, from its base up to height h (world units): no other word over it (its
    // mid-width: the heap narrows to its top).
    auto body = [&](const std::string& key, const fabui::PileSpot& p, float h) {
        if (h <= 0) return;
        const float half = p.width * 0.39f;
        labels.obstacle("pile:" + key, cmap.view.to_screen(p.x - half, p.base_y - h), cmap.view.to_screen(p.x + half, p.base_y));
    };
    // A pile's count: above its top, else higher, else beside it (right, then left), else
    // higher still (beside it lies a building: the switch trays' pile by the rack's); where
    // each of those lies over a building, the first that lies under no other word.
    auto count = [&](const std::string& key, const fabui::PileSpot& p, ImVec2 top, ImU32 col, const std::string& text) {
        const std::string s = join_magnitudes(text);
        const float w = text_size(px, s.c_str()).x, side = p.width * 0.5f * cmap.view.zoom() + w * 0.5f + px * 0.3f;
        const float y = top.y - px * 0.55f;
        labels.detail_at_one_of("pile:" + key, {{top.x, y}, {top.x, y - px * 1.1f}, {top.x + side, top.y + px * 0.5f},
                                                {top.x - side, top.y + px * 0.5f}, {top.x, y - px * 2.2f}}, px, col, s, true, 0, true);
        if (cmap.own) seen_.piles.push_back({key, s});
    };
    for (int b = 0; b < kBufCount; b++) {
        const fabui::PileSpot& p = fabui::kPiles[b];
        if (p.width <= 0 || (b >= kBufDerivWafers && !v.deriv.on)) continue;  // the derivative's piles only with it
        if (answer_hidden()) {  // a question open: where work piles up is its answer
            held_pile(dl, cmap.view, p);
            body(fab_buffer_key(b), p, fabui::kPileMaxH * 0.3f);
            count(fab_buffer_key(b), p, cmap.view.to_screen(p.x, p.base_y - fabui::kPileMaxH * 0.3f), pal::kTextDim, "?");
            continue;
        }
        double units = v.buffer_units[size_t(b)];
        if (cmap.own && counterfactuals_drawn()) ghost_pile(dl, cmap.view, p, double(m.line(FabModel::kNoFlaw).buffer(b).units));
        pile(dl, cmap.view, p, units, fabui::buffer_color(b), false);
        float h = fabui::pile_share(units) * fabui::kPileMaxH;
        body(fab_buffer_key(b), p, h);
        // A supplier's pile above what a real supplier would let grow is marked "!" here
        // and named with its limit under the timeline (neighbouring piles are closer
        // than a sentence is wide).
        bool flagged = v.pile_flagged[size_t(b)];
        count(fab_buffer_key(b), p, cmap.view.to_screen(p.x, p.base_y - h), flagged ? pal::kVermillion : fabui::buffer_color(b),
              fabui::count_text(units) + (flagged ? " !" : ""));
    }
    // Customers' backlog: orders not yet shipped, drawn hollow (it is a debt, not stock).
    const fabui::PileSpot& bp = fabui::kBacklogPile;
    // Its word under its foot, not over the pile it names.
    auto backlog_word = [&](ImU32 col) {
        const ImVec2 base = cmap.view.to_screen(bp.x, bp.base_y);
        const float word_px = small_px(text_px, 0.8f);
        labels.detail("pile:backlog", {base.x, base.y + word_px * 0.7f}, word_px, col, tr("fab.map.backlog_short"), 0.5f, true);
    };
    double backlog = v.stations[kStCustomers].buffer_units;
    if (answer_hidden()) {
        held_pile(dl, cmap.view, bp);
        body("backlog", bp, fabui::kPileMaxH * 0.3f);
        count("backlog", bp, cmap.view.to_screen(bp.x, bp.base_y - fabui::kPileMaxH * 0.3f), pal::kTextDim, "?");
        backlog_word(pal::kTextDim);
        return;
    }
    if (cmap.own && counterfactuals_drawn() && !v.no_flaw.backlog.values().empty()) ghost_pile(dl, cmap.view, bp, v.no_flaw.backlog.values().back());
    pile(dl, cmap.view, bp, backlog, pal::kVermillion, true);
    float bh = fabui::pile_share(backlog) * fabui::kPileMaxH;
    body("backlog", bp, bh);
    count("backlog", bp, cmap.view.to_screen(bp.x, bp.base_y - bh), pal::kVermillion, fabui::count_text(backlog));
    backlog_word(pal::kVermillion);
}

// Hover cards: a pile's numbers and lesson, the backlog, or a station's card.
void FabScene::hover_cards(float z, float text_px) {
    const FabModel& m = fab();
    const FabView& v = m.view();
    const ImGuiIO& io = ImGui::GetIO();
    ImVec2 mouse = io.MousePos;
    // While a question is open the cards' live numbers would answer it: none is shown.
    if (!hover_wanted() || answer_hidden()) return;
    auto over_pile = [&](const fabui::PileSpot& p, double units) {
        float h = std::max(fabui::pile_share(units) * fabui::kPileMaxH, 20.0f);
        ImVec2 a = view_.to_screen(p.x - p.width * 0.5f, p.base_y - h), c = view_.to_screen(p.x + p.width * 0.5f, p.base_y + 4);
        return inside(mouse, {a.x, a.y - text_px}, c);
    };
    int hovered_pile = -1;
    for (int b = 0; b < kBufCount; b++)
        if (fabui::kPiles[b].width > 0 && (b < kBufDerivWafers || v.deriv.on) && over_pile(fabui::kPiles[b], v.buffer_units[size_t(b)]))
            hovered_pile = b;
    if (hovered_pile >= 0) {
        int b = hovered_pile;
        const FabLittle& l = v.little[size_t(b)];
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 26);
        ImGui::TextUnformatted(fab_buffer_label(b, language() == Lang::Zh));
        ImGui::Separator();
        ImGui::TextUnformatted(join_magnitudes(std::string(tr("fab.card.now")) + ": " + fabui::count_text(v.buffer_units[size_t(b)]) + " " + fabui::buffer_unit(b)).c_str());
        if (counterfactuals_drawn())
            ImGui::TextUnformatted(join_magnitudes(std::string(tr("fab.card.no_flaw")) + ": " + fabui::count_text(double(m.line(FabModel::kNoFlaw).buffer(b).units)) + " " + fabui::buffer_unit(b)).c_str());
        ImGui::Text("L = %s   λ = %s/%s   W = %.2f %s", fabui::count_text(l.L).c_str(), fabui::count_text(l.lambda_per_week).c_str(),
                    tr("unit.week"), l.W_weeks, tr("unit.weeks"));
        ImGui::TextDisabled("%s", tr("fab.card.log_scale"));
        ImGui::Spacing();
        static const char* const lessons[kBufCount] = {"fab.lesson.wafers", "fab.lesson.dies", "fab.lesson.hbm",
                                                     "fab.lesson.sub", "fab.lesson.packages", "fab.lesson.gpus",
                                                     "fab.lesson.cpus", "fab.lesson.trays", "fab.lesson.racks",
                                                     "fab.lesson.metal_hold", "fab.lesson.back_end", "fab.lesson.switch",
                                                     "fab.lesson.deriv", "fab.lesson.deriv", "fab.lesson.deriv", "fab.lesson.deriv"};
        text_wrapped(tr(lessons[b]), ImGui::GetColorU32(ImGuiCol_TextDisabled), ImGui::GetFontSize() * 26);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
        return;
    }
    double backlog = v.stations[kStCustomers].buffer_units;
    if (over_pile(fabui::kBacklogPile, backlog)) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 26);
        ImGui::TextUnformatted(join_magnitudes(std::string(tr("fab.map.backlog")) + ": " + fabui::count_text(backlog) + " " + tr("unit.gpus")).c_str());
        text_wrapped(tr("fab.lesson.backlog"), ImGui::GetColorU32(ImGuiCol_TextDisabled), ImGui::GetFontSize() * 26);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
        return;
    }
    // The timeline: that week's shipments, with and without the respin.
    {
        double span = std::max(156.0, std::ceil((v.week + 1) / 52) * 52);
        ImVec2 a = view_.to_screen(fabui::kTimelineX0, fabui::kTimelineY - 48), c = view_.to_screen(fabui::kTimelineX1, fabui::kTimelineY + 12);
        if (inside(mouse, a, c)) {
            double week = (mouse.x - a.x) / (c.x - a.x) * span;
            auto at = [&](const tj::TimeSeries& ts) {
                auto it = std::lower_bound(ts.times().begin(), ts.times().end(), week);
                return it == ts.times().end() ? -1.0 : ts.values()[size_t(it - ts.times().begin())];
            };
            double run = at(v.run.shipments), no_flaw = at(v.no_flaw.shipments);
            ImGui::BeginTooltip();
            ImGui::Text("%s %.0f", tr("unit.week"), week);
            if (run >= 0) ImGui::TextUnformatted(join_magnitudes(std::string(tr("fab.series.shipped")) + ": " + fabui::count_text(run) + " " + tr("unit.gpus")).c_str());
            if (no_flaw >= 0) ImGui::TextUnformatted(join_magnitudes(std::string(tr("fab.series.no_flaw")) + ": " + fabui::count_text(no_flaw) + " " + tr("unit.gpus")).c_str());
            ImGui::TextDisabled("%s", tr("fab.lesson.timeline"));
            ImGui::EndTooltip();
            return;
        }
    }
    // Buildings: the station card with live numbers.
    for (int st = 0; st < kStationCount; st++) {
        ImVec2 c = view_.to_screen(fabui::map_position(st)), hs = half_size(st);
        if (!inside(mouse, {c.x - hs.x * z, c.y - hs.y * z}, {c.x + hs.x * z, c.y + hs.y * z})) continue;
        station_card(size_t(st), station_lines(m, metrics(), size_t(st)));
        break;
    }
}

std::vector<std::string> FabScene::station_lines(const tj::Model& run, const std::vector<tj::Metric>&, size_t station) const {
    const FabView& v = static_cast<const FabModel&>(run).view();
    const int st = int(station);
    if (st < 0 || st >= kStationCount) return {};
    // A question open: every figure on a card may answer it (the page's mirror reads these too).
    if (answer_hidden()) return {held_words("lesson.answer_held", "lesson.answer_held_next")};
    const FabStationView& sv = v.stations[size_t(st)];
    const tj::StationInfo& t = station_text(st);
    std::string unit = plural(t.unit_en, t.unit_zh);
    std::vector<std::string> lines;
    char buf[200];
    if (st != kStDesign && st != kStCustomers) {
        int fb = consumed_pile(st);
        if (fb >= 0) lines.push_back(std::string(tr("fab.card.front")) + ": " + fabui::count_text(sv.buffer_units) + " " + fabui::buffer_unit(fb));
        lines.push_back(std::string(tr("fab.card.in_process")) + ": " + fabui::count_text(sv.in_process_units) + " " + unit);
        lines.push_back(std::string(tr("fab.card.capacity")) + ": " + fabui::count_text(sv.capacity_per_week) + " " + unit + "/" + tr("unit.week"));
        if (sv.lot_kits > sv.lot_asked) {  // folded so the run stays fast (line.h)
            std::snprintf(buf, sizeof buf, tr("fab.card.lot_folded"), fabui::count_text(double(sv.lot_asked)).c_str(),
                          fabui::count_text(double(sv.lot_kits)).c_str(), fabui::count_text(kMaxLotsPerWeek).c_str());
            lines.push_back(buf);
        }
        std::snprintf(buf, sizeof buf, tr("fab.card.shares"), format_share(sv.busy).c_str(), format_share(sv.starved).c_str(),
                      format_share(sv.blocked).c_str(), format_share(sv.idle).c_str());
        lines.push_back(buf);
        lines.push_back(std::string(tr("fab.card.nominal")) + ": " + fabui::count_text(sv.nominal_gpus_per_week) + " " +
                        tr("unit.gpus") + "/" + tr("unit.week"));
        if (sv.yield_loss_units > 0)
            lines.push_back(std::string(tr("fab.card.scrapped")) + ": " + fabui::count_text(sv.yield_loss_units) + " (≈ " +
                            fabui::count_text(sv.yield_loss_gpus) + " " + tr("unit.gpus") + ")");
    } else if (st == kStCustomers) {
        lines.push_back(std::string(tr("fab.map.backlog")) + ": " + fabui::count_text(sv.buffer_units) + " " + tr("unit.gpus"));
    } else {
        lines.push_back(sv.held_for_respin ? tr("fab.state.remaking") : sv.state == State::Working ? tr("fab.state.masks") : tr("fab.state.masks_done"));
        std::snprintf(buf, sizeof buf, tr("fab.card.busy"), format_share(sv.busy).c_str());
        lines.push_back(buf);
    }
    if (st == shown_bottleneck(v)) lines.push_back(tr("fab.card.is_bottleneck"));
    else if (shown_bottleneck(v) >= 0 && std::count(v.bottleneck_tied.begin(), v.bottleneck_tied.end(), st))
        lines.push_back(tr("fab.card.tied"));
    return lines;
}

void FabScene::draw_timeline(ImDrawList* dl, float text_px, MapLabels& labels) const {
    const FabView& v = fab().view();
    double span = std::max(156.0, std::ceil((v.week + 1) / 52) * 52);
    float x0 = fabui::kTimelineX0, x1 = fabui::kTimelineX1, y = fabui::kTimelineY;
    auto X = [&](double w) { return x0 + float(w / span) * (x1 - x0); };
    auto S = [&](float x, float yy) { return view_.to_screen(x, yy); };
    // Weekly shipments as a small area above the axis: the run, and the run without the flaw as a line.
    const auto& t = v.run.shipments.times();
    const auto& s = v.run.shipments.values();
    const auto& tw = v.no_flaw.shipments.times();
    const auto& sw = v.no_flaw.shipments.values();
    double top = 1;
    for (double x : s) top = std::max(top, x);
    if (counterfactuals_drawn()) for (double x : sw) top = std::max(top, x);
    float hmax = 42;
    // A question open: the weeks' shipments, the respin's span and the event marks would
    // answer it (when volume came, what was lost); the axis, the years and now stay.
    const bool held = answer_hidden();
    for (size_t i = 1; i < t.size() && !held; i++) {
        ImVec2 a = S(X(t[i - 1]), y - float(s[i - 1] / top) * hmax), b = S(X(t[i]), y - float(s[i] / top) * hmax);
        dl->AddQuadFilled(S(X(t[i - 1]), y), a, b, S(X(t[i]), y), with_alpha(pal::kOrange, 150));
    }
    if (counterfactuals_drawn() && !held)
        for (size_t i = 1; i < tw.size(); i++)
            dl->AddLine(S(X(tw[i - 1]), y - float(sw[i - 1] / top) * hmax), S(X(tw[i]), y - float(sw[i] / top) * hmax),
                        IM_COL32(255, 255, 255, 150), 1.5f);
    {  // the strip's title, placed with the map's words: a phone's station line may lie there,
        // so it keeps a gap from it, at the strip's left end or else further along its top,
        // else half a line lower, over the strip's top
        const float px = small_px(text_px, 0.75f);
        const char* title = tr("fab.map.ship_strip");
        const ImVec2 sz = text_size(px, title), l = S(x0, y - hmax - 4), r = S(x1, y - hmax - 4);
        std::vector<ImVec2> places;
        for (float dy : {0.0f, sz.y * 0.5f})
            for (float f : {0.0f, 1.0f / 3, 2.0f / 3, 1.0f})
                places.push_back({l.x + sz.x * 0.5f + (r.x - l.x - sz.x) * f, l.y - sz.y * 0.5f + dy});
        labels.detail_at_one_of("timeline:strip", places, px, pal::kOrange, title, false, px * 0.35f);
    }
    // Respin span, axis, years, events, now.
    // The respin: strong while the fab is held, pale until shipments resume.
    if (held) {
        ImVec2 q = S(X(v.week * 0.5), y - hmax * 0.5f);
        labels.name("timeline:held", q, small_px(text_px, 0.9f), pal::kTextDim, "?", 0.5f);
    } else if (v.discovery_week >= 0 && v.week >= v.discovery_week) {
        double held_to = std::min(v.week, v.masks_ready_week);
        dl->AddRectFilled(S(X(v.discovery_week), y - hmax), S(X(held_to), y), kRespinTint);
        if (v.ship_resume_week > held_to)
            dl->AddRectFilled(S(X(held_to), y - hmax), S(X(v.ship_resume_week), y), IM_COL32(213, 94, 0, 30));
    }
    if (values().get("fab.dip.enabled") > 0.5 && !held) {
        double d0 = values().get("fab.dip.start_week"), d1 = std::min(v.week, d0 + values().get("fab.dip.weeks"));
        if (d1 > d0) dl->AddRectFilled(S(X(d0), y - hmax), S(X(d1), y), kRespinTint);
    }
    dl->AddLine(S(x0, y), S(x1, y), pal::kStationEdge, 2);
    const float year_px = small_px(text_px, 0.75f), mark_px = small_px(text_px, 0.7f);
    for (int w = 0; w <= int(span); w += 13) {
        bool year = w % 52 == 0;
        dl->AddLine(S(X(w), y), S(X(w), y + (year ? 12 : 6)), pal::kStationEdge, year ? 2.0f : 1.0f);
        if (year) {
            char b[16];
            std::snprintf(b, sizeof b, "%d", 2024 + w / 52);
            // Right of its tick, but the last year left of it: it would run past the map's edge.
            const bool last = w + 52 > int(span);
            ImVec2 p = S(X(w), y + 14);
            labels.name("timeline:years", {p.x + (last ? -3.0f : 3.0f), p.y - 2 + year_px * 0.5f}, year_px, pal::kTextDim, b,
                        last ? 1.0f : 0.0f);
        }
    }
    const float row_h = text_size(mark_px, "W").y;
    int k = 0;
    // In time order, each from one row lower than the one before: the marks read down as
    // they happened ("flaw found" over "new masks"), even where the earlier one's words
    // had to leave the top row (beside a year).
    std::vector<ChartMarker> marks = fabui::event_markers(v, values(), false);
    std::stable_sort(marks.begin(), marks.end(), [](const ChartMarker& a, const ChartMarker& b) { return a.x < b.x; });
    for (const ChartMarker& m : marks) {
        if (m.x > span || held) continue;
        ImVec2 p = S(X(m.x), y - hmax - 6), q = S(X(m.x), y + 6);
        dl->AddLine(p, q, pal::kVermillion, 2);
        labels.keep_out({p.x - 2, p.y}, {p.x + 2, q.y});  // no word crossed by it (the strip's title)
        ImVec2 at = S(X(m.x), y + 18);
        std::vector<ImVec2> rows;
        for (int r = k; r < k + kTimelineRows; r++) rows.push_back({at.x, at.y + (float(r) + 0.5f) * row_h});
        labels.detail_at_one_of("timeline:mark" + std::to_string(k), rows, mark_px, pal::kVermillion, m.label, false);
        k++;
    }
    // Now: a triangle under the axis, sized with the map (as the years' and marks' rows
    // are), so it ends above them at any zoom and covers none of their words.
    const float nx = X(v.week);
    dl->AddTriangleFilled(S(nx, y - 1), S(nx - 6, y + 9), S(nx + 6, y + 9), pal::kText);
}

ImVec4 FabScene::draw_timeline_legend(ImDrawList* dl, float text_px, const MapLabels& labels) const {
    const FabView& v = fab().view();
    // Under the timeline's lowest row of marks.
    ImVec2 lp = view_.to_screen(fabui::kTimelineX0, fabui::kTimelineY + 18);
    for (const MapLabelBox& b : labels.boxes())
        if (b.id.rfind("timeline:", 0) == 0) lp.y = std::max(lp.y, b.max.y + text_px * 0.1f);
    lp.y += 4;
    const float top = lp.y;
    // Row after row, each item where it fits before the map's right edge (a phone's
    // narrow map takes the legend on several rows), the notes wrapped to the map's width.
    const float px = small_px(text_px, 0.8f), sq = px * 0.8f, row = px * 1.3f;
    // A phone's legend starts at the map's left edge, not under the timeline's start: its
    // words are larger than the map's scale, and the room under the timeline is fixed.
    const float right = dl->GetClipRectMax().x - 4,
                x0 = narrow_screen() ? dl->GetClipRectMin().x + 8 : view_.to_screen(fabui::kTimelineX0, 0).x;
    lp.x = x0;
    auto place = [&](float w) {
        if (lp.x > x0 && lp.x + w > right) { lp.x = x0; lp.y += row; }
    };
    // A line that would run past the map's foot is left out whole, and what follows it: a
    // phone's lesson leaves the map short, and a cut line reads as a mistake.
    const float bottom = dl->GetClipRectMax().y - 4;
    bool room = true, lamps = false;
    auto fits = [&](float h) { return room = room && lp.y + h <= bottom; };
    for (State st : {State::Working, State::Starved, State::Blocked, State::Idle}) {
        const char* w = fabui::state_word(st);
        const float lw = sq * 2.2f;  // the lamp as drawn on a station, smaller
        place(lw + sq * 0.4f + text_size(px, w).x);
        if (!fits(row)) break;
        const float ly = lp.y + px * 0.5f;
        fabui::draw_state_lamp(dl, {lp.x, ly - sq * 0.22f}, {lp.x + lw, ly + sq * 0.22f}, st, fabui::state_color(st));
        dl->AddText(ImGui::GetFont(), px, {lp.x + lw + sq * 0.4f, lp.y}, pal::kTextDim, w);
        lp.x += lw + sq * 1.4f + text_size(px, w).x;
        lamps = true;
    }
    // Hot lots, where the run makes them (after the fix): the white discs that pass the others in the fab.
    if (values().get("fab.fab.hot_share") > 0 && lamps) {
        const char* w = tr("fab.map.hot_lot");
        lp.x += text_px - sq;
        place(sq * 1.4f + text_size(px, w).x);
        if (fits(row)) {
            dl->AddCircleFilled({lp.x + sq * 0.5f, lp.y + px * 0.5f}, sq * 0.5f, fabui::kind_color(kSegHotLot));
            dl->AddText(ImGui::GetFont(), px, {lp.x + sq * 1.4f, lp.y}, pal::kTextDim, w);
            lp.x += sq * 1.4f + text_size(px, w).x;
        }
    }
    lp.x += text_px - sq;
    place(text_size(px, tr("fab.map.log_piles")).x);
    if (fits(wrapped_text_size(px, tr("fab.map.log_piles"), right - lp.x).y))
        lp.y += std::max(row, draw_text_wrapped(dl, px, lp, pal::kTextDim, tr("fab.map.log_piles"), right - lp.x));
    else if (lamps)  // the legend ends under the lamps' row
        lp.y += row;
    std::string flags;  // the piles marked "!" on the map, with their limits (none while their sizes are held)
    for (int b = 0; b < kBufCount; b++)
        if (fabui::kPiles[b].width > 0 && v.pile_flagged[size_t(b)] && !answer_hidden())
            flags += std::string(flags.empty() ? "" : ", ") + "> " + fabui::count_text(v.pile_plausible[size_t(b)]) + " " +
                     fabui::buffer_unit(b);
    if (fits(wrapped_text_size(px, tr("fab.map.outputs"), right - x0).y))
        lp.y += draw_text_wrapped(dl, px, {x0, lp.y}, pal::kTextDim, tr("fab.map.outputs"), right - x0);
    if (!flags.empty()) {
        flags = join_magnitudes("! " + std::string(tr("fab.map.implausible")) + ": " + flags);
        if (fits(wrapped_text_size(px, flags, right - x0).y))
            lp.y += draw_text_wrapped(dl, px, {x0, lp.y}, pal::kVermillion, flags, right - x0);
    }
    return {x0, top, right, lp.y};
}

int FabScene::shown_bottleneck(const FabView& v) const { return answer_hidden() ? -1 : v.bottleneck; }
int FabScene::shown_bottleneck() const { return shown_bottleneck(fab().view()); }

float FabScene::draw_captions(ImDrawList* dl, const FrameInput& in, ImVec2 cap_min, ImVec2 cap_max) const {
    const FabView& v = fab().view();
    const std::vector<tj::Metric> ms = metrics();
    auto metric = [&](const char* id) {
        for (auto& x : ms)
            if (x.id == id) return x.value;
        return 0.0;
    };
    float fs = ImGui::GetFontSize();
    float big = fs * (in.panels ? 1.25f : 1.2f), small = fs * (in.panels ? 0.95f : 1.0f);
    float wrap = cap_max.x - cap_min.x - fs * 1.2f;
    ImVec2 p{cap_min.x + fs * 0.6f, cap_min.y + fs * 0.35f};
    auto put = [&](float px, ImU32 col, const std::string& s, float dx = 0) {
        p.y += draw_text_wrapped(dl, px, {p.x + dx, p.y}, col, join_magnitudes(s), wrap - dx) + px * 0.15f;
    };
    // When, and what limits the line now, in words.
    static const char* const months_en[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    int year = 2024 + int(v.week / 52.1775), month = std::clamp(int(std::fmod(v.week, 52.1775) / 4.348), 0, 11);
    char when[96];
    if (language() == Lang::Zh) std::snprintf(when, sizeof when, "第 %.0f 周（%d 年 %d 月）", std::floor(v.week), year, month + 1);
    else std::snprintf(when, sizeof when, "Week %.0f (%s %d)", std::floor(v.week), months_en[month], year);
    // The bottleneck, or the open question's mark (the figures below wait for its
    // answer): the headline the page's mirror reads too.
    const std::string b = headline();
    // The bottleneck goes beside the date when both fit on one line.
    float wx = text_size(big, when).x + fs;
    if (wx + text_size(big, b.c_str()).x < wrap) {
        dl->AddText(ImGui::GetFont(), big, p, pal::kText, when);
        put(big, pal::kBottleneck, b, wx);
    } else {
        put(big, pal::kText, when);
        put(big, pal::kBottleneck, b);
    }
    if (answer_hidden()) {  // the parcels wait too (parcels_held): say so, or the map looks stopped
        put(small, pal::kTextDim, held_words("fab.cap.flows_held", "fab.cap.flows_held_next"));
        return p.y - cap_min.y;
    }
    // Shipments, backlog and what the respin has cost so far.
    // Last week's count swings with the racks' lumps, so the mean the lessons read stands
    // beside it when there are weeks enough and room on the line; a derivative's shipments
    // are named apart.
    const std::string shipped = fabui::count_text(metric("shipments_week_gpus")), backlog = fabui::count_text(metric("backlog_gpus"));
    char line[320], mean[96] = "";
    auto compose = [&] {
        if (!v.deriv.on) std::snprintf(line, sizeof line, tr("fab.cap.line2"), shipped.c_str(), mean, backlog.c_str());
        else std::snprintf(line, sizeof line, tr("fab.cap.line2_deriv"), shipped.c_str(), mean,
                           fabui::count_text(metric("deriv_shipped_week")).c_str(), backlog.c_str());
    };
    if (v.week >= tj::fab::kMeanShipmentWeeks) {
        std::snprintf(mean, sizeof mean, tr("fab.cap.mean"), fabui::count_text(metric("shipments_mean_gpus_week")).c_str());
        compose();
        if (text_size(small, join_magnitudes(line).c_str()).x > wrap) mean[0] = 0;
    }
    compose();
    put(small, pal::kTextDim, line);
    if (v.discovery_week >= 0 && v.week >= v.discovery_week) {
        // The cost is against the chain without the flaw (never negative); once the fix has
        // won back its hold, the gain over keeping the flaw follows.
        std::snprintf(line, sizeof line, tr("fab.cap.lost"), fabui::count_text(metric("gpus_lost_to_respin")).c_str(),
                      metric("weeks_lost_to_respin"));
        put(small, pal::kVermillion, line);
        const double won = metric("respin_vs_flaw_kept_gpus");
        if (won > 0) {
            std::snprintf(line, sizeof line, tr("fab.cap.won"), fabui::count_text(won).c_str());
            put(small, pal::kTextDim, line);
        }
    }
    return p.y - cap_min.y;
}

// fab_style.h — what the production-chain scene's map and panels share: where each
// station and pile sits on the map (world units), the colour of each kind of work,
// the colour and word of each station state, short names and units, the event
// markers of every time axis, and counts written the way people read them.
//
// Colours mean one thing each: wafers sky, dies blue, packages and GPUs orange,
// trays yellow, racks white, HBM purple, substrates and CPUs grey, the derivative
// product bluish green; the respin,
// scrap and the bottleneck vermillion (Okabe–Ito, colour-blind safe).
//
// Usage:
//   ImVec2 p = fabui::map_position(tj::fab::kStPack);
//   dl->AddRectFilled(..., fabui::buffer_color(tj::fab::kBufDies));
//   fabui::count_text(12345) -> "12.3k" (中文 "1.23 万")
#pragma once
#include <string>
#include <vector>

#include "core/fab/fab_model.h"
#include "imgui.h"
#include "app/render/world_view.h"
#include "app/ui/plots.h"
#include "app/scene/scene.h"

namespace fabui {

// Where each thing sits on the map (world units), as the token scene's TokenLayout: a
// box per station and per step of the derivative product. The chain's never move.
struct ChainLayout {
    WorldBox station[tj::fab::kStationCount];
    WorldBox deriv[tj::fab::kDerivEnd - tj::fab::kDerivPack];
};
const ChainLayout& chain_layout();
// A supplier: a smaller building at the side of the line.
bool is_supplier(int station);
// The centre of a station's or a derivative step's box; {0, 0} for anything else.
ImVec2 map_position(int point);
struct PileSpot {
    float x, base_y;  // centre of the pile's base; it grows upward
    float width;      // 0: not drawn
};
constexpr PileSpot kPiles[tj::fab::kBufCount] = {
    {650, 242, 56},   // wafers before sort
    {700, 470, 50},   // dies before packaging (beside the drop from sort)
    {885, 572, 46},   // HBM
    {950, 572, 46},   // substrates
    {650, 572, 56},   // packages before module test
    {390, 572, 56},   // GPU modules before tray assembly
    {167, 572, 46},   // CPUs
    {305, 800, 50},   // trays before rack integration (right of the drop: the switch trays' pile is left of it)
    {390, 902, 56},   // racks waiting to ship
    {390, 242, 50},   // wafers held in front of the metal layers (beside the fab)
    {0, 0, 0},        // wafers before the back end: a few lots in passing, not drawn
    {160, 902, 40},   // NVLink switch trays before rack integration
    {0, 0, 0},        // derivative wafers before die sort: a few lots, not drawn
    {1150, 490, 40},  // derivative dies before CoWoS-S
    {1225, 490, 40},  // HBM stacks for the derivative
    {1195, 640, 46},  // derivative packages before test
};
constexpr PileSpot kBacklogPile = {935, 902, 60};  // orders not yet shipped
constexpr float kPileMaxH = 170;                    // world units at 10^7
constexpr float kPileDecades = 7;
constexpr float kTimelineY = 1075;
constexpr float kTimelineX0 = 60, kTimelineX1 = 1060;
constexpr float kWorldMinX = 0, kWorldMinY = 95, kWorldMaxX = 1100, kWorldMaxY = 1200;
// The race's maps leave the timeline out: they end under the last row's labels (a
// phone's, larger for the map's size, need more room: their state lines were cut).
constexpr float kRaceWorldMaxY = 990, kPhoneRaceWorldMaxY = 1040;
constexpr float kPhoneLegendWorld = 120;     // a phone's extra room under the timeline (fab_map.cpp)
constexpr float kPresenterLegendWorld = 100;  // presenter mode's (the timeline's marks on rows of their own)
constexpr float kPresenterTopWorld = 35;      // the bare top presenter mode leaves out (the bottleneck's tag still in)
constexpr float kWorldMaxXDeriv = 1280;  // with the derivative's column

// The panels' default widths (the map sits between them).
float left_panel_width(const FrameInput& in);
float right_panel_width(const FrameInput& in);

ImU32 buffer_color(int buffer);
ImU32 kind_color(int seg_kind);
ImU32 state_color(tj::fab::State s);
const char* state_word(tj::fab::State s);
// A station's state lamp in the box a..b, told by its shape as well as its colour
// (never by colour alone): working a full bar, starved an empty outline, blocked a
// bar cut by gaps, idle three dots. `col` is the state's colour, or a neutral one.
void draw_state_lamp(ImDrawList* dl, ImVec2 a, ImVec2 b, tj::fab::State s, ImU32 col);
const char* station_short(int station);
const char* buffer_unit(int buffer);
// A count in the current language (format_count): "850", "12.3k" / "1.23 万".
std::string count_text(double v);
// The respin and dip events as chart markers (weeks), in the current language;
// short words for the charts, where the markers' labels share one line.
std::vector<ChartMarker> event_markers(const tj::fab::FabView& v, const tj::ParamValues& p, bool short_words);
// The pile height for a count, as a share of the full height (log scale, 1 .. 10^7).
float pile_share(double units);

}  // namespace fabui

// palette.h — the colours of the app: Okabe and Ito's palette, which viewers with
// the common colour-vision deficiencies can tell apart, plus the map's neutrals.
// Use the names for meaning (kCompute, kMemory...) in both scenes, so a colour
// means the same thing everywhere.
#pragma once
#include "imgui.h"

namespace pal {
constexpr ImU32 kOrange = IM_COL32(230, 159, 0, 255);
constexpr ImU32 kSky = IM_COL32(86, 180, 233, 255);
constexpr ImU32 kGreen = IM_COL32(0, 158, 115, 255);
constexpr ImU32 kYellow = IM_COL32(240, 228, 66, 255);
constexpr ImU32 kBlue = IM_COL32(0, 114, 178, 255);
// Okabe and Ito's vermillion (213, 94, 0) lightened so text in it reads at 4.5:1 inside
// a station's box (tests/app/ui/test_palette_contrast.cpp).
constexpr ImU32 kVermillion = IM_COL32(240, 110, 40, 255);
constexpr ImU32 kPurple = IM_COL32(204, 121, 167, 255);
constexpr ImU32 kGrey = IM_COL32(153, 153, 153, 255);
constexpr ImU32 kPale = IM_COL32(225, 225, 225, 255);

constexpr ImU32 kSeries[] = {kSky, kOrange, kGreen, kVermillion, kBlue, kPurple, kYellow, kGrey};

// Behind the map.
constexpr ImU32 kBackdrop = IM_COL32(19, 22, 28, 255);
// Map neutrals: background of stations, their outline, text, dim text.
constexpr ImU32 kStationFill = IM_COL32(38, 45, 60, 255);
constexpr ImU32 kStationEdge = IM_COL32(120, 138, 170, 255);
constexpr ImU32 kText = IM_COL32(236, 239, 245, 255);
constexpr ImU32 kTextDim = IM_COL32(160, 170, 190, 255);
constexpr ImU32 kBottleneck = kVermillion;  // the outline of the stage that limits
// A plate under text drawn over the map, so it stays readable over whatever lies beneath
// (nearly opaque: a box's edge showing through read as a stray mark beside the words).
constexpr ImU32 kShade = IM_COL32(14, 16, 22, 240);
// Text on a green fill (a lesson's right answer once revealed): white reads only 3.4:1 there.
constexpr ImU32 kOnGreen = IM_COL32(14, 16, 22, 255);
}  // namespace pal

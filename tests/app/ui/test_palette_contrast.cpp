// test_palette_contrast.cpp — the palette (app/ui/palette.h) against the backgrounds it is
// drawn on, by WCAG 2.1's contrast ratio: text at least 4.5:1 (1.4.3), graphics (outlines,
// parcels, plot lines, lamps) at least 3:1 (1.4.11).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app/ui/palette.h"

namespace {
double channel(unsigned v) {  // sRGB to linear light
    double c = v / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}
double luminance(ImU32 c) {
    return 0.2126 * channel((c >> IM_COL32_R_SHIFT) & 255) + 0.7152 * channel((c >> IM_COL32_G_SHIFT) & 255) +
           0.0722 * channel((c >> IM_COL32_B_SHIFT) & 255);
}
double contrast(ImU32 a, ImU32 b) {
    double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}
// `top` with its alpha over an opaque `under`.
ImU32 over(ImU32 top, ImU32 under) {
    double a = ((top >> IM_COL32_A_SHIFT) & 255) / 255.0;
    auto mix = [&](int shift) { return unsigned(std::lround(((top >> shift) & 255) * a + ((under >> shift) & 255) * (1 - a))); };
    return IM_COL32(mix(IM_COL32_R_SHIFT), mix(IM_COL32_G_SHIFT), mix(IM_COL32_B_SHIFT), 255);
}

struct Named { const char* name; ImU32 c; };
// Every colour the app writes text in on the windows and over the map (ImGui's own text
// is white, its disabled text 0.5 grey).
const std::vector<Named> kTextColours = {
    {"text", pal::kText},     {"dim text", pal::kTextDim}, {"sky", pal::kSky},                 {"yellow", pal::kYellow},
    {"orange", pal::kOrange}, {"green", pal::kGreen},      {"vermillion", pal::kVermillion},   {"purple", pal::kPurple},
    {"grey", pal::kGrey},     {"pale", pal::kPale},        {"ImGui text", IM_COL32(255, 255, 255, 255)},
    {"ImGui disabled text", IM_COL32(128, 128, 128, 255)},
};
// The colours the maps write inside a station's box (token_map.cpp, fab_map.cpp: names,
// figures, provenance tags, held and spilled amounts).
const std::vector<Named> kStationText = {
    {"text", pal::kText},     {"dim text", pal::kTextDim}, {"sky", pal::kSky},       {"yellow", pal::kYellow},
    {"orange", pal::kOrange}, {"purple", pal::kPurple},    {"vermillion", pal::kVermillion},
};
struct Ground { const char* name; ImU32 c; const std::vector<Named>* text; };
// What the app draws on: the map's backdrop, the windows (ImGui 1.86's dark WindowBg,
// 0.06 grey at 0.94, and the lesson card at 0.96, over the backdrop), a station's box,
// and the plate under the map's headline (over a station box, the lightest it lies on).
const Ground kBackgrounds[] = {
    {"backdrop", pal::kBackdrop, &kTextColours},
    {"window", over(IM_COL32(15, 15, 15, 240), pal::kBackdrop), &kTextColours},
    {"lesson card", over(IM_COL32(15, 15, 15, 245), pal::kBackdrop), &kTextColours},
    {"plate over a station", over(pal::kShade, pal::kStationFill), &kTextColours},
    {"station box", pal::kStationFill, &kStationText},
};
}  // namespace

TEST_CASE("palette: every text colour reads at 4.5:1 on every background it is drawn on") {
    std::vector<std::string> low;
    for (const Ground& bg : kBackgrounds)
        for (const Named& t : *bg.text)
            if (contrast(t.c, bg.c) < 4.5)
                low.push_back(std::string(t.name) + " on " + bg.name + ": " + std::to_string(contrast(t.c, bg.c)));
    INFO([&] { std::string s; for (auto& l : low) s += l + "\n"; return s; }());
    CHECK(low.empty());
}

TEST_CASE("palette: every graphic colour stands out at 3:1 from the map and the windows") {
    std::vector<std::string> low;
    const Named graphics[] = {{"station edge", pal::kStationEdge}, {"bottleneck", pal::kBottleneck}};
    for (const Ground& bg : kBackgrounds) {
        if (std::string(bg.name).find("station") != std::string::npos) continue;  // parcels and lines lie on the map
        for (ImU32 c : pal::kSeries)
            if (contrast(c, bg.c) < 3) low.push_back("a series colour on " + std::string(bg.name) + ": " + std::to_string(contrast(c, bg.c)));
        for (const Named& g : graphics)
            if (contrast(g.c, bg.c) < 3) low.push_back(std::string(g.name) + " on " + bg.name + ": " + std::to_string(contrast(g.c, bg.c)));
    }
    INFO([&] { std::string s; for (auto& l : low) s += l + "\n"; return s; }());
    CHECK(low.empty());
}

TEST_CASE("palette: text on the coloured buttons reads at 4.5:1 (the first-visit card's first choice, a lesson's answers)") {
    const ImU32 window = over(IM_COL32(15, 15, 15, 240), pal::kBackdrop);
    CHECK(contrast(pal::kText, over((pal::kBlue & ~IM_COL32_A_MASK) | IM_COL32(0, 0, 0, 200), window)) >= 4.5);  // welcome_card.cpp
    CHECK(contrast(IM_COL32(255, 255, 255, 255), pal::kBlue) >= 4.5);      // the class's pick
    CHECK(contrast(pal::kOnGreen, pal::kGreen) >= 4.5);                    // the right answer, revealed
}

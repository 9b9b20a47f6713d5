// draw.h — small helpers both scenes' maps and panels draw with (ImGui types,
// no state).
//
// Usage:
//   dl->AddRectFilled(a, b, with_alpha(pal::kOrange, 150));
//   if (inside(mouse, box_min, box_max)) ...
//   ImGui::SliderFloat("##v", &t, 0, 1, text); slider_position_ticks(t);
#pragma once
#include "imgui.h"
#include "app/ui/palette.h"

// The height of a control a finger must hit on a touch screen (logical pixels).
constexpr float kTouchTarget = 44;
// Below this width (logical pixels) the screen is narrow: a phone, or a tablet upright
// (820 wide), where side panels would leave the map a strip of some 400 pixels.
constexpr float kNarrowWidth = 900;
// Whether the display is narrow (the App lays out FrameInput::narrow by the same rule).
inline bool narrow_screen() { return ImGui::GetIO().DisplaySize.x < kNarrowWidth; }

// The colour with its alpha replaced (0..255).
inline ImU32 with_alpha(ImU32 c, int a) { return (c & 0x00FFFFFFu) | (ImU32(a) << 24); }

// Whether p lies in the box from min to max, edges included.
inline bool inside(ImVec2 p, ImVec2 min, ImVec2 max) { return p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y; }

// Every slider writes its value across its bar, and ImGui's grab (left transparent by the
// app's style) would sit under a letter of it. Called right after the slider with its
// position t in [0, 1], this marks the position with two flat ticks on the bar's top and
// bottom edges, in the frame's padding above and below the text (ticks reaching a third of
// the way in lay over its letters).
inline void slider_position_ticks(float t) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    const float grab = ImGui::GetStyle().GrabMinSize, pad = 2;  // as ImGui's SliderBehavior places its grab
    const float x = a.x + pad + grab * 0.5f + (t < 0 ? 0 : t > 1 ? 1 : t) * (b.x - a.x - 2 * pad - grab);
    const float h = ImGui::GetStyle().FramePadding.y + 1, w = h * 1.6f;
    const ImU32 col = ImGui::IsItemActive() ? pal::kYellow : pal::kOrange;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddTriangleFilled({x - w, a.y}, {x + w, a.y}, {x, a.y + h}, col);
    dl->AddTriangleFilled({x - w, b.y}, {x + w, b.y}, {x, b.y - h}, col);
}

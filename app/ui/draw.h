// draw.h — small helpers both scenes' maps and panels draw with (ImGui types,
// no state).
//
// Usage:
//   dl->AddRectFilled(a, b, with_alpha(pal::kOrange, 150));
//   if (inside(mouse, box_min, box_max)) ...
#pragma once
#include "imgui.h"

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

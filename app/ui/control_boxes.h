// control_boxes.h — where every control ImGui drew in the last frame is, and how big.
//
// ImGui calls two hooks for each item when built with IMGUI_ENABLE_TEST_ENGINE
// (app/CMakeLists.txt): one with its box, one with its label for the widgets a person
// acts on (buttons, checkboxes, radio buttons, sliders, drags, text fields, tree nodes,
// selectables, menus and menu items, tabs). This file implements them and keeps the
// latter's hit boxes, in logical (CSS) pixels, so a test can hold every target to at
// least 24 x 24 px (WCAG 2.5.8) from the boxes the user really meets: state().controls.
// A disabled control (Reveal before an answer) is listed too, marked so.
//
// Usage:
//   ImGui::CreateContext(); control_boxes_start();   // once: ImGui calls the hooks from now on
//   for (const ControlBox& c : control_boxes()) if (c.max.x - c.min.x < 24) ...
#pragma once
#include <string>
#include <vector>

#include "imgui.h"

struct ControlBox {
    std::string label;  // as drawn (the part before "##")
    ImVec2 min, max;
    bool disabled = false;
};

// Turns ImGui's item hooks on for the current context.
void control_boxes_start();

// The controls of the latest ImGui frame (the frame under way while it runs).
const std::vector<ControlBox>& control_boxes();

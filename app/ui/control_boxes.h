// control_boxes.h — where every control ImGui drew in the last frame is, and how big.
//
// ImGui calls two hooks for each item when built with IMGUI_ENABLE_TEST_ENGINE
// (app/CMakeLists.txt): one with its box, one with its label for the widgets a person
// acts on (buttons, checkboxes, radio buttons, sliders, drags, text fields, tree nodes,
// selectables, menus and menu items, tabs). This file implements them and keeps the
// latter's hit boxes, in logical (CSS) pixels, so a test can hold every target to at
// least 24 x 24 px (WCAG 2.5.8) from the boxes the user really meets: state().controls.
// A disabled control (Reveal before an answer) is listed too, marked so. The windows on
// screen (panels, hover cards, open menus) are read here too, the one place outside
// ImGui that looks at its internals: state().windows.
//
// Usage:
//   ImGui::CreateContext(); control_boxes_start();   // once: ImGui calls the hooks from now on
//   for (const ControlBox& c : control_boxes()) if (c.max.x - c.min.x < 24) ...
//   for (const WindowBox& w : window_boxes()) ...   // name, kind, box, scroll
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

// A window on screen as ImGui last laid it out: a panel, a tooltip (a hover card) or a
// popup (an open menu). Child windows and ImGui's own debug window are left out.
struct WindowBox {
    std::string name;
    const char* kind;  // "panel", "tooltip" or "popup"
    ImVec2 pos, size;
    float scroll_y = 0;
};
std::vector<WindowBox> window_boxes();
// One window's box by its name, as ImGui last laid it out; false when it is not up (a
// lookup, for use each frame, where window_boxes() would copy every window).
bool window_box(const char* name, WindowBox* out);

// Whether the item being dragged is a window's vertical scrollbar (a finger on it
// scrolls the window the usual way, not by the touch-scroll of App::touch_to_imgui).
bool dragging_vertical_scrollbar();

// panel_window.h — one of a scene's panels as a window. On a wide screen it sits
// beside the map where the scene places it the first time (then where the user
// leaves it); on a narrow one it is the sheet's open tab, fixed under the map, with
// no title (the tab names it) and only while its tab is the one picked.
//
// Usage (tab: the panel's place in the scene's panel_tabs()):
//   if (begin_panel(in, 0, tr("token.panel.controls"), "token_controls", pos, size)) { ...; ImGui::End(); }
#pragma once
#include "app/scene/scene.h"

// false: the panel is not shown this frame (and End() is not called).
bool begin_panel(const FrameInput& in, int tab, const char* title, const char* id, ImVec2 pos, ImVec2 size,
                 ImGuiWindowFlags flags = kPanelWindow);

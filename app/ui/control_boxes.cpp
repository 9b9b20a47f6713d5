// control_boxes.cpp — ImGui's item hooks, keeping the controls' boxes, and the windows
// on screen. See control_boxes.h.
#include "app/ui/control_boxes.h"

#include <cstring>
#include <string>

#include "imgui_internal.h"

namespace {
std::vector<ControlBox> g_boxes;
ImGuiID g_last_id = 0;  // a menu item or menu reports itself right after its selectable: one entry
int g_frame = -1;
}  // namespace

void control_boxes_start() { ImGui::GetCurrentContext()->TestEngineHookItems = true; }

const std::vector<ControlBox>& control_boxes() { return g_boxes; }

void ImGuiTestEngineHook_ItemAdd(ImGuiContext*, const ImRect&, ImGuiID) {}

// Called right after the widget's ItemAdd, so LastItemData holds its hit box and flags.
void ImGuiTestEngineHook_ItemInfo(ImGuiContext* ctx, ImGuiID id, const char* label, ImGuiItemStatusFlags) {
    if (ctx->FrameCount != g_frame) {
        g_frame = ctx->FrameCount;
        g_boxes.clear();
        g_last_id = 0;
    }
    const bool disabled = (ctx->LastItemData.InFlags & ImGuiItemFlags_Disabled) != 0;
    const char* end = label ? std::strstr(label, "##") : nullptr;
    std::string text = label ? std::string(label, end ? size_t(end - label) : std::strlen(label)) : std::string();
    const ImRect& r = ctx->LastItemData.Rect;
    if (id == g_last_id && !g_boxes.empty()) {
        g_boxes.back() = {text, r.Min, r.Max, disabled};
        return;
    }
    g_last_id = id;
    g_boxes.push_back({text, r.Min, r.Max, disabled});
}

void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}

const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }

namespace {
WindowBox box_of(const ImGuiWindow& w) {
    const char* kind = (w.Flags & ImGuiWindowFlags_Tooltip) ? "tooltip" : (w.Flags & ImGuiWindowFlags_Popup) ? "popup" : "panel";
    return {w.Name, kind, w.Pos, w.Size, w.Scroll.y};
}
}  // namespace

std::vector<WindowBox> window_boxes() {
    std::vector<WindowBox> out;
    for (const ImGuiWindow* w : GImGui->Windows)
        if (w->Active && !w->Hidden && !(w->Flags & ImGuiWindowFlags_ChildWindow) && std::string(w->Name).rfind("Debug##", 0) != 0)
            out.push_back(box_of(*w));
    return out;
}

bool window_box(const char* name, WindowBox* out) {
    const ImGuiWindow* w = ImGui::FindWindowByName(name);
    if (!w || !w->Active) return false;
    *out = box_of(*w);
    return true;
}

bool dragging_vertical_scrollbar() {
    const ImGuiContext& g = *GImGui;
    return g.ActiveIdWindow && g.ActiveId == ImGui::GetWindowScrollbarID(g.ActiveIdWindow, ImGuiAxis_Y);
}

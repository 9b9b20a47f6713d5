// panel_window.cpp — see panel_window.h.
#include "app/scene/panel_window.h"

#include <string>

bool begin_panel(const FrameInput& in, int tab, const char* title, const char* id, ImVec2 pos, ImVec2 size,
                 ImGuiWindowFlags flags) {
    if (in.narrow) {
        if (tab != in.sheet_tab) return false;
        // A window of its own in the sheet: going back to a wide screen finds the
        // side panel where it was, not stretched across the sheet.
        ImGui::SetNextWindowPos(in.sheet_min, ImGuiCond_Always);
        ImGui::SetNextWindowSize(in.sheet_size, ImGuiCond_Always);
        ImGui::PushStyleVar(ImGuiStyleVar_ScrollbarSize, ImGui::GetFontSize() * 1.2f);  // a finger's width
        ImGui::Begin((std::string("###sheet_") + id).c_str(), nullptr,
                     flags | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                         ImGuiWindowFlags_NoCollapse);
        ImGui::PopStyleVar();
        return true;
    }
    ImGui::SetNextWindowPos(pos, ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(size, ImGuiCond_FirstUseEver);
    ImGui::Begin((std::string(title) + "###" + id).c_str(), nullptr, flags);
    return true;
}

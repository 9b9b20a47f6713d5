// welcome_card.cpp — see welcome_card.h.
#include "app/shell/welcome_card.h"

#include <algorithm>

#include "app/ui/draw.h"
#include "app/ui/font.h"
#include "app/ui/i18n.h"
#include "app/ui/palette.h"
#include "imgui.h"

namespace {
constexpr const char* kPopup = "###welcome";

struct Choice {
    WelcomeChoice what;
    const char* title;  // string keys
    const char* help;
    const char* help_touch;  // on a phone, where there are no keys and the panels are tabs
};
constexpr Choice kChoices[] = {
    {WelcomeChoice::Follow, "welcome.follow", "welcome.follow_help", "welcome.follow_help"},
    {WelcomeChoice::Lesson, "welcome.lesson", "welcome.lesson_help", "welcome.lesson_help"},
    {WelcomeChoice::Explore, "welcome.explore", "welcome.explore_help", "welcome.explore_help_touch"}};

// One large choice: a numbered badge (its key), a title and a line on what it does.
// The first is the suggested start and stands out. True when clicked.
bool choice_button(int index, const Choice& c, float width, bool narrow) {
    float fs = ImGui::GetFontSize();
    float big = fs * 1.35f, small = fs * 0.95f, text_x = fs * 3.2f;
    const char* help = tr(narrow ? c.help_touch : c.help);
    float help_h = wrapped_text_size(small, help, width - text_x - fs * 0.8f).y;
    float h = fs * 0.65f + big + fs * 0.2f + help_h + fs * 0.65f;
    ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::PushID(index);
    bool clicked = ImGui::InvisibleButton("choice", {width, h});
    bool hovered = ImGui::IsItemHovered();
    ImGui::PopID();
    bool first = index == 0;
    ImU32 fill = first ? with_alpha(pal::kBlue, hovered ? 255 : 200) : IM_COL32(48, 56, 74, hovered ? 255 : 220);
    ImU32 edge = first || hovered ? pal::kSky : pal::kStationEdge;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(p, {p.x + width, p.y + h}, fill, fs * 0.4f);
    dl->AddRect(p, {p.x + width, p.y + h}, edge, fs * 0.4f, 0, hovered ? 2.5f : 1.5f);
    ImVec2 badge{p.x + fs * 1.55f, p.y + h * 0.5f};
    dl->AddCircleFilled(badge, fs * 0.9f, first ? pal::kYellow : pal::kSky);
    char key[2] = {char('1' + index), 0};
    ImFont* font = ImGui::GetFont();
    ImVec2 ks = font->CalcTextSizeA(big, FLT_MAX, 0, key);
    dl->AddText(font, big, {badge.x - ks.x * 0.5f, badge.y - ks.y * 0.5f}, IM_COL32(10, 14, 22, 255), key);
    float y = p.y + fs * 0.65f;
    dl->AddText(font, big, {p.x + text_x, y}, pal::kText, tr(c.title));
    draw_text_wrapped(dl, small, {p.x + text_x, y + big + fs * 0.2f}, IM_COL32(214, 222, 236, 255), help,
                      width - text_x - fs * 0.8f);
    return clicked;
}

// EN / 中文: the language at once, remembered as the menu's switch is.
void language_switch(float height) {
    const struct { Lang lang; const char* label; } langs[] = {{Lang::En, "EN"}, {Lang::Zh, "中文"}};
    for (auto& l : langs) {
        bool on = language() == l.lang;
        ImGui::PushStyleColor(ImGuiCol_Button, on ? ImGui::ColorConvertU32ToFloat4(pal::kBlue)
                                                  : ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
        if (ImGui::Button(l.label, {0, height}) && !on) set_language(l.lang);
        ImGui::PopStyleColor();
        ImGui::SameLine(0, 4);
    }
    ImGui::NewLine();
}
}  // namespace

WelcomeChoice WelcomeCard::key(SDL_Keycode sym) {
    if (!open_) return WelcomeChoice::None;
    switch (sym) {
        case SDLK_1: case SDLK_KP_1: return picked(WelcomeChoice::Follow);
        case SDLK_2: case SDLK_KP_2: return picked(WelcomeChoice::Lesson);
        case SDLK_3: case SDLK_KP_3: case SDLK_ESCAPE: return picked(WelcomeChoice::Explore);
        default: return WelcomeChoice::None;
    }
}

WelcomeChoice WelcomeCard::draw(bool narrow) {
    if (open_ && !ImGui::IsPopupOpen(kPopup)) ImGui::OpenPopup(kPopup);
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    float fs = ImGui::GetFontSize();
    ImGui::SetNextWindowPos(vp->GetCenter(), ImGuiCond_Always, {0.5f, 0.5f});
    ImGui::SetNextWindowSize({std::min(vp->Size.x - fs, fs * 34), 0}, ImGuiCond_Always);  // 0: the height fits
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {fs * 1.2f, fs * 1.0f});
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, fs * 0.6f);
    bool shown = ImGui::BeginPopupModal(kPopup, nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                                              ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
    ImGui::PopStyleVar(2);
    if (!shown) return WelcomeChoice::None;
    WelcomeChoice pick = WelcomeChoice::None;
    if (open_) {
        float width = ImGui::GetContentRegionAvail().x;
        float switch_w = ImGui::CalcTextSize("EN中文").x + ImGui::GetStyle().FramePadding.x * 4 + 4;
        ImGui::SetWindowFontScale(1.6f);
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal::kSky), "%s", tr("app.title"));
        ImGui::SetWindowFontScale(1.0f);
        ImGui::SameLine(width - switch_w + ImGui::GetStyle().WindowPadding.x);
        language_switch(narrow ? kTouchTarget : 0);
        ImGui::SetWindowFontScale(1.2f);
        text_wrapped(tr("welcome.promise"), pal::kText, width);
        ImGui::SetWindowFontScale(1.0f);
        ImGui::Dummy({0, fs * 0.5f});
        for (int i = 0; i < 3; i++) {
            if (choice_button(i, kChoices[i], width, narrow)) pick = picked(kChoices[i].what);
            ImGui::Dummy({0, fs * 0.2f});
        }
        if (!narrow) {
            ImGui::Dummy({0, fs * 0.2f});
            text_wrapped(tr("welcome.keys"), pal::kTextDim, width);
        }
    }
    if (!open_) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return pick;
}

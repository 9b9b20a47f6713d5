// lesson_player.cpp — see lesson_player.h.
#include "app/shell/lesson_player.h"

#include "app/ui/i18n.h"
#include "app/ui/palette.h"
#include "app/ui/font.h"
#include "app/ui/glossary_view.h"

const char* find_asset_text(const char* name);  // generated: assets_embedded.cpp

namespace {
const std::string& txt(const tj::Text2& t) { return pick(t.en, t.zh); }
}  // namespace

bool LessonPlayer::load(std::string* error) {
    const char* text = find_asset_text("lessons.json");
    if (!text) { *error = "lessons.json is not embedded"; return false; }
    std::string err = tj::parse_lessons(text, lessons_);
    if (!err.empty()) { *error = "lessons.json: " + err; return false; }
    return true;
}

std::string LessonPlayer::open(LessonHost& host, int lesson, int step) {
    if (lesson < 0 || size_t(lesson) >= lessons_.size()) return "no lesson " + std::to_string(lesson);
    const tj::Lesson& l = lessons_[size_t(lesson)];
    if (!host.scene_by_id(l.scene)) return "the lesson's scene is not built";
    if (step < 0 || size_t(step) >= l.steps.size())
        return "lesson " + std::to_string(lesson) + " has no step " + std::to_string(step) + " (steps 0 to " +
               std::to_string(l.steps.size() - 1) + ")";
    bool starting = lesson_ < 0;
    if (starting) saved_link_ = host.link();
    int previous = lesson_;
    lesson_ = lesson;
    std::string err = go(host, step);
    if (!err.empty()) lesson_ = previous;  // a refused step leaves the lesson that was open
    else if (starting) host.lesson_started();
    return err;
}

std::string LessonPlayer::show(LessonHost& host, int values_step, int step) {
    const tj::Lesson& l = lessons_[size_t(lesson_)];
    Scene* s = host.scene_by_id(l.scene);
    if (!s) return "the lesson's scene is not built";
    tj::ParamValues start(s->values().registry()), at(s->values().registry());
    std::string err = values_step < 0 ? "" : tj::lesson_values_at(l, size_t(values_step), start, at);
    if (!err.empty()) return err;
    const tj::LessonStep& st = l.steps[size_t(step)];
    tj::Scenario sc = tj::make_scenario(l.scene, values_step < 0 ? start : at, 1, st.run);
    sc.lesson = l.id;
    sc.lesson_step = step;
    err = s->apply(sc);
    if (!err.empty()) return err;
    host.show_scene(l.scene);
    s->set_highlight(st.highlight);
    s->focus(st.focus.empty() ? st.highlight : st.focus, float(st.zoom));
    return "";
}

std::string LessonPlayer::go(LessonHost& host, int step) {
    if (lesson_ < 0) return "no lesson open";
    const tj::Lesson& l = lessons_[size_t(lesson_)];
    if (step < 0 || size_t(step) >= l.steps.size()) return "no step " + std::to_string(step + 1);
    // A "predict first" step shows the state before its change until the class has
    // answered, so the numbers on screen do not give the answer away.
    bool ask = l.steps[size_t(step)].has_predict;
    std::string err = show(host, ask ? step - 1 : step, step);
    if (!err.empty()) return err;
    step_ = step;
    chosen_ = -1;
    revealed_ = false;
    return "";
}

std::string LessonPlayer::reveal(LessonHost& host) {
    if (lesson_ < 0 || revealed_) return "";
    revealed_ = true;
    return show(host, step_, step_);
}

void LessonPlayer::leave(LessonHost& host) {
    if (lesson_ < 0) return;
    Scene* s = host.scene_by_id(lessons_[size_t(lesson_)].scene);
    if (s) { s->set_highlight(""); s->focus("", 1); }
    lesson_ = -1;
    if (!saved_link_.empty()) host.apply_link(saved_link_);
    host.lesson_ended();
}

void LessonPlayer::menu(LessonHost& host) {
    for (size_t i = 0; i < lessons_.size(); i++) {
        bool built = host.scene_by_id(lessons_[i].scene) != nullptr;
        std::string label = std::to_string(i + 1) + ". " + txt(lessons_[i].title);
        if (ImGui::MenuItem(label.c_str(), nullptr, int(i) == lesson_, built)) open(host, int(i));
    }
    if (active()) {
        ImGui::Separator();
        if (ImGui::MenuItem(tr("lesson.leave"), "Esc")) leave(host);
    }
}

bool LessonPlayer::key(SDL_Keycode sym, LessonHost& host) {
    if (!active()) return false;
    int n = int(lessons_[size_t(lesson_)].steps.size());
    switch (sym) {
        case SDLK_RIGHT: case SDLK_PAGEDOWN: case SDLK_SPACE:
            // On a question, the clicker's "next" first reveals the answer.
            if (lessons_[size_t(lesson_)].steps[size_t(step_)].has_predict && !revealed_) reveal(host);
            else if (step_ + 1 < n) go(host, step_ + 1);
            return true;
        case SDLK_LEFT: case SDLK_PAGEUP:
            if (step_ > 0) go(host, step_ - 1);
            return true;
        case SDLK_ESCAPE:
            leave(host);
            return true;
        default:
            return false;
    }
}

void LessonPlayer::caption(LessonHost& host, ImVec2 amin, ImVec2 asize) {
    if (!active()) return;
    const tj::Lesson& l = lessons_[size_t(lesson_)];
    const tj::LessonStep& st = l.steps[size_t(step_)];
    float fs = ImGui::GetFontSize();
    float w = asize.x;
    ImGui::SetNextWindowPos(amin, ImGuiCond_Always);
    ImGui::SetNextWindowSize(asize, ImGuiCond_Always);
    ImGui::SetNextWindowBgAlpha(0.96f);
    ImGui::Begin("###lesson", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
    text_wrapped(txt(l.title), pal::kSky, w - fs * 5);
    ImGui::SameLine(w - fs * 3.5f);
    ImGui::TextDisabled("%d / %d", step_ + 1, int(l.steps.size()));
    // Progress dots.
    ImVec2 p = ImGui::GetCursorScreenPos();
    for (size_t k = 0; k < l.steps.size(); k++)
        ImGui::GetWindowDrawList()->AddCircleFilled({p.x + fs * 0.4f + float(k) * fs * 0.9f, p.y + fs * 0.3f}, fs * 0.22f,
                                                    int(k) <= step_ ? pal::kSky : IM_COL32(80, 88, 104, 255));
    ImGui::Dummy({0, fs * 0.6f});
    ImGui::SetWindowFontScale(1.15f);
    ImGui::TextUnformatted(txt(st.title).c_str());
    ImGui::SetWindowFontScale(1.0f);
    text_with_terms(txt(st.text));
    if (st.has_predict) {
        ImGui::Spacing();
        text_wrapped(std::string(tr("lesson.predict")) + " " + txt(st.predict.question), pal::kYellow);
        for (size_t c = 0; c < st.predict.choices.size(); c++) {
            bool right = int(c) == st.predict.answer;
            if (revealed_ && right) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(pal::kGreen));
            else if (int(c) == chosen_) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(pal::kBlue));
            else ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_Button));
            // Choices flow onto the next line when the caption is too narrow.
            const std::string& label = txt(st.predict.choices[c]);
            float bw = ImGui::CalcTextSize(label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2;
            if (c > 0 && ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + bw <
                             ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x)
                ImGui::SameLine();
            if (ImGui::Button(label.c_str()) && !revealed_) chosen_ = int(c);
            ImGui::PopStyleColor();
        }
        if (!revealed_) {
            ImGui::BeginDisabled(chosen_ < 0);
            if (ImGui::Button(tr("lesson.reveal"))) reveal(host);
            ImGui::EndDisabled();
        } else {
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(chosen_ == st.predict.answer ? pal::kGreen : pal::kOrange),
                               "%s", chosen_ == st.predict.answer ? tr("lesson.right") : tr("lesson.not_quite"));
            text_with_terms(txt(st.predict.explain));
        }
    }
    ImGui::Separator();
    ImGui::BeginDisabled(step_ == 0);
    if (ImGui::Button(tr("lesson.prev"))) go(host, step_ - 1);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(step_ + 1 >= int(l.steps.size()));
    if (ImGui::Button(tr("lesson.next"))) go(host, step_ + 1);
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button(tr("lesson.leave"))) leave(host);
    ImGui::End();
}

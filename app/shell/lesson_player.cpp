// lesson_player.cpp — see lesson_player.h.
//
// Index:
//   the card's scale on small screens                           lesson_card_scale
//   loading, opening and moving between steps                   LessonPlayer::load … LessonPlayer::scene_id
//   a question: the guess, the choice, the reveal                LessonPlayer::reveal … LessonPlayer::choose
//   leaving, the menu and the keys                               LessonPlayer::clear_marks … LessonPlayer::key
//   the card: text, the class's answers, fit, time, "your turn"  LessonPlayer::caption … LessonPlayer::your_turn
//   the step's moment, its evidence, chart and guess scale       run_moment … LessonPlayer::guess_scale
#include "app/shell/lesson_player.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

#include "core/scenes/scenes.h"
#include "app/shell/lesson_guess.h"
#include "app/ui/draw.h"
#include "app/ui/format.h"
#include "app/ui/i18n.h"
#include "app/ui/palette.h"
#include "app/ui/font.h"
#include "app/ui/glossary_view.h"
#include "app/ui/param_panel.h"

const char* find_asset_text(const char* name);  // generated: assets_embedded.cpp

float lesson_card_scale(ImVec2 display, float font_px) {
    // 720 lines (or a 960-wide window) read at the interface's 18 px; more gets larger
    // text up to 1.35 times, and a phone's narrow card stays at its size.
    const float want = 18.0f * std::clamp(std::min(display.y, display.x * 0.75f) / 720.0f, 1.0f, 1.35f);
    return std::max(1.0f, want / font_px);
}

std::string lesson_figure_label(const tj::LessonStep& st, const tj::Metric& m, bool revealed) {
    if (tj::lesson_figure_held(st, m.id, revealed) && m.id.rfind("share_", 0) == 0) return tr("lesson.share_held");
    return pick(m.label_en, m.label_zh);
}

namespace {
const std::string& txt(const tj::Text2& t) { return pick(t.en, t.zh); }
// How long Replay takes to play a step again (longer runs are jumped through).
constexpr double kReplaySeconds = 4;
// How many frames after a reveal a long card keeps its question at the top (the text
// grows back over a few frames once no question waits).
constexpr int kQuestionOnTopFrames = 20;
// How long the reveal's marker takes from the guess to the truth.
constexpr double kGuessSeconds = 1;
}  // namespace

bool LessonPlayer::load(std::string* error) {
    const char* text = find_asset_text("lessons.json");
    if (!text) { *error = "lessons.json is not embedded"; return false; }
    std::string err = tj::parse_lessons(text, lessons_);
    if (!err.empty()) { *error = "lessons.json: " + err; return false; }
    return true;
}

int LessonPlayer::find(const std::string& id) const {
    for (size_t i = 0; i < lessons_.size(); i++)
        if (lessons_[i].id == id) return int(i);
    return -1;
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
    else if (previous != lesson && lessons_[size_t(previous)].scene != l.scene)
        clear_marks(host, lessons_[size_t(previous)].scene);  // the other scene's circle goes
    return err;
}

std::string LessonPlayer::show(LessonHost& host, int step, bool asking) {
    const tj::Lesson& l = lessons_[size_t(lesson_)];
    Scene* s = host.scene_by_id(l.scene);
    if (!s) return "the lesson's scene is not built";
    tj::ParamValues start(s->values().registry()), at(s->values().registry());
    std::string err = tj::lesson_values_at(l, size_t(step), start, at);
    if (!err.empty()) return err;
    const tj::LessonStep& st = l.steps[size_t(step)];
    tj::Scenario sc = tj::make_scenario(l.scene, at, 1, st.run);
    sc.lesson = l.id;
    sc.lesson_step = step;
    err = s->apply(sc);
    if (!err.empty()) return err;
    s->set_playing(false);  // the run goes to the step's moment and holds still there
    s->hold_answer(asking                 ? Scene::AnswerHold::open_question
                   : st.holds_next_answer ? Scene::AnswerHold::next_question  // the next question's answer too
                                          : Scene::AnswerHold::none);
    asking_ = asking;
    moment_kept_ = false;
    host.show_scene(l.scene);
    s->set_highlight(st.highlight);
    s->focus(st.focus.empty() ? st.highlight : st.focus, float(st.zoom));
    return "";
}

std::string LessonPlayer::go(LessonHost& host, int step) {
    if (lesson_ < 0) return "no lesson open";
    const tj::Lesson& l = lessons_[size_t(lesson_)];
    if (step < 0 || size_t(step) >= l.steps.size()) return "no step " + std::to_string(step + 1);
    // A "predict first" step shows its own set-up at its moment, but keeps the answer's
    // figures back (on the card and in the map's headline) until the class has answered.
    std::string err = show(host, step, l.steps[size_t(step)].has_predict);
    if (!err.empty()) return err;
    step_ = step;
    chosen_ = -1;
    revealed_ = false;
    question_on_top_ = 0;
    question_moment_.clear();
    const tj::LessonGuess& g = l.steps[size_t(step)].predict.guess;
    guess_ = std::sqrt(g.min * g.max);  // the middle of the log scale, not yet the class's
    guess_moved_ = false;
    guess_truth_ = -1;
    guess_progress_ = 0;
    tried_ = false;
    try_error_.clear();
    return "";
}

std::string LessonPlayer::show_again(LessonHost& host) {
    if (lesson_ < 0) return "";
    moments_.clear();  // what changed (a vocabulary) changes the moments kept
    question_moment_.clear();
    bool asking = lessons_[size_t(lesson_)].steps[size_t(step_)].has_predict && !revealed_;
    return show(host, step_, asking);
}

const std::string& LessonPlayer::scene_id() const {
    static const std::string none;
    return lesson_ < 0 ? none : lessons_[size_t(lesson_)].scene;
}

std::string LessonPlayer::reveal(LessonHost& host) {
    if (lesson_ < 0 || revealed_) return "";
    revealed_ = true;
    asking_ = false;
    question_on_top_ = kQuestionOnTopFrames;
    Scene* s = host.scene_by_id(lessons_[size_t(lesson_)].scene);
    if (s) s->hold_answer(Scene::AnswerHold::none);
    return "";
}

std::string LessonPlayer::set_guess(double v) {
    if (lesson_ < 0) return "no lesson open";
    const tj::LessonPredict& q = lessons_[size_t(lesson_)].steps[size_t(step_)].predict;
    if (!q.is_guess()) return "this step asks for no number";
    if (revealed_) return "the answer is already revealed";
    if (!(v >= q.guess.min && v <= q.guess.max))
        return "the guess must lie on the scale, from " + std::to_string(q.guess.min) + " to " + std::to_string(q.guess.max);
    guess_ = v;
    guess_moved_ = true;
    return "";
}

LessonPlayer::GuessShown LessonPlayer::guess_shown() const {
    if (lesson_ < 0 || !lessons_[size_t(lesson_)].steps[size_t(step_)].predict.is_guess()) return {};
    // Without a guess the truth shows at once, and no verdict.
    double marker = guess_truth_ < 0 ? guess_ : guess_moved_ ? guess_marker(guess_, guess_truth_, guess_progress_) : guess_truth_;
    bool judged = guess_moved_ && guess_truth_ > 0 && guess_progress_ >= 1;
    return {true, guess_moved_, revealed_, guess_, guess_truth_, guess_progress_, marker,
            judged ? guess_verdict_words(judge_guess(guess_, guess_truth_), language()) : "", guess_track_min_, guess_track_max_};
}

bool LessonPlayer::choose(int c) {
    if (lesson_ < 0 || revealed_) return false;
    const tj::LessonStep& st = lessons_[size_t(lesson_)].steps[size_t(step_)];
    if (!st.has_predict || c < 0 || size_t(c) >= st.predict.choices.size()) return false;
    chosen_ = c;
    return true;
}

void LessonPlayer::clear_marks(LessonHost& host, const std::string& scene) {
    Scene* s = host.scene_by_id(scene);
    if (!s) return;
    s->set_highlight("");
    s->hold_answer(Scene::AnswerHold::none);
    s->focus("", 1);
    s->set_playing(true);  // the scene runs again as it does outside a lesson
}

void LessonPlayer::leave(LessonHost& host) {
    if (lesson_ < 0) return;
    clear_marks(host, lessons_[size_t(lesson_)].scene);
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
    const tj::LessonPredict& q = lessons_[size_t(lesson_)].steps[size_t(step_)].predict;
    if (q.is_guess() && !revealed_ && (sym == SDLK_RIGHT || sym == SDLK_LEFT)) {  // the clicker nudges its guess
        guess_ = nudge_guess(guess_, sym == SDLK_RIGHT ? 1 : -1, q.guess.min, q.guess.max);
        guess_moved_ = true;
        return true;
    }
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
        case SDLK_1: case SDLK_2: case SDLK_3: case SDLK_4:
            return choose(int(sym - SDLK_1));
        case SDLK_KP_1: case SDLK_KP_2: case SDLK_KP_3: case SDLK_KP_4:
            return choose(int(sym - SDLK_KP_1));
        default:
            return false;
    }
}

void LessonPlayer::caption(LessonHost& host, ImVec2 amin, ImVec2 asize) {
    if (!active()) return;
    const tj::Lesson& l = lessons_[size_t(lesson_)];
    const tj::LessonStep& st = l.steps[size_t(step_)];
    Scene* scene = host.scene_by_id(l.scene);
    if (!scene) return;
    bool at_moment = scene->jump_progress() < 0 && !scene->playing() && std::fabs(scene->sim_time() - st.run) <= st.run * 1e-9;
    if (at_moment && !moment_kept_) {  // once per showing: the run holds still at its moment
        moment_kept_ = true;
        if (!tried_) moments_[{size_t(lesson_), size_t(step_)}] = scene->metrics();
    }
    if (st.predict.is_guess() && revealed_ && at_moment && guess_truth_ < 0) {
        // The revealed step holds at its moment: its metric is the truth, the card's figure.
        for (const tj::Metric& m : scene->metrics())
            if (m.id == st.predict.guess.metric) guess_truth_ = m.value;
        guess_set_off_ = ImGui::GetTime();
    }
    if (guess_truth_ >= 0) guess_progress_ = guess_moved_ ? std::min(1.0, (ImGui::GetTime() - guess_set_off_) / kGuessSeconds) : 1;
    float fs = ImGui::GetFontSize();
    float w = asize.x;
    ImGui::SetNextWindowPos(amin, ImGuiCond_Always);
    ImGui::SetNextWindowSize(asize, ImGuiCond_Always);
    ImGui::SetNextWindowBgAlpha(0.96f);
    ImGui::Begin("###lesson", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
    const float full_px = fs * lesson_card_scale(ImGui::GetIO().DisplaySize, fs);  // the card's text unshrunk
    card_scale_ = full_px / fs * card_fit_;
    ImGui::SetWindowFontScale(card_scale_);
    fs = ImGui::GetFontSize();
    const float card_top = ImGui::GetCursorScreenPos().y;
    text_wrapped(txt(l.title), pal::kSky, w - fs * 5);
    ImGui::SameLine(w - fs * 3.5f);
    ImGui::TextDisabled("%d / %d", step_ + 1, int(l.steps.size()));
    // Progress dots.
    ImVec2 p = ImGui::GetCursorScreenPos();
    for (size_t k = 0; k < l.steps.size(); k++)
        ImGui::GetWindowDrawList()->AddCircleFilled({p.x + fs * 0.4f + float(k) * fs * 0.9f, p.y + fs * 0.3f}, fs * 0.22f,
                                                    int(k) <= step_ ? pal::kSky : IM_COL32(80, 88, 104, 255));
    ImGui::Dummy({0, fs * 0.6f});
    if (!asking_) time_controls(host, st);  // a question's run is not replayed before its answer
    ImGui::SetWindowFontScale(1.15f * card_scale_);
    ImGui::TextUnformatted(txt(st.title).c_str());
    ImGui::SetWindowFontScale(card_scale_);
    text_with_terms(txt(st.text));
    evidence(*scene, st);
    chart(*scene, st);
    if (st.has_predict) {
        ImGui::Spacing();
        // Once revealed, a card too long for its room (a phone's) scrolls to the question,
        // its answer and the verdict under it, while the text settles at its new size.
        if (question_on_top_ > 0 && card_content_h_ > card_room_h_) {
            ImGui::SetScrollHereY(0.0f);
            question_on_top_--;
        }
        text_wrapped(join_magnitudes(std::string(tr("lesson.predict")) + " " + txt(st.predict.question)), pal::kYellow);
        if (st.predict.is_guess()) guess_scale(*scene, st);
        for (size_t c = 0; c < st.predict.choices.size(); c++) {
            bool right = int(c) == st.predict.answer;
            if (revealed_ && right) {  // dark text on the green: white reads only 3.4:1 there
                ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(pal::kGreen));
                ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(pal::kOnGreen));
            } else if (int(c) == chosen_) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(pal::kBlue));
            else ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_Button));
            // Choices flow onto the next line when the caption is too narrow, and a choice
            // wider than the card wraps inside its button (a long one in presenter mode).
            const float pad = ImGui::GetStyle().FramePadding.x * 2, card_w = ImGui::GetContentRegionAvail().x;
            std::string label = std::to_string(c + 1) + ". " + txt(st.predict.choices[c]);
            if (ImGui::CalcTextSize(label.c_str()).x + pad > card_w)
                label = wrapped_label(ImGui::GetFontSize(), label, card_w - pad);
            float bw = ImGui::CalcTextSize(label.c_str()).x + pad;
            label += "##choice" + std::to_string(c);  // one id however it wraps
            if (c > 0 && ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + bw <
                             ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x)
                ImGui::SameLine();
            if (ImGui::Button(label.c_str()) && !revealed_) chosen_ = int(c);
            ImGui::PopStyleColor(revealed_ && right ? 2 : 1);
        }
        class_answers(st);
        if (!revealed_) {
            ImGui::BeginDisabled(chosen_ < 0 && !guess_moved_);
            if (ImGui::Button(tr("lesson.reveal"))) reveal(host);
            ImGui::EndDisabled();
        } else {
            // Revealed without a choice: no verdict, the class never answered. A guess
            // has its verdict under its scale, once the marker has arrived.
            if (!st.predict.is_guess()) {
                bool right = chosen_ == st.predict.answer;
                ImU32 col = chosen_ < 0 ? pal::kSky : right ? pal::kGreen : pal::kOrange;
                const char* verdict = chosen_ < 0 ? tr("lesson.answer") : right ? tr("lesson.right") : tr("lesson.not_quite");
                ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(col), "%s", verdict);
            }
            if (!st.predict.is_guess() || guess_progress_ >= 1) text_with_terms(txt(st.predict.explain));
        }
    }
    if (!st.try_param.empty() && (!st.has_predict || revealed_)) your_turn(*scene, st);
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
    // From the top of the first line to the bottom of the last, as ImGui measures a
    // window's content (the cursor stands one item spacing below the last line).
    card_content_h_ = std::floor(ImGui::GetCursorScreenPos().y - ImGui::GetStyle().ItemSpacing.y - card_top);
    card_room_h_ = ImGui::GetWindowContentRegionMax().y - ImGui::GetWindowContentRegionMin().y;
    fit_card(st.has_predict && !revealed_, full_px);
    ImGui::End();
}

ClassVotes LessonPlayer::class_votes_shown() const {
    if (!active() || !lessons_[size_t(lesson_)].steps[size_t(step_)].has_predict ||
        !class_votes_.for_step(lessons_[size_t(lesson_)].id, step_))
        return {};
    return class_votes_;
}

// Class mode: how many of the class have answered, and for a choice question a row
// per choice with a bar per vote (the first dimmed once a second is under way) and
// the counts, the right answer's row green once revealed; for a number question the
// bins of its log scale as columns under the guess scale's track, where each bin lies.
void LessonPlayer::class_answers(const tj::LessonStep& st) const {
    const ClassVotes v = class_votes_shown();
    if (v.lesson.empty()) return;
    const int votes = int(std::max<size_t>(1, v.histograms.size()));
    char line[160];
    std::snprintf(line, sizeof line, tr("lesson.class_count"), v.answered, v.students, votes);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal::kSky), "%s", line);
    if (v.histograms.empty()) return;
    if (st.predict.is_guess()) {
        class_guesses(v);
        return;
    }
    const float fs = ImGui::GetFontSize(), full = ImGui::GetContentRegionAvail().x * 0.6f, h = fs * 0.38f;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    for (size_t c = 0; c < st.predict.choices.size(); c++) {
        const bool right = revealed_ && int(c) == st.predict.answer;
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(right ? pal::kGreen : pal::kTextDim), "%zu.", c + 1);
        ImGui::SameLine();
        const ImVec2 p = ImGui::GetCursorScreenPos();
        const float row = ImGui::GetTextLineHeight(), top = p.y + (row - float(v.histograms.size()) * h * 1.25f) * 0.5f;
        std::string counts;
        for (size_t k = 0; k < v.histograms.size(); k++) {
            const int n = c < v.histograms[k].size() ? v.histograms[k][c] : 0;
            const float y = top + float(k) * h * 1.25f;
            const ImU32 col = k + 1 < v.histograms.size() ? IM_COL32(90, 104, 132, 255) : right ? pal::kGreen : pal::kSky;
            dl->AddRectFilled({p.x, y}, {p.x + std::max(2.0f, full * float(n) / float(v.most())), y + h}, col, 2);
            counts += (k ? " → " : "") + std::to_string(n);
        }
        ImGui::Dummy({full, row});
        ImGui::SameLine();
        ImGui::TextUnformatted(counts.c_str());
    }
}

// A number question's class: per vote a column per bin of the card's log scale, placed
// under the stretch of the guess track it covers (the latest vote filled, the first
// outlined), so the class's guesses, the student's own and the model's value share one axis.
void LessonPlayer::class_guesses(const ClassVotes& v) const {
    const float x0 = guess_track_min_.x, x1 = guess_track_max_.x, fs = ImGui::GetFontSize(), h = fs * 2.4f;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy({ImGui::GetContentRegionAvail().x, h + fs * 0.3f});
    if (!(x1 > x0)) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float base = p.y + h;
    dl->AddLine({x0, base}, {x1, base}, pal::kTextDim, 1);
    for (size_t k = 0; k < v.histograms.size(); k++) {
        const std::vector<int>& bins = v.histograms[k];
        if (bins.empty()) continue;
        const float w = (x1 - x0) / float(bins.size()), gap = std::min(3.0f, w * 0.15f);
        const bool latest = k + 1 == v.histograms.size();
        for (size_t b = 0; b < bins.size(); b++) {
            if (bins[b] == 0) continue;
            const ImVec2 a{x0 + w * float(b) + gap, base - h * float(bins[b]) / float(v.most())}, c{x0 + w * float(b + 1) - gap, base};
            if (latest) dl->AddRectFilled(a, c, pal::kSky, 2);
            else dl->AddRect(a, c, IM_COL32(150, 164, 192, 255), 2, 0, 1.5f);
        }
    }
}

// A step longer than its card (a long answer, "your turn" and its slider, on a
// projector's large text) would push Back and Next below the card's edge: its text
// shrinks, a few frames at a time, until the whole step fits, down to 60% and never
// under 14 px on a laptop's or a projector's card; past that the card scrolls. It grows
// back once the step leaves room again (the gap between the two thresholds keeps it
// from swinging between two sizes). A phone's card shrinks to 60% only while a question
// waits for its answer (its choices and Reveal on the first screen); otherwise it keeps
// 85% and scrolls, since text at 60% of a phone's is too small to read.
void LessonPlayer::fit_card(bool asking, float full_px) {
    constexpr float kSmallestPx = 14;
    const float smallest = narrow_screen() ? (asking ? 0.6f : 0.85f) : std::clamp(kSmallestPx / full_px, 0.6f, 1.0f);
    constexpr float kGrowBelow = 0.85f;
    if (card_room_h_ <= 0 || card_content_h_ <= 0) return;
    if (card_fit_ < smallest)
        card_fit_ = std::min(smallest, card_fit_ * 1.03f);
    else if (card_content_h_ > card_room_h_ + 0.5f)
        card_fit_ = std::max(smallest, card_fit_ * std::clamp(card_room_h_ / card_content_h_, 0.8f, 0.98f));
    else if (card_content_h_ < card_room_h_ * kGrowBelow && card_fit_ < 1)
        card_fit_ = std::min(1.0f, card_fit_ * 1.03f);
}

void LessonPlayer::time_controls(LessonHost& host, const tj::LessonStep& st) {
    Scene* s = host.scene_by_id(lessons_[size_t(lesson_)].scene);
    if (!s || !(st.run > 0)) return;
    if (ImGui::Button(tr("lesson.replay"))) s->replay_to(st.run, kReplaySeconds);
    ImGui::SameLine();
    float t = float(std::min(s->sim_time(), st.run));
    std::string label = format_duration(s->sim_time(), language()) + " / " + format_duration(st.run, language());
    ImGui::SetNextItemWidth(-1);
    ImGui::SliderFloat("##step_time", &t, 0, float(st.run), label.c_str());
    slider_position_ticks(t / float(st.run));
    if (ImGui::IsItemDeactivatedAfterEdit()) {
        s->set_playing(false);
        s->seek(double(t));
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("lesson.scrub_help"));
}

std::string LessonPlayer::try_in(Scene& s, const tj::LessonStep& st, double value) {
    std::string err = s.set_param(st.try_param, value);
    if (!err.empty()) return err;
    tried_ = true;
    s.set_playing(false);
    return s.seek(st.run);  // to the step's moment again, with the new value
}

std::string LessonPlayer::try_value(LessonHost& host, double value) {
    if (lesson_ < 0) return "no lesson open";
    const tj::LessonStep& st = lessons_[size_t(lesson_)].steps[size_t(step_)];
    if (st.try_param.empty()) return "this step has no parameter to try";
    if (st.has_predict && !revealed_) return "the question is still open";
    Scene* s = host.scene_by_id(lessons_[size_t(lesson_)].scene);
    if (!s) return "the lesson's scene is not built";
    return try_error_ = try_in(*s, st, value);
}

void LessonPlayer::your_turn(Scene& s, const tj::LessonStep& st) {
    const tj::ParamValues& v = s.values();
    const int i = v.registry().find(st.try_param);
    if (i < 0) return;
    const tj::ParamDef& d = v.registry()[size_t(i)];
    ImGui::Spacing();
    text_wrapped(join_magnitudes(std::string(tr("lesson.your_turn")) + " " +
                                 tj::param_name_in_group(v.registry(), d, language() == Lang::Zh)),
                 pal::kYellow);
    double x = v[size_t(i)];
    if (param_control(d, x, &x, false)) try_error_ = try_in(s, st, x);
    if (!try_error_.empty()) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal::kOrange), "%s", try_error_.c_str());
}

namespace {
// The metrics of the lesson's step `step` run on a model of its own (as show() runs a
// step: seed 1, to the step's time), on the step's values or, asked, on the values its
// question is asked on; empty when it cannot run.
std::vector<tj::Metric> run_moment(const tj::Lesson& l, size_t step, bool asked) {
    std::unique_ptr<tj::Model> model = tj::make_model(l.scene);
    if (!model) return {};
    tj::ParamValues start(model->registry()), at(model->registry());
    std::string err = asked ? tj::lesson_question_values(l, step, start, at) : tj::lesson_values_at(l, step, start, at);
    if (!err.empty()) return {};
    model->reset(at, 1);
    model->advance_to(l.steps[step].run);
    return model->metrics();
}
}  // namespace

const std::vector<tj::Metric>& LessonPlayer::moment(size_t lesson, size_t step) {
    auto kept = moments_.find({lesson, step});
    if (kept != moments_.end()) return kept->second;
    return moments_[{lesson, step}] = run_moment(lessons_[lesson], step, false);
}

void LessonPlayer::evidence(Scene& s, const tj::LessonStep& st) {
    figures_shown_.clear();
    if (st.evidence.empty()) return;
    std::vector<tj::Metric> now = s.metrics();
    // The moments before, in the order shown: after a try the step as the lesson set it,
    // else its compare moments, else (a question) the state the question is asked on.
    std::vector<const std::vector<tj::Metric>*> befores;
    std::vector<tj::LessonMoment> ms;
    if (tried_) {
        befores.push_back(&moment(size_t(lesson_), size_t(step_)));
    } else if (tj::lesson_compare_moments(lessons_, size_t(lesson_), size_t(step_), ms)) {
        for (const tj::LessonMoment& m : ms) befores.push_back(&moment(m.lesson, m.step));
    } else if (st.has_predict) {
        if (question_moment_.empty()) question_moment_ = run_moment(lessons_[size_t(lesson_)], size_t(step_), true);
        befores.push_back(&question_moment_);
    }
    auto find = [](const std::vector<tj::Metric>& ms, const std::string& id) -> const tj::Metric* {
        for (auto& m : ms) if (m.id == id) return &m;
        return nullptr;
    };
    // A question keeps its figures until the answer is revealed (they would give it away),
    // all but those its text states. On a narrow screen each figure takes one line while
    // the question is open, "label: ?", so the question and its buttons stay on the first screen.
    ImGui::Spacing();
    ImGui::Separator();
    const bool asking = st.has_predict && !revealed_;
    for (const std::string& id : st.evidence) {
        const tj::Metric* m = find(now, id);
        if (!m) continue;
        const bool held = tj::lesson_figure_held(st, id, revealed_);
        std::string after = held ? "?" : format_metric(m->id, m->value, m->unit, language());
        figures_shown_.push_back(after);
        const std::string label = lesson_figure_label(st, *m, revealed_);
        if (asking && narrow_screen()) {  // "label: ?", or a given figure's value
            text_wrapped(label + ": " + after, ImGui::GetColorU32(ImGuiCol_TextDisabled));
            continue;
        }
        text_wrapped(label, ImGui::GetColorU32(ImGuiCol_TextDisabled));
        // Each moment before that reads differently from the next one shown, then "→": a
        // change the card's rounding shows is one the question may be about (7.57 → 7.53 ms).
        std::vector<const tj::Metric*> chain;
        if (!held)
            for (const std::vector<tj::Metric>* b : befores)
                if (const tj::Metric* x = find(*b, id)) chain.push_back(x);
        chain.push_back(m);
        std::vector<std::string> written;  // each as the card writes it, formatted once
        for (const tj::Metric* x : chain) written.push_back(format_metric(x->id, x->value, x->unit, language()));
        ImGui::SetWindowFontScale(1.6f * card_scale_);
        for (size_t k = 0; k + 1 < chain.size(); k++) {
            if (written[k] == written[k + 1]) continue;
            ImGui::TextDisabled("%s", written[k].c_str());
            ImGui::SameLine();
            ImGui::TextDisabled("→");
            ImGui::SameLine();
        }
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal::kSky), "%s", after.c_str());
        ImGui::SetWindowFontScale(card_scale_);
    }
    ImGui::Separator();
}

void LessonPlayer::chart(Scene& s, const tj::LessonStep& st) {
    float drawn_h = chart_shown_.size.y;  // last frame's, part of the card's content then
    chart_shown_ = {st.chart};
    if (st.chart.empty()) return;
    float fs = ImGui::GetFontSize();
    // Up to twelve lines high beside the map, less where the card shares a phone's screen
    // with it; and no higher than the room the rest of the card leaves (as measured in
    // the last frame), down to eight lines, so the card's buttons stay in view.
    const ImGuiStyle& style = ImGui::GetStyle();
    float card_h = ImGui::GetWindowContentRegionMax().y - ImGui::GetWindowContentRegionMin().y;
    float room = card_h - style.ItemSpacing.y - (card_content_h_ - drawn_h);
    float h = std::min(fs * 12, ImGui::GetWindowHeight() * 0.4f);
    ImVec2 size{ImGui::GetContentRegionAvail().x, std::clamp(room, std::min(h, fs * 8), h)};
    chart_shown_.min = ImGui::GetCursorScreenPos();
    chart_shown_.waiting = st.has_predict && !revealed_;
    if (chart_shown_.waiting && !s.lesson_chart_holds_answer(st.chart) && narrow_screen()) {
        text_wrapped(tr("lesson.chart_waits"), ImGui::GetColorU32(ImGuiCol_TextDisabled));  // one line on a phone
    } else if (chart_shown_.waiting && !s.lesson_chart_holds_answer(st.chart)) {
        ImGui::Dummy(size);
        ImDrawList* dl = ImGui::GetWindowDrawList();
        ImVec2 a = chart_shown_.min, b{a.x + size.x, a.y + size.y};
        dl->AddRect(a, b, ImGui::GetColorU32(ImGuiCol_Border), 4);
        const char* note = tr("lesson.chart_waits");
        ImVec2 ts = ImGui::CalcTextSize(note, nullptr, false, size.x - fs);
        ImGui::SetCursorScreenPos({a.x + std::max(fs * 0.5f, (size.x - ts.x) * 0.5f), a.y + (size.y - ts.y) * 0.5f});
        text_wrapped(note, ImGui::GetColorU32(ImGuiCol_TextDisabled), size.x - fs);
        ImGui::SetCursorScreenPos({a.x, b.y});
        ImGui::Dummy({0, 0});
    } else if (!s.draw_lesson_chart(st.chart, size)) {
        chart_shown_.id.clear();  // the scene has no such chart (the lesson check refuses it first)
        return;
    } else {
        chart_shown_.axes = s.lesson_chart_axes();
    }
    chart_shown_.size = {size.x, ImGui::GetCursorScreenPos().y - style.ItemSpacing.y - chart_shown_.min.y};
}

void LessonPlayer::guess_scale(Scene& s, const tj::LessonStep& st) {
    const tj::LessonGuess& g = st.predict.guess;
    std::string unit;  // from the model; the metric's value stays off the card until the reveal
    for (const tj::Metric& m : s.metrics())
        if (m.id == g.metric) unit = m.unit;
    auto fmt = [&](double v) { return format_metric(g.metric, v, unit, language()); };
    const GuessShown shown = guess_shown();
    const bool arrived = shown.truth >= 0 && shown.progress >= 1;
    const float fs = ImGui::GetFontSize();
    if (!revealed_) text_wrapped(tr("lesson.guess.drag"), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    // The guess and, once the marker has arrived, the truth, large.
    ImGui::SetWindowFontScale(1.3f * card_scale_);
    if (guess_moved_ || !revealed_) {
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(guess_moved_ ? pal::kSky : pal::kGrey), "%s",  // blue text reads 3.7:1
                           fill_slot(tr("lesson.guess.yours"), "{v}", guess_moved_ ? fmt(guess_) : "?").c_str());
    }
    if (arrived) {
        // Beside the guess where the card is wide enough, else on the next line.
        std::string truth = fill_slot(tr("lesson.guess.truth"), "{v}", fmt(shown.truth));
        if (guess_moved_ && ImGui::GetItemRectMax().x + fs * 1.2f + ImGui::CalcTextSize(truth.c_str()).x <=
                                ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x)
            ImGui::SameLine(0, fs * 1.2f);
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal::kGreen), "%s", truth.c_str());
    }
    ImGui::SetWindowFontScale(card_scale_);

    // The scale: a track over the card's width, a tick and a label at every power of ten,
    // the guess a knob, and after the reveal the truth's marker on its way from the guess.
    const ImVec2 a = ImGui::GetCursorScreenPos();
    const float w = ImGui::GetContentRegionAvail().x, h = fs * 3.4f;
    ImGui::InvisibleButton("##guess", {w, h});
    const float x0 = a.x + fs * 1.6f, x1 = a.x + w - fs * 1.6f, y = a.y + fs * 1.5f;
    auto x_of = [&](double v) { return x0 + (x1 - x0) * float(guess_position(v, g.min, g.max)); };
    guess_track_min_ = {x0, y};
    guess_track_max_ = {x1, y};
    // A drag across the scale moves the guess with it, a click or a tap sets it where it
    // lifts; a finger swiping up or down over the scale scrolls the card and leaves the guess.
    if (!revealed_) {
        const ImGuiIO& io = ImGui::GetIO();
        const ImVec2 d = ImGui::GetMouseDragDelta(ImGuiMouseButton_Left, 0);
        const float still = io.MouseDragThreshold * io.MouseDragThreshold;
        bool across = ImGui::IsItemActive() && std::fabs(d.x) > std::fabs(d.y) && d.x * d.x >= still;
        bool tapped = ImGui::IsItemDeactivated() && io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < still;
        if (across || tapped) {
            guess_ = guess_value((io.MousePos.x - x0) / (x1 - x0), g.min, g.max);
            guess_moved_ = true;
        }
    }
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    dl->AddLine({x0, y}, {x1, y}, ImGui::GetColorU32(ImGuiCol_Border), fs * 0.18f);
    float last_right = -1e9f;  // labels that would touch the one before are left out
    for (double d : guess_decades(g.min, g.max)) {
        float x = x_of(d);
        dl->AddLine({x, y - fs * 0.3f}, {x, y + fs * 0.3f}, dim, 1.5f);
        std::string label = fmt(d);
        ImVec2 ts = ImGui::CalcTextSize(label.c_str());
        float lx = std::clamp(x - ts.x * 0.5f, a.x, a.x + w - ts.x);
        if (lx < last_right + fs * 0.5f) continue;
        dl->AddText({lx, y + fs * 0.45f}, dim, label.c_str());
        last_right = lx + ts.x;
    }
    auto knob = [&](double v, ImU32 col, float r, bool label_above) {
        float x = x_of(v);
        dl->AddCircleFilled({x, y}, r, col);
        if (!label_above) return;
        std::string label = fmt(v);
        ImVec2 ts = ImGui::CalcTextSize(label.c_str());
        dl->AddText({std::clamp(x - ts.x * 0.5f, a.x, a.x + w - ts.x), y - fs * 1.45f}, col, label.c_str());
    };
    if (guess_moved_ || !revealed_)
        knob(guess_, guess_moved_ ? pal::kBlue : pal::kGrey, fs * 0.45f, guess_moved_ && shown.truth < 0);
    if (shown.truth >= 0) knob(shown.marker, pal::kGreen, fs * 0.38f, true);
    if (arrived && guess_moved_) {
        GuessVerdict v = judge_guess(guess_, shown.truth);
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(v.direction == 0 ? pal::kGreen : pal::kOrange), "%s",
                           shown.verdict.c_str());
    } else if (arrived) {
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal::kSky), "%s", tr("lesson.answer"));
    }
}

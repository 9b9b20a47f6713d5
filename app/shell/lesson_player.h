// lesson_player.h — plays the guided lessons of assets/lessons.json.
//
// Opening a lesson remembers the user's state (as a link) and switches to the
// lesson's scene; each step sets its parameters (from the defaults, through every
// step so far, as tj::lesson_values_at does), runs the simulation to the step's
// time and holds it there (the caption's numbers stay true while the class reads
// them; the card's Replay plays the step again and its scrubber moves over the
// step's span), outlines its station and moves the camera. A "predict first" step
// shows its own set-up at its moment while it asks the class, with the answer kept
// back: the card's figures and chart wait, the map's headline keeps its bottleneck and
// figures back and the step's clock is not offered; the reveal shows them. The card
// shows the step's figures as "before -> after", before being the moment(s)
// core/lesson.h describes (a moment the scene has not shown, and the state a question
// is asked on, are run on a model of their own). Leaving restores what the user had
// and clears the outline and the camera of every scene a lesson touched.
// A question may ask for a number instead (app/shell/lesson_guess.h): the class drags
// its guess on a log scale; the reveal moves a marker from the guess to the model's value
// at the step's moment (the card's figure) over a second, then says how far off it was.
// Keys: Right / PageDown / Space = next, Left / PageUp = previous, 1-4 = pick a
// choice, Esc = leave (presentation clickers send PageDown and PageUp); on a guess
// before its reveal, Right / Left nudge the guess instead.
//
// Usage:
//   LessonPlayer lp;  lp.load(&err);
//   lp.menu(host);                    // inside a menu: lists lessons, opens one
//   lp.key(sym, host);                // from App::event; true when it used the key
//   lp.caption(host, area_min, area_size);   // every frame (also in presenter mode)
#pragma once
#include <SDL.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/lesson.h"
#include "app/shell/class_votes.h"
#include "imgui.h"
#include "app/scene/scene.h"

// What the player needs from the app.
struct LessonHost {
    virtual Scene* scene_by_id(const std::string& id) = 0;
    virtual void show_scene(const std::string& id) = 0;
    virtual std::string link() const = 0;
    virtual std::string apply_link(const std::string& fragment) = 0;
    // A lesson begins or ends: the app gives the map and the caption the screen.
    virtual void lesson_started() {}
    virtual void lesson_ended() {}
    virtual ~LessonHost() = default;
};

// How much larger than the interface's text (font_px) the lesson card's text is drawn in
// a window of this size: 1 at 1280x720, in presenter mode and on a phone; about 1.33 at
// 1920x1080, where a class reads the card from across the room.
float lesson_card_scale(ImVec2 display, float font_px);

// A step's figure's label as the card and the page's mirror write it: the metric's own,
// but a held stage's busy share keeps its stage's name back too ("mesh links: busy ?"
// over a question about what limits the step names the answer).
std::string lesson_figure_label(const tj::LessonStep& st, const tj::Metric& m, bool revealed);

class LessonPlayer {
public:
    bool load(std::string* error);
    const std::vector<tj::Lesson>& lessons() const { return lessons_; }
    bool active() const { return lesson_ >= 0; }
    int lesson_index() const { return lesson_; }
    int step_index() const { return step_; }
    // The index of the lesson with this id, or -1.
    int find(const std::string& id) const;

    // Opens lesson i at step k; "" or why not.
    std::string open(LessonHost& host, int lesson, int step = 0);
    std::string go(LessonHost& host, int step);
    // Shows a question's answer: the step's own settings are applied and run.
    std::string reveal(LessonHost& host);
    // Picks choice c of the step's question (before the reveal); false when there is none.
    bool choose(int c);
    int chosen() const { return chosen_; }
    // The open step's question has been answered (revealed), whichever way.
    bool revealed() const { return revealed_; }
    // A question is open: the scene shows the step's set-up with its answer kept back.
    bool answer_held() const { return active() && asking_; }
    void leave(LessonHost& host);
    // Shows the open step again as it stands (its question still open if it was), as
    // when the vocabulary its tokenizer needs arrived after the step had run.
    std::string show_again(LessonHost& host);
    const std::string& scene_id() const;  // the open lesson's scene, "" when none

    // The step's chart as last drawn on the card (for the page's tests): its id ("" when
    // the step names none), whether it waits for a question's answer, its rectangle, and
    // what its axes span against where its data lies (Scene::lesson_chart_axes).
    struct ChartShown {
        std::string id;
        bool waiting = false;
        ImVec2 min{0, 0}, size{0, 0};
        ChartAxes axes;
    };
    const ChartShown& chart_shown() const { return chart_shown_; }
    // The step's figures as last drawn on the card ("?" while a question hides them).
    const std::vector<std::string>& figures_shown() const { return figures_shown_; }
    // The card as last drawn: its step's content height, its inner height (both in
    // pixels) and how far its text was shrunk to fit (1: not at all).
    struct CardFit {
        float content_h, room_h, fit;
    };
    CardFit card_fit() const { return {card_content_h_, card_room_h_, card_fit_}; }
    // The open step's guess (for the page's tests): on when the step asks for a number;
    // truth < 0 until the revealed step has reached its moment; progress 0..1 of the
    // marker's way from the guess to the truth; marker its value now.
    struct GuessShown {
        bool on = false, moved = false, revealed = false;
        double value = 0, truth = -1, progress = 0, marker = 0;
        std::string verdict;  // "" before the marker arrives, or without a guess
        ImVec2 track_min{0, 0}, track_max{0, 0};  // the scale's track as last drawn (its ends, on one line)
    };
    GuessShown guess_shown() const;
    // Sets the guess as a drag would (before the reveal); "" or why not.
    std::string set_guess(double value);
    // Class mode's tally for a question (class_votes.h): drawn beside the choices while
    // its step is open. "" or why the text was refused (the last good tally stays).
    std::string set_class_votes(const std::string& json) { return parse_class_votes(json, &class_votes_); }
    // The tally the card shows now (lesson "" when none matches the open step).
    ClassVotes class_votes_shown() const;
    // "Your turn": sets the step's parameter to try, as its control on the card does, and
    // runs the step again to its moment; "" or why not.
    std::string try_value(LessonHost& host, double value);

    void menu(LessonHost& host);
    bool key(SDL_Keycode sym, LessonHost& host);
    void caption(LessonHost& host, ImVec2 area_min, ImVec2 area_size);

private:
    // Shows the step: its values run to the step's time, with its highlight and camera;
    // asking, the scene keeps the answer back (Scene::hold_answer).
    std::string show(LessonHost& host, int step, bool asking);
    // Clears the outline and the camera a lesson put on a scene.
    static void clear_marks(LessonHost& host, const std::string& scene);
    // The step's clock on the card: Replay and a scrubber over [0, the step's time].
    void time_controls(LessonHost& host, const tj::LessonStep& st);
    // The figures the step names, large and live, as "before -> after": before is the
    // moments tj::lesson_compare_moments names, else the state the question is asked on
    // (after a try: the step's own moment, as the lesson set it).
    void evidence(Scene& s, const tj::LessonStep& st);
    // The chart the step names, drawn live by the scene at the card's width; on a
    // question it waits for the reveal, as the figures do.
    void chart(Scene& s, const tj::LessonStep& st);
    // The metrics of step `step` of lesson `lesson` at its moment: kept when the scene
    // showed it, else run here on a model of its own (the lesson's values, seed 1).
    const std::vector<tj::Metric>& moment(size_t lesson, size_t step);
    // "Your turn": the step's parameter to try, on the card; a change runs the step
    // again to its moment and the card compares it with the step as the lesson set it.
    void your_turn(Scene& s, const tj::LessonStep& st);
    void fit_card(bool asking, float full_px);
    void class_answers(const tj::LessonStep& st) const;
    void class_guesses(const ClassVotes& v) const;
    std::string try_in(Scene& s, const tj::LessonStep& st, double value);  // try_value's work, "" or why
    // A question's number to guess: the log scale, the guess, the truth's marker and the verdict.
    void guess_scale(Scene& s, const tj::LessonStep& st);

    std::vector<tj::Lesson> lessons_;
    int lesson_ = -1, step_ = 0;
    std::string saved_link_;   // the user's state before the lesson
    int chosen_ = -1;          // the class's answer to this step's question
    bool revealed_ = false;
    bool asking_ = false;      // the step's question is open: the scene keeps its answer back
    bool moment_kept_ = false; // this showing's moment has been recorded (below)
    // The metrics at each (lesson, step)'s moment once shown or run, and the state the
    // open step's question is asked on (run when first needed).
    std::map<std::pair<size_t, size_t>, std::vector<tj::Metric>> moments_;
    std::vector<tj::Metric> question_moment_;
    // The class's guess on a number question, whether it moved it, the truth once the
    // revealed step holds at its moment (< 0 before), and when the marker set off.
    double guess_ = 0;
    bool guess_moved_ = false;
    int question_on_top_ = 0;  // frames a revealed card still scrolls to its question (draw)
    double guess_truth_ = -1;
    double guess_set_off_ = 0;
    double guess_progress_ = 0;  // as last drawn
    ImVec2 guess_track_min_{0, 0}, guess_track_max_{0, 0};  // the scale's track as last drawn
    bool tried_ = false;       // the student changed the step's parameter to try
    std::string try_error_;    // why the last try was refused
    ChartShown chart_shown_;
    std::vector<std::string> figures_shown_;
    ClassVotes class_votes_;
    float card_content_h_ = 0;  // the card's content height in the last frame (the chart's room)
    float card_scale_ = 1;      // the card's text over the interface's (lesson_card_scale × card_fit_)
    float card_fit_ = 1;        // below 1 while the whole step would not fit the card (fit_card)
    float card_room_h_ = 0;     // the card's inner height in the last frame
};

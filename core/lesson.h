// lesson.h — guided lessons as data (assets/lessons.json), checked against the
// scenes' registries before anyone sees them.
//
// A lesson belongs to one scene and is a list of steps. A step has a title and a
// text in English and Chinese, the parameter values it sets (by registry id; the
// rest stay at the lesson's start values), the station it highlights, where the
// camera looks (a station and a zoom), and optionally a "predict first" question
// whose answer is revealed once the simulation has run.
//
// File form:
//   {"lessons": [{"id": "decode-is-logistics", "scene": "token",
//     "title": {"en": "...", "zh": "..."},
//     "steps": [{"title": {...}, "text": {...},
//                "preset": ["h100-sxm", "llama-2-7b"],      (optional, applied first)
//                "set": {"token.batch.size": 1},            (optional)
//                "highlight": "hbm", "focus": "mesh", "zoom": 1.5,   (optional: a station,
//                             or one of lesson_places() for the scene)
//                "run": 0.05,                               (optional: simulated s to run first)
//                "evidence": ["decode_step_s", "share_hbm"],  (optional: the model's metrics
//                             the step is about, drawn large on the caption card)
//                "given": ["weight_bytes_hbm"],  (optional, with a question: evidence the
//                             step's own text states, so the card shows it while the
//                             question is open; the rest of the evidence waits for the reveal)
//                "chart": "roofline",  (optional: the chart the caption talks about, drawn
//                             live on the caption card; one of lesson_charts() for the scene)
//                "holds_next_answer": true,  (optional: this step shows the state the next
//                             step's question is asked on, so the map keeps that answer
//                             back here too; the card's own figures still show)
//                "try": "token.run.batch",   (optional: one parameter the student drives
//                             from the card, "your turn"; every lesson's last step has one)
//                "compare": {"step": 0},     (optional: what the card's figures are compared
//                             with, see below; {"lesson": "other-id", "step": 1} names a step
//                             of another lesson of the same scene; a list of them is shown
//                             in its order, each figure as "first -> second -> this step")
//                "predict": {"question": {...}, "choices": [{...}, {...}], "answer": 1,
//                            "explain": {...},
//                            "before": {"fab.fab.hot_share": 0}}}]}]}   (optional; "before":
//                             the question is asked on this step's values with these
//                             settings, else on the previous step's values)
//   A question may ask for a number instead of a choice: in place of "choices" and
//   "answer", "guess": {"metric": "decode_step_s", "min": 0.001, "max": 1} — the class
//   drags its guess on a log scale from min to max (0 < min < max, in the metric's unit);
//   the metric is one of the step's evidence, so the truth revealed is the card's figure.
//
// The card shows each evidence figure as "before -> after", after being the step at its
// moment (its values run to its "run" time, seed 1). Before is a moment too (or several): the
// "compare" steps' (0-based index; in this lesson an earlier step), else for a question
// the state it was asked on (at the step's time), else the previous step's. A caption
// that compares with anything else names it in "compare", so card and caption agree.
//
// Usage:
//   std::vector<Lesson> lessons;
//   std::string err = parse_lessons(json_text, lessons);         // "" or every problem
//   err = validate_lesson(lessons[0], registry, station_ids);    // "" or every problem
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "core/params.h"

namespace tj {

struct Text2 {
    std::string en, zh;
};

// A number the class guesses on a log scale, in place of choices: the metric of the
// step's moment, between min and max (0 < min < max).
struct LessonGuess {
    std::string metric;  // "" when the question has choices
    double min = 0, max = 0;
};

struct LessonPredict {
    Text2 question;
    std::vector<Text2> choices;  // empty for a guess
    int answer = 0;  // index into choices
    LessonGuess guess;
    bool is_guess() const { return !guess.metric.empty(); }
    Text2 explain;
    // Settings over the step's own values that give the state the question is asked on
    // (empty: the previous step's values). The card compares that state with the answer.
    std::vector<std::pair<std::string, double>> before;
};

// A step whose moment a card compares with: steps[step] of the lesson with id `lesson`
// ("" for the step's own lesson).
struct LessonCompare {
    std::string lesson;
    int step = -1;
};

struct LessonStep {
    Text2 title, text;
    std::vector<std::string> presets;
    std::vector<std::pair<std::string, double>> set;
    std::string highlight, focus;  // station ids, "" for none
    double zoom = 1;
    double run = 0;  // simulated seconds to run before the step is shown settled
    std::vector<std::string> evidence;  // metric ids the caption names, shown on the card
    std::vector<std::string> given;     // of the evidence, what the text states: not held by a question
    std::string chart;  // the chart the caption names, drawn on the card, or ""
    std::string try_param;  // a parameter the card lets the student drive ("your turn"), or ""
    std::vector<LessonCompare> compare;  // what the card compares with, in order; empty: the default (above)
    bool has_predict = false;
    LessonPredict predict;
    // The next step's question is asked on this step's state: the map keeps the model's
    // outputs back here as it will while that question is open.
    bool holds_next_answer = false;
};

// Whether the card holds back this evidence figure now: a question is open and the
// step's text does not state it.
bool lesson_figure_held(const LessonStep& step, const std::string& metric_id, bool revealed);

struct Lesson {
    std::string id, scene;
    Text2 title;
    std::vector<LessonStep> steps;
};

// A chart a step can put on the caption card, and the scene that draws it.
struct LessonChart {
    const char* id;
    const char* scene;
};
// roofline, staircase (a request's steps), kv (KV cache per level over time), gaps
// (inter-token latency at the screen) and trip (one token's stops, their times and the
// running total) in the token scene; flow (cumulative orders and shipments, the
// backlog between them) in the chain.
const std::vector<LessonChart>& lesson_charts();

// Places a step may highlight or focus on besides the scene's stations: parts of the
// map that are not a station of the model. The token scene's "door": the queue at
// the door and the KV warehouse's room, where requests wait under load.
struct LessonPlace {
    const char* id;
    const char* scene;
};
const std::vector<LessonPlace>& lesson_places();

// A moment of a lesson: step `step` of lessons[lesson], its values run to its time.
struct LessonMoment {
    size_t lesson = 0, step = 0;
};

// Parses the lessons file. Returns "" or one line per problem (then out is unchanged);
// a "compare" must name an earlier step of its lesson, or a step of another lesson of
// the same scene.
std::string parse_lessons(const std::string& json_text, std::vector<Lesson>& out);
// Checks a lesson against its scene: presets and parameter ids exist, values are in
// range, stations (or places, see lesson_places) exist, answers index a choice, a guess's
// metric is one of the metric_ids and of the step's evidence, every text has both languages, and
// every evidence id is one of metric_ids, every chart is one of lesson_charts() for
// the lesson's scene, and the last step has a parameter to try.
std::string validate_lesson(const Lesson& lesson, const ParamRegistry& registry,
                            const std::vector<std::string>& station_ids, const std::vector<std::string>& metric_ids);
// The parameter values of step i: the start values, then every step's presets and
// settings up to and including i, in order (a lesson builds up its story).
std::string lesson_values_at(const Lesson& lesson, size_t step, const ParamValues& start, ParamValues& out);
// The moments step `step` of lessons[lesson] compares its card with, in the order shown:
// its "compare", else the previous step. False when the card compares with no moment: a
// first step, or a question without "compare" (it compares with the state it was asked on).
bool lesson_compare_moments(const std::vector<Lesson>& lessons, size_t lesson, size_t step,
                            std::vector<LessonMoment>& out);
// The values a step's question is asked on: the step's values with its "before"
// settings, or the previous step's values (the start values for a first step).
std::string lesson_question_values(const Lesson& lesson, size_t step, const ParamValues& start, ParamValues& out);

}  // namespace tj

// app_describe.cpp — App::describe_json: what the page's mirror of the canvas
// (web/static/mirror.js) shows as real elements for a screen reader and the keyboard,
// in the language shown, from the app's own model (never from what ImGui drew).
//
// {language, scene, scenes: [{id, title}], present, panels, welcome, shortcuts,
//  words: {key: text}            the interface's words the mirror's labels use
//  welcome_choices: [{title, help}], lessons: [title], follow_label,
//  headline                       the map's headline in words
//  stations: [{id, name, lesson, lines: [text]}]     each station's hover card
//  params: [param]                the scene's parameters, one control each
//  lesson: {index, id, title, step, steps, step_title, text, figures: [{id, label, value}],
//           chart, chart_text, question: {text, kind: "choice"|"guess", choices, chosen,
//           revealed, verdict, explain, guess: {min, max, value, value_text, moved, truth_text}},
//           try: param}           (null when no lesson is open)}
// param: {id, label, group, unit, min, max, value, value_text, log, integer, choices, help}
//
// Sections: the lesson card; parameters; App::describe_json.
#include <cmath>
#include <nlohmann/json.hpp>

#include "app/shell/app.h"
#include "app/shell/lesson_guess.h"
#include "app/ui/format.h"
#include "app/ui/i18n.h"

namespace {
using nlohmann::json;

const std::string& txt(const tj::Text2& t) { return pick(t.en, t.zh); }

// --- parameters ---
json param_json(const tj::ParamRegistry& reg, const tj::ParamDef& d, double value) {
    std::string unit = d.unit.empty() ? "" : tr(tj::unit_key(d.unit).c_str());
    json choices = json::array();
    for (size_t c = 0; c < d.choices_en.size(); c++) choices.push_back(pick(d.choices_en[c], d.choices_zh[c]));
    std::string group;
    for (const tj::ParamGroup& g : reg.groups())
        if (g.id == d.group) group = pick(g.label_en, g.label_zh);
    std::string shown = d.choices_en.empty() ? join_magnitudes(tj::format_param_value(value) + (unit.empty() ? "" : " " + unit))
                                             : choices[size_t(std::clamp(int(value), 0, int(choices.size()) - 1))].get<std::string>();
    return {{"id", d.id}, {"label", pick(d.label_en, d.label_zh)}, {"group", group}, {"unit", unit},
            {"min", d.min}, {"max", d.max}, {"value", value}, {"value_text", shown},
            {"log", d.scale == tj::Scale::Log}, {"integer", d.integer}, {"choices", choices},
            {"help", pick(d.help_en, d.help_zh)}};
}

// --- the lesson card ---
const tj::Metric* find_metric(const std::vector<tj::Metric>& ms, const std::string& id) {
    for (const tj::Metric& m : ms)
        if (m.id == id) return &m;
    return nullptr;
}

// The step's chart in one sentence: its name and the figures it plots, as the card's
// figures give them (the chart waits with them while a question is open).
std::string chart_sentence(const std::string& chart, const std::vector<tj::Metric>& ms, bool hidden) {
    static const struct { const char* chart; const char* metrics[3]; } kPlots[] = {
        {"roofline", {"roofline_flops_per_byte", "roofline_ridge_flops_per_byte", "roofline_bw_bytes_s"}},
        {"staircase", {"decode_step_s", "ttft_p50_s", nullptr}},
        {"kv", {"kv_bytes", "kv_used_fraction", nullptr}},
        {"gaps", {"tpot_screen_p50_s", "tpot_screen_p99_s", nullptr}},
        {"trip", {"trip_step_s", "trip_tokenizer_s", "trip_detok_s"}},
        {"flow", {"cum_demand_gpus", "cum_shipped_gpus", "backlog_gpus"}}};
    std::string key = "a11y.chart." + chart;
    std::string out = tr(key.c_str());
    if (hidden) return out + ": " + tr("lesson.chart_waits");
    std::string sep = ": ";
    for (const auto& p : kPlots) {
        if (chart != p.chart) continue;
        for (const char* id : p.metrics)
            if (const tj::Metric* m = id ? find_metric(ms, id) : nullptr) {
                out += sep + pick(m->label_en, m->label_zh) + " " + format_metric(m->id, m->value, m->unit, language());
                sep = "; ";
            }
    }
    return join_magnitudes(out);
}

json lesson_json(const LessonPlayer& lp, Scene& s) {
    const tj::Lesson& l = lp.lessons()[size_t(lp.lesson_index())];
    const tj::LessonStep& st = l.steps[size_t(lp.step_index())];
    const std::vector<tj::Metric> ms = s.metrics();
    const bool hidden = st.has_predict && !lp.revealed();
    json j = {{"index", lp.lesson_index()}, {"id", l.id}, {"title", txt(l.title)}, {"step", lp.step_index()},
              {"steps", l.steps.size()}, {"step_title", txt(st.title)}, {"text", txt(st.text)}};
    j["figures"] = json::array();
    for (const std::string& id : st.evidence)
        if (const tj::Metric* m = find_metric(ms, id))
            j["figures"].push_back({{"id", id}, {"label", lesson_figure_label(st, *m, lp.revealed())},
                                    {"value", tj::lesson_figure_held(st, id, lp.revealed()) ? "?"
                                              : format_metric(m->id, m->value, m->unit, language())}});
    j["chart"] = st.chart;
    j["chart_text"] = st.chart.empty() ? "" : chart_sentence(st.chart, ms, hidden);
    j["question"] = nullptr;
    if (st.has_predict) {
        const tj::LessonPredict& q = st.predict;
        json c = json::array();
        for (const tj::Text2& t : q.choices) c.push_back(txt(t));
        std::string verdict;
        if (lp.revealed() && !q.is_guess())
            verdict = lp.chosen() < 0 ? tr("lesson.answer") : lp.chosen() == q.answer ? tr("lesson.right") : tr("lesson.not_quite");
        json question = {{"text", join_magnitudes(std::string(tr("lesson.predict")) + " " + txt(q.question))},
                         {"kind", q.is_guess() ? "guess" : "choice"}, {"choices", c}, {"chosen", lp.chosen()},
                         {"revealed", lp.revealed()}, {"answer", lp.revealed() ? q.answer : -1}, {"verdict", verdict},
                         {"explain", lp.revealed() ? txt(q.explain) : ""}};
        if (q.is_guess()) {
            const LessonPlayer::GuessShown g = lp.guess_shown();
            const tj::Metric* m = find_metric(ms, q.guess.metric);
            auto fmt = [&](double v) { return m ? format_metric(m->id, v, m->unit, language()) : tj::format_param_value(v); };
            question["verdict"] = g.verdict.empty() && g.revealed && g.truth >= 0 && g.progress >= 1 ? tr("lesson.answer") : g.verdict;
            question["guess"] = {{"min", q.guess.min}, {"max", q.guess.max}, {"value", g.value}, {"value_text", fmt(g.value)},
                                 {"min_text", fmt(q.guess.min)}, {"max_text", fmt(q.guess.max)}, {"moved", g.moved},
                                 {"truth_text", g.truth >= 0 ? fmt(g.truth) : ""}};
        }
        j["question"] = question;
    }
    j["try"] = nullptr;
    if (!st.try_param.empty() && !hidden) {
        const tj::ParamRegistry& reg = s.values().registry();
        if (int i = reg.find(st.try_param); i >= 0) j["try"] = param_json(reg, reg[size_t(i)], s.values()[size_t(i)]);
    }
    return j;
}
}  // namespace

// --- App::describe_json ---
std::string App::describe_json() {
    json j;
    Scene* s = current();
    j["language"] = language() == Lang::Zh ? "zh" : "en";
    j["scene"] = s ? s->id() : "";
    j["scenes"] = json::array();
    for (auto& sc : scenes_) j["scenes"].push_back({{"id", sc->id()}, {"title", tr(sc->title_key())}});
    j["present"] = present_;
    j["panels"] = panels_;
    j["welcome"] = welcome_.is_open();
    j["shortcuts"] = shortcuts_;
    j["comparing"] = s && s->comparing();
    j["race_pairs"] = json::array();  // the Share menu's classic pairs of this scene
    if (s)
        for (const RacePair& p : s->race_pairs()) j["race_pairs"].push_back({{"id", p.id}, {"name", tr(p.name_key)}});
    static const char* const kWords[] = {
        "app.title", "menu.scene", "menu.language", "menu.present", "menu.lessons", "menu.share", "menu.copy_link",
        "menu.help", "menu.where_to_start", "panel.params", "ctl.play", "ctl.pause", "lesson.reveal", "lesson.next",
        "lesson.prev", "lesson.leave", "lesson.your_turn", "a11y.map", "a11y.stations", "a11y.lesson", "a11y.step",
        "a11y.figures", "a11y.choices", "a11y.guess", "a11y.shortcuts", "a11y.controls", "a11y.headline",
        "a11y.revealed", "a11y.canvas", "a11y.welcome", "menu.compare", "race.pairs", "menu.export_csv", "menu.export_png",
        "menu.save_scenario", "menu.load_scenario", "measured.title", "measured.start"};
    for (const char* k : kWords) j["words"][k] = tr(k);
    static const char* const kWelcome[][2] = {{"welcome.follow", "welcome.follow_help"},
                                              {"welcome.lesson", "welcome.lesson_help"},
                                              {"welcome.explore", "welcome.explore_help"}};
    j["welcome_choices"] = json::array();
    for (auto& w : kWelcome) j["welcome_choices"].push_back({{"title", tr(w[0])}, {"help", tr(w[1])}});
    j["welcome_promise"] = tr("welcome.promise");
    j["lessons"] = json::array();
    for (const tj::Lesson& l : lessons_.lessons()) j["lessons"].push_back(txt(l.title));
    j["follow_label"] = follow_label();
    j["playing"] = s && s->playing();
    j["headline"] = s ? s->headline() : "";
    j["stations"] = json::array();
    j["params"] = json::array();
    if (s) {
        for (const StationText& t : s->station_texts())
            j["stations"].push_back({{"id", t.id}, {"name", t.name}, {"lesson", t.lesson}, {"lines", t.lines}});
        const tj::ParamRegistry& reg = s->values().registry();
        for (size_t i = 0; i < reg.size(); i++) j["params"].push_back(param_json(reg, reg[i], s->values()[i]));
    }
    j["lesson"] = nullptr;
    if (lessons_.active())
        if (Scene* ls = scene_by_id(lessons_.scene_id())) j["lesson"] = lesson_json(lessons_, *ls);
    return j.dump();
}

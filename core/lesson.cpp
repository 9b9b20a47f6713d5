// lesson.cpp — parse and check lessons. See lesson.h.
#include "core/lesson.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "core/strict_json.h"

namespace tj {
namespace {

using nlohmann::json;

bool read_text(const json& j, const char* key, Text2& out, const std::string& where, std::string& errs) {
    if (!j.contains(key) || !j[key].is_object() || !j[key].contains("en") || !j[key].contains("zh") ||
        !j[key]["en"].is_string() || !j[key]["zh"].is_string()) {
        errs += where + ": '" + key + "' needs {\"en\": ..., \"zh\": ...}\n";
        return false;
    }
    out = {j[key]["en"].get<std::string>(), j[key]["zh"].get<std::string>()};
    return true;
}

// An object of parameter id: number ("set", a question's "before").
void read_settings(const json& j, const char* key, std::vector<std::pair<std::string, double>>& out,
                   const std::string& where, std::string& errs) {
    if (!j.contains(key)) return;
    if (!j[key].is_object()) errs += where + ": '" + key + "' is an object of id: number\n";
    else for (auto& [id, v] : j[key].items()) {
        if (v.is_number()) out.push_back({id, v.get<double>()});
        else errs += where + ": value of " + id + " is not a number\n";
    }
}

void read_step(const json& j, LessonStep& s, const std::string& where, std::string& errs) {
    if (!j.is_object()) { errs += where + ": a step must be an object\n"; return; }
    read_text(j, "title", s.title, where, errs);
    read_text(j, "text", s.text, where, errs);
    if (j.contains("preset")) {
        const json& p = j["preset"];
        if (p.is_string()) s.presets.push_back(p.get<std::string>());
        else if (p.is_array()) { for (auto& x : p) if (x.is_string()) s.presets.push_back(x.get<std::string>()); else errs += where + ": preset ids are strings\n"; }
        else errs += where + ": 'preset' is a string or a list of strings\n";
    }
    read_settings(j, "set", s.set, where, errs);
    auto str = [&](const char* key, std::string& out) {
        if (!j.contains(key)) return;
        if (j[key].is_string()) out = j[key].get<std::string>();
        else errs += where + ": '" + key + "' is a string (an id)\n";
    };
    str("highlight", s.highlight);
    str("focus", s.focus);
    str("try", s.try_param);
    str("chart", s.chart);
    auto num = [&](const char* key, double& out, double lo, double hi) {
        if (!j.contains(key)) return;
        if (j[key].is_number() && j[key].get<double>() >= lo && j[key].get<double>() <= hi) out = j[key].get<double>();
        else errs += where + ": '" + key + "' must be a number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]\n";
    };
    if (j.contains("holds_next_answer")) {
        if (j["holds_next_answer"].is_boolean()) s.holds_next_answer = j["holds_next_answer"].get<bool>();
        else errs += where + ": 'holds_next_answer' is true or false\n";
    }
    num("zoom", s.zoom, 0.25, 16);
    num("run", s.run, 0, 1e9);
    if (j.contains("evidence")) {
        if (!j["evidence"].is_array()) errs += where + ": 'evidence' is a list of metric ids\n";
        else for (auto& e : j["evidence"]) {
            if (e.is_string()) s.evidence.push_back(e.get<std::string>());
            else errs += where + ": evidence ids are strings\n";
        }
    }
    if (j.contains("given")) {
        if (!j["given"].is_array()) errs += where + ": 'given' is a list of metric ids\n";
        else for (auto& e : j["given"]) {
            if (e.is_string()) s.given.push_back(e.get<std::string>());
            else errs += where + ": given ids are strings\n";
        }
    }
    if (j.contains("compare")) {
        // One moment, or a list of them in the order the card shows them.
        const json& c = j["compare"];
        std::vector<json> items;
        if (c.is_array()) items.assign(c.begin(), c.end());
        else items.push_back(c);
        bool ok = !items.empty();
        for (const json& i : items)
            ok = ok && i.is_object() && i.contains("step") && i["step"].is_number_integer() && i["step"].get<int>() >= 0 &&
                 (!i.contains("lesson") || i["lesson"].is_string()) && i.size() == (i.contains("lesson") ? 2u : 1u);
        if (!ok)
            errs += where + ": 'compare' is {\"step\": index} or {\"lesson\": id, \"step\": index}, or a list of them\n";
        else
            for (const json& i : items)
                s.compare.push_back({i.contains("lesson") ? i["lesson"].get<std::string>() : "", i["step"].get<int>()});
    }
    if (j.contains("predict")) {
        const json& p = j["predict"];
        s.has_predict = true;
        std::string w = where + " predict";
        if (!p.is_object()) { errs += w + ": must be an object\n"; return; }
        read_text(p, "question", s.predict.question, w, errs);
        read_text(p, "explain", s.predict.explain, w, errs);
        if (p.contains("guess")) {
            // A number to guess on a log scale, in place of choices.
            const json& g = p["guess"];
            bool ok = g.is_object() && g.size() == 3 && g.contains("metric") && g["metric"].is_string() &&
                      !g["metric"].get<std::string>().empty() && g.contains("min") && g["min"].is_number() &&
                      g.contains("max") && g["max"].is_number();
            if (!ok) errs += w + ": 'guess' is {\"metric\": id, \"min\": number, \"max\": number}\n";
            else {
                s.predict.guess = {g["metric"].get<std::string>(), g["min"].get<double>(), g["max"].get<double>()};
                const LessonGuess& q = s.predict.guess;
                // A log scale: both ends above zero, and at most twelve decades apart.
                if (!(q.min > 0 && q.max > q.min && q.max <= q.min * 1e12))
                    errs += w + ": 'guess' needs 0 < min < max (and max / min <= 1e12)\n";
            }
            if (p.contains("choices") || p.contains("answer"))
                errs += w + ": a 'guess' takes the place of 'choices' and 'answer'\n";
        } else if (!p.contains("choices") || !p["choices"].is_array() || p["choices"].size() < 2) {
            errs += w + ": needs at least two choices (or a 'guess')\n";
        } else {
            for (size_t i = 0; i < p["choices"].size(); i++) {
                Text2 c;
                json holder = {{"c", p["choices"][i]}};
                if (read_text(holder, "c", c, w + " choice " + std::to_string(i + 1), errs)) s.predict.choices.push_back(c);
            }
        }
        if (!p.contains("guess")) {
            if (!p.contains("answer") || !p["answer"].is_number_integer()) errs += w + ": 'answer' is the index of a choice\n";
            else s.predict.answer = p["answer"].get<int>();
        }
        read_settings(p, "before", s.predict.before, w, errs);
    }
}
}  // namespace

const std::vector<LessonChart>& lesson_charts() {
    // measured: this computer's figures and the prediction card (app/shell/measured_card.h).
    static const std::vector<LessonChart> charts = {
        {"roofline", "token"}, {"staircase", "token"}, {"kv", "token"},     {"gaps", "token"},
        {"trip", "token"},     {"measured", "token"},  {"flow", "fab"}};
    return charts;
}

const std::vector<LessonPlace>& lesson_places() {
    static const std::vector<LessonPlace> places = {{"door", "token"}, {"pipeline", "token"}};
    return places;
}

std::string parse_lessons(const std::string& text, std::vector<Lesson>& out) {
    json j;
    if (std::string err = parse_strict_json(text, j); !err.empty()) return "lessons: " + err + "\n";
    if (!j.is_object() || !j.contains("lessons") || !j["lessons"].is_array()) return "lessons: needs {\"lessons\": [...]}\n";
    std::string errs;
    std::vector<Lesson> result;
    for (size_t i = 0; i < j["lessons"].size(); i++) {
        const json& l = j["lessons"][i];
        std::string where = "lesson " + std::to_string(i + 1);
        if (!l.is_object()) { errs += where + ": must be an object\n"; continue; }
        Lesson lesson;
        if (l.contains("id") && l["id"].is_string()) lesson.id = l["id"].get<std::string>();
        else errs += where + ": needs an 'id'\n";
        where += " (" + lesson.id + ")";
        if (l.contains("scene") && l["scene"].is_string()) lesson.scene = l["scene"].get<std::string>();
        else errs += where + ": needs a 'scene'\n";
        read_text(l, "title", lesson.title, where, errs);
        if (!l.contains("steps") || !l["steps"].is_array() || l["steps"].empty()) {
            errs += where + ": needs a non-empty 'steps' list\n";
            continue;
        }
        for (size_t k = 0; k < l["steps"].size(); k++) {
            LessonStep s;
            read_step(l["steps"][k], s, where + " step " + std::to_string(k + 1), errs);
            lesson.steps.push_back(std::move(s));
        }
        for (auto& other : result)
            if (other.id == lesson.id) errs += where + ": id used twice\n";
        result.push_back(std::move(lesson));
    }
    // A step compares with a moment that exists: an earlier step of its lesson, or a
    // step of another lesson of the same scene.
    for (const Lesson& l : result)
        for (size_t k = 0; k < l.steps.size(); k++)
            for (const LessonCompare& c : l.steps[k].compare) {
                std::string where = "lesson " + l.id + " step " + std::to_string(k + 1) + " 'compare'";
                const Lesson* target = nullptr;
                for (const Lesson& o : result)
                    if (o.id == (c.lesson.empty() ? l.id : c.lesson)) target = &o;
                if (!target) errs += where + ": no lesson '" + c.lesson + "'\n";
                else if (target->scene != l.scene) errs += where + ": lesson '" + c.lesson + "' is of another scene\n";
                else if (target == &l && size_t(c.step) >= k)
                    errs += where + ": step index " + std::to_string(c.step) + " is not an earlier step (this is index " +
                            std::to_string(k) + ")\n";
                else if (size_t(c.step) >= target->steps.size())
                    errs += where + ": lesson '" + target->id + "' has no step index " + std::to_string(c.step) + "\n";
            }
    if (errs.empty()) out = std::move(result);
    return errs;
}

std::string validate_lesson(const Lesson& lesson, const ParamRegistry& reg, const std::vector<std::string>& stations,
                            const std::vector<std::string>& metrics) {
    std::string errs;
    auto has_station = [&](const std::string& id) {
        for (auto& s : stations) if (s == id) return true;
        for (const LessonPlace& p : lesson_places()) if (p.scene == lesson.scene && p.id == id) return true;
        return false;
    };
    auto both = [&](const Text2& t, const std::string& where) {
        if (t.en.empty() || t.zh.empty()) errs += where + ": a text is empty in one language\n";
    };
    both(lesson.title, lesson.id);
    ParamValues v(reg);
    for (size_t k = 0; k < lesson.steps.size(); k++) {
        const LessonStep& s = lesson.steps[k];
        std::string where = lesson.id + " step " + std::to_string(k + 1);
        both(s.title, where + " title");
        both(s.text, where + " text");
        for (auto& p : s.presets) {
            const Preset* pr = reg.find_preset(p);
            if (!pr) errs += where + ": unknown preset '" + p + "'\n";
            else { std::string e = v.apply(*pr); if (!e.empty()) errs += where + ": " + e + "\n"; }
        }
        for (auto& [id, val] : s.set) {
            std::string e = v.set(id, val);
            if (!e.empty()) errs += where + ": " + e + "\n";
        }
        if (!s.highlight.empty() && !has_station(s.highlight)) errs += where + ": unknown station '" + s.highlight + "'\n";
        if (!s.focus.empty() && !has_station(s.focus)) errs += where + ": unknown station '" + s.focus + "'\n";
        for (auto& e : s.evidence)
            if (std::find(metrics.begin(), metrics.end(), e) == metrics.end())
                errs += where + ": evidence '" + e + "' is not a metric of the scene\n";
        // A given figure is one the card shows, the text states and the question does not ask.
        if (!s.given.empty() && !s.has_predict) errs += where + ": 'given' belongs to a step with a question\n";
        for (auto& e : s.given) {
            if (std::find(s.evidence.begin(), s.evidence.end(), e) == s.evidence.end())
                errs += where + ": given '" + e + "' is not among the step's evidence\n";
            if (s.has_predict && s.predict.is_guess() && e == s.predict.guess.metric)
                errs += where + ": given '" + e + "' is what the question asks\n";
        }
        if (!s.chart.empty()) {
            std::string known;  // the scene's charts, for the message
            bool found = false;
            for (const LessonChart& c : lesson_charts()) {
                if (c.scene != lesson.scene) continue;
                known += std::string(known.empty() ? "" : ", ") + c.id;
                found |= s.chart == c.id;
            }
            if (!found)
                errs += where + ": chart '" + s.chart + "' is not a chart of the " + lesson.scene + " scene (" +
                        (known.empty() ? "it has none" : known) + ")\n";
        }
        if (!s.try_param.empty() && reg.find(s.try_param) < 0)
            errs += where + ": 'try' names no parameter: '" + s.try_param + "'\n";
        if (s.holds_next_answer) {
            // Only a plain step right before a question asked on its own state and moment.
            const LessonStep* next = k + 1 < lesson.steps.size() ? &lesson.steps[k + 1] : nullptr;
            if (s.has_predict || !next || !next->has_predict || !next->presets.empty() || !next->set.empty() ||
                !next->predict.before.empty() || next->run != s.run)
                errs += where + ": 'holds_next_answer' needs a step without a question, followed by a question asked "
                                "on the same settings at the same moment\n";
        }
        if (k + 1 == lesson.steps.size() && s.try_param.empty())
            errs += where + ": the last step needs a parameter to 'try' (the student's turn)\n";
        if (s.has_predict) {
            both(s.predict.question, where + " question");
            both(s.predict.explain, where + " explanation");
            for (auto& c : s.predict.choices) both(c, where + " choice");
            const LessonGuess& g = s.predict.guess;
            if (s.predict.is_guess()) {
                if (std::find(metrics.begin(), metrics.end(), g.metric) == metrics.end())
                    errs += where + ": the guess's metric '" + g.metric + "' is not a metric of the scene\n";
                else if (std::find(s.evidence.begin(), s.evidence.end(), g.metric) == s.evidence.end())
                    errs += where + ": the guess's metric '" + g.metric + "' is not among the step's evidence\n";
                if (!(g.min > 0 && g.max > g.min)) errs += where + ": the guess needs 0 < min < max\n";
            } else if (s.predict.answer < 0 || size_t(s.predict.answer) >= s.predict.choices.size())
                errs += where + ": the answer is not one of the choices\n";
            ParamValues asked = v;
            for (auto& [id, val] : s.predict.before) {
                std::string e = asked.set(id, val);
                if (!e.empty()) errs += where + " question: " + e + "\n";
            }
        }
    }
    return errs;
}

bool lesson_figure_held(const LessonStep& step, const std::string& metric_id, bool revealed) {
    return step.has_predict && !revealed && std::find(step.given.begin(), step.given.end(), metric_id) == step.given.end();
}

std::string lesson_values_at(const Lesson& lesson, size_t step, const ParamValues& start, ParamValues& out) {
    ParamValues v = start;
    for (size_t k = 0; k <= step && k < lesson.steps.size(); k++) {
        for (auto& p : lesson.steps[k].presets) {
            const Preset* pr = v.registry().find_preset(p);
            if (!pr) return "unknown preset '" + p + "'";
            std::string e = v.apply(*pr);
            if (!e.empty()) return e;
        }
        for (auto& [id, val] : lesson.steps[k].set) {
            std::string e = v.set(id, val);
            if (!e.empty()) return e;
        }
    }
    out = v;
    return "";
}

bool lesson_compare_moments(const std::vector<Lesson>& lessons, size_t lesson, size_t step,
                            std::vector<LessonMoment>& out) {
    out.clear();
    if (lesson >= lessons.size() || step >= lessons[lesson].steps.size()) return false;
    const LessonStep& s = lessons[lesson].steps[step];
    for (const LessonCompare& c : s.compare)
        for (size_t i = 0; i < lessons.size(); i++)
            if (lessons[i].id == (c.lesson.empty() ? lessons[lesson].id : c.lesson) &&
                size_t(c.step) < lessons[i].steps.size())
                out.push_back({i, size_t(c.step)});
    if (!s.compare.empty()) return out.size() == s.compare.size();
    if (step == 0 || s.has_predict) return false;
    out.push_back({lesson, step - 1});
    return true;
}

std::string lesson_question_values(const Lesson& lesson, size_t step, const ParamValues& start, ParamValues& out) {
    if (step >= lesson.steps.size()) return "no step " + std::to_string(step + 1);
    const LessonPredict& q = lesson.steps[step].predict;
    if (q.before.empty()) {
        if (step == 0) { out = start; return ""; }
        return lesson_values_at(lesson, step - 1, start, out);
    }
    ParamValues v(start.registry());
    if (std::string e = lesson_values_at(lesson, step, start, v); !e.empty()) return e;
    for (auto& [id, val] : q.before)
        if (std::string e = v.set(id, val); !e.empty()) return e;
    out = v;
    return "";
}

}  // namespace tj

// test_lesson_captions.cpp — every number a lesson caption states is accounted for:
// held to the model, or declared an input with the reason it is one.
//
// The table is tests/lessons/captions.tsv. Every numeric literal in a step's English
// text, question, explanation and correct choice (digits inside the names in kNames
// excepted; quantities in words, "two thirds", "twice", count too) must lie in a phrase of a row of that step (a choice's number may also equal
// one that is), and every row's phrase must be in the step. A row's run is a step of the
// lesson run as the lesson player runs it (scene defaults, the presets and settings of
// steps 0..step, seed 1, to the step's moment), see run_spec for moments and changes:
//   model  the phrase's number is the metric x scale, as written: within half a unit of
//          its last significant digit ("4.8" holds 4.75 to 4.85, "11,300" 11,250 to
//          11,350, "380" 375 to 385) or 1%, whichever is wider;
//   ratio  the number is scale x metric(run) / metric(versus), as written;
//   inverse the number is scale / metric(run) ("one in six" of a share);
//   more   the number is scale x (metric(run) / metric(versus) - 1) (percent more);
//   fewer  the number is scale x (metric(versus) - metric(run)) (how many fewer);
//   rate   the number is scale x (metric(run) - metric(versus)) / the weeks between;
//   input  a given, not an output: `why` says where it comes from; when a parameter id
//          is named, its value at the run's step x scale equals the number as written;
//   held   an output checked by a relation in tests/fab/test_fab_lessons.cpp (`why`
//          names the check), for what no single metric says (the week a pile is gone).
// A kind followed by ",under" or ",over" ("ratio,under") holds a bound instead: the
// model's value is below (above) the number ("under 1%", "2 to 3 times").
// The correct choice's numbers must be among its step's held or declared numbers, and
// every number of the English text must appear in the step's Chinese text too (in 万 or
// 亿 where it counts so).
// TJ_CAPTION_RATIOS=<file> writes model/quoted for every held row.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <cstdlib>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <sstream>

#include "core/lesson.h"
#include "core/model.h"
#include "core/scenes/scenes.h"

using namespace tj;

namespace {

constexpr double kWeek = 604800;

// Names whose digits are not quantities (models, chips, formats, tokenizers, math).
const char* const kNames[] = {"Llama-3.1-8B", "Llama-3.1-70B", "Llama-2-7B", "70B", "8B", "H100", "H200",
                              "WSE-3", "n150", "GDDR6", "UTF-8", "cl100k_base", "o200k_base", "GPT-4",
                              "FP8", "BF16", "B200A", "Q4", "p50", "p99", "L2", "3D", "n+1", "k+1", "two-die",
                              "RTX 4090"};

// One line of captions.tsv: lesson, step, phrase as written, kind, run, metric (or
// parameter), scale, versus, why.
struct Row {
    int line = 0;
    std::string lesson, phrase, kind, bound, run, metric, versus, why;
    int step = 0;
    double scale = 1;
};

std::string read(const std::filesystem::path& p) {
    std::ifstream f(p);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (c == sep) out.push_back(cur), cur.clear();
        else cur += c;
    }
    out.push_back(cur);
    return out;
}

const std::vector<Row>& rows() {
    static std::vector<Row> all = [] {
        std::vector<Row> out;
        std::istringstream in(read(std::filesystem::path(TJ_SOURCE_DIR) / "tests/lessons/captions.tsv"));
        std::string line;
        int n = 0;
        while (std::getline(in, line)) {
            n++;
            if (line.empty() || line[0] == '#') continue;
            auto c = split(line, '\t');
            INFO("captions.tsv line " << n << ": " << line);
            REQUIRE(c.size() == 9);
            Row r;
            r.line = n;
            r.lesson = c[0];
            r.step = std::stoi(c[1]);
            r.phrase = c[2];
            r.kind = c[3];
            r.run = c[4];
            r.metric = c[5];
            r.scale = c[6] == "-" ? 1 : std::stod(c[6]);
            r.versus = c[7];
            r.why = c[8];
            auto kb = split(c[3], ',');
            r.kind = kb[0];
            r.bound = kb.size() > 1 ? kb[1] : "";
            REQUIRE((r.kind == "model" || r.kind == "ratio" || r.kind == "inverse" || r.kind == "more" || r.kind == "fewer" || r.kind == "rate" ||
                     r.kind == "input" || r.kind == "held"));
            REQUIRE((r.bound == "" || r.bound == "under" || r.bound == "over"));
            out.push_back(r);
        }
        return out;
    }();
    return all;
}

const std::vector<Lesson>& lessons() {
    static std::vector<Lesson> all = [] {
        std::vector<Lesson> out;
        REQUIRE(parse_lessons(read(std::filesystem::path(TJ_SOURCE_DIR) / "assets/lessons.json"), out) == "");
        return out;
    }();
    return all;
}

// Quantities written in words, and what they are worth. "One" is left out: it names a
// single thing far more often than it states a figure ("one token per step").
const std::pair<const char*, double> kWordNumbers[] = {
    {"two thirds", 2.0 / 3}, {"a third", 1.0 / 3}, {"a quarter", 0.25}, {"a tenth", 0.1}, {"half", 0.5},
    {"twice", 2}, {"doubles", 2}, {"doubled", 2}, {"double", 2}, {"triple", 3},
    {"two", 2}, {"three", 3}, {"four", 4}, {"five", 5}, {"six", 6}, {"seven", 7}, {"eight", 8}, {"nine", 9},
    {"ten", 10}, {"eleven", 11}, {"twelve", 12}, {"twenty-five", 25}, {"twenty", 20}, {"thirty", 30},
    {"a hundred", 100}, {"a thousand", 1e3}, {"a million", 1e6}};
const std::pair<const char*, double> kScaleWords[] = {{"thousand", 1e3}, {"million", 1e6}, {"billion", 1e9}};

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower((unsigned char)c));
    return s;
}

// The numeric literals of a text as written ("218,000", "0.54", "two thirds", "twice",
// "two million"), names blanked first.
std::vector<std::string> literals(std::string text) {
    for (const char* name : kNames)
        for (size_t p; (p = text.find(name)) != std::string::npos;) text.replace(p, strlen(name), std::string(strlen(name), ' '));
    static const std::regex num(R"([0-9]+(?:[.,][0-9]+)*)");
    std::vector<std::string> out;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), num); it != std::sregex_iterator(); ++it)
        out.push_back(it->str());
    static const std::regex words = [] {
        std::string alt;
        for (auto& [w, x] : kWordNumbers) alt += (alt.empty() ? "" : "|") + std::string(w);
        std::string scale;
        for (auto& [w, x] : kScaleWords) scale += (scale.empty() ? "" : "|") + std::string(w);
        return std::regex("\\b(?:" + alt + ")(?: (?:" + scale + "))?\\b");
    }();
    const std::string low = lower(text);
    for (auto it = std::sregex_iterator(low.begin(), low.end(), words); it != std::sregex_iterator(); ++it)
        out.push_back(it->str());
    return out;
}

double value_of(std::string literal) {
    literal = lower(literal);
    if (!literal.empty() && !std::isdigit((unsigned char)literal[0])) {
        double x = NAN, scale = 1;
        for (auto& [w, v] : kScaleWords) {
            const std::string tail = std::string(" ") + w;
            if (literal.size() > tail.size() && literal.compare(literal.size() - tail.size(), tail.size(), tail) == 0)
                scale = v, literal.resize(literal.size() - tail.size());
        }
        for (auto& [w, v] : kWordNumbers)
            if (literal == w) x = v;
        return x * scale;
    }
    literal.erase(std::remove(literal.begin(), literal.end(), ','), literal.end());
    return std::stod(literal);
}

// Half a unit of the literal's last written digit: how far a rounded figure may be off.
// Half a unit of the literal's last significant digit: "4.8" 0.05, "11300" 50, "380" 5.
double half_written_unit(const std::string& written) {
    std::string literal;  // its digits and point: "11,300" -> "11300"; a number in words counts as a unit
    for (char c : written.substr(0, written.find(' ')))
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') literal += c;
    if (literal.empty()) return 0.5;
    if (literal.find('.') != std::string::npos) return 0.5 * std::pow(10.0, -int(literal.size() - literal.find('.') - 1));
    size_t zeros = 0;
    while (zeros + 1 < literal.size() && literal[literal.size() - 1 - zeros] == '0') zeros++;
    return 0.5 * std::pow(10.0, double(zeros));
}

double half_unit(const std::string& literal) {
    size_t dot = literal.find('.');
    int decimals = dot == std::string::npos ? 0 : int(literal.size() - dot - 1);
    return 0.5 * std::pow(10.0, -decimals);
}

std::string english(const LessonStep& st) {
    return st.text.en + "\n" + (st.has_predict ? st.predict.question.en + "\n" + st.predict.explain.en : "");
}
// A question's correct choice ("" for a question that asks for a number).
const Text2& right_answer(const LessonStep& st) {
    static const Text2 none;
    return st.has_predict && !st.predict.is_guess() ? st.predict.choices[size_t(st.predict.answer)] : none;
}
std::string right_choice(const LessonStep& st) { return right_answer(st).en; }
std::string chinese(const LessonStep& st) {
    const std::string choice = right_answer(st).zh;
    return st.text.zh + "\n" + (st.has_predict ? st.predict.question.zh + "\n" + st.predict.explain.zh + "\n" + choice : "");
}

const Lesson& lesson_named(const std::string& id) {
    for (const Lesson& l : lessons())
        if (l.id == id) return l;
    FAIL("captions.tsv names a lesson that does not exist: " << id);
    throw;
}

// A run of the model: "3" (step 3's values, to its moment), "3@70w" (to week 70),
// "3@6s", "3+fab.fab.hot_share=0" (and one setting changed), "other-lesson/1".
struct RunSpec {
    const Lesson* lesson = nullptr;
    int step = 0;
    std::string at;
    std::vector<std::pair<std::string, double>> set;
};

RunSpec run_spec(const Lesson& l, std::string s) {
    RunSpec r;
    r.lesson = &l;
    size_t slash = s.find('/');
    if (slash != std::string::npos) r.lesson = &lesson_named(s.substr(0, slash)), s = s.substr(slash + 1);
    auto parts = split(s, '+');
    size_t at = parts[0].find('@');
    r.step = std::stoi(parts[0].substr(0, at));
    if (at != std::string::npos) r.at = parts[0].substr(at + 1);
    for (size_t i = 1; i < parts.size(); i++) {
        auto kv = split(parts[i], '=');
        REQUIRE(kv.size() == 2);
        r.set.push_back({kv[0], std::stod(kv[1])});
    }
    REQUIRE(size_t(r.step) < r.lesson->steps.size());
    return r;
}

double seconds(const RunSpec& r) {
    if (r.at.empty()) return r.lesson->steps[size_t(r.step)].run;
    return std::stod(r.at) * (r.at.back() == 'w' ? kWeek : 1);
}

ParamValues values_of(const RunSpec& r) {
    const ParamRegistry& reg = *scene_registry(r.lesson->scene);
    ParamValues start(reg), values(reg);
    REQUIRE(lesson_values_at(*r.lesson, size_t(r.step), start, values) == "");
    for (auto& [id, x] : r.set) REQUIRE(values.set(id, x) == "");
    return values;
}

// Whether the run's lesson (or the run itself) chooses the tokenizer.
bool names_tokenizer(const RunSpec& r) {
    bool named = false;
    for (auto& [id, x] : r.set) named = named || id == "token.run.tokenizer";
    for (int i = 0; i <= r.step; i++)
        for (auto& [id, x] : r.lesson->steps[size_t(i)].set) named = named || id == "token.run.tokenizer";
    return named;
}

// The metrics of a run as the lesson player makes it: the scene's defaults, the presets
// and settings of the lesson's steps up to the run's step, seed 1, run to the moment.
// Runs are cached: many rows read the same moment.
const std::vector<Metric>& metrics_of(const RunSpec& r) {
    static std::map<std::string, std::vector<Metric>> cache;
    std::string key = r.lesson->id + "|" + std::to_string(r.step) + "|" + std::to_string(seconds(r));
    for (auto& [id, x] : r.set) key += "|" + id + "=" + std::to_string(x);
    auto hit = cache.find(key);
    if (hit != cache.end()) return hit->second;
    std::unique_ptr<Model> m = make_model(r.lesson->scene);
    REQUIRE(m);
    m->reset(values_of(r), 1);
    m->advance_to(seconds(r));
    return cache[key] = m->metrics();
}

// A metric, or the sum of several ("kv_bytes_dram3d+kv_bytes_hbm").
double metric_of(const RunSpec& r, const std::string& ids) {
    double sum = 0;
    for (const std::string& id : split(ids, '+')) {
        double v = metric_value(metrics_of(r), id, NAN);
        if (std::isnan(v)) FAIL_CHECK("the model has no metric " << id);
        sum += v;
    }
    return sum;
}

// The model's value for a held row, in the phrase's unit. `versus` is a run and
// optionally another metric ("0", "2:decode_step_s"), or "-".
double model_value(const Row& r) {
    const Lesson& l = lesson_named(r.lesson);
    RunSpec run = run_spec(l, r.run);
    double a = metric_of(run, r.metric);
    if (r.kind == "model") return r.scale * a;
    if (r.kind == "inverse") return r.scale / a;
    auto vs = split(r.versus, ':');
    RunSpec other = run_spec(l, vs[0]);
    double b = metric_of(other, vs.size() > 1 ? vs[1] : r.metric);
    if (r.kind == "more") return r.scale * (a / b - 1);
    if (r.kind == "fewer") return r.scale * (b - a);
    if (r.kind == "rate") return r.scale * (a - b) / ((seconds(run) - seconds(other)) / kWeek);
    return r.scale * a / b;
}

// Whether the row holds its number to the model here.
bool held(const Row& r) { return r.kind != "input" && r.kind != "held"; }

// Every quantity a Chinese text states, in plain units (约 300 万 -> 3e6).
std::vector<double> chinese_values(const std::string& zh) {
    static const std::regex num(R"(([0-9]+(?:[.,][0-9]+)*)\s*(万亿|亿|万)?)");
    std::vector<double> out;
    for (auto it = std::sregex_iterator(zh.begin(), zh.end(), num); it != std::sregex_iterator(); ++it) {
        double v = value_of((*it)[1].str());
        std::string unit = (*it)[2].str();
        out.push_back(v * (unit == "万亿" ? 1e12 : unit == "亿" ? 1e8 : unit == "万" ? 1e4 : 1));
    }
    return out;
}

// Every quantity an English text states, in plain units ("3 million" -> 3e6).
std::vector<double> english_values(std::string en) {
    for (const char* name : kNames)
        for (size_t p; (p = en.find(name)) != std::string::npos;) en.replace(p, strlen(name), std::string(strlen(name), ' '));
    static const std::regex num(R"(([0-9]+(?:[.,][0-9]+)*)( thousand| million| billion| trillion)?)");
    std::vector<double> out;
    for (auto it = std::sregex_iterator(en.begin(), en.end(), num); it != std::sregex_iterator(); ++it) {
        std::string word = (*it)[2].str();
        double x = word == " thousand" ? 1e3 : word == " million" ? 1e6 : word == " billion" ? 1e9 : word == " trillion" ? 1e12 : 1;
        out.push_back(value_of((*it)[1].str()) * x);
    }
    return out;
}

}  // namespace

TEST_CASE("lesson captions: every number is held to the model or declared an input", "[lessons]") {
    int total = 0, by_model = 0, inputs = 0;
    for (const Lesson& l : lessons())
        for (size_t s = 0; s < l.steps.size(); s++) {
            const LessonStep& st = l.steps[s];
            std::set<std::string> covered, held_here;
            std::set<double> covered_values;
            for (const Row& r : rows()) {
                if (r.lesson != l.id || r.step != int(s)) continue;
                for (const std::string& x : literals(r.phrase)) {
                    covered.insert(x);
                    covered_values.insert(value_of(x));
                    if (held(r)) held_here.insert(x);
                }
            }
            std::string en = english(st);
            for (const std::string& x : literals(en)) {
                total++;
                INFO("lesson " << l.id << " step " << s << " (" << s + 1 << " on screen): the number \"" << x
                               << "\" in \"" << en << "\"");
                if (!covered.count(x))
                    FAIL_CHECK("is neither held to the model nor declared an input in tests/lessons/captions.tsv");
                else if (held_here.count(x)) by_model++;
                else inputs++;
            }
            // The Chinese text states the same figures (in 万 or 亿 where it counts so).
            std::vector<double> zh = chinese_values(chinese(st));
            for (double want : english_values(en)) {
                bool found = false;
                for (double v : zh) found = found || std::fabs(v - want) <= 0.005 * std::fabs(want);
                INFO("lesson " << l.id << " step " << s << ": " << want << " is stated in English; the Chinese text: "
                               << chinese(st));
                CHECK(found);
            }
            for (const std::string& x : literals(right_choice(st))) {
                INFO("lesson " << l.id << " step " << s << ": the correct choice \"" << right_choice(st) << "\" says " << x);
                CHECK((covered.count(x) || covered_values.count(value_of(x))));
            }
        }
    for (const Row& r : rows()) {
        INFO("captions.tsv line " << r.line << ": " << r.lesson << " step " << r.step << " \"" << r.phrase << "\"");
        const Lesson& l = lesson_named(r.lesson);
        REQUIRE(size_t(r.step) < l.steps.size());
        const LessonStep& st = l.steps[size_t(r.step)];
        CHECK((english(st) + "\n" + right_choice(st)).find(r.phrase) != std::string::npos);
        CHECK(!literals(r.phrase).empty());
        if (!held(r)) CHECK(!r.why.empty());
        if (held(r)) CHECK(literals(r.phrase).size() == 1);
    }
    WARN("lesson captions: " << total << " numbers, " << by_model << " held to the model, " << inputs
                             << " inputs or held by a relation");
}

namespace {
void check_held_rows(const std::string& scene) {
    const char* dump = std::getenv("TJ_CAPTION_RATIOS");
    std::ofstream out;
    if (dump) out.open(std::string(dump) + "." + scene + ".tsv");
    for (const Row& r : rows()) {
        const Lesson& l = lesson_named(r.lesson);
        if (l.scene != scene) continue;
        auto lits = literals(r.phrase);
        INFO("lesson " << r.lesson << " step " << r.step << " (captions.tsv line " << r.line << "): \"" << r.phrase << "\"");
        if (r.kind == "input" && r.metric != "-") {
            // The first number of the phrase is the parameter's value at the run's step.
            ParamValues start(*scene_registry(scene)), values(*scene_registry(scene));
            REQUIRE(lesson_values_at(l, size_t(std::stoi(r.run)), start, values) == "");
            double v = values.get(r.metric) * r.scale;
            INFO("parameter " << r.metric << " x " << r.scale << " = " << v);
            CHECK(std::fabs(v - value_of(lits[0])) <= half_unit(lits[0]) + 1e-9 * std::fabs(v));
        continue;
        }
        if (!held(r) || lits.size() != 1) continue;
        // A lesson about the tokenizer quotes a real vocabulary; where it is not fetched
        // the stand-in cuts the text instead, whose numbers the captions do not quote.
        RunSpec run = run_spec(l, r.run);
        if (names_tokenizer(run) &&
            metric_value(metrics_of(run), "tokenizer_in_use") != values_of(run).get("token.run.tokenizer")) {
            WARN("not checked here (no BPE vocabulary: scripts/fetch_vocab.sh brings it): " << r.lesson << " step "
                                                                                          << r.step << " \"" << r.phrase << "\"");
            continue;
        }
        double quoted = value_of(lits[0]);
        double model = model_value(r);
        INFO(r.kind << " " << r.metric << " run " << r.run << " versus " << r.versus << ": model " << model
                    << ", quoted " << quoted);
        if (r.bound == "under") CHECK(model < quoted);
        else if (r.bound == "over") CHECK(model > quoted);
        else CHECK(std::fabs(model - quoted) <= std::max(half_written_unit(lits[0]), 0.01 * std::fabs(quoted)) + 1e-9);
        if (out) out << r.lesson << '\t' << r.step << '\t' << r.phrase << '\t' << r.metric << '\t' << model << '\t' << quoted
                     << '\t' << model / quoted << '\n';
    }
}
}  // namespace

TEST_CASE("lesson captions: the token lessons' held numbers are the model's", "[lessons]") { check_held_rows("token"); }
TEST_CASE("lesson captions: the fab lessons' held numbers are the model's", "[lessons]") { check_held_rows("fab"); }

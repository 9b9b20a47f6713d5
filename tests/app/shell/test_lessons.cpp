// test_lessons.cpp — every lesson in assets/lessons.json loads, belongs to a scene
// that exists, and every step's presets, settings, stations and answers are valid;
// together the lessons cover the key takeaways of the two essays. Also: the lesson
// parser refuses malformed files with a message and changes nothing.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/lesson.h"
#include "core/scenes/scenes.h"

namespace fs = std::filesystem;
using namespace tj;

// A lesson of one step in the given scene, with both languages filled in.
static Lesson one_step_lesson(const char* scene, const LessonStep& step) {
    Lesson l;
    l.id = "t";
    l.scene = scene;
    l.title = {"a", "b"};
    l.steps.push_back(step);
    l.steps[0].title = l.steps[0].text = {"a", "b"};
    return l;
}

static std::string read_file(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

// The lesson of assets/lessons.json with this id (the file must parse and hold it).
static Lesson shipped_lesson(const char* id) {
    std::vector<Lesson> lessons;
    REQUIRE(parse_lessons(read_file(fs::path(TJ_SOURCE_DIR) / "assets/lessons.json"), lessons).empty());
    for (auto& l : lessons)
        if (l.id == id) return l;
    FAIL("no lesson " << id);
    return {};
}

TEST_CASE("lessons: every lesson and every step is valid for its scene") {
    std::vector<Lesson> lessons;
    std::string err = parse_lessons(read_file(fs::path(TJ_SOURCE_DIR) / "assets/lessons.json"), lessons);
    INFO(err);
    REQUIRE(err.empty());
    REQUIRE(lessons.size() >= 10);
    for (auto& l : lessons) {
        INFO("lesson " << l.id);
        auto model = make_model(l.scene);
        REQUIRE(model);
        std::vector<std::string> stations, metric_ids;
        for (auto& s : model->stations()) stations.push_back(s.id);
        // The scene's metrics under every step's values (some exist only with an option on).
        ParamValues start(model->registry()), at(model->registry());
        for (size_t k = 0; k < l.steps.size(); k++) {
            REQUIRE(lesson_values_at(l, k, start, at).empty());
            model->reset(at, 1);
            for (auto& m : model->metrics()) metric_ids.push_back(m.id);
        }
        std::string v = validate_lesson(l, model->registry(), stations, metric_ids);
        INFO(v);
        CHECK(v.empty());
        // Every lesson ends with a prediction: the student commits before the last reveal.
        CHECK(l.steps.back().has_predict);
        // Every step puts the figures its caption names on the card.
        for (size_t k = 0; k < l.steps.size(); k++) {
            INFO("step " << k + 1 << " has no evidence");
            CHECK(!l.steps[k].evidence.empty());
        }
        // A number to guess: the model's value at the step's moment lies inside its
        // scale, away from the ends, so the reveal's marker lands on the scale.
        for (size_t k = 0; k < l.steps.size(); k++) {
            const LessonGuess& g = l.steps[k].predict.guess;
            if (!l.steps[k].predict.is_guess()) continue;
            REQUIRE(lesson_values_at(l, k, start, at).empty());
            model->reset(at, 1);
            model->advance_to(l.steps[k].run);
            double truth = -1;
            for (auto& m : model->metrics()) if (m.id == g.metric) truth = m.value;
            INFO("step " << k + 1 << ": " << g.metric << " = " << truth << " on a scale from " << g.min << " to " << g.max);
            CHECK(truth > g.min * 1.5);
            CHECK(truth < g.max / 1.5);
        }
    }
}

TEST_CASE("lessons: together they carry every key takeaway of the essays") {
    std::vector<Lesson> lessons;
    REQUIRE(parse_lessons(read_file(fs::path(TJ_SOURCE_DIR) / "assets/lessons.json"), lessons).empty());
    const char* takeaways[] = {"decode-is-logistics", "sram-too-small",     "stacked-dram",       "mesh-brings-work",
                               "last-mile",           "judge-continuity",   "one-token-at-a-time", "speculative-decoding",
                               "history-weighs",      "respin-weakest-link", "bottleneck-moves",    "verify-early",
                               "derivative-decouples", "hot-lots-x-factor"};
    for (const char* id : takeaways) {
        INFO("missing lesson " << id);
        bool found = false;
        for (auto& l : lessons) found |= l.id == id;
        CHECK(found);
    }
    int predicts = 0;
    for (auto& l : lessons)
        for (auto& s : l.steps) predicts += s.has_predict;
    CHECK(predicts >= 6);  // most lessons ask the class first
}

TEST_CASE("lessons: malformed files are refused with a message, nothing changes") {
    std::vector<Lesson> lessons(1);
    lessons[0].id = "kept";
    const char* bad[] = {
        "", "{", "[]", "{\"lessons\": 3}", "{\"lessons\": [1]}",
        "{\"lessons\": [{\"id\": \"a\", \"scene\": \"token\", \"title\": {\"en\": \"x\"}, \"steps\": []}]}",
        "{\"lessons\": [{\"id\": \"a\", \"scene\": \"token\", \"title\": {\"en\": \"x\", \"zh\": \"y\"}, "
        "\"steps\": [{\"title\": {\"en\": \"t\", \"zh\": \"t\"}, \"text\": {\"en\": \"t\", \"zh\": \"t\"}, "
        "\"set\": {\"x\": \"not a number\"}, \"zoom\": 1000}]}]}",
        "{\"lessons\": [], \"lessons\": []}",  // a key twice: refused, not "last one wins"
        "{\"lessons\": [{\"id\": \"a\", \"scene\": \"token\", \"title\": {\"en\": \"x\", \"zh\": \"y\"}, "
        "\"steps\": [{\"title\": {\"en\": \"t\", \"zh\": \"t\"}, \"text\": {\"en\": \"t\", \"zh\": \"t\"}, "
        "\"predict\": {\"question\": {\"en\": \"q\", \"zh\": \"q\"}, \"choices\": [{\"en\": \"a\", \"zh\": \"a\"}, "
        "{\"en\": \"b\", \"zh\": \"b\"}], \"answer\": 0, \"explain\": {\"en\": \"e\", \"zh\": \"e\"}, "
        "\"before\": [1]}}]}]}",  // a question's 'before' is an object of settings
    };
    for (const char* text : bad) {
        INFO(text);
        CHECK(!parse_lessons(text, lessons).empty());
        CHECK(lessons.size() == 1);
        CHECK(lessons[0].id == "kept");
    }
}

TEST_CASE("lessons: values out of range and unknown stations are named") {
    auto model = make_model("token");
    REQUIRE(model);
    LessonStep s;
    s.set = {{model->registry()[0].id, model->registry()[0].max * 10 + 1}};
    s.highlight = "no-such-station";
    s.evidence = {"decode_step_s", "no_such_metric"};
    Lesson l = one_step_lesson("token", s);
    std::string err = validate_lesson(l, model->registry(), {}, {"decode_step_s"});
    CHECK(err.find(model->registry()[0].id) != std::string::npos);
    CHECK(err.find("no-such-station") != std::string::npos);
    CHECK(err.find("no_such_metric") != std::string::npos);
    CHECK(err.find("'decode_step_s'") == std::string::npos);
}

TEST_CASE("lessons: a step may point at a place of its own scene that is not a station") {
    auto model = make_model("token");
    LessonStep s;
    s.highlight = s.focus = "door";
    s.try_param = model->registry()[0].id;
    Lesson l = one_step_lesson("token", s);
    CHECK(validate_lesson(l, model->registry(), {}, {}).empty());
    l.scene = "fab";  // the chain has no door
    auto fab = make_model("fab");
    l.steps[0].try_param = fab->registry()[0].id;
    CHECK(validate_lesson(l, fab->registry(), {}, {}).find("unknown station 'door'") != std::string::npos);
}

TEST_CASE("lessons: a question is asked on its 'before' settings, else on the previous step's values") {
    const Lesson hot_lots = shipped_lesson("hot-lots-x-factor");
    const Lesson* hot = &hot_lots;
    auto model = make_model("fab");
    ParamValues start(model->registry()), asked(model->registry()), answer(model->registry()), previous(model->registry());
    // Step 3 asks on the 2024 record with no hot lots and answers with 30% of them hot.
    REQUIRE(hot->steps[2].predict.before.size() == 1);
    REQUIRE(lesson_question_values(*hot, 2, start, asked) == "");
    REQUIRE(lesson_values_at(*hot, 2, start, answer) == "");
    REQUIRE(lesson_values_at(*hot, 1, start, previous) == "");
    CHECK(asked.get("fab.fab.hot_share") == 0);
    CHECK(answer.get("fab.fab.hot_share") == Approx(0.3));
    CHECK(asked.get("fab.line.conwip_wafers") == answer.get("fab.line.conwip_wafers"));  // uncapped, as answered
    CHECK(previous.get("fab.line.conwip_wafers") != answer.get("fab.line.conwip_wafers"));
    // A question with no 'before' is asked on the previous step's values.
    Lesson plain = *hot;
    plain.steps[2].predict.before.clear();
    REQUIRE(lesson_question_values(plain, 2, start, asked) == "");
    CHECK(asked.get("fab.line.conwip_wafers") == previous.get("fab.line.conwip_wafers"));
    REQUIRE(lesson_question_values(plain, 0, start, asked) == "");
    CHECK(asked.get("fab.fab.hot_share") == start.get("fab.fab.hot_share"));
    // A 'before' setting out of range is named by the validator.
    plain.steps[2].predict.before = {{"fab.fab.hot_share", 5}};
    std::vector<std::string> metrics;
    for (auto& m : model->metrics()) metrics.push_back(m.id);
    CHECK(validate_lesson(plain, model->registry(), {}, metrics).find("question: ") != std::string::npos);
    CHECK(lesson_question_values(plain, 2, start, asked) != "");
}

TEST_CASE("lessons: a step holds the next answer only right before a question asked on its own state") {
    const Lesson logistics = shipped_lesson("decode-is-logistics");
    const Lesson* dil = &logistics;
    // The first step shows the state the second step's question is asked on.
    CHECK(dil->steps[0].holds_next_answer);
    CHECK_FALSE(dil->steps[1].holds_next_answer);
    auto model = make_model("token");
    std::vector<std::string> metrics, stations;
    ParamValues start(model->registry()), at(model->registry());
    for (size_t k = 0; k < dil->steps.size(); k++) {  // the metrics each step's values give
        REQUIRE(lesson_values_at(*dil, k, start, at).empty());
        model->reset(at, 1);
        for (auto& m : model->metrics()) metrics.push_back(m.id);
    }
    for (auto& st : model->stations()) stations.push_back(st.id);
    CHECK(validate_lesson(*dil, model->registry(), stations, metrics) == "");
    const char* refused = "'holds_next_answer' needs a step without a question";
    Lesson l = *dil;
    l.steps[1].set = {{"token.run.batch", 32}};  // the question is asked on other settings
    CHECK(validate_lesson(l, model->registry(), stations, metrics).find(refused) != std::string::npos);
    l = *dil;
    l.steps[1].run = 1;  // at another moment
    CHECK(validate_lesson(l, model->registry(), stations, metrics).find(refused) != std::string::npos);
    l = *dil;
    l.steps[2].holds_next_answer = true;  // the next step is no question
    CHECK(validate_lesson(l, model->registry(), stations, metrics).find(refused) != std::string::npos);
    // The parser takes a boolean only.
    std::vector<Lesson> out;
    CHECK(parse_lessons(R"({"lessons": [{"id": "x", "scene": "token", "title": {"en": "a", "zh": "b"},
        "steps": [{"title": {"en": "a", "zh": "b"}, "text": {"en": "a", "zh": "b"}, "holds_next_answer": 1}]}]})", out)
              .find("'holds_next_answer' is true or false") != std::string::npos);
}

TEST_CASE("lessons: a step's chart is read from the file and must be one of its scene's charts") {
    const std::string head = "{\"lessons\": [{\"id\": \"a\", \"scene\": \"token\", \"title\": {\"en\": \"x\", \"zh\": \"y\"}, "
                             "\"steps\": [{\"title\": {\"en\": \"t\", \"zh\": \"t\"}, \"text\": {\"en\": \"t\", \"zh\": \"t\"}, "
                             "\"try\": \"token.run.batch\"";
    std::vector<Lesson> lessons;
    REQUIRE(parse_lessons(head + ", \"chart\": \"roofline\"}]}]}", lessons).empty());
    CHECK(lessons[0].steps[0].chart == "roofline");
    REQUIRE(parse_lessons(head + "}]}]}", lessons).empty());
    CHECK(lessons[0].steps[0].chart.empty());
    // Not a string: refused by the parser, with the key named.
    std::string err = parse_lessons(head + ", \"chart\": 3}]}]}", lessons);
    CHECK(err.find("'chart'") != std::string::npos);

    auto model = make_model("token");
    REQUIRE(model);
    REQUIRE(parse_lessons(head + ", \"chart\": \"roofline\"}]}]}", lessons).empty());
    Lesson l = lessons[0];
    CHECK(validate_lesson(l, model->registry(), {}, {}).empty());
    // An unknown name, and a chart of the other scene, are named with the scene's charts.
    for (const char* bad : {"roof", "flow"}) {
        l.steps[0].chart = bad;
        std::string v = validate_lesson(l, model->registry(), {}, {});
        INFO(v);
        CHECK(v.find(std::string("chart '") + bad + "'") != std::string::npos);
        CHECK(v.find("roofline, staircase, kv, gaps") != std::string::npos);
    }
}

namespace {
// A lessons file of two token lessons and a fab one; `compare` goes on lesson a's step
// at index 2 (of 3).
std::string compare_file(const std::string& compare) {
    auto step = [](const std::string& extra) {
        return "{\"title\": {\"en\": \"t\", \"zh\": \"t\"}, \"text\": {\"en\": \"t\", \"zh\": \"t\"}" + extra + "}";
    };
    auto lesson = [](const std::string& id, const std::string& scene, const std::string& steps) {
        return "{\"id\": \"" + id + "\", \"scene\": \"" + scene + "\", \"title\": {\"en\": \"x\", \"zh\": \"y\"}, \"steps\": [" +
               steps + "]}";
    };
    const std::string c = compare.empty() ? "" : ", \"compare\": " + compare;
    return "{\"lessons\": [" +
           lesson("a", "token",
                  step(", \"set\": {\"token.run.batch\": 1}, \"run\": 0.5") + ", " + step(", \"set\": {\"token.run.batch\": 4}") +
                      ", " + step(", \"set\": {\"token.run.batch\": 8}" + c)) +
           ", " + lesson("b", "token", step("") + ", " + step(", \"run\": 2")) + ", " + lesson("f", "fab", step("")) + "]}";
}
}  // namespace

TEST_CASE("lessons: a step's card compares with its 'compare' moment, else the previous step's") {
    std::vector<Lesson> ls;
    // Parsed: an earlier step of the lesson, or a step of another lesson of the scene.
    REQUIRE(parse_lessons(compare_file("{\"step\": 0}"), ls) == "");
    REQUIRE(ls[0].steps[2].compare.size() == 1);
    CHECK(ls[0].steps[2].compare[0].step == 0);
    CHECK(ls[0].steps[2].compare[0].lesson == "");
    CHECK(ls[0].steps[1].compare.empty());
    std::vector<LessonMoment> ms;
    REQUIRE(lesson_compare_moments(ls, 0, 2, ms));
    REQUIRE(ms.size() == 1);
    LessonMoment m = ms[0];
    CHECK((m.lesson == 0 && m.step == 0));
    // The moment's values and time are step 0's: batch 1 at 0.5 s, not step 2's batch 8.
    auto model = make_model("token");
    ParamValues start(model->registry()), before(model->registry());
    REQUIRE(lesson_values_at(ls[m.lesson], m.step, start, before) == "");
    CHECK(before.get("token.run.batch") == 1);
    CHECK(ls[m.lesson].steps[m.step].run == 0.5);
    // Without one: the previous step; a first step compares with nothing.
    REQUIRE(lesson_compare_moments(ls, 0, 1, ms));
    REQUIRE(ms.size() == 1);
    CHECK((ms[0].lesson == 0 && ms[0].step == 0));
    CHECK(!lesson_compare_moments(ls, 0, 0, ms));
    CHECK(!lesson_compare_moments(ls, 0, 3, ms));  // no such step
    // A list: its moments in order, from this lesson and another.
    REQUIRE(parse_lessons(compare_file("[{\"step\": 0}, {\"lesson\": \"b\", \"step\": 1}]"), ls) == "");
    REQUIRE(lesson_compare_moments(ls, 0, 2, ms));
    REQUIRE(ms.size() == 2);
    CHECK((ms[0].lesson == 0 && ms[0].step == 0));
    CHECK((ms[1].lesson == 1 && ms[1].step == 1));
    REQUIRE(parse_lessons(compare_file("{\"lesson\": \"b\", \"step\": 1}"), ls) == "");
    REQUIRE(lesson_compare_moments(ls, 0, 2, ms));
    REQUIRE(ms.size() == 1);
    CHECK((ms[0].lesson == 1 && ms[0].step == 1));
    // Refused, with the step named, and nothing changes: a later step, the step itself,
    // a step out of range, an unknown lesson, another scene's lesson, a malformed object.
    const std::pair<const char*, const char*> bad[] = {
        {"{\"step\": 3}", "not an earlier step"},
        {"{\"step\": 2}", "not an earlier step"},
        {"{\"lesson\": \"b\", \"step\": 2}", "has no step index 2"},
        {"{\"lesson\": \"nope\", \"step\": 0}", "no lesson 'nope'"},
        {"{\"lesson\": \"f\", \"step\": 0}", "another scene"},
        {"{\"step\": -1}", "'compare' is"},
        {"{\"step\": 0, \"when\": 1}", "'compare' is"},
        {"3", "'compare' is"},
        {"[]", "'compare' is"},
        {"[{\"step\": 0}, 3]", "'compare' is"},
        {"[{\"step\": 0}, {\"step\": 2}]", "not an earlier step"},
    };
    for (auto& [compare, why] : bad) {
        INFO(compare);
        std::string err = parse_lessons(compare_file(compare), ls);
        CHECK(err.find(why) != std::string::npos);
        CHECK(err.find("step 3") != std::string::npos);
        REQUIRE(ls[0].steps[2].compare.size() == 1);
        CHECK(ls[0].steps[2].compare[0].lesson == "b");  // the last good parse is kept
    }
}

TEST_CASE("lessons: a question's card compares with the state it was asked on, unless it names a moment") {
    std::vector<Lesson> lessons;
    REQUIRE(parse_lessons(read_file(fs::path(TJ_SOURCE_DIR) / "assets/lessons.json"), lessons).empty());
    auto index = [&](const char* id) {
        for (size_t i = 0; i < lessons.size(); i++) if (lessons[i].id == id) return i;
        FAIL("no lesson " << id);
        return size_t(0);
    };
    std::vector<LessonMoment> ms;
    // Groq's step 3 (a question) compares with the H100 of the first lesson.
    const size_t sram = index("sram-too-small");
    REQUIRE(lesson_compare_moments(lessons, sram, 3, ms));
    REQUIRE(ms.size() == 1);
    CHECK(lessons[ms[0].lesson].id == "decode-is-logistics");
    CHECK(ms[0].step == 1);
    CHECK(!lesson_compare_moments(lessons, sram, 1, ms));  // a question without one
}

namespace {
// A file of one token lesson whose only step asks `predict` (a JSON object's members).
std::string guess_file(const std::string& predict) {
    return "{\"lessons\": [{\"id\": \"g\", \"scene\": \"token\", \"title\": {\"en\": \"x\", \"zh\": \"y\"}, "
           "\"steps\": [{\"title\": {\"en\": \"t\", \"zh\": \"t\"}, \"text\": {\"en\": \"t\", \"zh\": \"t\"}, "
           "\"evidence\": [\"decode_step_s\", \"share_hbm\"], \"try\": \"token.run.batch\", "
           "\"predict\": {\"question\": {\"en\": \"q\", \"zh\": \"q\"}, \"explain\": {\"en\": \"e\", \"zh\": \"e\"}" +
           predict + "}}]}]}";
}
}  // namespace

TEST_CASE("lessons: a question may ask for a number on a log scale instead of a choice") {
    std::vector<Lesson> ls;
    REQUIRE(parse_lessons(guess_file(", \"guess\": {\"metric\": \"decode_step_s\", \"min\": 0.001, \"max\": 1}"), ls) == "");
    const LessonPredict& q = ls[0].steps[0].predict;
    CHECK(q.is_guess());
    CHECK(q.choices.empty());
    CHECK(q.guess.metric == "decode_step_s");
    CHECK(q.guess.min == 0.001);
    CHECK(q.guess.max == 1);
    auto model = make_model("token");
    REQUIRE(model);
    std::vector<std::string> metrics;
    for (auto& m : model->metrics()) metrics.push_back(m.id);
    CHECK(validate_lesson(ls[0], model->registry(), {}, metrics) == "");
    // Checked against the scene: the metric must be the scene's, and one of the step's figures.
    Lesson l = ls[0];
    l.steps[0].predict.guess.metric = "no_such_metric";
    std::string v = validate_lesson(l, model->registry(), {}, metrics);
    CHECK(v.find("step 1: the guess's metric 'no_such_metric' is not a metric of the scene") != std::string::npos);
    l.steps[0].predict.guess.metric = "tok_s_total";
    v = validate_lesson(l, model->registry(), {}, metrics);
    CHECK(v.find("'tok_s_total' is not among the step's evidence") != std::string::npos);
    // Refused by the parser, with the step named, and nothing changes.
    const std::pair<const char*, const char*> bad[] = {
        {", \"guess\": {\"metric\": \"decode_step_s\", \"min\": 0, \"max\": 1}", "0 < min < max"},
        {", \"guess\": {\"metric\": \"decode_step_s\", \"min\": -1, \"max\": 1}", "0 < min < max"},
        {", \"guess\": {\"metric\": \"decode_step_s\", \"min\": 2, \"max\": 1}", "0 < min < max"},
        {", \"guess\": {\"metric\": \"decode_step_s\", \"min\": 1, \"max\": 1}", "0 < min < max"},
        {", \"guess\": {\"metric\": \"decode_step_s\", \"min\": 1e-9, \"max\": 1e9}", "0 < min < max"},
        {", \"guess\": {\"metric\": \"decode_step_s\", \"min\": 0.001}", "'guess' is"},
        {", \"guess\": {\"metric\": 3, \"min\": 0.001, \"max\": 1}", "'guess' is"},
        {", \"guess\": {\"metric\": \"\", \"min\": 0.001, \"max\": 1}", "'guess' is"},
        {", \"guess\": {\"metric\": \"decode_step_s\", \"min\": \"1\", \"max\": 10}", "'guess' is"},
        {", \"guess\": {\"metric\": \"decode_step_s\", \"min\": 1, \"max\": 10, \"unit\": \"s\"}", "'guess' is"},
        {", \"guess\": [1, 10]", "'guess' is"},
        {", \"guess\": {\"metric\": \"decode_step_s\", \"min\": 0.001, \"max\": 1}, \"answer\": 0",
         "takes the place of 'choices' and 'answer'"},
        {"", "needs at least two choices (or a 'guess')"},
    };
    for (auto& [predict, why] : bad) {
        INFO(predict);
        std::vector<Lesson> kept = ls;
        std::string err = parse_lessons(guess_file(predict), kept);
        CHECK(err.find(why) != std::string::npos);
        CHECK(err.find("step 1 predict") != std::string::npos);
        REQUIRE(kept.size() == 1);
        CHECK(kept[0].steps[0].predict.guess.metric == "decode_step_s");
    }
}

TEST_CASE("lessons: a question's card shows the figures its text states ('given') and holds the rest") {
    LessonStep st;
    st.try_param = "token.run.batch";
    st.evidence = {"weight_bytes_hbm", "decode_step_s"};
    st.given = {"weight_bytes_hbm"};
    st.has_predict = true;
    st.predict.question = st.predict.explain = {"q", "q"};
    st.predict.guess = {"decode_step_s", 0.001, 1};
    CHECK_FALSE(lesson_figure_held(st, "weight_bytes_hbm", false));
    CHECK(lesson_figure_held(st, "decode_step_s", false));
    CHECK_FALSE(lesson_figure_held(st, "decode_step_s", true));  // revealed

    auto model = make_model("token");
    REQUIRE(model);
    const std::vector<std::string> metrics = {"weight_bytes_hbm", "decode_step_s", "share_hbm"};
    std::string ok = validate_lesson(one_step_lesson("token", st), model->registry(), {}, metrics);
    INFO(ok);
    CHECK(ok.empty());
    // Given must be evidence, never what the question asks, and only where a question is.
    LessonStep bad = st;
    bad.given = {"share_hbm"};
    CHECK(validate_lesson(one_step_lesson("token", bad), model->registry(), {}, metrics).find("given 'share_hbm' is not among") != std::string::npos);
    bad.given = {"decode_step_s"};
    CHECK(validate_lesson(one_step_lesson("token", bad), model->registry(), {}, metrics).find("what the question asks") != std::string::npos);
    bad = st;
    bad.has_predict = false;
    CHECK(validate_lesson(one_step_lesson("token", bad), model->registry(), {}, metrics).find("'given' belongs to a step with a question") != std::string::npos);
    // Read from the file.
    std::vector<Lesson> lessons;
    REQUIRE(parse_lessons(read_file(fs::path(TJ_SOURCE_DIR) / "assets/lessons.json"), lessons).empty());
    size_t given = 0;
    for (auto& l : lessons)
        for (auto& s : l.steps) given += s.given.size();
    CHECK(given >= 6);
    CHECK(parse_lessons("{\"lessons\": [{\"id\": \"a\", \"scene\": \"token\", \"title\": {\"en\": \"x\", \"zh\": \"y\"}, \"steps\": "
                        "[{\"title\": {\"en\": \"t\", \"zh\": \"t\"}, \"text\": {\"en\": \"t\", \"zh\": \"t\"}, \"given\": 3}]}]}",
                        lessons)
              .find("'given' is a list") != std::string::npos);
}

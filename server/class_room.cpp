// class_room.cpp — the rules of class mode (see class_room.h).
#include "server/class_room.h"

#include <cmath>
#include <sstream>

#include "core/csv.h"

namespace tj {

namespace {

// Join codes avoid letters read the wrong way (0/O, 1/I/L) on a projector.
const char kCodeAlphabet[] = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const char kHex[] = "0123456789abcdef";

nlohmann::json text_json(const Text2& t) { return {{"en", t.en}, {"zh", t.zh}}; }

}  // namespace

ClassRoom::ClassRoom(ClassStore& store, std::vector<Lesson> lessons, int max_students)
    : store_(store), lessons_(std::move(lessons)), max_students_(max_students), rng_(std::random_device{}()) {}

const LessonPredict* ClassRoom::find_predict(const std::string& lesson, int step) const {
    for (const Lesson& l : lessons_)
        if (l.id == lesson && step >= 0 && size_t(step) < l.steps.size() && l.steps[size_t(step)].has_predict)
            return &l.steps[size_t(step)].predict;
    return nullptr;
}

std::string ClassRoom::random_text(const char* alphabet, int length) {
    std::string s;
    size_t n = std::char_traits<char>::length(alphabet);
    for (int i = 0; i < length; i++) s += alphabet[rng_() % n];
    return s;
}

std::string ClassRoom::load() {
    for (const StoredClass& sc : store_.classes()) {
        ClassState c;
        c.code = sc.code;
        c.key = sc.key;
        c.created = sc.created;
        c.q = sc.q;
        c.lesson = sc.lesson;
        c.step = sc.step;
        c.vote = sc.vote;
        c.revealed = sc.revealed;
        c.truth = sc.truth;
        c.predict = c.q > 0 ? find_predict(c.lesson, c.step) : nullptr;
        if (c.q > 0 && !c.predict) return "class " + c.code + " is on " + c.lesson + " step " + std::to_string(c.step) +
                                          ", which the lessons no longer ask";
        for (const std::string& sid : store_.students(c.code)) c.students.insert(sid);
        c.histograms.assign(size_t(c.vote), {});
        for (auto& h : c.histograms) h.assign(c.predict && !c.predict->is_guess() ? c.predict->choices.size() : kGuessBins, 0);
        for (const StoredAnswer& a : store_.answers(c.code)) {
            if (a.q != c.q || a.vote < 1 || a.vote > c.vote) continue;
            nlohmann::json given = a.choice >= 0 ? nlohmann::json{{"choice", a.choice}} : nlohmann::json{{"value", a.value}};
            int bin = bin_of(c, given);
            if (bin >= 0) c.histograms[size_t(a.vote - 1)][size_t(bin)]++;
            c.given[{a.vote, a.sid}] = given;
        }
        latest_ = c.code;
        classes_[c.code] = std::move(c);
    }
    return "";
}

std::string ClassRoom::open_class(int64_t now, ClassState*& out) {
    if (classes_.size() >= size_t(kMaxClasses))
        return "this server holds " + std::to_string(kMaxClasses) + " classes, its most; start it on a new database";
    std::string code;
    do code = random_text(kCodeAlphabet, 4);
    while (classes_.count(code));
    ClassState c;
    c.code = code;
    c.key = random_text(kHex, 32);
    c.created = now;
    std::string err = store_.add_class({c.code, c.key, c.created});
    if (!err.empty()) return err;
    latest_ = code;
    out = &(classes_[code] = std::move(c));
    return "";
}

ClassState* ClassRoom::find(const std::string& code) {
    auto it = classes_.find(code);
    return it == classes_.end() ? nullptr : &it->second;
}

const ClassState* ClassRoom::latest() const {
    auto it = classes_.find(latest_);
    return it == classes_.end() ? nullptr : &it->second;
}

std::string ClassRoom::join(ClassState& c, std::string& sid, int64_t now) {
    if (c.students.count(sid)) return "";
    if (int(c.students.size()) >= max_students_)
        return "class " + c.code + " is full: at most " + std::to_string(max_students_) + " students";
    std::string fresh = random_text(kHex, 16);
    std::string err = store_.add_student(c.code, fresh, now);
    if (!err.empty()) return err;
    c.students.insert(fresh);
    sid = fresh;
    return "";
}

// Stores `next` (a copy of c with the question changed) and only then takes it.
std::string ClassRoom::store_question(ClassState& next, ClassState& c) {
    StoredClass sc{next.code, next.key, next.created, next.q, next.lesson, next.step, next.vote, next.revealed, next.truth};
    std::string err = store_.set_question(sc);
    if (!err.empty()) return err;
    c = std::move(next);
    return "";
}

std::string ClassRoom::ask(ClassState& c, const std::string& lesson, int step) {
    const LessonPredict* p = find_predict(lesson, step);
    if (!p) return "no question at " + lesson + " step " + std::to_string(step);
    if (c.q > 0 && c.lesson == lesson && c.step == step) return "";  // asked already: the vote goes on
    ClassState next = c;
    next.q = c.q + 1;
    next.lesson = lesson;
    next.step = step;
    next.vote = 1;
    next.revealed = false;
    next.truth = -1;
    next.predict = p;
    next.histograms.assign(1, std::vector<int>(p->is_guess() ? size_t(kGuessBins) : p->choices.size(), 0));
    next.given.clear();
    return store_question(next, c);
}

std::string ClassRoom::revote(ClassState& c) {
    if (c.q == 0) return "no question to vote on again";
    if (c.vote >= kMaxVotes) return "this question has had its " + std::to_string(kMaxVotes) + " votes";
    ClassState next = c;
    next.vote++;
    next.revealed = false;
    next.truth = -1;
    next.histograms.push_back(std::vector<int>(c.histograms[0].size(), 0));
    return store_question(next, c);
}

std::string ClassRoom::reveal(ClassState& c, const nlohmann::json& truth) {
    if (c.q == 0) return "no question to reveal";
    double t = -1;
    if (c.predict->is_guess()) {
        // The model's value is the app's to compute; the presenter's page sends it.
        if (!truth.is_number() || !std::isfinite(truth.get<double>()) || truth.get<double>() <= 0)
            return "a number question's reveal needs \"truth\", the model's value (a positive number)";
        t = truth.get<double>();
    } else if (!truth.is_null()) {
        return "a choice question's reveal takes no \"truth\": the lesson names its answer";
    }
    ClassState next = c;
    next.revealed = true;
    next.truth = t;
    return store_question(next, c);
}

int ClassRoom::bin_of(const ClassState& c, const nlohmann::json& answer) const {
    const LessonPredict& p = *c.predict;
    if (!p.is_guess()) {
        const nlohmann::json& ch = answer.contains("choice") ? answer["choice"] : nlohmann::json();
        if (!ch.is_number_integer()) return -1;
        int64_t i = ch.get<int64_t>();
        return i >= 0 && i < int64_t(p.choices.size()) ? int(i) : -1;
    }
    const nlohmann::json& v = answer.contains("value") ? answer["value"] : nlohmann::json();
    if (!v.is_number()) return -1;
    double x = v.get<double>();
    if (!std::isfinite(x) || x < p.guess.min || x > p.guess.max) return -1;
    int bin = int(std::floor(kGuessBins * std::log(x / p.guess.min) / std::log(p.guess.max / p.guess.min)));
    return std::min(bin, kGuessBins - 1);
}

std::string ClassRoom::answer(ClassState& c, const std::string& sid, const nlohmann::json& msg, int64_t now) {
    if (c.q == 0) return "no question is open yet";
    if (!msg.contains("q") || !msg["q"].is_number_integer() || msg["q"].get<int64_t>() != c.q)
        return "that answer is for another question (this one is question " + std::to_string(c.q) + ")";
    if (!msg.contains("vote") || !msg["vote"].is_number_integer() || msg["vote"].get<int64_t>() != c.vote)
        return "that answer is for another vote (this is vote " + std::to_string(c.vote) + ")";
    if (c.revealed) return "the answer has been revealed: this vote is closed";
    if (c.given.count({c.vote, sid})) return "you have answered this vote already";
    const LessonPredict& p = *c.predict;
    int bin = bin_of(c, msg);
    if (bin < 0) {
        if (p.is_guess()) {
            std::ostringstream why;
            why << "a guess must be a number from " << p.guess.min << " to " << p.guess.max << " in \"value\"";
            return why.str();
        }
        return "a choice must be a whole number from 0 to " + std::to_string(p.choices.size() - 1) + " in \"choice\"";
    }
    StoredAnswer a;
    a.code = c.code;
    a.q = c.q;
    a.vote = c.vote;
    a.sid = sid;
    a.at = now;
    if (p.is_guess()) a.value = msg["value"].get<double>();
    else a.choice = bin;
    std::string err = store_.add_answer(a);
    if (!err.empty()) return err;
    c.histograms[size_t(c.vote - 1)][size_t(bin)]++;
    c.given[{c.vote, sid}] = p.is_guess() ? nlohmann::json{{"value", a.value}} : nlohmann::json{{"choice", a.choice}};
    return "";
}

nlohmann::json ClassRoom::question_json(const ClassState& c, const std::string& sid) const {
    nlohmann::json j = {{"type", "question"}, {"code", c.code}, {"q", c.q}};
    if (c.q == 0) return j;
    const LessonPredict& p = *c.predict;
    j["lesson"] = c.lesson;
    j["step"] = c.step;
    j["vote"] = c.vote;
    j["revealed"] = c.revealed;
    j["text"] = text_json(p.question);
    if (p.is_guess()) {
        j["kind"] = "guess";
        j["metric"] = p.guess.metric;  // its unit is the id's tail: _s seconds, _weeks weeks
        j["lo"] = p.guess.min;
        j["hi"] = p.guess.max;
        j["bins"] = kGuessBins;
        if (c.revealed) j["truth"] = c.truth;
    } else {
        j["kind"] = "choice";
        j["choices"] = nlohmann::json::array();
        for (const Text2& t : p.choices) j["choices"].push_back(text_json(t));
        if (c.revealed) j["answer"] = p.answer;
    }
    if (c.revealed) j["explain"] = text_json(p.explain);
    if (!sid.empty()) {
        auto it = c.given.find({c.vote, sid});
        j["mine"] = it == c.given.end() ? nlohmann::json() : it->second;
    }
    return j;
}

nlohmann::json ClassRoom::tally_json(const ClassState& c, int connected) const {
    nlohmann::json j = {{"type", "tally"}, {"code", c.code}, {"q", c.q}, {"vote", c.vote},
                        {"students", c.students.size()}, {"connected", connected}, {"revealed", c.revealed}};
    int answered = 0;
    for (const auto& [key, given] : c.given) answered += key.first == c.vote;
    j["answered"] = answered;
    j["histograms"] = c.histograms;
    j["histogram"] = c.histograms.empty() ? std::vector<int>{} : c.histograms.back();
    return j;
}

std::string ClassRoom::csv(const ClassState& c) {
    std::string out = "class,question,lesson,step,vote,student,choice,value,time_ms\n";
    for (const StoredAnswer& a : store_.answers(c.code)) {
        std::ostringstream line;
        line.precision(17);
        line << a.code << ',' << a.q << ',' << csv_field(a.lesson) << ',' << a.step << ',' << a.vote << ',' << a.sid << ',';
        if (a.choice >= 0) line << a.choice << ',';
        else line << ',' << a.value;
        line << ',' << a.at << '\n';
        out += line.str();
    }
    return out;
}

}  // namespace tj

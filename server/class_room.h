// class_room.h — the rules of class mode, without the network: classes with a short
// join code and a presenter key, the question each is on (a lesson's "predict first"
// question, found by lesson id and step), one answer per student per vote, the
// histograms of the votes, the reveal and the second vote. Every change is stored
// (class_store.h) before it is taken; a refused call returns why and changes nothing.
//
// Usage:
//   ClassRoom room(store, lessons, 400);
//   std::string err = room.load();                       // classes of an earlier run
//   ClassState* c = nullptr;
//   err = room.open_class(now_ms, c);                     // c->code, c->key
//   err = room.ask(*c, "decode-is-logistics", 3);         // vote 1 of a new question
//   std::string sid;  err = room.join(*c, sid, now_ms);   // a new student's id
//   err = room.answer(*c, sid, msg, now_ms);              // {"q":1,"vote":1,"value":0.02}
//   nlohmann::json tally = room.tally_json(*c, connected);
#pragma once
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "server/class_store.h"
#include "core/lesson.h"

namespace tj {

constexpr int kGuessBins = 10;  // a number question's histogram: bins of equal width on its log scale
constexpr int kMaxVotes = 2;    // vote, discuss, vote again
constexpr int kMaxClasses = 1000;  // classes one database holds

struct ClassState {
    std::string code, key;
    int64_t created = 0;
    int q = 0;  // the current question's number, 0 before the first
    std::string lesson;
    int step = -1, vote = 0;
    bool revealed = false;
    double truth = -1;
    const LessonPredict* predict = nullptr;  // the current question, from the lessons
    std::set<std::string> students;
    std::vector<std::vector<int>> histograms;       // the current question's, one per vote so far
    std::map<std::pair<int, std::string>, nlohmann::json> given;  // (vote, student) -> the answer
};

class ClassRoom {
public:
    ClassRoom(ClassStore& store, std::vector<Lesson> lessons, int max_students);

    std::string load();
    std::string open_class(int64_t now, ClassState*& out);
    ClassState* find(const std::string& code);
    const ClassState* latest() const;  // the class opened last, or null
    int max_students() const { return max_students_; }

    // sid: a student's id from an earlier join of this class, or "" (or an unknown id)
    // for a new student, who then gets one; refused once the class is full.
    std::string join(ClassState& c, std::string& sid, int64_t now);
    std::string ask(ClassState& c, const std::string& lesson, int step);
    std::string revote(ClassState& c);
    std::string reveal(ClassState& c, const nlohmann::json& truth);
    // msg: {"q": N, "vote": V, "choice": i} or {..., "value": x} (x on the question's scale).
    std::string answer(ClassState& c, const std::string& sid, const nlohmann::json& msg, int64_t now);

    // The current question as the pages show it; sid "" for a presenter, else that
    // student's own answer to the current vote is in "mine" (null before one).
    nlohmann::json question_json(const ClassState& c, const std::string& sid) const;
    nlohmann::json tally_json(const ClassState& c, int connected) const;
    std::string csv(const ClassState& c);

private:
    const LessonPredict* find_predict(const std::string& lesson, int step) const;
    int bin_of(const ClassState& c, const nlohmann::json& answer) const;
    std::string random_text(const char* alphabet, int length);
    std::string store_question(ClassState& next, ClassState& c);

    ClassStore& store_;
    std::vector<Lesson> lessons_;
    int max_students_;
    std::map<std::string, ClassState> classes_;
    std::string latest_;
    std::mt19937_64 rng_;
};

}  // namespace tj

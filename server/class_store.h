// class_store.h — the class mode's record on disk: one SQLite database holding every
// class, its students (anonymous ids), the question it is on and every answer.
//
// The database runs in write-ahead-log mode with synchronous=NORMAL: a commit is
// written to the log before the call returns, so a server killed with SIGKILL (the
// kernel keeps what was written) loses nothing; only a power cut could cost the last
// commits, which FULL (an fsync per answer) would keep at a price a burst of three
// hundred answers on one thread would feel. An answer is acknowledged only after
// its commit.
//
// Usage:
//   ClassStore store;
//   std::string err = store.open("class.db");             // "" or why
//   err = store.add_class({"K7Q2", key, now});            // "" or why (nothing written)
//   err = store.add_answer({"K7Q2", 1, 1, sid, 2, 0, now}); // a second answer to the vote fails
//   for (const StoredClass& c : store.classes()) ...       // what a restart resumes
#pragma once
#include <cstdint>
#include <string>
#include <vector>

struct sqlite3;

namespace tj {

// A class and the question it is on (q 0: none yet).
struct StoredClass {
    std::string code, key;
    int64_t created = 0;
    int q = 0;  // the question's number in this class, from 1
    std::string lesson;
    int step = -1, vote = 0;
    bool revealed = false;
    double truth = -1;  // a number question's model value once revealed, else -1
};

// One student's answer to one vote of one question: a choice (index) or a number.
struct StoredAnswer {
    std::string code;
    int q = 0, vote = 0;
    std::string sid;
    int choice = -1;  // -1 for a number
    double value = 0;
    int64_t at = 0;  // milliseconds since 1970
    std::string lesson;  // the question's lesson and step, as answers() reads them back
    int step = -1;
};

class ClassStore {
public:
    ClassStore() = default;
    ClassStore(const ClassStore&) = delete;
    ClassStore& operator=(const ClassStore&) = delete;
    ~ClassStore();

    std::string open(const std::string& path);
    std::string add_class(const StoredClass& c);
    std::string add_student(const std::string& code, const std::string& sid, int64_t at);
    // Records the class's current question (a new one, a second vote or a reveal).
    std::string set_question(const StoredClass& c);
    std::string add_answer(const StoredAnswer& a);

    std::vector<StoredClass> classes();
    std::vector<std::string> students(const std::string& code);
    std::vector<StoredAnswer> answers(const std::string& code);  // in the order given

private:
    std::string exec(const char* sql);
    sqlite3* db_ = nullptr;
};

}  // namespace tj

// class_store.cpp — the SQLite record of the class mode (see class_store.h).
#include "server/class_store.h"

#include <sqlite3.h>

namespace tj {

namespace {

// A prepared statement that finalizes itself.
struct Statement {
    sqlite3_stmt* s = nullptr;
    Statement(sqlite3* db, const char* sql) { sqlite3_prepare_v2(db, sql, -1, &s, nullptr); }
    ~Statement() { sqlite3_finalize(s); }
    Statement& text(int i, const std::string& v) {
        sqlite3_bind_text(s, i, v.c_str(), int(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Statement& integer(int i, int64_t v) {
        sqlite3_bind_int64(s, i, v);
        return *this;
    }
    Statement& real(int i, double v) {
        sqlite3_bind_double(s, i, v);
        return *this;
    }
    std::string column_text(int i) const {
        const unsigned char* t = sqlite3_column_text(s, i);
        return t ? reinterpret_cast<const char*>(t) : "";
    }
};

std::string run_once(sqlite3* db, Statement& st, const char* what) {
    if (!st.s) return std::string(what) + ": " + sqlite3_errmsg(db);
    int rc = sqlite3_step(st.s);
    if (rc != SQLITE_DONE) return std::string(what) + ": " + sqlite3_errmsg(db);
    return "";
}

}  // namespace

ClassStore::~ClassStore() {
    if (db_) sqlite3_close(db_);
}

std::string ClassStore::exec(const char* sql) {
    char* msg = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &msg) == SQLITE_OK) return "";
    std::string err = msg ? msg : "unknown SQLite error";
    sqlite3_free(msg);
    return err;
}

std::string ClassStore::open(const std::string& path) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
        std::string err = "cannot open the database " + path + ": " + sqlite3_errmsg(db_);
        sqlite3_close(db_);
        db_ = nullptr;
        return err;
    }
    sqlite3_busy_timeout(db_, 2000);
    for (const char* sql : {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL",
                            "CREATE TABLE IF NOT EXISTS classes (code TEXT PRIMARY KEY, key TEXT NOT NULL,"
                            " created INTEGER NOT NULL, q INTEGER NOT NULL DEFAULT 0, lesson TEXT NOT NULL DEFAULT '',"
                            " step INTEGER NOT NULL DEFAULT -1, vote INTEGER NOT NULL DEFAULT 0,"
                            " revealed INTEGER NOT NULL DEFAULT 0, truth REAL NOT NULL DEFAULT -1)",
                            "CREATE TABLE IF NOT EXISTS students (code TEXT NOT NULL, sid TEXT NOT NULL,"
                            " joined INTEGER NOT NULL, PRIMARY KEY (code, sid))",
                            "CREATE TABLE IF NOT EXISTS questions (code TEXT NOT NULL, q INTEGER NOT NULL,"
                            " lesson TEXT NOT NULL, step INTEGER NOT NULL, PRIMARY KEY (code, q))",
                            "CREATE TABLE IF NOT EXISTS answers (code TEXT NOT NULL, q INTEGER NOT NULL,"
                            " vote INTEGER NOT NULL, sid TEXT NOT NULL, choice INTEGER NOT NULL, value REAL NOT NULL,"
                            " at INTEGER NOT NULL, PRIMARY KEY (code, q, vote, sid))"}) {
        std::string err = exec(sql);
        if (!err.empty()) return "database " + path + ": " + err;
    }
    return "";
}

std::string ClassStore::add_class(const StoredClass& c) {
    Statement st(db_, "INSERT INTO classes (code, key, created) VALUES (?, ?, ?)");
    st.text(1, c.code).text(2, c.key).integer(3, c.created);
    return run_once(db_, st, "storing the class");
}

std::string ClassStore::add_student(const std::string& code, const std::string& sid, int64_t at) {
    Statement st(db_, "INSERT INTO students (code, sid, joined) VALUES (?, ?, ?)");
    st.text(1, code).text(2, sid).integer(3, at);
    return run_once(db_, st, "storing the student");
}

std::string ClassStore::set_question(const StoredClass& c) {
    // One transaction: the class row and its question list never disagree.
    std::string err = exec("BEGIN");
    if (!err.empty()) return "storing the question: " + err;
    Statement up(db_, "UPDATE classes SET q = ?, lesson = ?, step = ?, vote = ?, revealed = ?, truth = ? WHERE code = ?");
    up.integer(1, c.q).text(2, c.lesson).integer(3, c.step).integer(4, c.vote).integer(5, c.revealed).real(6, c.truth)
        .text(7, c.code);
    Statement add(db_, "INSERT OR IGNORE INTO questions (code, q, lesson, step) VALUES (?, ?, ?, ?)");
    add.text(1, c.code).integer(2, c.q).text(3, c.lesson).integer(4, c.step);
    err = run_once(db_, up, "storing the question");
    if (err.empty()) err = run_once(db_, add, "storing the question");
    std::string end = exec(err.empty() ? "COMMIT" : "ROLLBACK");
    return err.empty() ? end : err;
}

std::string ClassStore::add_answer(const StoredAnswer& a) {
    Statement st(db_, "INSERT INTO answers (code, q, vote, sid, choice, value, at) VALUES (?, ?, ?, ?, ?, ?, ?)");
    st.text(1, a.code).integer(2, a.q).integer(3, a.vote).text(4, a.sid).integer(5, a.choice).real(6, a.value)
        .integer(7, a.at);
    return run_once(db_, st, "storing the answer");
}

std::vector<StoredClass> ClassStore::classes() {
    std::vector<StoredClass> out;
    Statement st(db_, "SELECT code, key, created, q, lesson, step, vote, revealed, truth FROM classes ORDER BY created");
    while (st.s && sqlite3_step(st.s) == SQLITE_ROW) {
        StoredClass c;
        c.code = st.column_text(0);
        c.key = st.column_text(1);
        c.created = sqlite3_column_int64(st.s, 2);
        c.q = sqlite3_column_int(st.s, 3);
        c.lesson = st.column_text(4);
        c.step = sqlite3_column_int(st.s, 5);
        c.vote = sqlite3_column_int(st.s, 6);
        c.revealed = sqlite3_column_int(st.s, 7) != 0;
        c.truth = sqlite3_column_double(st.s, 8);
        out.push_back(c);
    }
    return out;
}

std::vector<std::string> ClassStore::students(const std::string& code) {
    std::vector<std::string> out;
    Statement st(db_, "SELECT sid FROM students WHERE code = ? ORDER BY joined");
    st.text(1, code);
    while (st.s && sqlite3_step(st.s) == SQLITE_ROW) out.push_back(st.column_text(0));
    return out;
}

std::vector<StoredAnswer> ClassStore::answers(const std::string& code) {
    std::vector<StoredAnswer> out;
    Statement st(db_, "SELECT a.q, a.vote, a.sid, a.choice, a.value, a.at, q.lesson, q.step FROM answers a"
                        " JOIN questions q ON q.code = a.code AND q.q = a.q WHERE a.code = ? ORDER BY a.at, a.rowid");
    st.text(1, code);
    while (st.s && sqlite3_step(st.s) == SQLITE_ROW) {
        StoredAnswer a;
        a.code = code;
        a.q = sqlite3_column_int(st.s, 0);
        a.vote = sqlite3_column_int(st.s, 1);
        a.sid = st.column_text(2);
        a.choice = sqlite3_column_int(st.s, 3);
        a.value = sqlite3_column_double(st.s, 4);
        a.at = sqlite3_column_int64(st.s, 5);
        a.lesson = st.column_text(6);
        a.step = sqlite3_column_int(st.s, 7);
        out.push_back(a);
    }
    return out;
}

}  // namespace tj

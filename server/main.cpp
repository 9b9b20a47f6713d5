// main.cpp — token-journey-server: class mode for a room. Serves the web build and
// the student page, runs the live class over WebSocket, keeps every answer in SQLite.
// At start it resumes the class the database last opened (or opens one) and prints
// the students' join address with its QR code, and the presenter's address.
//
// Usage: token-journey-server [--bind ADDR] [--port N] [--host NAME] [--db FILE]
//          [--web DIR] [--student DIR] [--max-students N] [--new-class]
//   --bind 127.0.0.1 (default: this machine only); 0.0.0.0 for the school network
//   --port 8080 (0: any free port); the first line printed is "serving http://ADDR:PORT/"
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <chrono>
#include <cstdlib>
#include <iostream>

#include "server/class_server.h"
#include "server/qr_code.h"

const char* find_server_asset(const char* name);  // embedded at build time (server/CMakeLists.txt)

namespace {

const char kUsage[] =
    "usage: token-journey-server [--bind ADDR] [--port N] [--host NAME] [--db FILE] [--web DIR]\n"
    "         [--student DIR] [--max-students N] [--new-class]\n"
    "  --bind ADDR        address to listen on (default 127.0.0.1; 0.0.0.0 for a school network)\n"
    "  --port N           port (default 8080; 0 picks a free one)\n"
    "  --host NAME        the address students type (default: the bind address, or this\n"
    "                     machine's network address when bound to 0.0.0.0)\n"
    "  --db FILE          the class database (default token-journey-class.db)\n"
    "  --web DIR          the web build (default build/web/web)\n"
    "  --student DIR      the student page (default web/student of the source tree)\n"
    "  --max-students N   students per class (default 400)\n"
    "  --new-class        open a new class instead of resuming the last one\n";

int refuse(const std::string& why) {
    std::cerr << "token-journey-server: " << why << "\n" << kUsage;
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    tj::ServerOptions options;
    options.web_dir = "build/web/web";
    options.student_dir = TJ_SOURCE_DIR "/web/student";
    std::string db = "token-journey-class.db";
    long max_students = 400;
    bool new_class = false;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--help" || a == "-h") {
            std::cout << kUsage;
            return 0;
        }
        if (a == "--new-class") {
            new_class = true;
            continue;
        }
        if (i + 1 >= argc) return refuse(a + " needs a value");
        std::string v = argv[++i];
        char* end = nullptr;
        if (a == "--bind") options.bind = v;
        else if (a == "--host") options.host = v;
        else if (a == "--db") db = v;
        else if (a == "--web") options.web_dir = v;
        else if (a == "--student") options.student_dir = v;
        else if (a == "--port") {
            long p = std::strtol(v.c_str(), &end, 10);
            if (*end || p < 0 || p > 65535) return refuse("--port must be 0-65535");
            options.port = static_cast<unsigned short>(p);
        } else if (a == "--max-students") {
            max_students = std::strtol(v.c_str(), &end, 10);
            if (*end || max_students < 1 || max_students > 100000) return refuse("--max-students must be 1-100000");
        } else return refuse("unknown flag " + a);
    }

    std::vector<tj::Lesson> lessons;
    std::string err = tj::parse_lessons(find_server_asset("lessons.json"), lessons);
    if (!err.empty()) return refuse("the built-in lessons do not parse: " + err);
    tj::ClassStore store;
    err = store.open(db);
    if (!err.empty()) return refuse(err);
    tj::ClassRoom room(store, std::move(lessons), int(max_students));
    err = room.load();
    if (!err.empty()) return refuse(err);

    tj::ClassServer server(room, options);  // before io: it outlives the sessions io destroys
    boost::asio::io_context io(1);
    err = server.listen(io);
    if (!err.empty()) return refuse(err);

    const tj::ClassState* c = new_class ? nullptr : room.latest();
    bool resumed = c != nullptr;
    if (!c) {
        tj::ClassState* opened = nullptr;
        int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::system_clock::now().time_since_epoch()).count();
        err = room.open_class(now, opened);
        if (!err.empty()) return refuse(err);
        c = opened;
    }
    std::cout << "serving http://" << options.bind << ":" << server.port() << "/\n"
              << (resumed ? "resumed" : "opened") << " class " << c->code << " (" << c->students.size()
              << " students, database " << db << ")\n\n"
              << "Students open:  " << server.join_url(*c) << "\n"
              << tj::terminal_qr(server.join_url(*c)) << "\n"
              << "Presenter (keep it to yourself, it holds the key):\n  " << server.presenter_url(*c) << "\n"
              << "Answers as CSV: " << server.csv_url(*c) << "\n"
              << std::flush;

    boost::asio::signal_set stop(io, SIGINT, SIGTERM);
    stop.async_wait([&](const boost::system::error_code&, int) { io.stop(); });
    io.run();
    server.stop();
    return 0;
}

// class_server.h — class mode on the network (Boost.Beast over Asio, one thread):
// HTTP for the web build and the student page (compressed copies where the browser
// takes them, as scripts/serve.py sends), a small HTTP API for the presenter, and
// WebSocket for the live class. The rules are ClassRoom's (class_room.h); this file
// only carries messages and refuses what is too big, too fast or too many.
//
// Routes:
//   GET  /c/CODE                       the student page of class CODE (404 for no such class)
//   GET  /student/FILE                 the student page's script and style
//   POST /api/class                    opens a class (from this machine only): {code, key, join, presenter, csv}
//   GET  /api/class/CODE/answers.csv?key=KEY   every answer of the class (presenter only)
//   GET  /api/class/CODE/qr.svg        the join address as a QR code, for the presenter's screen
//   GET  /ws?c=CODE&role=student[&sid=ID]       a student's socket
//   GET  /ws?c=CODE&role=presenter&key=KEY      the presenter's socket
//   GET  anything else                 a file of the web build
// The WebSocket protocol is in the README ("Class mode").
//
// Usage:
//   ClassServer server(room, options);   // declared before the io_context, so it outlives
//   boost::asio::io_context io;           // the sessions the io_context destroys at the end
//   std::string err = server.listen(io);  // "" or why; server.port() is the port bound
//   io.run();
//   server.stop();                        // no more accepts, no more sends
#pragma once
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "server/class_room.h"

namespace tj {

constexpr size_t kMaxMessageBytes = 2048;       // a larger WebSocket message is refused with a reason
constexpr size_t kMaxFrameBytes = 64 * 1024;    // a larger one closes the socket (close code 1009)
constexpr double kMessageBurst = 20;            // messages one socket may send at once,
constexpr double kMessageRate = 5;              // then this many a second
constexpr int kMaxRefusedInRow = 50;            // refused messages in a row before a socket is closed
constexpr int kMaxConnections = 2000;           // open connections (HTTP and WebSocket) at once
constexpr size_t kMaxQueuedMessages = 256;      // unsent messages before a socket that does not read is dropped

struct ServerOptions {
    std::string bind = "127.0.0.1";
    unsigned short port = 8080;
    std::string host;  // the name or address students use; "" picks one (bind, or this machine's LAN address)
    std::string web_dir, student_dir;
};

class WsSession;

class ClassServer {
public:
    ClassServer(ClassRoom& room, ServerOptions options);
    std::string listen(boost::asio::io_context& io);
    void stop();
    unsigned short port() const { return port_; }
    std::string base_url() const;  // "http://HOST:PORT"
    std::string join_url(const ClassState& c) const;
    std::string presenter_url(const ClassState& c) const;
    std::string csv_url(const ClassState& c) const;

    // For the sessions (class_server.cpp).
    ClassRoom& room() { return room_; }
    const ServerOptions& options() const { return options_; }
    bool admit();  // false when kMaxConnections are open
    void release() { connections_--; }
    std::string attach(WsSession& s);
    void detach(WsSession& s);
    void on_message(WsSession& s, const std::string& text);

private:
    void accept();
    void send_tally(const ClassState& c);
    void send_question(const ClassState& c);

    boost::asio::io_context* io_ = nullptr;
    std::optional<boost::asio::ip::tcp::acceptor> acceptor_;
    ClassRoom& room_;
    bool stopped_ = false;
    ServerOptions options_;
    unsigned short port_ = 0;
    int connections_ = 0;
    std::map<std::string, std::set<WsSession*>> students_, presenters_;  // by class code
};

}  // namespace tj

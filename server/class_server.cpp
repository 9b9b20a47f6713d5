// class_server.cpp — HTTP and WebSocket sessions of the class server (see class_server.h).
//
// Sections: helpers (query strings, content types, codings) · WsSession · HttpSession ·
// ClassServer (listening, the live class: attach, messages, broadcasts).
#include "server/class_server.h"

#include <ifaddrs.h>
#include <netinet/in.h>

#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <filesystem>
#include <memory>

#include "server/qr_code.h"
#include "core/strict_json.h"
#include "server/token_bucket.h"

namespace tj {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {

// --- helpers ---

int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}
double now_s() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The value of `name` in a target's query string ("" when absent). Our values are
// codes, keys and ids of letters and digits, so nothing is percent-decoded.
std::string query_value(beast::string_view target, const std::string& name) {
    size_t q = target.find('?');
    if (q == beast::string_view::npos) return "";
    std::string query(target.substr(q + 1));
    size_t at = 0;
    while (at <= query.size()) {
        size_t end = query.find('&', at);
        if (end == std::string::npos) end = query.size();
        std::string part = query.substr(at, end - at);
        size_t eq = part.find('=');
        if (eq != std::string::npos && part.substr(0, eq) == name) return part.substr(eq + 1);
        at = end + 1;
    }
    return "";
}

std::string path_of(beast::string_view target) {
    std::string t(target);
    size_t q = t.find_first_of("?#");
    return q == std::string::npos ? t : t.substr(0, q);
}

bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

const char* content_type(const std::string& path) {
    static const std::pair<const char*, const char*> kTypes[] = {
        {".html", "text/html; charset=utf-8"}, {".js", "text/javascript"}, {".mjs", "text/javascript"},
        {".css", "text/css"}, {".wasm", "application/wasm"}, {".json", "application/json"},
        {".data", "application/octet-stream"}, {".tjbpe", "application/octet-stream"}, {".ttf", "font/ttf"},
        {".png", "image/png"}, {".svg", "image/svg+xml"}, {".txt", "text/plain; charset=utf-8"}};
    for (const auto& [ext, type] : kTypes)
        if (ends_with(path, ext)) return type;
    return "application/octet-stream";
}

// Whether an Accept-Encoding header allows `coding` (a q of 0 refuses it), as serve.py reads it.
bool accepts(beast::string_view header, const std::string& coding) {
    std::string h(header);
    size_t at = 0;
    while (at < h.size()) {
        size_t end = h.find(',', at);
        if (end == std::string::npos) end = h.size();
        std::string part = h.substr(at, end - at);
        at = end + 1;
        size_t semi = part.find(';');
        std::string name = part.substr(0, semi);
        name.erase(0, name.find_first_not_of(" \t"));
        name.erase(name.find_last_not_of(" \t") + 1);
        for (char& ch : name) ch = char(std::tolower(static_cast<unsigned char>(ch)));
        if (name != coding) continue;
        size_t qpos = semi == std::string::npos ? std::string::npos : part.find("q=", semi);
        if (qpos == std::string::npos) return true;
        return std::strtod(part.c_str() + qpos + 2, nullptr) > 0;
    }
    return false;
}

// A request path is served only inside its folder: no "..", no backslash, no NUL.
bool safe_path(const std::string& p) {
    return !p.empty() && p[0] == '/' && p.find("..") == std::string::npos && p.find('\\') == std::string::npos &&
           p.find('\0') == std::string::npos;
}

std::string error_json(const std::string& why, bool fatal = false) {
    nlohmann::json j = {{"type", "error"}, {"error", why}};
    if (fatal) j["fatal"] = true;
    return j.dump();
}

std::string lan_address() {
    ifaddrs* list = nullptr;
    std::string found;
    if (getifaddrs(&list) != 0) return found;
    for (ifaddrs* a = list; a && found.empty(); a = a->ifa_next) {
        if (!a->ifa_addr || a->ifa_addr->sa_family != AF_INET) continue;
        auto* in = reinterpret_cast<sockaddr_in*>(a->ifa_addr);
        asio::ip::address_v4 v4(ntohl(in->sin_addr.s_addr));
        if (!v4.is_loopback()) found = v4.to_string();
    }
    freeifaddrs(list);
    return found;
}

}  // namespace

// --- WsSession: one WebSocket, its rate limit and its queue of messages to send ---

class WsSession : public std::enable_shared_from_this<WsSession> {
public:
    WsSession(tcp::socket&& socket, ClassServer& server)
        : ws_(std::move(socket)), server_(server), bucket_(kMessageBurst, kMessageRate) {}
    ~WsSession() {
        if (attached) server_.detach(*this);
        server_.release();
    }

    void run(http::request<http::string_body> req) {
        target = std::string(req.target());
        beast::get_lowest_layer(ws_).expires_never();
        ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
        ws_.read_message_max(kMaxFrameBytes);
        ws_.async_accept(req, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
    }

    // A snapshot (the presenter's tally) replaces one still waiting in the queue: only
    // the newest counts, and a burst of answers does not pile up behind a slow reader.
    void send(std::shared_ptr<const std::string> text, bool snapshot = false) {
        if (closing_) return;
        if (snapshot && queue_.size() > 1 && queue_.back().snapshot) {
            queue_.back().text = std::move(text);
            return;
        }
        if (queue_.size() >= kMaxQueuedMessages) {  // a socket that does not read: bounded memory
            closing_ = true;
            beast::get_lowest_layer(ws_).socket().close();
            return;
        }
        queue_.push_back({std::move(text), snapshot});
        if (queue_.size() == 1) write_next();
    }
    void send(const std::string& text) { send(std::make_shared<const std::string>(text)); }

    // Sends what is queued, then closes with `reason`.
    void close(const std::string& reason) {
        if (close_reason_.empty()) close_reason_ = reason;
        if (queue_.empty()) close_now();
        else close_after_writes_ = true;
    }

    bool take_token() { return bucket_.take(now_s()); }

    std::string target, code, role, sid;
    bool attached = false;
    int refused_in_row = 0;

private:
    void on_accept(beast::error_code ec) {
        if (ec) return;
        std::string err = server_.attach(*this);
        if (!err.empty()) {
            send(error_json(err, true));
            close(err);
        }
        read();
    }
    void read() {
        ws_.async_read(buffer_, beast::bind_front_handler(&WsSession::on_read, shared_from_this()));
    }
    void on_read(beast::error_code ec, size_t) {
        if (ec) {  // closed, timed out, or a frame over kMaxFrameBytes (Beast closes with 1009)
            if (attached) server_.detach(*this);
            attached = false;
            return;
        }
        std::string text = beast::buffers_to_string(buffer_.data());
        buffer_.consume(buffer_.size());
        if (!closing_) server_.on_message(*this, text);
        read();
    }
    void write_next() {
        ws_.text(true);
        ws_.async_write(asio::buffer(*queue_.front().text), beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
    }
    void on_write(beast::error_code ec, size_t) {
        if (ec) return;
        queue_.pop_front();
        if (!queue_.empty()) write_next();
        else if (close_after_writes_) close_now();
    }
    void close_now() {
        if (closing_) return;
        closing_ = true;
        std::string reason = close_reason_.substr(0, 120);  // a close frame holds 123 bytes
        ws_.async_close(websocket::close_reason(websocket::close_code::policy_error, reason),
                        [self = shared_from_this()](beast::error_code) {});
    }

    websocket::stream<beast::tcp_stream> ws_;
    ClassServer& server_;
    TokenBucket bucket_;
    beast::flat_buffer buffer_;
    struct Queued {
        std::shared_ptr<const std::string> text;
        bool snapshot;
    };
    std::deque<Queued> queue_;  // the front is being written
    bool closing_ = false, close_after_writes_ = false;
    std::string close_reason_;
};

// --- HttpSession: requests on one connection until it upgrades to a WebSocket ---

class HttpSession : public std::enable_shared_from_this<HttpSession> {
public:
    HttpSession(tcp::socket&& socket, ClassServer& server) : stream_(std::move(socket)), server_(server) {}
    ~HttpSession() {
        if (!upgraded_) server_.release();
    }
    void run() { read(); }

private:
    void read() {
        parser_.emplace();
        parser_->header_limit(8 * 1024);
        parser_->body_limit(1024);
        stream_.expires_after(std::chrono::seconds(30));
        http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
    }

    void on_read(beast::error_code ec, size_t) {
        if (ec == http::error::end_of_stream) {
            stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
            return;
        }
        if (ec == http::error::body_limit || ec == http::error::header_limit) {
            send_text(http::status::payload_too_large, "request too large (headers at most 8 KiB, body 1 KiB)\n", false);
            return;
        }
        if (ec) return;
        http::request<http::string_body> req = parser_->release();
        if (websocket::is_upgrade(req)) {
            if (path_of(req.target()) != "/ws") {
                send_text(http::status::not_found, "WebSocket only at /ws\n", false);
                return;
            }
            upgraded_ = true;  // the WebSocket session counts this connection from now
            std::make_shared<WsSession>(stream_.release_socket(), server_)->run(std::move(req));
            return;
        }
        handle(req);
    }

    void handle(const http::request<http::string_body>& req) {
        keep_alive_ = req.keep_alive();
        std::string path = path_of(req.target());
        ClassRoom& room = server_.room();
        if (path == "/api/class") {
            if (req.method() != http::verb::post) return send_text(http::status::method_not_allowed, "POST opens a class\n");
            if (!stream_.socket().remote_endpoint().address().is_loopback())
                return send_text(http::status::forbidden, "a class is opened from the machine the server runs on\n");
            ClassState* c = nullptr;
            std::string err = room.open_class(now_ms(), c);
            if (!err.empty()) return send_text(http::status::service_unavailable, err + "\n");
            nlohmann::json j = {{"code", c->code}, {"key", c->key}, {"join", server_.join_url(*c)},
                                {"presenter", server_.presenter_url(*c)}, {"csv", server_.csv_url(*c)}};
            return send_text(http::status::ok, j.dump() + "\n", true, "application/json");
        }
        if (req.method() != http::verb::get && req.method() != http::verb::head)
            return send_text(http::status::method_not_allowed, "only GET here\n");
        if (path.rfind("/api/class/", 0) == 0 && ends_with(path, "/answers.csv")) {
            std::string code = path.substr(11, path.size() - 11 - 12);
            ClassState* c = room.find(code);
            if (!c) return send_text(http::status::not_found, "no class " + code + " on this server\n");
            if (query_value(req.target(), "key") != c->key)
                return send_text(http::status::forbidden, "the answers are the presenter's: the key is wrong\n");
            return send_text(http::status::ok, room.csv(*c), true, "text/csv; charset=utf-8");
        }
        if (path.rfind("/api/class/", 0) == 0 && ends_with(path, "/qr.svg")) {  // the join address: public
            std::string code = path.substr(11, path.size() - 11 - 7);
            ClassState* c = room.find(code);
            if (!c) return send_text(http::status::not_found, "no class " + code + " on this server\n");
            return send_text(http::status::ok, svg_qr(server_.join_url(*c)), true, "image/svg+xml");
        }
        if (path.rfind("/c/", 0) == 0) {
            std::string code = path.substr(3);
            if (!room.find(code))
                return send_text(http::status::not_found, "no class " + code + " on this server: check the code\n");
            return send_file(req, server_.options().student_dir + "/student.html");
        }
        if (!safe_path(path)) return send_text(http::status::bad_request, "bad path\n");
        if (path.rfind("/student/", 0) == 0) return send_file(req, server_.options().student_dir + path.substr(8));
        if (path.back() == '/') path += "index.html";
        return send_file(req, server_.options().web_dir + path);
    }

    // Sends `file`, or its .br or .gz copy with Content-Encoding when the request allows,
    // with X-Unencoded-Length (the page's loading progress), as scripts/serve.py does.
    void send_file(const http::request<http::string_body>& req, const std::string& file) {
        beast::error_code ec;
        http::file_body::value_type body;
        std::string coding;
        for (const auto& [name, suffix] : {std::pair<const char*, const char*>{"br", ".br"}, {"gzip", ".gz"}}) {
            if (!accepts(req[http::field::accept_encoding], name)) continue;
            body.open((file + suffix).c_str(), beast::file_mode::scan, ec);
            if (!ec) {
                coding = name;
                break;
            }
        }
        if (coding.empty()) body.open(file.c_str(), beast::file_mode::scan, ec);
        if (ec) return send_text(http::status::not_found, "not found\n");
        std::error_code size_ec;
        uint64_t unencoded = std::filesystem::file_size(file, size_ec);
        auto headers = [&](auto& res) {
            res.set(http::field::content_type, content_type(file));
            res.set(http::field::vary, "Accept-Encoding");
            if (!coding.empty()) res.set(http::field::content_encoding, coding);
            if (!size_ec) res.set("X-Unencoded-Length", std::to_string(unencoded));
            res.keep_alive(req.keep_alive());
        };
        if (req.method() == http::verb::head) {
            http::response<http::empty_body> head{http::status::ok, req.version()};
            headers(head);
            head.content_length(body.size());
            return write(std::move(head));
        }
        http::response<http::file_body> res{http::status::ok, req.version()};
        headers(res);
        res.body() = std::move(body);
        res.prepare_payload();
        write(std::move(res));
    }

    void send_text(http::status status, const std::string& text, bool keep = true,
                   const char* type = "text/plain; charset=utf-8") {
        http::response<http::string_body> res{status, 11};
        res.set(http::field::content_type, type);
        res.set(http::field::cache_control, "no-store");
        res.keep_alive(keep && keep_alive_);
        res.body() = text;
        res.prepare_payload();
        write(std::move(res));
    }

    template <class Body>
    void write(http::response<Body>&& msg) {
        auto res = std::make_shared<http::response<Body>>(std::move(msg));
        http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code ec, size_t) {
            if (ec) return;
            if (res->need_eof()) {
                self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
                return;
            }
            self->read();
        });
    }

    beast::tcp_stream stream_;
    ClassServer& server_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    bool keep_alive_ = false, upgraded_ = false;
};

// --- ClassServer ---

ClassServer::ClassServer(ClassRoom& room, ServerOptions options) : room_(room), options_(std::move(options)) {}

std::string ClassServer::listen(asio::io_context& io) {
    io_ = &io;
    acceptor_.emplace(io);
    beast::error_code ec;
    auto address = asio::ip::make_address(options_.bind, ec);
    if (ec) return "--bind " + options_.bind + " is not an IP address";
    tcp::endpoint at(address, options_.port);
    acceptor_->open(at.protocol(), ec);
    if (!ec) acceptor_->set_option(asio::socket_base::reuse_address(true), ec);
    if (!ec) acceptor_->bind(at, ec);
    if (!ec) acceptor_->listen(asio::socket_base::max_listen_connections, ec);
    if (ec) return "cannot listen on " + options_.bind + ":" + std::to_string(options_.port) + ": " + ec.message();
    port_ = acceptor_->local_endpoint().port();
    if (options_.host.empty()) {
        options_.host = options_.bind;
        if (address.is_unspecified()) options_.host = lan_address().empty() ? "127.0.0.1" : lan_address();
    }
    accept();
    return "";
}

std::string ClassServer::base_url() const { return "http://" + options_.host + ":" + std::to_string(port_); }
std::string ClassServer::join_url(const ClassState& c) const { return base_url() + "/c/" + c.code; }
std::string ClassServer::presenter_url(const ClassState& c) const {
    return base_url() + "/?class=" + c.code + "&key=" + c.key;
}
std::string ClassServer::csv_url(const ClassState& c) const {
    return base_url() + "/api/class/" + c.code + "/answers.csv?key=" + c.key;
}

bool ClassServer::admit() {
    if (connections_ >= kMaxConnections) return false;
    connections_++;
    return true;
}

// After io.run() has returned: the sessions the io_context then destroys send nothing more.
void ClassServer::stop() {
    stopped_ = true;
    acceptor_.reset();
}

void ClassServer::accept() {
    acceptor_->async_accept(*io_, [this](beast::error_code ec, tcp::socket socket) {
        if (!ec) {
            // Small messages go out at once: Nagle's wait with a delayed ACK costs 40 ms a tally.
            socket.set_option(tcp::no_delay(true), ec);
            if (admit()) std::make_shared<HttpSession>(std::move(socket), *this)->run();
            else socket.close(ec);  // over kMaxConnections: refused at once
        }
        accept();
    });
}

std::string ClassServer::attach(WsSession& s) {
    s.code = query_value(s.target, "c");
    s.role = query_value(s.target, "role");
    ClassState* c = room_.find(s.code);
    if (!c) return "no class " + s.code + " on this server: check the code";
    if (s.role == "presenter") {
        if (query_value(s.target, "key") != c->key) return "the presenter's key is wrong: controls are the presenter's";
        presenters_[s.code].insert(&s);
        s.attached = true;
        s.send(room_.question_json(*c, "").dump());
        send_tally(*c);
        return "";
    }
    if (s.role != "student") return "role must be student or presenter";
    std::string sid = query_value(s.target, "sid");
    std::string err = room_.join(*c, sid, now_ms());
    if (!err.empty()) return err;
    s.sid = sid;
    students_[s.code].insert(&s);
    s.attached = true;
    s.send(nlohmann::json{{"type", "welcome"}, {"code", c->code}, {"sid", sid}}.dump());
    s.send(room_.question_json(*c, sid).dump());
    send_tally(*c);
    return "";
}

void ClassServer::detach(WsSession& s) {
    students_[s.code].erase(&s);
    presenters_[s.code].erase(&s);
    s.attached = false;
    if (ClassState* c = room_.find(s.code); c && !stopped_) send_tally(*c);
}

void ClassServer::send_tally(const ClassState& c) {
    auto it = presenters_.find(c.code);
    if (it == presenters_.end() || it->second.empty()) return;
    auto text = std::make_shared<const std::string>(room_.tally_json(c, int(students_[c.code].size())).dump());
    for (WsSession* p : it->second) p->send(text, true);
}

void ClassServer::send_question(const ClassState& c) {
    for (WsSession* s : students_[c.code]) s->send(room_.question_json(c, s->sid).dump());
    auto text = std::make_shared<const std::string>(room_.question_json(c, "").dump());
    for (WsSession* p : presenters_[c.code]) p->send(text);
    send_tally(c);
}

void ClassServer::on_message(WsSession& s, const std::string& text) {
    if (!s.take_token()) {
        if (++s.refused_in_row > kMaxRefusedInRow) return s.close("too many messages");
        return s.send(error_json("too many messages: at most " + std::to_string(int(kMessageRate)) +
                                 " a second (bursts of " + std::to_string(int(kMessageBurst)) + "); this one was not taken"));
    }
    s.refused_in_row = 0;
    if (text.size() > kMaxMessageBytes)
        return s.send(error_json("a message of " + std::to_string(text.size()) + " bytes is over the limit of " +
                                 std::to_string(kMaxMessageBytes) + " bytes; it was not taken"));
    nlohmann::json msg;
    std::string err = parse_strict_json(text, msg);
    if (!err.empty()) return s.send(error_json("not JSON (" + err + "); it was not taken"));
    if (!msg.is_object() || !msg.contains("type") || !msg["type"].is_string())
        return s.send(error_json("a message is a JSON object with a \"type\"; it was not taken"));
    std::string type = msg["type"];
    ClassState* c = room_.find(s.code);
    if (!c) return s.send(error_json("the class is gone"));
    if (s.role == "student") {
        if (type != "answer") return s.send(error_json("a student sends only \"answer\" (not \"" + type + "\")"));
        err = room_.answer(*c, s.sid, msg, now_ms());
        if (!err.empty()) return s.send(error_json(err));
        s.send(nlohmann::json{{"type", "ack"}, {"q", c->q}, {"vote", c->vote}}.dump());
        return send_tally(*c);
    }
    if (type == "question") {
        if (!msg.contains("lesson") || !msg["lesson"].is_string() || !msg.contains("step") ||
            !msg["step"].is_number_integer())
            return s.send(error_json("\"question\" needs \"lesson\" (an id) and \"step\" (a whole number)"));
        int64_t step = msg["step"].get<int64_t>();
        if (step < 0 || step > 10000) return s.send(error_json("the step is out of range"));
        err = room_.ask(*c, msg["lesson"].get<std::string>(), int(step));
    } else if (type == "revote") {
        err = room_.revote(*c);
    } else if (type == "reveal") {
        err = room_.reveal(*c, msg.contains("truth") ? msg["truth"] : nlohmann::json());
    } else {
        err = "a presenter sends \"question\", \"reveal\" or \"revote\" (not \"" + type + "\")";
    }
    if (!err.empty()) return s.send(error_json(err));
    send_question(*c);
}

}  // namespace tj

// text_command.cpp — tokenize / detokenize for token-journey-cli. See text_command.h.
#include "cli/text_command.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "core/text/bpe.h"
#include "core/text/detokenize.h"
#include "core/text/utf8.h"

namespace {

const char* const kUsage =
    "usage: token-journey-cli tokenize   [--encoding cl100k|o200k] [--json|--ids] [--vocab-dir DIR] [TEXT...]\n"
    "       token-journey-cli detokenize [--encoding cl100k|o200k] [--json] [--mode incremental|naive]\n"
    "                                    [--vocab-dir DIR] [ID...]\n"
    "Without TEXT or IDs, standard input is read.\n";

struct Options {
    bool tokenize = true;
    std::string encoding = "cl100k", vocab_dir, mode = "incremental";
    bool json = false, ids_only = false;
    std::vector<std::string> words;
};

int usage_error(const std::string& message) {
    std::fprintf(stderr, "token-journey-cli: %s\n%s", message.c_str(), kUsage);
    return 2;
}

// A byte string for a terminal: printable valid characters as they are, the rest escaped.
std::string escaped(std::string_view bytes) {
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (size_t pos = 0; pos < bytes.size();) {
        tj::Utf8Char c = tj::utf8_decode(bytes, pos);
        if (c.status != tj::Utf8Char::kValid || c.cp < 0x20 || c.cp == 0x7F || c.cp == '\\' || c.cp == '"') {
            for (size_t i = 0; i < c.length; i++) {
                const uint8_t b = uint8_t(bytes[pos + i]);
                if (b == '\n') out += "\\n";
                else if (b == '\r') out += "\\r";
                else if (b == '\t') out += "\\t";
                else if (b == '\\' || b == '"') { out += '\\'; out += char(b); }
                else { out += "\\x"; out += hex[b >> 4]; out += hex[b & 15]; }
            }
        } else {
            out.append(bytes.substr(pos, c.length));
        }
        pos += c.length;
    }
    return out;
}

std::string hex_of(std::string_view bytes) {
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (char ch : bytes) {
        out += hex[uint8_t(ch) >> 4];
        out += hex[uint8_t(ch) & 15];
    }
    return out;
}

// JSON string literal of valid UTF-8 text.
std::string json_quote(std::string_view text) {
    std::string out = "\"";
    for (char ch : text) {
        const uint8_t b = uint8_t(ch);
        if (b == '"' || b == '\\') { out += '\\'; out += ch; }
        else if (b == '\n') out += "\\n";
        else if (b == '\r') out += "\\r";
        else if (b == '\t') out += "\\t";
        else if (b < 0x20 || b == 0x7F) { char buf[8]; std::snprintf(buf, sizeof buf, "\\u%04x", b); out += buf; }
        else out += ch;
    }
    return out + "\"";
}

std::string read_stdin() {
    std::cin >> std::noskipws;
    return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
}

int tokenize(const tj::BpeEncoding& enc, const Options& o) {
    std::string text;
    if (o.words.empty()) {
        text = read_stdin();
    } else {
        for (size_t i = 0; i < o.words.size(); i++)
            text += (i ? " " : "") + o.words[i];
    }
    const std::vector<tj::Token> tokens = enc.tokenize(text);
    if (o.ids_only) {
        for (size_t i = 0; i < tokens.size(); i++)
            std::printf("%s%u", i ? " " : "", tokens[i].id);
        std::printf("\n");
    } else if (o.json) {
        std::printf("{\"encoding\":\"%s\",\"bytes\":%zu,\"count\":%zu,\"tokens\":[", enc.name().c_str(), text.size(), tokens.size());
        for (size_t i = 0; i < tokens.size(); i++)
            std::printf("%s{\"id\":%u,\"hex\":\"%s\",\"text\":%s,\"complete\":%s}", i ? "," : "", tokens[i].id,
                        hex_of(tokens[i].bytes).c_str(), json_quote(tj::utf8_sanitize(tokens[i].bytes)).c_str(),
                        tj::utf8_valid(tokens[i].bytes) ? "true" : "false");
        std::printf("]}\n");
    } else {
        std::printf("%s: %zu tokens for %zu bytes\n", enc.name().c_str(), tokens.size(), text.size());
        for (size_t i = 0; i < tokens.size(); i++)
            std::printf("%6zu %8u  \"%s\"%s\n", i, tokens[i].id, escaped(tokens[i].bytes).c_str(),
                        tj::utf8_valid(tokens[i].bytes) ? "" : "   (not whole characters)");
    }
    return 0;
}

bool parse_ids(const std::string& text, std::vector<uint32_t>& ids, std::string& bad) {
    std::string word;
    auto flush = [&]() {
        if (word.empty())
            return true;
        char* end = nullptr;
        const unsigned long v = std::strtoul(word.c_str(), &end, 10);
        if (*end != '\0' || word[0] == '-' || v > 0xFFFFFFFFul) {
            bad = word;
            return false;
        }
        ids.push_back(uint32_t(v));
        word.clear();
        return true;
    };
    for (char ch : text) {
        if (ch == ' ' || ch == ',' || ch == '\n' || ch == '\r' || ch == '\t' || ch == '[' || ch == ']') {
            if (!flush())
                return false;
        } else {
            word += ch;
        }
    }
    return flush();
}

int detokenize(const tj::BpeEncoding& enc, const Options& o) {
    std::string text;
    if (o.words.empty())
        text = read_stdin();
    for (const std::string& w : o.words)
        text += w + " ";
    std::vector<uint32_t> ids;
    std::string bad;
    if (!parse_ids(text, ids, bad)) {
        std::fprintf(stderr, "token-journey-cli: \"%s\" is not a token id\n", bad.c_str());
        return 1;
    }
    for (uint32_t id : ids)
        if (!enc.has_token(id)) {
            std::fprintf(stderr, "token-journey-cli: %u is not a token of %s (ids run to %u)\n", id,
                         enc.name().c_str(), enc.vocab_size() - 1);
            return 1;
        }
    tj::StreamingDetokenizer d(o.mode == "naive" ? tj::DetokenizeMode::naive : tj::DetokenizeMode::incremental);
    std::string screen;
    if (o.json)
        std::printf("{\"encoding\":\"%s\",\"mode\":\"%s\",\"steps\":[", enc.name().c_str(), o.mode.c_str());
    else
        std::printf("%s, %s detokenizer; the clock counts tokens\n%6s %8s  %-24s %-8s %s\n", enc.name().c_str(),
                    o.mode.c_str(), "step", "id", "token bytes", "held", "shown by this token");
    for (size_t i = 0; i < ids.size(); i++) {
        const std::string_view bytes = enc.token_bytes(ids[i]);
        const std::string shown = d.push(bytes, double(i + 1));
        screen += shown;
        if (o.json)
            std::printf("%s{\"id\":%u,\"hex\":\"%s\",\"shown\":%s,\"held_bytes\":%zu}", i ? "," : "", ids[i],
                        hex_of(bytes).c_str(), json_quote(shown).c_str(), d.held_bytes());
        else {  // each row prints what this token added, not the whole text so far: output stays linear
            const std::string token_text = escaped(bytes);
            std::printf("%6zu %8u  \"%s\"%*s %-8zu \"%s\"\n", i + 1, ids[i], token_text.c_str(),
                        int(token_text.size() < 22 ? 22 - token_text.size() : 0), "", d.held_bytes(),
                        escaped(shown).c_str());
        }
    }
    const std::string tail = d.finish(double(ids.size()));
    screen += tail;
    const tj::HoldStats& s = d.stats();
    if (o.json) {
        std::printf("],\"text\":%s,\"unfinished_at_end\":%s,\"stats\":{\"tokens\":%llu,\"held_tokens\":%llu,"
                    "\"holds\":%llu,\"max_held_bytes\":%zu,\"hold_time_total\":%g,\"hold_time_max\":%g}}\n",
                    json_quote(screen).c_str(), tail.empty() ? "false" : "true", (unsigned long long)s.tokens,
                    (unsigned long long)s.held_tokens, (unsigned long long)s.holds, s.max_held_bytes,
                    s.hold_time_total, s.hold_time_max);
    } else {
        std::printf("text: \"%s\"%s\n", escaped(screen).c_str(),
                    tail.empty() ? "" : "   (ended inside a character: shown as U+FFFD)");
        std::printf("tokens %llu; tokens after which bytes were held %llu; holds %llu; most bytes held %zu; "
                    "hold time total %g, longest %g tokens\n",
                    (unsigned long long)s.tokens, (unsigned long long)s.held_tokens, (unsigned long long)s.holds,
                    s.max_held_bytes, s.hold_time_total, s.hold_time_max);
    }
    return 0;
}

} // namespace

int run_text_command(int argc, char** argv) {
    if (argc > 0 && std::strcmp(argv[0], "tokenize") != 0 && std::strcmp(argv[0], "detokenize") != 0) {
        argc--;  // called with the program name first
        argv++;
    }
    if (argc < 1)
        return usage_error("expected tokenize or detokenize");
    Options o;
    o.tokenize = std::strcmp(argv[0], "tokenize") == 0;
    for (int i = 1; i < argc; i++) {
        const std::string a = argv[i];
        auto value = [&](const char* flag) -> const char* {
            if (i + 1 >= argc) {
                usage_error(std::string(flag) + " needs a value");
                return nullptr;
            }
            return argv[++i];
        };
        if (a == "--encoding") {
            const char* v = value("--encoding");
            if (!v) return 2;
            o.encoding = v;
        } else if (a == "--vocab-dir") {
            const char* v = value("--vocab-dir");
            if (!v) return 2;
            o.vocab_dir = v;
        } else if (a == "--mode" && !o.tokenize) {
            const char* v = value("--mode");
            if (!v) return 2;
            o.mode = v;
            if (o.mode != "incremental" && o.mode != "naive")
                return usage_error("--mode is incremental or naive");
        } else if (a == "--json") {
            o.json = true;
        } else if (a == "--ids" && o.tokenize) {
            o.ids_only = true;
        } else if (a == "--help" || a == "-h") {
            std::fputs(kUsage, stdout);
            return 0;
        } else if (a == "--") {
            for (i++; i < argc; i++)
                o.words.push_back(argv[i]);
        } else if (a.size() > 1 && a[0] == '-' && a[1] == '-') {
            return usage_error("unknown option " + a);
        } else {
            o.words.push_back(a);
        }
    }
    if (tj::canonical_encoding_name(o.encoding).empty())
        return usage_error("unknown encoding \"" + o.encoding + "\" (use cl100k or o200k)");
    std::string err;
    auto enc = tj::load_encoding(o.vocab_dir.empty() ? tj::default_vocab_dir() : o.vocab_dir, o.encoding, &err);
    if (!enc) {
        std::fprintf(stderr, "token-journey-cli: %s\n", err.c_str());
        return 1;
    }
    return o.tokenize ? tokenize(*enc, o) : detokenize(*enc, o);
}

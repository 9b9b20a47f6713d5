// scenario.cpp — URL fragment and JSON forms of a Scenario. See scenario.h.
//
// Both parsers read their input into plain fields, then hand them to the same checks
// (ScenarioCheck below), so a URL and a file are judged by the same rules and speak
// of problems in the same words.
#include "core/scenario.h"

#include "core/strict_json.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include <nlohmann/json.hpp>

namespace tj {

namespace {

constexpr size_t kMaxProblems = 20;     // lines in one error text
constexpr size_t kMaxEchoed = 48;       // bytes of the input quoted in a message
constexpr size_t kMaxLessonIdLength = 64;
const char* const kJsonFormatName = "token-journey-scenario";

// A short, printable quotation of user input for an error message: ASCII only, so
// any bytes (invalid UTF-8, control characters) come out as '?'.
std::string quote(const std::string& s) {
    std::string q = "'";
    for (size_t i = 0; i < s.size() && i < kMaxEchoed; i++) {
        unsigned char c = (unsigned char)s[i];
        q += (c >= 32 && c < 127) ? char(c) : '?';
    }
    if (s.size() > kMaxEchoed) q += "...";
    return q + "'";
}

struct Problems {
    std::vector<std::string> lines;
    size_t dropped = 0;
    void add(const std::string& line) {
        if (lines.size() < kMaxProblems) lines.push_back(line);
        else dropped++;
    }
    bool empty() const { return lines.empty(); }
    std::string text() const {
        std::string t;
        for (auto& l : lines) t += (t.empty() ? "" : "\n") + l;
        if (dropped) t += "\n... and " + std::to_string(dropped) + " more problems";
        return t;
    }
};

bool valid_lesson_id(const std::string& s) {
    if (s.size() > kMaxLessonIdLength) return false;
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
              c == '-'))
            return false;
    return true;
}

// The checks both forms share. Each setter validates one field and records a problem
// or stores the value into a draft Scenario; the draft reaches the caller only if no
// problem was found.
struct ScenarioCheck {
    const SceneRegistryLookup& registry_of;
    Problems problems;
    Scenario draft;
    const ParamRegistry* registry = nullptr;
    bool has_scene = false;

    void scene(const std::string& s) {
        has_scene = true;
        registry = registry_of ? registry_of(s) : nullptr;
        if (!registry) problems.add("unknown scene " + quote(s));
        else draft.scene = s;
    }
    void seed(uint64_t v) { draft.seed = v; }
    void time(double t) {
        if (!std::isfinite(t) || t < 0 || t > kMaxScenarioTime)
            problems.add("time: needs a number of seconds in [0, " + format_exact(kMaxScenarioTime) + "]");
        else draft.time = t;
    }
    void lesson(const std::string& id) {
        if (!valid_lesson_id(id)) problems.add("lesson: " + quote(id) + " is not a lesson id (letters, digits, . _ -)");
        else draft.lesson = id;
    }
    void lesson_step(double v) {
        if (!(v >= -1 && v <= kMaxLessonStep) || v != std::floor(v))
            problems.add("lesson step: needs a whole number in [-1, " + std::to_string(kMaxLessonStep) + "]");
        else draft.lesson_step = int(v);
    }
    void text(const char* what, const std::string& t, std::string& into) {
        if (t.size() > kMaxUserText)
            problems.add(std::string(what) + ": " + std::to_string(t.size()) + " bytes, at most " +
                         std::to_string(kMaxUserText));
        else if (t.find('\0') != std::string::npos) problems.add(std::string(what) + ": must not contain a NUL byte");
        else into = t;
    }
    void lens(double v) {
        if (!(std::isfinite(v) && v > 0)) problems.add("lens: needs a positive number of simulated seconds per second");
        else draft.lens = v;
    }
    // Parameters are checked once the scene is known: finish() calls this.
    void param(const std::string& id, double v, std::vector<std::pair<std::string, double>>& into, const char* set) {
        int i = registry->find(id);
        if (i < 0) { problems.add(std::string("unknown ") + set + "parameter " + quote(id) + " for scene '" + draft.scene + "'"); return; }
        for (auto& [seen, _] : into)
            if (seen == id) { problems.add(std::string(set) + "parameter " + quote(id) + " given twice"); return; }
        std::string err = validate_param((*registry)[size_t(i)], v);
        if (!err.empty()) problems.add(set + err);
        else into.emplace_back(id, v);
    }
    // Registry order, whatever order the text used (JSON objects have none): equal
    // scenarios then compare equal and write the same text.
    void sort(std::vector<std::pair<std::string, double>>& values) const {
        std::sort(values.begin(), values.end(), [&](const auto& a, const auto& b) {
            return registry->find(a.first) < registry->find(b.first);
        });
    }
    // Runs the parameter checks (A's, then B's); returns the error text, and on
    // success gives the draft to out.
    std::string finish(const std::vector<std::pair<std::string, double>>& params,
                       const std::vector<std::pair<std::string, double>>& compare_params, Scenario& out) {
        if (!has_scene) problems.add("no scene given");
        if (registry) {
            for (auto& [id, v] : params) param(id, v, draft.values, "");
            for (auto& [id, v] : compare_params) param(id, v, draft.compare_values, "B: ");
            sort(draft.values);
            sort(draft.compare_values);
        }
        if (!draft.compare_values.empty() && !draft.compare) problems.add("B's parameters given without compare mode");
        if (draft.lesson_step >= 0 && draft.lesson.empty()) problems.add("lesson step given without a lesson");
        if (!problems.empty()) return problems.text();
        out = std::move(draft);
        return "";
    }
};

// --- URL fragment ---

bool unreserved(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
           c == '_' || c == '~';
}

std::string percent_encode(const std::string& s) {
    static const char* hex = "0123456789ABCDEF";
    std::string o;
    for (unsigned char c : s) {
        if (unreserved(c)) o += char(c);
        else { o += '%'; o += hex[c >> 4]; o += hex[c & 15]; }
    }
    return o;
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool percent_decode(const std::string& s, std::string& out) {
    out.clear();
    for (size_t i = 0; i < s.size(); i++) {
        if (s[i] != '%') { out += s[i]; continue; }
        if (i + 2 >= s.size()) return false;
        int hi = hex_digit(s[i + 1]), lo = hex_digit(s[i + 2]);
        if (hi < 0 || lo < 0) return false;
        out += char(hi * 16 + lo);
        i += 2;
    }
    return true;
}

std::string url_from_text(const std::string& text, const SceneRegistryLookup& registry_of, Scenario& out) {
    ScenarioCheck check{registry_of};
    std::vector<std::pair<std::string, double>> params, compare_params;
    std::vector<std::string> seen_keys;
    size_t pos = (!text.empty() && (text[0] == '#' || text[0] == '?')) ? 1 : 0;
    while (pos <= text.size()) {
        size_t amp = text.find('&', pos);
        if (amp == std::string::npos) amp = text.size();
        std::string field = text.substr(pos, amp - pos);
        pos = amp + 1;
        if (field.empty()) continue;
        size_t eq = field.find('=');
        std::string key, value;
        if (eq == std::string::npos || !percent_decode(field.substr(0, eq), key) ||
            !percent_decode(field.substr(eq + 1), value)) {
            check.problems.add("cannot read " + quote(field) + " (expected key=value, with %XX escapes)");
            continue;
        }
        bool repeated = false;
        for (auto& k : seen_keys) repeated = repeated || k == key;
        if (repeated) { check.problems.add(quote(key) + " given twice"); continue; }
        if (seen_keys.size() < 4096) seen_keys.push_back(key);

        double num = 0;
        uint64_t u = 0;
        if (key == "s") check.scene(value);
        else if (key == "seed") {
            if (parse_u64(value, u)) check.seed(u);
            else check.problems.add("seed: " + quote(value) + " is not a whole number in [0, 2^64)");
        } else if (key == "t") {
            if (parse_decimal(value, num)) check.time(num);
            else check.problems.add("time: " + quote(value) + " is not a number");
        } else if (key == "lesson") check.lesson(value);
        else if (key == "step") {
            if (parse_decimal(value, num)) check.lesson_step(num);
            else check.problems.add("lesson step: " + quote(value) + " is not a number");
        } else if ((key.rfind("p.", 0) == 0 || key.rfind("b.", 0) == 0) && key.size() > 2) {
            auto& into = key[0] == 'p' ? params : compare_params;
            if (parse_decimal(value, num)) into.emplace_back(key.substr(2), num);
            else check.problems.add("parameter " + quote(key.substr(2)) + ": " + quote(value) + " is not a number");
        } else if (key == "lens") {
            if (parse_decimal(value, num)) check.lens(num);
            else check.problems.add("lens: " + quote(value) + " is not a number");
        } else if (key == "prompt") check.text("prompt", value, check.draft.prompt);
        else if (key == "answer") check.text("answer", value, check.draft.answer);
        else if (key == "cmp" || key == "embed" || key == "present") {
            bool* flag = key == "cmp" ? &check.draft.compare : key == "embed" ? &check.draft.embed : &check.draft.present;
            if (value == "1" || value == "0") *flag = value == "1";
            else check.problems.add(key + ": needs 1 or 0, not " + quote(value));
        } else check.problems.add("unknown key " + quote(key) +
                                  " (known: s, seed, t, lesson, step, p.<parameter>, cmp, b.<parameter>, lens, "
                                  "prompt, answer, embed, present)");
    }
    return check.finish(params, compare_params, out);
}

// --- JSON ---

using nlohmann::json;

// A JSON number as a double; false for other types.
bool json_number(const json& j, double& out) {
    if (!j.is_number()) return false;
    out = j.get<double>();
    return true;
}

std::string json_from_text(const std::string& text, const SceneRegistryLookup& registry_of, Scenario& out) {
    json doc;
    if (std::string err = parse_strict_json(text, doc); !err.empty()) return err;
    if (!doc.is_object()) return "expected a JSON object at the top level";
    ScenarioCheck check{registry_of};
    std::vector<std::pair<std::string, double>> params, compare_params;
    double num = 0;
    // An object of id: number into `into`.
    auto read_params = [&](const char* key, const json& v, std::vector<std::pair<std::string, double>>& into) {
        if (!v.is_object()) { check.problems.add(std::string(key) + ": needs an object of id: number"); return; }
        for (auto& [id, pv] : v.items()) {
            if (json_number(pv, num)) into.emplace_back(id, num);
            else check.problems.add("parameter " + quote(id) + ": needs a number");
        }
    };
    auto read_flag = [&](const char* key, const json& v, bool& into) {
        if (v.is_boolean()) into = v.get<bool>();
        else check.problems.add(std::string(key) + ": needs true or false");
    };
    for (auto& [key, v] : doc.items()) {
        if (key == "format") {
            if (!v.is_string() || v.get<std::string>() != kJsonFormatName)
                check.problems.add(std::string("format: expected \"") + kJsonFormatName + "\"");
        } else if (key == "version") {
            if (!json_number(v, num) || num != 1) check.problems.add("version: only version 1 is known");
        } else if (key == "scene") {
            if (v.is_string()) check.scene(v.get<std::string>());
            else check.problems.add("scene: needs a string");
        } else if (key == "seed") {
            uint64_t u = 0;
            if (v.is_number_unsigned()) check.seed(v.get<uint64_t>());
            else if (v.is_string() && parse_u64(v.get<std::string>(), u)) check.seed(u);  // for JS, past 2^53
            else check.problems.add("seed: needs a whole number in [0, 2^64)");
        } else if (key == "time") {
            if (json_number(v, num)) check.time(num);
            else check.problems.add("time: needs a number");
        } else if (key == "lesson") {
            if (v.is_string()) check.lesson(v.get<std::string>());
            else check.problems.add("lesson: needs a string");
        } else if (key == "lesson_step") {
            if (json_number(v, num)) check.lesson_step(num);
            else check.problems.add("lesson_step: needs a number");
        } else if (key == "params") {
            read_params("params", v, params);
        } else if (key == "compare_params") {
            read_params("compare_params", v, compare_params);
        } else if (key == "compare") {
            read_flag("compare", v, check.draft.compare);
        } else if (key == "embed") {
            read_flag("embed", v, check.draft.embed);
        } else if (key == "present") {
            read_flag("present", v, check.draft.present);
        } else if (key == "lens") {
            if (json_number(v, num)) check.lens(num);
            else check.problems.add("lens: needs a number");
        } else if (key == "prompt" || key == "answer") {
            if (v.is_string()) check.text(key.c_str(), v.get<std::string>(), key == "prompt" ? check.draft.prompt : check.draft.answer);
            else check.problems.add(key + ": needs a string");
        } else {
            check.problems.add("unknown key " + quote(key) +
                               " (known: format, version, scene, seed, time, lesson, lesson_step, params, compare, "
                               "compare_params, lens, prompt, answer, embed, present)");
        }
    }
    return check.finish(params, compare_params, out);
}

// Runs a parser; an exception (only out-of-memory is possible) becomes an error text,
// so callers can rely on "never throws".
template <class Parse>
std::string guarded(const std::string& text, const char* what, Parse&& parse) {
    if (text.size() > kMaxScenarioText)
        return std::string(what) + " is too long: " + std::to_string(text.size()) + " bytes, at most " +
               std::to_string(kMaxScenarioText);
    try {
        return parse();
    } catch (const std::exception& e) {
        return std::string("could not read the ") + what + ": " + e.what();
    }
}

}  // namespace

// strtod alone would also take "inf", "nan", hex floats and leading spaces,
// none of which belong in a link: only these characters get that far.
bool parse_decimal(const std::string& s, double& out) {
    if (s.empty() || s.size() > 64) return false;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E')) return false;
    char* end = nullptr;
    double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size() || !std::isfinite(v)) return false;
    out = v;
    return true;
}

bool parse_u64(const std::string& s, uint64_t& out) {
    if (s.empty() || s.size() > 20) return false;
    uint64_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        uint64_t d = uint64_t(c - '0');
        if (v > (UINT64_MAX - d) / 10) return false;
        v = v * 10 + d;
    }
    out = v;
    return true;
}

std::string format_exact(double v) {
    char buf[40];
    for (int digits = 15; digits <= 17; digits++) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, v);
        if (std::strtod(buf, nullptr) == v) break;
    }
    return buf;
}

Scenario make_scenario(const std::string& scene, const ParamValues& values, uint64_t seed, double time) {
    Scenario s;
    s.scene = scene;
    s.seed = seed;
    s.time = time;
    const ParamRegistry& reg = values.registry();
    for (size_t i = 0; i < reg.size(); i++)
        if (values[i] != reg[i].def) s.values.emplace_back(reg[i].id, values[i]);
    return s;
}

std::string scenario_to_url(const Scenario& s) {
    std::string u = "s=" + percent_encode(s.scene) + "&seed=" + std::to_string(s.seed);
    if (s.time != 0) u += "&t=" + percent_encode(format_exact(s.time));
    if (!s.lesson.empty()) u += "&lesson=" + percent_encode(s.lesson);
    if (s.lesson_step >= 0) u += "&step=" + std::to_string(s.lesson_step);
    for (auto& [id, v] : s.values) u += "&p." + percent_encode(id) + "=" + percent_encode(format_exact(v));
    if (s.compare) u += "&cmp=1";
    for (auto& [id, v] : s.compare_values) u += "&b." + percent_encode(id) + "=" + percent_encode(format_exact(v));
    if (s.lens > 0) u += "&lens=" + percent_encode(format_exact(s.lens));
    if (!s.prompt.empty()) u += "&prompt=" + percent_encode(s.prompt);
    if (!s.answer.empty()) u += "&answer=" + percent_encode(s.answer);
    if (s.embed) u += "&embed=1";
    if (s.present) u += "&present=1";
    return u;
}

std::string scenario_to_json(const Scenario& s) {
    nlohmann::ordered_json j;
    j["format"] = kJsonFormatName;
    j["version"] = 1;
    j["scene"] = s.scene;
    j["seed"] = std::to_string(s.seed);  // a string: JavaScript reads numbers past 2^53 inexactly
    j["time"] = s.time;
    if (!s.lesson.empty()) j["lesson"] = s.lesson;
    if (s.lesson_step >= 0) j["lesson_step"] = s.lesson_step;
    auto object_of = [](const std::vector<std::pair<std::string, double>>& values) {
        nlohmann::ordered_json p = nlohmann::ordered_json::object();
        for (auto& [id, v] : values) p[id] = v;
        return p;
    };
    j["params"] = object_of(s.values);
    if (s.compare) {
        j["compare"] = true;
        j["compare_params"] = object_of(s.compare_values);
    }
    if (s.lens > 0) j["lens"] = s.lens;
    if (!s.prompt.empty()) j["prompt"] = s.prompt;
    if (!s.answer.empty()) j["answer"] = s.answer;
    if (s.embed) j["embed"] = true;
    if (s.present) j["present"] = true;
    // Strings we did not validate (a hand-built Scenario) may hold invalid UTF-8:
    // replace those bytes rather than throw.
    return j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

std::string scenario_from_url(const std::string& text, const SceneRegistryLookup& registry_of, Scenario& out) {
    return guarded(text, "link", [&] { return url_from_text(text, registry_of, out); });
}

std::string scenario_from_json(const std::string& text, const SceneRegistryLookup& registry_of, Scenario& out) {
    return guarded(text, "scenario file", [&] { return json_from_text(text, registry_of, out); });
}

std::string apply_scenario(const Scenario& s, ParamValues& values) {
    ParamValues trial = values;
    trial.reset_to_defaults();
    Problems problems;
    for (auto& [id, v] : s.values) {
        std::string err = trial.set(id, v);
        if (!err.empty()) problems.add(err);
    }
    if (!problems.empty()) return problems.text();
    values = trial;
    return "";
}

}  // namespace tj

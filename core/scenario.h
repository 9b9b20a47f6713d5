// scenario.h — what a shared link or a saved file holds: everything a viewer sees.
// The run (scene, parameters, seed, time), an open lesson and step, and the view
// around it: the user's own prompt and answer, compare mode with B's parameters,
// the time lens, and the embed and presenter flags.
//
// Two forms of the same thing:
//   URL fragment  s=token&seed=7&t=0.25&lesson=intro&step=2&p.token.batch=8&cmp=1
//                 &b.token.batch=64&lens=0.001&prompt=...&answer=...&embed=1&present=1
//                 (keys: s, seed, t, lesson, step, p.<parameter id>, cmp, b.<parameter
//                 id>, lens, prompt, answer, embed, present; a leading '#' or '?' is
//                 skipped; values are percent-encoded where needed)
//   JSON file     {"format": "token-journey-scenario", "version": 1, "scene": "token",
//                  "seed": "7", "time": 0.25, "lesson": "intro", "lesson_step": 2,
//                  "params": {"token.batch": 8}, "compare": true,
//                  "compare_params": {"token.batch": 64}, "lens": 0.001,
//                  "prompt": "...", "answer": "...", "embed": false, "present": false}
// Only parameters that differ from their defaults are written; numbers are written
// in the shortest form that reads back to the same double, so a link replays exactly.
// Seeds are written as strings in JSON (JavaScript's numbers lose digits past 2^53);
// a number is read too.
//
// Parsing never throws, whatever the input. It checks everything against the scene's
// ParamRegistry (unknown ids, values out of range or of the wrong kind, bad seed or
// time, unknown keys, repeated keys) and returns every problem found, one per line.
// On any problem it changes nothing: the caller keeps its last good state.
// Inputs longer than kMaxScenarioText are refused unread.
//
// Usage:
//   Scenario s = make_scenario("token", values, seed, model->now());
//   std::string link = scenario_to_url(s);
//   auto registry_of = [&](const std::string& scene) -> const ParamRegistry* { ... };
//   Scenario in;
//   std::string err = scenario_from_url(link, registry_of, in);   // "" when good
//   if (err.empty()) err = apply_scenario(in, values);             // all or nothing
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/params.h"

namespace tj {

struct Scenario {
    std::string scene;
    std::vector<std::pair<std::string, double>> values;  // only non-default ones, registry order
    uint64_t seed = 1;
    double time = 0;       // simulated seconds to run to after reset
    int lesson_step = -1;  // -1: no lesson open
    std::string lesson;    // lesson id, "" for none
    // The view around the run; the defaults mean "as the app starts".
    std::string prompt, answer;  // the user's own texts, "" for the built-in ones (<= kMaxUserText bytes, no NUL)
    bool compare = false;        // compare mode on, with B's values (non-default ones, registry order)
    std::vector<std::pair<std::string, double>> compare_values;
    double lens = 0;             // simulated seconds per real second; 0: the scene's default
    bool embed = false, present = false;
    bool operator==(const Scenario&) const = default;
};

constexpr size_t kMaxScenarioText = 64 * 1024;
constexpr size_t kMaxUserText = 2000;  // a prompt or an answer in a link or a file (fits the prompt panel)
constexpr double kMaxScenarioTime = 1e12;  // simulated seconds (~30 000 years)
constexpr int kMaxLessonStep = 10000;

// The registry of a scene, or nullptr when the scene is unknown.
using SceneRegistryLookup = std::function<const ParamRegistry*(const std::string& scene)>;

// The scenario for the current state: values that differ from their defaults, in
// registry order.
Scenario make_scenario(const std::string& scene, const ParamValues& values, uint64_t seed, double time);

std::string scenario_to_url(const Scenario& s);
std::string scenario_to_json(const Scenario& s);

// Parse text into out. Return "" on success; otherwise one line per problem, and out
// is left as it was.
std::string scenario_from_url(const std::string& text, const SceneRegistryLookup& registry_of, Scenario& out);
std::string scenario_from_json(const std::string& text, const SceneRegistryLookup& registry_of, Scenario& out);

// Sets values to the defaults plus the scenario's values. Returns "" on success;
// otherwise one line per problem, and values are left as they were.
std::string apply_scenario(const Scenario& s, ParamValues& values);

// A plain decimal number ("8", "-0.5", "1e-9"; no spaces, inf, nan or hex), finite.
bool parse_decimal(const std::string& text, double& out);
// A whole number in [0, 2^64) written in decimal digits only.
bool parse_u64(const std::string& text, uint64_t& out);

// Shortest decimal text that reads back to exactly v ("0.1", "2039", "1e-09").
std::string format_exact(double v);

}  // namespace tj

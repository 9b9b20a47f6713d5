// run_command.cpp — option parsing and the headless run. See run_command.h.
#include "cli/run_command.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cli/metrics_output.h"
#include "core/scenario.h"
#include "core/scenes/scenes.h"

namespace {

struct Options {
    std::string scene, scenario_file;
    std::vector<std::string> presets, sets;
    std::string seed_text, duration_text, steps_text;
    OutputFormat format = OutputFormat::Json;
    bool list_params = false, list_scenes = false;
};

const char* const kUsage =
    "usage: token-journey-cli --scene ID [--duration SECONDS | --steps N] [--scenario FILE.json]\n"
    "           [--preset ID]... [--set ID=VALUE]... [--seed N] [--format json|csv] [--list-params]\n"
    "       token-journey-cli --list-scenes\n"
    "       token-journey-cli tokenize|detokenize ...\n"
    "       token-journey-cli bench-engine [--customers N] [--stations K] [--seed S]\n"
    "       token-journey-cli fidelity [--table FILE] [--role fit|validation]\n";

int fail(const std::string& message) {
    std::fprintf(stderr, "token-journey-cli: %s\n", message.c_str());
    return 2;
}

std::string known_scenes() {
    std::string s;
    for (auto& id : tj::scene_ids()) s += (s.empty() ? "" : ", ") + id;
    return s.empty() ? "none" : s;
}

// Reads argv into opts; returns "" or the first problem.
std::string parse_options(int argc, char** argv, Options& opts) {
    for (int i = 1; i < argc; i++) {
        std::string arg = argv[i], value;
        bool flag = arg == "--list-params" || arg == "--list-scenes" || arg == "--help" || arg == "-h";
        size_t eq = arg.find('=');
        if (arg.rfind("--", 0) == 0 && eq != std::string::npos) {
            value = arg.substr(eq + 1);
            arg = arg.substr(0, eq);
        } else if (!flag) {
            if (i + 1 >= argc) return "option " + arg + " needs a value";
            value = argv[++i];
        }
        if (arg == "--help" || arg == "-h") return "help";
        else if (arg == "--list-params") opts.list_params = true;
        else if (arg == "--list-scenes") opts.list_scenes = true;
        else if (arg == "--scene") opts.scene = value;
        else if (arg == "--scenario") opts.scenario_file = value;
        else if (arg == "--preset") opts.presets.push_back(value);
        else if (arg == "--set") opts.sets.push_back(value);
        else if (arg == "--seed") opts.seed_text = value;
        else if (arg == "--duration") opts.duration_text = value;
        else if (arg == "--steps") opts.steps_text = value;
        else if (arg == "--format") {
            if (value == "json") opts.format = OutputFormat::Json;
            else if (value == "csv") opts.format = OutputFormat::Csv;
            else return "--format must be json or csv, not '" + value + "'";
        } else return "unknown option '" + arg + "'";
    }
    if (!opts.duration_text.empty() && !opts.steps_text.empty()) return "give --duration or --steps, not both";
    return "";
}

// Reads a whole file of at most kMaxScenarioText bytes.
std::string read_scenario_file(const std::string& path, std::string& text) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return "cannot open scenario file '" + path + "'";
    text.assign(tj::kMaxScenarioText + 1, '\0');
    size_t n = std::fread(text.data(), 1, text.size(), f);
    std::fclose(f);
    text.resize(n);
    return "";
}

// Applies the scenario file, presets and --set values to values, in that order.
std::string apply_settings(const Options& opts, const tj::Scenario* scenario, tj::ParamValues& values) {
    if (scenario) {
        std::string err = tj::apply_scenario(*scenario, values);
        if (!err.empty()) return err;
    }
    for (auto& id : opts.presets) {
        const tj::Preset* p = values.registry().find_preset(id);
        if (!p) return "unknown preset '" + id + "' (see --list-params)";
        std::string err = values.apply(*p);
        if (!err.empty()) return err;
    }
    for (auto& s : opts.sets) {
        size_t eq = s.find('=');
        double v = 0;
        if (eq == std::string::npos || !tj::parse_decimal(s.substr(eq + 1), v))
            return "--set needs ID=NUMBER, got '" + s + "'";
        std::string err = values.set(s.substr(0, eq), v);
        if (!err.empty()) return err;
    }
    return "";
}

// Runs the model to time t in bounded chunks; false if it stops making progress.
// A run that takes more than two seconds says how far it is on standard error.
bool run_to(tj::Model& model, double t) {
    using clock = std::chrono::steady_clock;
    const uint64_t chunk = 1 << 20;
    const clock::time_point start = clock::now();
    clock::time_point next_note = start + std::chrono::seconds(2);
    bool noted = false;
    int stalled = 0;
    for (;;) {
        double before = model.now();
        if (model.advance_to(t, chunk)) break;
        stalled = model.now() > before ? 0 : stalled + 1;
        if (stalled > 1000) return false;  // a billion events without time moving on
        if (clock::now() >= next_note) {
            std::fprintf(stderr, "\rtoken-journey-cli: %3.0f%% (t = %g of %g s)", 100 * model.now() / t, model.now(), t);
            next_note = clock::now() + std::chrono::seconds(1);
            noted = true;
        }
    }
    if (noted) std::fprintf(stderr, "\rtoken-journey-cli: 100%% (t = %g s)          \n", model.now());
    return true;
}

}  // namespace

int run_scene_command(int argc, char** argv) {
    Options opts;
    std::string err = parse_options(argc, argv, opts);
    if (err == "help") { std::fputs(kUsage, stdout); return 0; }
    if (!err.empty()) return fail(err + "\n" + kUsage);
    if (opts.list_scenes) {
        for (auto& id : tj::scene_ids()) std::printf("%s\n", id.c_str());
        return 0;
    }

    tj::Scenario scenario;
    bool have_scenario = !opts.scenario_file.empty();
    if (have_scenario) {
        std::string text;
        err = read_scenario_file(opts.scenario_file, text);
        if (err.empty()) err = tj::scenario_from_json(text, tj::scene_registry, scenario);
        if (!err.empty()) return fail(opts.scenario_file + ":\n" + err);
        if (!opts.scene.empty() && opts.scene != scenario.scene)
            return fail("--scene " + opts.scene + " but the scenario file is for scene " + scenario.scene);
        opts.scene = scenario.scene;
    }
    if (opts.scene.empty()) return fail(std::string("--scene is required (built in: ") + known_scenes() + ")");
    std::unique_ptr<tj::Model> model = tj::make_model(opts.scene);
    if (!model) return fail("unknown scene '" + opts.scene + "' (built in: " + known_scenes() + ")");

    if (opts.list_params) {
        print_params(stdout, opts.format, model->registry());
        return 0;
    }
    tj::ParamValues values(model->registry());
    err = apply_settings(opts, have_scenario ? &scenario : nullptr, values);
    if (!err.empty()) return fail(err);

    uint64_t seed = have_scenario ? scenario.seed : 1;
    if (!opts.seed_text.empty() && !tj::parse_u64(opts.seed_text, seed))
        return fail("--seed needs a whole number in [0, 2^64), got '" + opts.seed_text + "'");

    double unit = model->natural_time_unit(), duration = 100 * unit, n = 0;
    if (!opts.duration_text.empty()) {
        if (!tj::parse_decimal(opts.duration_text, duration)) return fail("--duration needs a number of seconds");
    } else if (!opts.steps_text.empty()) {
        if (!tj::parse_decimal(opts.steps_text, n)) return fail("--steps needs a number");
        duration = n * unit;
    } else if (have_scenario && scenario.time > 0) {
        duration = scenario.time;
    }
    if (!(duration > 0)) return fail("the run must last more than 0 s");
    if (std::string why = tj::check_run_time(*model, duration); !why.empty()) return fail(why);

    model->reset(values, seed);
    if (!run_to(*model, duration)) return fail("the model stopped advancing at t = " + tj::format_exact(model->now()));
    print_metrics(stdout, opts.format, opts.scene, seed, model->now(), model->metrics());
    return 0;
}

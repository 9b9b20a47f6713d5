// js_api.cpp — the C functions behind window.tokenJourney (see web/static/api.js
// and the README). Only compiled into the browser build.
#ifdef __EMSCRIPTEN__
#include <emscripten.h>

#include <cstdint>
#include <cstdlib>
#include <string>

#include "app/shell/app.h"
#include "app/token/measured_card.h"
#include "core/metric_history.h"
#include "app/render/motion.h"
#include "app/ui/i18n.h"

App* platform_app();

namespace {
// The app, for a call that changes what is shown: the cached panels redraw at once.
App* changing_app() {
    App* a = platform_app();
    if (a) a->refresh_panels();
    return a;
}
}  // namespace

extern "C" {
EMSCRIPTEN_KEEPALIVE double tj_frames() { return platform_app() ? double(platform_app()->frames()) : 0; }

EMSCRIPTEN_KEEPALIVE const char* tj_state_json() {
    static std::string s;
    s = platform_app() ? platform_app()->state_json() : "{}";
    return s.c_str();
}

// Returns "" when applied, else the reason (the value is not changed).
EMSCRIPTEN_KEEPALIVE const char* tj_set_param(const char* id, double value) {
    static std::string s;
    s = changing_app() ? platform_app()->set_param(id, value) : "app not ready";
    return s.c_str();
}

EMSCRIPTEN_KEEPALIVE int tj_set_language(const char* code) {
    changing_app();
    set_language(std::string(code) == "zh" ? Lang::Zh : Lang::En);
    return language() == Lang::Zh;
}

// The current state as a link fragment (no '#').
EMSCRIPTEN_KEEPALIVE const char* tj_link() {
    static std::string s;
    s = platform_app() ? platform_app()->link() : "";
    return s.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* tj_apply_link(const char* fragment) {
    static std::string s;
    s = changing_app() ? platform_app()->apply_link(fragment) : "app not ready";
    return s.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* tj_apply_scenario_json(const char* text) {
    static std::string s;
    s = changing_app() ? platform_app()->apply_scenario_json(text) : "app not ready";
    return s.c_str();
}

// Opens lesson `index` (0-based) at `step`; "" or why not.
EMSCRIPTEN_KEEPALIVE const char* tj_open_lesson(int index, int step) {
    static std::string s;
    App* a = changing_app();
    s = a ? a->lessons().open(*a, index, step) : "app not ready";
    return s.c_str();
}

// Sets the guess on the open step's number question, as a drag would; "" or why not.
EMSCRIPTEN_KEEPALIVE const char* tj_lesson_guess(double value) {
    static std::string s;
    App* a = changing_app();
    s = a ? a->lessons().set_guess(value) : "app not ready";
    return s.c_str();
}

// Class mode's tally for the card (app/shell/class_votes.h); "" or why refused.
EMSCRIPTEN_KEEPALIVE const char* tj_class_votes(const char* json) {
    static std::string s;
    App* a = changing_app();
    s = a ? a->lessons().set_class_votes(json) : "app not ready";
    return s.c_str();
}

EMSCRIPTEN_KEEPALIVE void tj_set_playing(int on) {
    if (changing_app() && platform_app()->current_scene()) platform_app()->current_scene()->set_playing(on != 0);
}

// Turns compare mode on or off for the current scene; returns whether it is on.
EMSCRIPTEN_KEEPALIVE int tj_set_comparing(int on) {
    Scene* s = changing_app() ? platform_app()->current_scene() : nullptr;
    if (!s) return 0;
    s->set_comparing(on != 0);
    return s->comparing();
}

// Starts a classic pair (app/scene/race_pairs.h) as A and B of the current scene; "" or why.
EMSCRIPTEN_KEEPALIVE const char* tj_compare_pair(const char* id) {
    static std::string s;
    Scene* sc = changing_app() ? platform_app()->current_scene() : nullptr;
    s = sc ? sc->compare_pair(id) : "app not ready";
    return s.c_str();
}

// Ends the current scene's race where it stands, with its verdict (state().race.finished); "" or why.
EMSCRIPTEN_KEEPALIVE const char* tj_race_end() {
    static std::string s;
    Scene* sc = changing_app() ? platform_app()->current_scene() : nullptr;
    s = sc ? sc->end_race() : "app not ready";
    return s.c_str();
}

// What the Share menu does (App::share): "export_csv", "export_png", "save_scenario",
// "load_scenario"; "" or why.
EMSCRIPTEN_KEEPALIVE const char* tj_share(const char* action) {
    static std::string s;
    s = changing_app() ? platform_app()->share(action) : "app not ready";
    return s.c_str();
}

// Sets the time lens of the current scene (simulated seconds per real second,
// clamped to the scene's range); returns the lens now in force.
EMSCRIPTEN_KEEPALIVE double tj_set_lens(double sim_per_s) {
    Scene* s = changing_app() ? platform_app()->current_scene() : nullptr;
    return s ? s->set_lens(sim_per_s) : 0;
}

// Stops a time jump under way where it is (see Scene::jump_progress).
EMSCRIPTEN_KEEPALIVE void tj_cancel_jump() {
    Scene* s = changing_app() ? platform_app()->current_scene() : nullptr;
    if (s) s->cancel_jump();
}

EMSCRIPTEN_KEEPALIVE void tj_set_present(int on) {
    if (changing_app()) platform_app()->set_present(on != 0);
}

// Opens the first-visit card (not over a lesson, presenter mode or an embedded map) or closes it without a pick.
EMSCRIPTEN_KEEPALIVE void tj_show_welcome(int on) {
    if (changing_app()) platform_app()->show_welcome(on != 0);
}

// Follows one token from the keyboard to the screen in the token scene, or lets go; "" or why not.
EMSCRIPTEN_KEEPALIVE const char* tj_follow(int on) {
    static std::string s;
    s = changing_app() ? platform_app()->follow(on != 0) : "app not ready";
    return s.c_str();
}

// The metrics CSV of the current scene, as the export writes it.
EMSCRIPTEN_KEEPALIVE const char* tj_metrics_csv() {
    static std::string s;
    App* a = platform_app();
    Scene* sc = a ? a->current_scene() : nullptr;
    s = sc ? tj::metrics_csv(sc->metrics(), sc->history()) : "";
    return s.c_str();
}

// How often the cached panel layer is brought up to date when nothing happens (per
// second); 0 draws everything directly, every frame.
EMSCRIPTEN_KEEPALIVE void tj_set_panel_rate(double hz) {
    if (platform_app()) platform_app()->set_panel_rate(hz);
}

// Whether the map is kept as a cached layer (1, the default) or drawn every frame (0).
EMSCRIPTEN_KEEPALIVE void tj_set_map_cached(int on) {
    if (changing_app()) platform_app()->set_map_cached(on != 0);
}

// Whether the panels are kept as a cached layer (1, the default) or drawn every frame (0).
EMSCRIPTEN_KEEPALIVE void tj_set_panels_cached(int on) {
    if (changing_app()) platform_app()->set_panels_cached(on != 0);
}

// Whether a layer update redraws only its changed tiles (1, the default) or all of it (0).
EMSCRIPTEN_KEEPALIVE void tj_set_tiles_hashed(int on) {
    if (changing_app()) platform_app()->set_tiles_hashed(on != 0);
}

// Whether a frame draws only what changed (1, the default where the canvas keeps
// its pixels) or all of it (0).
EMSCRIPTEN_KEEPALIVE void tj_set_changes_only(int on) {
    if (changing_app()) platform_app()->set_changes_only(on != 0);
}

// Types text into the parameter panel's filter box (the browser test's check that
// every parameter has a control).
EMSCRIPTEN_KEEPALIVE const char* tj_filter_params(const char* text) {
    if (!platform_app()) return "app not ready";
    platform_app()->filter_params(text);
    return "";
}

// What the page's mirror shows as elements (App::describe_json).
EMSCRIPTEN_KEEPALIVE const char* tj_describe_json() {
    static std::string s;
    s = platform_app() ? platform_app()->describe_json() : "{}";
    return s.c_str();
}

// Picks choice c of the open step's question, as its button does; 1 when taken.
EMSCRIPTEN_KEEPALIVE int tj_lesson_choose(int c) {
    App* a = changing_app();
    return a && a->lessons().choose(c) ? 1 : 0;
}

// Reveals the open step's answer, as the card's Reveal does.
EMSCRIPTEN_KEEPALIVE const char* tj_lesson_reveal() {
    static std::string s;
    App* a = changing_app();
    s = !a ? "app not ready" : !a->lessons().active() ? "no lesson open" : a->lessons().reveal(*a);
    return s.c_str();
}

// Leaves the open lesson, as the card's Leave does (what the user had comes back).
EMSCRIPTEN_KEEPALIVE void tj_lesson_leave() {
    if (App* a = changing_app()) a->lessons().leave(*a);
}

// "Your turn": sets the step's parameter to try as its control on the card does; "" or why.
EMSCRIPTEN_KEEPALIVE const char* tj_lesson_try(double value) {
    static std::string s;
    App* a = changing_app();
    s = a ? a->lessons().try_value(*a, value) : "app not ready";
    return s.c_str();
}

// A pick on the first-visit card (0 follow, 1 lesson, 2 explore), as its buttons make.
EMSCRIPTEN_KEEPALIVE void tj_welcome_pick(int pick) {
    if (changing_app()) platform_app()->choose_welcome(pick);
}

// The reader's wish for less motion (motion.h): the page passes prefers-reduced-motion on.
EMSCRIPTEN_KEEPALIVE void tj_set_reduced_motion(int on) {
    if (changing_app()) set_reduced_motion(on != 0);
}

// Single-key shortcuts on or off (App::set_shortcuts).
EMSCRIPTEN_KEEPALIVE void tj_set_shortcuts(int on) {
    if (platform_app()) platform_app()->set_shortcuts(on != 0);
}

// This computer's benchmark (web/static/measure.js drives it; measured_card.h keeps it).
// 1 when a run starts, 0 when one is already under way (the card says so).
EMSCRIPTEN_KEEPALIVE int tj_measure_start() {
    changing_app();
    measured_computer().open_card(true);
    return measured_computer().start() ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE void tj_measure_progress(double share, const char* note) {
    changing_app();
    measured_computer().progress(share, note);
}

// The run's figures: "" when they became the hw.measured preset and the card, else why refused.
EMSCRIPTEN_KEEPALIVE const char* tj_measure_finish(double bandwidth_gbs, double flops, double flops_f16, double memory_gb,
                                                   const char* adapter, const char* path) {
    static std::string s;
    changing_app();
    tj::token::MeasuredFigures f{bandwidth_gbs, flops, flops_f16, memory_gb, adapter, path};
    s = measured_computer().finish(f);
    return s.c_str();
}

EMSCRIPTEN_KEEPALIVE void tj_measure_fail(const char* why) {
    changing_app();
    measured_computer().fail(why);
}

EMSCRIPTEN_KEEPALIVE void tj_measure_card(int on) {
    changing_app();
    measured_computer().open_card(on != 0);
}

// The CPU path: one thread streaming through a buffer of kCpuBytes (allocated on the
// first pass, released at the end), far above a laptop's caches.
namespace {
constexpr size_t kCpuBytes = size_t(256) << 20;
uint64_t* cpu_buffer = nullptr;
volatile uint64_t cpu_sink = 0;  // the reads' sum, so they are not optimised away
volatile float cpu_fsink = 0;
}  // namespace

EMSCRIPTEN_KEEPALIVE double tj_measure_cpu_bytes() { return double(kCpuBytes); }

// Seconds for one streaming read of the buffer; -1 when it cannot be allocated.
EMSCRIPTEN_KEEPALIVE double tj_measure_cpu_read() {
    const size_t n = kCpuBytes / sizeof(uint64_t);
    if (!cpu_buffer) {
        cpu_buffer = static_cast<uint64_t*>(std::malloc(kCpuBytes));
        if (!cpu_buffer) return -1;
        for (size_t i = 0; i < n; i++) cpu_buffer[i] = i * 0x9E3779B97F4A7C15ull;  // touched: every page is real
    }
    double t0 = emscripten_get_now();
    uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (size_t i = 0; i < n; i += 4) {
        s0 += cpu_buffer[i];
        s1 += cpu_buffer[i + 1];
        s2 += cpu_buffer[i + 2];
        s3 += cpu_buffer[i + 3];
    }
    cpu_sink = cpu_sink + (s0 ^ s1 ^ s2 ^ s3);
    return (emscripten_get_now() - t0) / 1000;
}

// Seconds for `iters` rounds of 8 independent f32 multiply-add chains (16 FLOPs a round).
EMSCRIPTEN_KEEPALIVE double tj_measure_cpu_fma(double iters) {
    float a[8];
    for (int k = 0; k < 8; k++) a[k] = 1.0f + float(k) * 1e-3f + float(cpu_sink & 1);
    const float m = 0.99999f, c = 1e-5f;
    double t0 = emscripten_get_now();
    for (double i = 0; i < iters; i++)
        for (float& x : a) x = x * m + c;
    cpu_fsink = a[0] + a[1] + a[2] + a[3] + a[4] + a[5] + a[6] + a[7];
    return (emscripten_get_now() - t0) / 1000;
}

EMSCRIPTEN_KEEPALIVE void tj_measure_cpu_release() {
    std::free(cpu_buffer);
    cpu_buffer = nullptr;
}

EMSCRIPTEN_KEEPALIVE const char* tj_set_scene(const char* id) {
    static std::string s;
    s = changing_app() ? platform_app()->set_scene(id) : "app not ready";
    return s.c_str();
}
}
#endif

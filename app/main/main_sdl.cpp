// main_sdl.cpp — main and the loop, over a thin platform layer: SDL2 window, an OpenGL ES 3.0 /
// WebGL2 context, Dear ImGui's SDL and GL backends, and the loop. Natively the
// loop is a plain while; in the browser it is emscripten_set_main_loop_arg, driven
// by requestAnimationFrame (no ASYNCIFY, no threads). Everything else is in App.
//
// Desktop flags:
//   --fullscreen          start full screen (F11 toggles)
//   --present             start in presenter mode
//   --reduce-motion       parcels step and the follow camera cuts (the page follows the
//                         system's prefers-reduced-motion; a desktop has no such setting here)
//   --embed               minimal chrome: the map only (H brings the panels back)
//   --welcome             show the first-visit card (the page passes it on a first visit)
//   --scene ID            first scene: token, fab or demo
//   --state FRAGMENT      a link's state to restore (the page passes its #fragment)
//   --size WxH            window size (default 1280x720)
//   --frames N            render N frames, then exit (with --screenshot: save first);
//                         a GL error in any of them ends the run with exit 3
//   --screenshot OUT.png  write the last frame's pixels as PNG
//   --fixed-step          every frame advances 1/60 s, whatever the clock says, so two
//                         --frames runs of one build draw the same pixels (the same-pixels check)
//   --set ID=VALUE        set a parameter before the first frame
//   --lang en|zh          the language to start in
//   --follow STOP         follow in the first scene (the key T), its clock at stop STOP (0-based)
//   --check-parcel-geometry  draw test parcels, compare them with the CPU's boxes, exit
#include <SDL.h>
#include <GLES3/gl3.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "app/scene/run_controller.h"
#include "app/shell/app.h"
#include "app/ui/control_boxes.h"
#include "app/ui/i18n.h"
#include "core/scenario.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "app/platform/screenshot.h"
#include "app/render/motion.h"
#include "app/render/parcel_readback.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#include <emscripten/html5.h>
#endif

namespace {
struct Platform {
    SDL_Window* window = nullptr;
    SDL_GLContext gl = nullptr;
    App app;
    Uint64 last_counter = 0;
    int frames_left = -1;  // -1: run until quit
    std::string screenshot;
    bool running = true;
    float dpi_scale = 1;
    int frames_total = 0;       // for the frame-rate report of a --frames run
    Uint64 timing_start = 0;
    bool check_geometry = false;  // --check-parcel-geometry
    std::string gl_error;         // the first GL error a --frames run saw, with its frame
    bool fixed_step = false;      // --fixed-step
};
Platform* g_platform = nullptr;

void frame(void* arg) {
    Platform& p = *static_cast<Platform*>(arg);
#ifdef __EMSCRIPTEN__
    // The canvas follows the page: match the window to its CSS size.
    double css_w = 0, css_h = 0;
    emscripten_get_element_css_size("#canvas", &css_w, &css_h);
    int ww = 0, wh = 0;
    SDL_GetWindowSize(p.window, &ww, &wh);
    if (css_w >= 1 && css_h >= 1 && (int(css_w) != ww || int(css_h) != wh)) SDL_SetWindowSize(p.window, int(css_w), int(css_h));
#endif
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
        ImGui_ImplSDL2_ProcessEvent(&e);
        p.app.event(e);
    }
    if (p.app.quit_requested()) p.running = false;
    if (p.app.fullscreen_toggle_requested()) {
        bool fs = SDL_GetWindowFlags(p.window) & SDL_WINDOW_FULLSCREEN_DESKTOP;
        SDL_SetWindowFullscreen(p.window, fs ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
    }

    int win_w = 0, win_h = 0, fb_w = 0, fb_h = 0;
    SDL_GetWindowSize(p.window, &win_w, &win_h);
    SDL_GL_GetDrawableSize(p.window, &fb_w, &fb_h);
    float dpi = win_w > 0 ? float(fb_w) / float(win_w) : 1.0f;
    if (p.app.fonts_dirty() || std::abs(dpi - p.dpi_scale) > 0.01f) {
        p.dpi_scale = dpi;
        p.app.rebuild_fonts(dpi);
    }

    Uint64 now = SDL_GetPerformanceCounter();
    double dt = p.last_counter ? double(now - p.last_counter) / double(SDL_GetPerformanceFrequency()) : 1.0 / 60;
    p.last_counter = now;
    dt = std::clamp(dt, 1e-4, 0.1);  // a stall (tab hidden, debugger) must not jump the simulation
    if (p.fixed_step) dt = 1.0 / 60;

    Uint64 work_start = SDL_GetPerformanceCounter();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    if (p.fixed_step) ImGui::GetIO().DeltaTime = float(dt);  // ImGui's clock too (pulses, panel refresh)
    p.app.touch_to_imgui(ImGui::GetIO());
    ImGui::NewFrame();
    p.app.frame(dt, win_w, win_h, fb_w, fb_h);
    ImGui::Render();
    Uint64 built = SDL_GetPerformanceCounter();
    p.app.render_gl(fb_w, fb_h);
    const double ms_per_tick = 1000.0 / double(SDL_GetPerformanceFrequency());
    p.app.report_frame_work(double(built - work_start) * ms_per_tick, double(SDL_GetPerformanceCounter() - built) * ms_per_tick);
#ifndef __EMSCRIPTEN__
    // A test run drains the GL error flags every frame (a refused call leaves stale
    // pixels): the first error ends the run with exit 3. Not in the browser, where
    // reading them stalls the pipeline and the console reports them anyway.
    if (p.frames_left > 0)
        for (GLenum e = glGetError(); e != GL_NO_ERROR; e = glGetError())
            if (p.gl_error.empty()) {
                char what[96];
                std::snprintf(what, sizeof what, "GL error 0x%04x in frame %llu", unsigned(e), (unsigned long long)p.app.frames());
                p.gl_error = what;
            }
#endif

    // A --frames run reports its frame rate over all but the first ten frames
    // (fonts and buffers are built then), measured on this machine's clock.
    if (p.frames_left > 0 && p.frames_total - p.frames_left == 10) p.timing_start = SDL_GetPerformanceCounter();
    if (p.frames_left > 0 && --p.frames_left == 0) {
        double secs = double(SDL_GetPerformanceCounter() - p.timing_start) / double(SDL_GetPerformanceFrequency());
        int timed = p.frames_total - 10;
        if (p.timing_start && secs > 0) std::printf("frames: %d timed in %.2f s = %.1f fps\n", timed, secs, timed / secs);
        if (!p.screenshot.empty()) {
            std::string err = save_framebuffer_png(p.screenshot.c_str(), fb_w, fb_h);
            if (!err.empty()) std::fprintf(stderr, "screenshot: %s\n", err.c_str());
            else std::printf("screenshot: %s (%dx%d)\n", p.screenshot.c_str(), fb_w, fb_h);
        }
        p.running = false;
    }
    SDL_GL_SwapWindow(p.window);
#ifdef __EMSCRIPTEN__
    // The page marks the moment (performance.mark "tj-first-frame"): what it loaded
    // before this is what a visitor waits for.
    if (p.app.frames() == 1) EM_ASM({ if (Module.onFirstFrame) Module.onFirstFrame(); });
#endif
}

// What the flags ask for once the app is up: a language and a follow at one of its stops.
struct StartAsk {
    std::string lang;
    int follow_stop = -1;
};

bool parse_args(int argc, char** argv, AppOptions& o, Platform& p, int& w, int& h, bool& fullscreen,
                std::vector<std::pair<std::string, double>>& sets, StartAsk& ask) {
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto next = [&]() -> const char* { return i + 1 < argc ? argv[++i] : ""; };
        if (a == "--fullscreen") fullscreen = true;
        else if (a == "--present") o.present = true;
        else if (a == "--reduce-motion") set_reduced_motion(true);
        else if (a == "--embed") o.embed = true;
        else if (a == "--welcome") o.welcome = true;
        else if (a == "--check-parcel-geometry") p.check_geometry = true;
        else if (a == "--fixed-step") { p.fixed_step = true; set_whole_jumps(true); }
        else if (a == "--scene") o.scene = next();
        else if (a == "--state") o.state = next();
        else if (a == "--frames") p.frames_left = std::max(1, std::atoi(next()));
        else if (a == "--screenshot") p.screenshot = next();
        else if (a == "--lang") ask.lang = next();
        else if (a == "--follow") ask.follow_stop = std::max(0, std::atoi(next()));
        else if (a == "--size") { if (std::sscanf(next(), "%dx%d", &w, &h) != 2) return false; }
        else if (a == "--set") {
            std::string kv = next();
            size_t eq = kv.find('=');
            double v = 0;
            if (eq == std::string::npos || !tj::parse_decimal(kv.substr(eq + 1), v)) {
                std::fprintf(stderr, "--set needs ID=NUMBER, got '%s'\n", kv.c_str());
                return false;
            }
            sets.push_back({kv.substr(0, eq), v});
        } else {
            std::fprintf(stderr, "unknown option %s\n", a.c_str());
            return false;
        }
    }
    if (!p.screenshot.empty() && p.frames_left < 0) p.frames_left = 60;
    p.frames_total = p.frames_left;
    return true;
}
}  // namespace

App* platform_app() { return g_platform ? &g_platform->app : nullptr; }

int main(int argc, char** argv) {
    static Platform p;
    g_platform = &p;
    AppOptions opts;
    int w = 1280, h = 720;
    bool fullscreen = false;
    std::vector<std::pair<std::string, double>> sets;
    StartAsk ask;
    if (!parse_args(argc, argv, opts, p, w, h, fullscreen, sets, ask)) {
        std::fprintf(stderr, "usage: token-journey [--fullscreen] [--present] [--reduce-motion] [--welcome] [--scene ID] [--state FRAG] "
                             "[--size WxH] [--frames N] [--screenshot OUT.png] [--set ID=VALUE]... [--lang en|zh] "
                             "[--follow STOP]\n");
        return 2;
    }
#ifdef __EMSCRIPTEN__
    setenv("TJ_VOCAB_DIR", "/assets/vocab", 0);  // written there as they arrive (vocab_loader.h)
#endif
#ifdef __EMSCRIPTEN__
    // Keys go to SDL only while the canvas has the focus, so the page's own controls
    // (web/static/mirror.js) get theirs, Tab included.
    SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
#endif
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        std::fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    if (fullscreen) flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
    p.window = SDL_CreateWindow("Token Journey · 词元之旅", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h, flags);
    if (!p.window) { std::fprintf(stderr, "SDL_CreateWindow: %s\n", SDL_GetError()); return 1; }
    p.gl = SDL_GL_CreateContext(p.window);
    if (!p.gl) { std::fprintf(stderr, "OpenGL ES 3.0 context: %s\n", SDL_GetError()); return 1; }
    SDL_GL_MakeCurrent(p.window, p.gl);
    SDL_GL_SetSwapInterval(p.frames_left > 0 ? 0 : 1);  // test runs need not wait for vsync

#ifndef __EMSCRIPTEN__
    if (p.check_geometry) {  // the shader against parcel_geometry.h, then exit
        int fb_w = 0, fb_h = 0;
        SDL_GL_GetDrawableSize(p.window, &fb_w, &fb_h);
        std::string report;
        bool ok = check_parcel_geometry(fb_w, fb_h, &report);
        std::fputs(report.c_str(), stdout);
        return ok ? 0 : 1;
    }
#endif
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    control_boxes_start();                  // state().controls: every control's hit box
    ImGui::GetIO().IniFilename = nullptr;  // layouts come from the app, not from a file
    ImGui_ImplSDL2_InitForOpenGL(p.window, p.gl);
    ImGui_ImplOpenGL3_Init("#version 300 es");

    std::string err;
    if (!p.app.init(opts, &err)) { std::fprintf(stderr, "init: %s\n", err.c_str()); return 1; }
    // On the desktop a refused --set or --state ends the program (exit 2), so a
    // script or a test cannot mistake it for a run with those settings. In the
    // browser the page's link goes through the same door and the app says on screen
    // what it refused.
    std::string refused = p.app.startup_problem();
    for (auto& [id, v] : sets) {
        std::string e = p.app.set_param(id, v);
        if (!e.empty()) refused += (refused.empty() ? "--set: " : "\n--set: ") + e;
    }
    if (ask.lang == "zh" || ask.lang == "en") set_language(ask.lang == "zh" ? Lang::Zh : Lang::En);
    if (ask.follow_stop >= 0) {
        if (std::string e = p.app.follow(true); !e.empty()) refused += (refused.empty() ? "--follow: " : "\n--follow: ") + e;
        else p.app.follow_skip_to(ask.follow_stop);
    }
#ifndef __EMSCRIPTEN__
    if (!refused.empty()) {
        std::fprintf(stderr, "%s\n", refused.c_str());
        return 2;
    }
#endif
#ifdef __EMSCRIPTEN__
    EM_ASM({ if (Module.onAppReady) Module.onAppReady(); });
    emscripten_set_main_loop_arg(frame, &p, 0, 1);
#else
    while (p.running) frame(&p);
    if (!p.gl_error.empty()) std::fprintf(stderr, "%s\n", p.gl_error.c_str());
    p.app.shutdown();
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    SDL_GL_DeleteContext(p.gl);
    SDL_DestroyWindow(p.window);
    SDL_Quit();
    if (!p.gl_error.empty()) return 3;
#endif
    return 0;
}

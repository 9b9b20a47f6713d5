// app.h — the application shared by the desktop and the browser builds.
//
// init / event / frame / shutdown, in the style of a sokol app: the platform layer
// (app/main/main_sdl.cpp) owns the window, the GL context and the loop, and calls these.
// The app owns the scenes, the menu bar, the language, presenter mode and the
// parcel renderer; it never calls SDL's window or GL context functions itself.
#pragma once
#include <SDL.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "app/platform/touch_gesture.h"
#include "app/shell/lesson_player.h"
#include "app/shell/welcome_card.h"
#include "app/render/layer_cache.h"
#include "app/render/parcel_pass.h"
#include "app/scene/scene.h"
#include "app/ui/draw.h"

class ModelScene;

struct AppOptions {
    bool present = false;        // start in presenter mode
    bool embed = false;          // minimal chrome, for an iframe: panels hidden
    std::string scene = "token"; // first scene shown (falls back to the first that exists)
    std::string state;           // a link fragment to restore (from the URL or --state)
    bool welcome = false;        // show the first-visit card (never over a lesson, presenter mode or embed)
};

class App : public LessonHost {
public:
    bool init(const AppOptions& opts, std::string* error);
    void event(const SDL_Event& e);
    // One frame: update the scene by real_dt, lay out the UI. The platform calls
    // ImGui::Render() after it, then render_gl().
    void frame(double real_dt, int win_w, int win_h, int fb_w, int fb_h);
    // Between the backend's new frame and ImGui's (io holds the pointer SDL reports):
    // a finger dragged over a panel scrolls it, and after a drag or a pinch no pointer
    // is left where the finger lifted (a hover card answers a tap).
    void touch_to_imgui(ImGuiIO& io);
    // After ImGui::Render(): clears and draws the frame (the ImGui data through the
    // layer cache, with the parcel pass), and writes the view as PNG when asked.
    void render_gl(int fb_w, int fb_h);
    void shutdown();

    // For the JavaScript API, tests and the CLI flags.
    uint64_t frames() const { return frames_; }
    // The platform reports how long the last frame took to build (simulation and UI)
    // and to issue its GL calls (which may wait for the GPU), so a slow frame can be
    // told apart from a slow GPU. Kept as running means.
    void report_frame_work(double build_ms, double render_ms) {
        build_ms_ = build_ms_ == 0 ? build_ms : build_ms_ * 0.95 + build_ms * 0.05;
        render_ms_ = render_ms_ == 0 ? render_ms : render_ms_ * 0.95 + render_ms * 0.05;
    }
    // The cached panel layer (see layer_cache.h) is redrawn at once for the next few
    // frames: after input, or a change made from outside (the JavaScript API).
    void refresh_panels() { refresh_frames_ = 3; }
    // How often the panel layer is redrawn when nothing happens; 0: every frame.
    // A rate that is not a number keeps the one in force.
    void set_panel_rate(double hz) {
        if (std::isfinite(hz)) panel_hz_ = std::clamp(hz, 0.0, 240.0);
        refresh_panels();
    }
    void set_map_cached(bool on) { layers_.set_map_cached(on); }
    void set_panels_cached(bool on) { layers_.set_panels_cached(on); }
    void set_tiles_hashed(bool on) { layers_.set_tiles_hashed(on); }
    // Draw only what changed each frame, where the canvas keeps its pixels (the default there).
    void set_changes_only(bool on) { layers_.set_framebuffer_kept(on && canvas_kept_); }
    std::string state_json() const;
    // What the page's mirror (web/static/mirror.js) shows as elements, in the language
    // shown, from the app's own model: app_describe.cpp says what it holds.
    std::string describe_json();
    // A pick on the first-visit card, as its buttons make (0 follow, 1 lesson, 2 explore);
    // nothing when the card is not up.
    void choose_welcome(int pick);
    // Single-key shortcuts (letters, digits, punctuation, Space) on or off (WCAG 2.1.4);
    // arrows, Page Up/Down and Esc always work.
    void set_shortcuts(bool on) { shortcuts_ = on; }
    // What init() refused of its options (a link that did not apply), or "".
    const std::string& startup_problem() const { return startup_problem_; }
    std::string set_param(const std::string& id, double value);
    std::string set_scene(const std::string& id);
    // Types `text` into the current scene's parameter filter box.
    void filter_params(const std::string& text) { if (Scene* s = current()) s->filter_params(text); }
    // The whole state as a link fragment, and back (a bad link changes nothing).
    std::string link() const override;
    std::string apply_link(const std::string& fragment) override;
    std::string apply_scenario_json(const std::string& text);
    Scene* scene_by_id(const std::string& id) override;
    void show_scene(const std::string& id) override;
    void lesson_started() override { panels_before_lesson_ = panels_; panels_ = false; }
    void lesson_ended() override { panels_ = panels_before_lesson_; }
    LessonPlayer& lessons() { return lessons_; }
    Scene* current_scene() { return current(); }
    void set_present(bool on);
    // The first-visit card (welcome_card.h): open or closed without a pick.
    void show_welcome(bool on);
    // Follows one traveller in the current scene (Scene::follow): in the chain a wafer
    // lot to the customers; elsewhere one token from the keyboard to the screen in the
    // token scene, each stop captioned with the title of the lesson follow-a-token's step
    // for it. Off lets go. "" or why not.
    std::string follow(bool on);
    // The menu's words for it in the current scene.
    const char* follow_label() const;
    int follow_scene() const;  // the scene a follow happens in (index in scenes_), -1: none
    // A follow's clock put at one of its stops (a screenshot of that stop).
    void follow_skip_to(int stop) {
        if (Scene* s = current()) s->follow_skip_to(stop);
    }
    // What the Share menu does, by name, for the menu and the page's mirror alike:
    // "export_csv", "export_png" (the next frame), "save_scenario", "load_scenario"
    // (a file picker in the browser). "" or why not.
    std::string share(const std::string& action);
    bool quit_requested() const { return quit_; }
    bool fullscreen_toggle_requested() { bool r = toggle_fullscreen_; toggle_fullscreen_ = false; return r; }
    // Fonts need rebuilding (language or scale changed); the platform recreates the texture.
    bool fonts_dirty() const { return fonts_dirty_; }
    void rebuild_fonts(float dpi_scale);
    const std::string& message() const { return message_; }

private:
    Scene* current() { return scenes_.empty() ? nullptr : scenes_[current_].get(); }
    const Scene* current() const { return scenes_.empty() ? nullptr : scenes_[current_].get(); }
    void draw_menu();
    void draw_narrow_menu();  // one Menu button, play or pause and the language: a phone's width
    void draw_menus();        // Lessons, Share, View and Help, in either menu bar
    void toggle_panels();     // H: the panels up or away (in a lesson: a note, they wait for its end)
    // A narrow screen's tabs under the map: one per panel of the scene; the open tab
    // again closes the sheet (the map takes its place).
    void draw_sheet_tabs(const Scene& s, ImVec2 at, float width, float height);
    const tj::ParamRegistry* registry_of(const std::string& scene);
    // Applies a parsed link or file: a lesson at its step, or a scene's state.
    std::string apply_scenario(const tj::Scenario& sc);
    // The whole state a link or a file carries (see scenario.h).
    tj::Scenario scenario() const;
    void draw_jump(Scene& s, int win_w, int win_h);
    void draw_help();
    // The frame's steps (App::frame) and the layout they share.
    struct FrameLayout {
        FrameInput in;                   // the map's area and what the scene draws with
        ImVec2 caption_min{0, 0}, caption_size{0, 0};  // a lesson's card
        bool tabs = false;               // a narrow screen's sheet tabs under the map
        ImVec2 tabs_min{0, 0};
        float tab_h = kTouchTarget + 4;
    };
    float draw_chrome();
    FrameLayout layout_frame(double real_dt, float top, int fb_w, int fb_h);
    void draw_scene(const FrameLayout& lay, double real_dt);
    void draw_status();
    void draw_lesson_card(const FrameLayout& lay);
    void draw_measured_card();
    ModelScene* measured_host_ = nullptr;  // the scene whose parameters hold this computer's preset (init)
    void draw_notes(const FrameLayout& lay);
    void follow_downloads();             // what the scenes fetch after the first frame
    void draw_download_note(int win_h);  // "Loading vocabulary… 45%" while one is on its way
    // A pick on the first-visit card: remembered (the page does not show the card again), then done.
    void welcome_chosen(WelcomeChoice c);
    void copy_link();
    void export_csv();
    void save_scenario();
    void load_scenario();

    std::vector<std::unique_ptr<Scene>> scenes_;
    size_t current_ = 0;
    bool chrome_ = false;  // the menu bar is shown this frame (draw_chrome)
    ParcelPasses passes_;    // this frame's, handed to the scene in FrameInput
    LayerCache layers_;
    static constexpr double kPanelHz = 15;  // the panel layer's default rate
    double panel_hz_ = kPanelHz;  // see set_panel_rate
    std::string startup_problem_;
    bool embed_ = false;       // minimal chrome for an iframe (AppOptions::embed or a link's embed=1)
    bool canvas_kept_ = false;  // the window keeps its pixels between frames
    int refresh_frames_ = 0; // frames left that redraw the panels whatever the rate
    View2D panel_view_;      // the parcel view the panels were last drawn for
    uint64_t frames_ = 0;
    double fps_ = 0;
    double build_ms_ = 0, render_ms_ = 0;
    float ui_scale_ = 1.0f, present_scale_ = 1.0f;  // the text scale, and the one presenter mode chose
    bool panels_ = true, present_ = false, quit_ = false, toggle_fullscreen_ = false;
    bool fonts_dirty_ = true;
    bool blank_ = false, show_help_ = false, show_glossary_ = false, png_requested_ = false;
    bool show_status_ = false;  // the status window, from the View menu: shut, it covers nothing
    bool shortcuts_ = true;  // single-key shortcuts (set_shortcuts)
    bool panels_before_lesson_ = true;  // a lesson hides the panels (H shows them) and restores them
    LessonPlayer lessons_;
    WelcomeCard welcome_;
    // "Explore freely" starts calm: the menu and the map with its headline, the panels
    // hidden until asked for (H or View); the menu stays when the panels are hidden.
    bool calm_ = false;
    TouchGesture touch_;
    TouchInput touch_now_;      // this frame's gesture
    int win_w_ = 0, win_h_ = 0;  // the last frame's window (finger events come in 0..1 of it)
    // Below kNarrowWidth logical pixels (a phone, a tablet upright) the map is on top and
    // the panels are tabs of a sheet under it (sheet_tab_, shown while panels_).
    bool narrow_ = false;
    int sheet_tab_ = 0;
    ImVec2 map_min_{0, 0}, map_size_{0, 0};  // the area the map was given last frame
    std::string message_;  // a refused input or a missing font, shown until dismissed
    std::string notice_;   // what an action did ("Saved ..."), shown until dismissed
};

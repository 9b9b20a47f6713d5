// app.h — the application shared by the desktop and the browser builds.
//
// init / event / frame / shutdown, in the style of a sokol app: the platform layer
// (platform_sdl.cpp) owns the window, the GL context and the loop, and calls these.
// The app owns the scenes, the menu bar, the language, presenter mode and the
// parcel renderer; it never calls SDL's window or GL context functions itself.
#pragma once
#include <SDL.h>

#include <memory>
#include <string>
#include <vector>

#include "parcel_renderer.h"
#include "scene.h"

struct AppOptions {
    bool present = false;        // start in presenter mode
    std::string scene = "token"; // first scene shown (falls back to the first that exists)
    std::string state;           // a link fragment to restore (from the URL or --state)
};

class App {
public:
    bool init(const AppOptions& opts, std::string* error);
    void event(const SDL_Event& e);
    // One frame: update the scene by real_dt, lay out the UI, draw. The GL frame
    // (clear, ImGui render) is done by the platform around this call.
    void frame(double real_dt, int win_w, int win_h, int fb_w, int fb_h);
    void render_gl();  // after ImGui::Render(): draws the ImGui data (with the parcel pass)
    void shutdown();

    // For the JavaScript API, tests and the CLI flags.
    uint64_t frames() const { return frames_; }
    std::string state_json() const;
    std::string set_param(const std::string& id, double value);
    std::string set_scene(const std::string& id);
    // The whole state as a link fragment, and back (a bad link changes nothing).
    std::string link() const;
    std::string apply_link(const std::string& fragment);
    bool quit_requested() const { return quit_; }
    bool fullscreen_toggle_requested() { bool r = toggle_fullscreen_; toggle_fullscreen_ = false; return r; }
    // Fonts need rebuilding (language or scale changed); the platform recreates the texture.
    bool fonts_dirty() const { return fonts_dirty_; }
    void rebuild_fonts(float dpi_scale);
    const std::string& message() const { return message_; }

private:
    Scene* current() { return scenes_.empty() ? nullptr : scenes_[current_].get(); }
    void draw_menu();

    std::vector<std::unique_ptr<Scene>> scenes_;
    size_t current_ = 0;
    ParcelRenderer parcels_;
    uint64_t frames_ = 0;
    double fps_ = 0;
    float ui_scale_ = 1.0f;
    bool panels_ = true, present_ = false, quit_ = false, toggle_fullscreen_ = false;
    bool fonts_dirty_ = true;
    std::string message_;  // a refused input or a missing font, shown until dismissed
};

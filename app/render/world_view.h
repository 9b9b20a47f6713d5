// world_view.h — the 2D camera over a scene's map: pan with the mouse (drag) or
// one finger, zoom with the wheel or two fingers (a pinch, which also pans by
// their middle), fit-to-window on reset. World units
// are the scene's own (the map is laid out in a box of about 1600 x 900).
//
// Usage (each frame, before drawing):
//   view.update(ImGui::GetIO(), in.touch, screen_min, screen_size, world_box);
//   ImVec2 p = view.to_screen({x, y});       // for ImGui draw lists (logical pixels)
//   View2D gl = view.gl_view(fb_scale);      // for the parcel renderer (framebuffer pixels)
#pragma once
#include <algorithm>

#include "imgui.h"
#include "app/platform/touch_input.h"
#include "app/render/parcel_geometry.h"

// A box in world units: a camera's world, a station on a map, a label's extent.
struct WorldBox {
    float min_x = 0, min_y = 0, max_x = 1600, max_y = 900;
    ImVec2 center() const { return {(min_x + max_x) * 0.5f, (min_y + max_y) * 0.5f}; }
    bool contains(ImVec2 p) const { return p.x >= min_x && p.x <= max_x && p.y >= min_y && p.y <= max_y; }
};

// Along one axis, a lesson's camera: the pan (the screen point of world 0) for a view
// from s0, len pixels long, over the map's lo..hi at zoom. The map centred where it fits;
// closer, the given pan (the station centred), moved as little as keeps the map covering
// the view: a station near the map's edge, centred, left a third of the view empty.
inline float lesson_pan(float pan, float s0, float len, float lo, float hi, float zoom) {
    const float map_len = (hi - lo) * zoom;
    if (map_len <= len * 1.001f) return s0 + (len - map_len) * 0.5f - lo * zoom;
    return std::clamp(pan, s0 + len - hi * zoom, s0 - lo * zoom);
}

class WorldView {
public:
    // Handles input (when the mouse is not over a panel) and keeps the map in view:
    // pans for a drag that started on the view's rectangle, zooms for a wheel or a
    // pinch over it, so views side by side each take only their own pointer.
    void update(const ImGuiIO& io, const TouchInput& touch, ImVec2 screen_min, ImVec2 screen_size, const WorldBox& box);
    void fit() { fitted_ = false; }
    // Centres the camera on a world point at zoom times the fitted scale (a lesson's
    // camera); at a zoom where the whole map fits, the whole map, centred.
    void look_at(float x, float y, float zoom);
    // Eases the camera, at the next update, toward centring a moving world point at zoom
    // times the fitted scale (a followed token): called every frame, it stays on it.
    // cover: a card over the view (screen x0, y0, x1, y1; none by default): where it
    // spans the view's width along its top or bottom, the point is centred in the rest.
    void track(float x, float y, float zoom, ImVec4 cover = {});
    // The last update moved the map for the user's drag, wheel or pinch.
    bool user_moved() const { return user_moved_; }
    // Where the last update centred the tracked point (screen): the view's centre, or that
    // of the part a card leaves.
    ImVec2 track_centre() const { return track_mid_; }
    ImVec2 to_screen(float x, float y) const { return {x * zoom_ + pan_.x, y * zoom_ + pan_.y}; }
    ImVec2 to_screen(ImVec2 world) const { return to_screen(world.x, world.y); }
    ImVec2 to_world(ImVec2 s) const { return {(s.x - pan_.x) / zoom_, (s.y - pan_.y) / zoom_}; }
    float zoom() const { return zoom_; }  // logical pixels per world unit
    ImVec2 pan() const { return pan_; }   // the screen point of world (0, 0)
    View2D gl_view(float fb_scale) const {
        return {zoom_ * fb_scale, zoom_ * fb_scale, pan_.x * fb_scale, pan_.y * fb_scale};
    }

private:
    float zoom_ = 1, fit_zoom_ = 1;
    ImVec2 pan_{0, 0};
    bool fitted_ = false;
    ImVec2 last_size_{0, 0}, last_min_{0, 0};
    bool look_pending_ = false;
    float look_x_ = 0, look_y_ = 0, look_zoom_ = 1;
    bool track_pending_ = false, tracking_ = false, user_moved_ = false;
    float track_x_ = 0, track_y_ = 0, track_zoom_ = 1;
    ImVec4 track_cover_{};
    ImVec2 track_mid_{0, 0};
    ImVec2 track_offset_{0, 0};  // the camera's centre less the tracked point (world units), easing to 0
};

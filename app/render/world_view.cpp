// world_view.cpp — see world_view.h.
#include "app/render/world_view.h"
#include "app/render/motion.h"

#include <algorithm>
#include <cmath>

void WorldView::update(const ImGuiIO& io, const TouchInput& touch, ImVec2 smin, ImVec2 ssize, const WorldBox& box) {
    float bw = box.max_x - box.min_x, bh = box.max_y - box.min_y;
    if (ssize.x < 1 || ssize.y < 1 || bw <= 0 || bh <= 0) return;
    if (!fitted_ || ssize.x != last_size_.x || ssize.y != last_size_.y) {
        fit_zoom_ = std::min(ssize.x / bw, ssize.y / bh) * 0.96f;
        zoom_ = fit_zoom_;
        pan_ = {smin.x + (ssize.x - bw * zoom_) * 0.5f - box.min_x * zoom_,
                smin.y + (ssize.y - bh * zoom_) * 0.5f - box.min_y * zoom_};
        fitted_ = true;
        last_size_ = ssize;
        last_min_ = smin;
    }
    if (look_pending_) {
        zoom_ = fit_zoom_ * look_zoom_;
        pan_ = {smin.x + ssize.x * 0.5f - look_x_ * zoom_, smin.y + ssize.y * 0.5f - look_y_ * zoom_};
        // Where the whole map fits, a lesson's camera shows it whole and centred (the
        // station of interest keeps its ring); closer, it centres the station as far as
        // the map's edges allow.
        pan_.x = lesson_pan(pan_.x, smin.x, ssize.x, box.min_x, box.max_x, zoom_);
        pan_.y = lesson_pan(pan_.y, smin.y, ssize.y, box.min_y, box.max_y, zoom_);
        look_pending_ = false;
    }
    if (track_pending_) {
        // The camera moves with the point and eases out the offset it had when tracking
        // began (a glide, not a cut; about a fifth of a second), so once there the point
        // stays at the centre however fast it goes.
        // The part of the view a card leaves (a follow's card across the map's bottom hid
        // the lot it follows, and the station it is at, under it).
        float top = smin.y, bottom = smin.y + ssize.y;
        const ImVec4& c = track_cover_;
        if (std::min(c.z, smin.x + ssize.x) - std::max(c.x, smin.x) > ssize.x * 0.5f) {
            if (c.y > top + ssize.y * 0.25f && c.y < bottom) bottom = c.y;
            else if (c.w < bottom - ssize.y * 0.25f && c.w > top) top = c.w;
        }
        const ImVec2 mid{smin.x + ssize.x * 0.5f, (top + bottom) * 0.5f};
        track_mid_ = mid;
        if (!tracking_) {
            const ImVec2 c = to_world(mid);
            track_offset_ = {c.x - track_x_, c.y - track_y_};
            tracking_ = true;
        }
        // With reduced motion (motion.h) the camera cuts: nothing of the offset is kept.
        const float keep = reduced_motion() ? 0.0f : std::exp(-std::max(io.DeltaTime, 0.0f) * 6.0f);
        track_offset_ = {track_offset_.x * keep, track_offset_.y * keep};
        zoom_ += (std::clamp(track_zoom_, 0.5f, 12.0f) * fit_zoom_ - zoom_) * (1.0f - keep);
        pan_ = {mid.x - (track_x_ + track_offset_.x) * zoom_, mid.y - (track_y_ + track_offset_.y) * zoom_};
        track_pending_ = false;
    } else {
        tracking_ = false;
    }
    user_moved_ = false;
    auto zoom_about = [&](ImVec2 m, float f) {
        user_moved_ = true;
        float nz = std::clamp(zoom_ * f, fit_zoom_ * 0.5f, fit_zoom_ * 12.0f);
        pan_.x = m.x - (m.x - pan_.x) * (nz / zoom_);
        pan_.y = m.y - (m.y - pan_.y) * (nz / zoom_);
        zoom_ = nz;
    };
    // Only the view under the pointer takes it (two maps share a window in a race):
    // a pinch or a wheel over this view, a drag that started on it.
    auto on_view = [&](ImVec2 p) { return p.x >= smin.x && p.y >= smin.y && p.x < smin.x + ssize.x && p.y < smin.y + ssize.y; };
    if (touch.fingers >= 2 || touch.zoom != 1) {  // a pinch moves the map; the first finger's mouse drag does not
        if (!on_view(touch.centre)) return;
        pan_.x += touch.pan.x;
        pan_.y += touch.pan.y;
        user_moved_ = true;
        zoom_about(touch.centre, touch.zoom);
        return;
    }
    if (io.WantCaptureMouse) return;
    for (ImGuiMouseButton b : {ImGuiMouseButton_Left, ImGuiMouseButton_Right})
        if (ImGui::IsMouseDragging(b) && on_view(io.MouseClickedPos[b])) {
            pan_.x += io.MouseDelta.x;
            pan_.y += io.MouseDelta.y;
            user_moved_ = user_moved_ || io.MouseDelta.x != 0 || io.MouseDelta.y != 0;
            break;
        }
    if (io.MouseWheel != 0 && on_view(io.MousePos)) zoom_about(io.MousePos, std::pow(1.15f, io.MouseWheel));  // about the cursor
}

void WorldView::track(float x, float y, float zoom, ImVec4 cover) {
    track_x_ = x;
    track_y_ = y;
    track_zoom_ = zoom;
    track_cover_ = cover;
    track_pending_ = true;
}

void WorldView::look_at(float x, float y, float zoom) {
    look_x_ = x;
    look_y_ = y;
    look_zoom_ = std::clamp(zoom, 0.5f, 12.0f);
    look_pending_ = true;
}

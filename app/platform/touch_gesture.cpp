// touch_gesture.cpp — see touch_gesture.h.
#include "app/platform/touch_gesture.h"

#include <cmath>

namespace {
constexpr float kTapWobble = 12;  // logical pixels a finger may move and still tap

float distance(ImVec2 a, ImVec2 b) { return std::hypot(a.x - b.x, a.y - b.y); }
ImVec2 middle(ImVec2 a, ImVec2 b) { return {(a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f}; }
}  // namespace

TouchGesture::Finger* TouchGesture::find(SDL_FingerID id) {
    for (auto& f : fingers_)
        if (f.down && f.id == id) return &f;
    return nullptr;
}

int TouchGesture::down() const {
    int n = 0;
    for (auto& f : fingers_) n += f.down;
    return n;
}

void TouchGesture::event(const SDL_Event& e, int win_w, int win_h) {
    if (e.type != SDL_FINGERDOWN && e.type != SDL_FINGERUP && e.type != SDL_FINGERMOTION) return;
    ImVec2 at{e.tfinger.x * float(win_w), e.tfinger.y * float(win_h)};  // SDL gives 0..1 of the window
    Finger* f = find(e.tfinger.fingerId);
    if (e.type == SDL_FINGERDOWN) {
        if (f) return;
        for (auto& slot : fingers_)
            if (!slot.down) { slot = {e.tfinger.fingerId, at, at, true}; break; }
        if (down() == 1) now_.dragged = false;  // a new touch begins
    } else if (e.type == SDL_FINGERUP) {
        if (f) f->down = false;
    } else if (f) {
        // The pinch is measured between the first two fingers down.
        Finger* two[2] = {nullptr, nullptr};
        int n = 0;
        for (auto& g : fingers_)
            if (g.down && n < 2) two[n++] = &g;
        Finger *a = two[0], *b = two[1];
        if (n == 2 && (f == a || f == b)) {
            float before = distance(a->at, b->at);
            ImVec2 mid_before = middle(a->at, b->at);
            f->at = at;
            float after = distance(a->at, b->at);
            ImVec2 mid_after = middle(a->at, b->at);
            if (before > 1 && after > 1) now_.zoom *= after / before;
            now_.pan = {now_.pan.x + mid_after.x - mid_before.x, now_.pan.y + mid_after.y - mid_before.y};
            now_.centre = mid_after;
            now_.dragged = true;
        } else {
            now_.drag_y += at.y - f->at.y;
            f->at = at;
            if (distance(f->at, f->start) > kTapWobble) now_.dragged = true;
        }
    }
    now_.fingers = down();
}

TouchInput TouchGesture::frame() {
    TouchInput t = now_;
    now_.zoom = 1;
    now_.pan = {0, 0};
    now_.drag_y = 0;
    return t;
}

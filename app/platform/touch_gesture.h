// touch_gesture.h — fingers on a touch screen, turned into what the map needs.
//
// SDL turns the first finger into the mouse (a tap clicks, a drag drags), so one
// finger already pans the map and taps buttons. What the mouse cannot say is kept
// here from SDL's finger events: a second finger's pinch (how much the distance
// between the two fingers changed this frame, about which point, and how far their
// middle moved), a one-finger drag over a panel (scrolled, as a finger scrolls a
// phone's page), and whether the last touch was a drag (then no hover card is left
// where the finger lifted: on a touch screen a card answers a tap).
//
// Usage:
//   gesture.event(e, win_w, win_h);       // every SDL event
//   TouchInput t = gesture.frame();        // once a frame, before the scene draws
#pragma once
#include <SDL.h>

#include <array>

#include "imgui.h"

// This frame's touch gesture, in logical pixels.
struct TouchInput {
    int fingers = 0;       // fingers on the screen now
    float zoom = 1;        // distance between two fingers now over before (1: no pinch)
    ImVec2 centre{0, 0};   // the two fingers' middle
    ImVec2 pan{0, 0};      // how far that middle moved
    float drag_y = 0;      // one finger's vertical move this frame (scrolls a panel)
    bool dragged = false;  // the finger of the last touch moved (more than a tap's wobble)
};

class TouchGesture {
public:
    void event(const SDL_Event& e, int win_w, int win_h);
    // This frame's gesture; the pinch and the drag start again from zero.
    TouchInput frame();

private:
    struct Finger {
        SDL_FingerID id = 0;
        ImVec2 at{0, 0}, start{0, 0};
        bool down = false;
    };
    Finger* find(SDL_FingerID id);
    int down() const;
    std::array<Finger, 4> fingers_{};  // more than two fingers: the rest are not followed
    TouchInput now_;
};

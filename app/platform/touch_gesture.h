// touch_gesture.h — fingers on a touch screen, turned into what the map needs
// (TouchInput, app/platform/touch_input.h: the scenes see that, not SDL).
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

#include "app/platform/touch_input.h"
#include "imgui.h"

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

// touch_input.h — this frame's touch gesture as the map reads it: no SDL here, so
// the scenes and the view take touch without seeing the events it came from
// (app/platform/touch_gesture.h makes it from SDL's finger events).
#pragma once
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

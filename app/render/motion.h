// motion.h — the reader's wish for less motion (in the browser the system's
// prefers-reduced-motion, passed on by the page): process-wide, as the language is.
// With it the follow camera cuts to its traveller instead of gliding (world_view.cpp)
// and parcels step from one station to the next halfway through their trip instead of
// streaming along the route (parcel_ease, on the CPU and in the shader alike).
//
// Usage: set_reduced_motion(true); if (reduced_motion()) ...
#pragma once

bool reduced_motion();
void set_reduced_motion(bool on);

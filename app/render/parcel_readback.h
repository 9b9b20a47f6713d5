// parcel_readback.h — checks the parcel shader against parcel_geometry.h: draws
// parcels of every shape, folded or not, at several points of bowed routes, reads
// the framebuffer back and compares each parcel's pixels with parcel_box (the CPU's
// placement, which frames that draw only what changed rely on). Run by the desktop
// smoke test (token-journey --check-parcel-geometry).
//
// Usage (with a current GL context, fb_w x fb_h the default framebuffer):
//   std::string report; bool ok = check_parcel_geometry(fb_w, fb_h, &report);
#pragma once
#include <string>

// True when every parcel the shader drew lies inside its CPU box and reaches each
// of the box's edges within 1.5 px; report lists each case (and each mismatch).
bool check_parcel_geometry(int fb_w, int fb_h, std::string* report);

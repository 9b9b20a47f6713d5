// parcel_bounds.h — where a parcel is on screen at a given time, as the parcel
// vertex shader (shaders/parcels.vert.glsl) places it, worked out on the CPU.
//
// Why: when the browser keeps the canvas from one frame to the next, a frame need
// only draw again the tiles that changed. Parcels move every frame, so the tiles
// they cover now and covered in the last frame must be drawn again; everything
// else on screen can stay. Keep the two in step: same ease, same bow, same shapes.
//
// Usage:
//   float box[4];                                        // x0, y0, x1, y1, framebuffer px
//   if (parcel_box(p, time, view, box)) ...              // false: not on the road now
//   mark_parcel_tiles(parcels, time, view, &mask);       // every parcel's tiles, marked
//   bowed_route_point(ax, ay, bx, by, u, &x, &y);        // a point of a route (belts)
// No GL and no ImGui here, so the tests can check it.
#pragma once
#include <vector>

#include "app/render/parcel_renderer.h"
#include "app/render/tile_mask.h"

// The point a share u (0..1) of the way from a to b along a route bowed as the
// shader bows it (sideways by kParcelArc of the length at the middle).
inline void bowed_route_point(float ax, float ay, float bx, float by, float u, float* x, float* y) {
    const float dx = bx - ax, dy = by - ay, bow = kParcelArc * 4.0f * u * (1.0f - u);
    *x = ax + dx * u - dy * bow, *y = ay + dy * u + dx * bow;
}

bool parcel_box(const ParcelInstance& p, float time, const View2D& view, float box[4]);
void mark_parcel_tiles(const std::vector<ParcelInstance>& parcels, float time, const View2D& view, TileMask* mask);

// parcel_bounds.h — where a parcel is on screen at a given time, as the parcel
// vertex shader (shaders/parcels.vert.glsl) places it, worked out on the CPU.
//
// Why: when the browser keeps the canvas from one frame to the next, a frame need
// only draw again the tiles that changed. Parcels move every frame, so the tiles
// they cover now and covered in the last frame must be drawn again; everything
// else on screen can stay. Both place parcels by parcel_geometry.h.
//
// Usage:
//   float box[4];                                        // x0, y0, x1, y1, framebuffer px
//   if (parcel_box(p, time, view, box)) ...              // false: not on the road now
//   mark_parcel_tiles(parcels, time, view, &mask);       // every parcel's tiles, marked
// No GL and no ImGui here, so the tests can check it.
#pragma once
#include <vector>

#include "app/render/parcel_geometry.h"
#include "app/render/tile_mask.h"

bool parcel_box(const ParcelInstance& p, float time, const View2D& view, float box[4]);
void mark_parcel_tiles(const std::vector<ParcelInstance>& parcels, float time, const View2D& view, TileMask* mask);

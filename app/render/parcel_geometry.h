// parcel_geometry.h — where a parcel is drawn: the one source for the CPU and the
// parcel vertex shader (shaders/parcels.vert.glsl). No GL and no ImGui here.
//
// A parcel rides its route from `from` to `to` between depart and arrive: eased
// in and out, bowed sideways by kParcelArc of the route's length at the middle,
// drawn as a quad of size_px (times its shape's aspect) around that point. A
// folded parcel (one standing for several) is drawn kFoldedParcelScale larger.
// The shader receives the constants below from parcel_geometry_glsl(), put before
// its source when it is compiled, and kParcelArc as a uniform; the desktop smoke
// test (token-journey --check-parcel-geometry) reads back what the shader drew and
// compares it with parcel_box (parcel_bounds.h).
//
// Usage:
//   ParcelInstance p{ax, ay, bx, by, depart, arrive, rgba, size_px, float(kShapeDisc)};
//   float e = parcel_ease(t);  bowed_route_point(ax, ay, bx, by, e, &x, &y);
//   ParcelAspect a = parcel_aspect(kShapeSlab);
#pragma once
#include "app/render/motion.h"
#include <cstdint>
#include <string>

// World-to-framebuffer-pixel mapping: px = world * scale + offset.
struct View2D {
    float scale_x = 1, scale_y = 1, offset_x = 0, offset_y = 0;
};

struct ParcelInstance {
    float from_x, from_y, to_x, to_y;  // world units
    float depart, arrive;              // relative to the renderer's time base
    uint32_t rgba;                     // 0xAABBGGRR, as bytes r, g, b, a in memory
    float size_px;                     // negative: a folded parcel standing for many
    float shape = 0;                   // ParcelShape: what the parcel looks like
};

// 0 a box, 1 a disc (a wafer), 2 a flat slab (a tray), 3 a tall cabinet (a rack).
enum ParcelShape : int { kShapeBox = 0, kShapeDisc = 1, kShapeSlab = 2, kShapeCabinet = 3 };

// How far a route bows sideways, as a share of its length (the shader's u_arc).
constexpr float kParcelArc = 0.08f;
// A folded parcel is drawn this much larger than one of those it stands for.
constexpr float kFoldedParcelScale = 1.25f;

// Width and height of a shape's quad, as multiples of its size.
struct ParcelAspect {
    float x, y;
};
constexpr ParcelAspect kSlabAspect{1.3f, 0.6f}, kCabinetAspect{0.6f, 1.4f};
constexpr ParcelAspect parcel_aspect(int shape) {
    return shape == kShapeSlab ? kSlabAspect : shape == kShapeCabinet ? kCabinetAspect : ParcelAspect{1.0f, 1.0f};
}

// The share of the route covered at a share t (0..1) of the trip: parcels leave
// and arrive gently, or with reduced motion (motion.h) step from one end to the other
// halfway. The shader's parcel_ease is the same expression (see the .cpp).
inline float parcel_ease(float t) { return reduced_motion() ? (t < 0.5f ? 0.0f : 1.0f) : t * t * (3.0f - 2.0f * t); }

// The point a share u (0..1) of the way from a to b along a route bowed as the
// shader bows it (sideways by kParcelArc of the length at the middle).
inline void bowed_route_point(float ax, float ay, float bx, float by, float u, float* x, float* y) {
    const float dx = bx - ax, dy = by - ay, bow = kParcelArc * 4.0f * u * (1.0f - u);
    *x = ax + dx * u - dy * bow, *y = ay + dy * u + dx * bow;
}

// The constants and the ease above as GLSL ES 3.00, for the parcel vertex shader.
std::string parcel_geometry_glsl();

// parcel_bounds.cpp — see parcel_bounds.h.
#include "app/render/parcel_bounds.h"

#include <algorithm>
#include <cmath>

namespace {
// The shader works in 32-bit floats on another processor: a box a little larger
// than the quad covers any difference in rounding and rasterization.
constexpr float kSlackPx = 2.0f;
}  // namespace

bool parcel_box(const ParcelInstance& p, float time, const View2D& view, float box[4]) {
    const float span = std::max(p.arrive - p.depart, 1e-9f);
    const float t = (time - p.depart) / span;
    if (!(t >= 0.0f && t <= 1.0f)) return false;
    float wx, wy;
    bowed_route_point(p.from_x, p.from_y, p.to_x, p.to_y, parcel_ease(t), &wx, &wy);
    const float px = wx * view.scale_x + view.offset_x, py = wy * view.scale_y + view.offset_y;
    const ParcelAspect a = parcel_aspect(int(p.shape));
    const float hx = a.x * std::fabs(p.size_px) * 0.5f + kSlackPx, hy = a.y * std::fabs(p.size_px) * 0.5f + kSlackPx;
    box[0] = px - hx, box[1] = py - hy, box[2] = px + hx, box[3] = py + hy;
    return std::isfinite(px) && std::isfinite(py);
}

void mark_parcel_tiles(const std::vector<ParcelInstance>& parcels, float time, const View2D& view, TileMask* mask) {
    float b[4];
    for (const ParcelInstance& p : parcels)
        if (parcel_box(p, time, view, b)) mask->mark_box(b[0], b[1], b[2], b[3]);
}

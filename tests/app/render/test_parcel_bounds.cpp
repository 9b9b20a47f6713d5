// Frames that draw only what changed redraw the tiles parcels cover, worked out on
// the CPU as the vertex shader places them: a box too small leaves a stale parcel
// on screen, so the boxes are checked against the shader's closed form.
#include <catch2/catch.hpp>

#include "app/render/parcel_bounds.h"

namespace {
// From (0,0) to (100,0) in world units, on the road from time 0 to 10.
ParcelInstance parcel(float size = 10, float shape = kShapeBox) { return {0, 0, 100, 0, 0, 10, 0xff0000ffu, size, shape}; }
const View2D kView{2, 2, 5, 7};  // px = world * 2 + (5, 7)
}  // namespace

TEST_CASE("a route bows sideways by the arc share of its length at the middle, not at its ends") {
    float x, y;
    bowed_route_point(0, 0, 100, 0, 0, &x, &y);
    REQUIRE((x == 0 && y == 0));
    bowed_route_point(0, 0, 100, 0, 1, &x, &y);
    REQUIRE((x == Approx(100) && y == Approx(0).margin(1e-5)));
    bowed_route_point(0, 0, 100, 0, 0.5f, &x, &y);
    REQUIRE(x == Approx(50));
    REQUIRE(y == Approx(100 * kParcelArc));
}

TEST_CASE("a parcel's box is its quad where the shader puts it, with a little slack") {
    float b[4];
    // Halfway in time is halfway along (the ease is symmetric), bowed 8 world units.
    REQUIRE(parcel_box(parcel(), 5, kView, b));
    const float cx = 50 * 2 + 5, cy = 100 * kParcelArc * 2 + 7;
    REQUIRE((b[0] + b[2]) / 2 == Approx(cx));
    REQUIRE((b[1] + b[3]) / 2 == Approx(cy));
    // Half the side plus the slack: 10-px parcel, 2 px of slack.
    REQUIRE(b[2] - b[0] == Approx(10 + 4));
    REQUIRE(b[3] - b[1] == Approx(10 + 4));
    // The ease: a quarter of the trip's time covers less than a quarter of the way.
    REQUIRE(parcel_box(parcel(), 2.5f, kView, b));
    REQUIRE((b[0] + b[2]) / 2 == Approx((100 * 0.15625f) * 2 + 5));
}

TEST_CASE("slabs are wide, cabinets tall, folded parcels as big as their side says") {
    float b[4];
    REQUIRE(parcel_box(parcel(10, kShapeSlab), 5, kView, b));
    REQUIRE(b[2] - b[0] == Approx(13 + 4));
    REQUIRE(b[3] - b[1] == Approx(6 + 4));
    REQUIRE(parcel_box(parcel(10, kShapeCabinet), 5, kView, b));
    REQUIRE(b[2] - b[0] == Approx(6 + 4));
    REQUIRE(b[3] - b[1] == Approx(14 + 4));
    REQUIRE(parcel_box(parcel(-12.5f), 5, kView, b));
    REQUIRE(b[2] - b[0] == Approx(12.5 + 4));
}

TEST_CASE("a parcel not on the road covers nothing, one on it marks the tiles around it") {
    float b[4];
    REQUIRE_FALSE(parcel_box(parcel(), -0.01f, kView, b));
    REQUIRE_FALSE(parcel_box(parcel(), 10.01f, kView, b));
    REQUIRE(parcel_box(parcel(), 0, kView, b));   // at the start
    REQUIRE(parcel_box(parcel(), 10, kView, b));  // and at the end, as the shader draws it
    ParcelInstance zero_span = parcel();
    zero_span.arrive = zero_span.depart;  // drawn only at that instant, at its start
    REQUIRE(parcel_box(zero_span, 0, kView, b));
    REQUIRE((b[0] + b[2]) / 2 == Approx(5));
    REQUIRE_FALSE(parcel_box(zero_span, 0.001f, kView, b));

    TileMask m;
    m.reset(256, 64, 16);
    mark_parcel_tiles({parcel(), parcel()}, 20, kView, &m);  // both arrived long ago
    REQUIRE(m.marked_tiles() == 0);
    mark_parcel_tiles({parcel()}, 5, kView, &m);
    // Box 98..112 x 16..30 around (105, 23): pixels 98..111 and 16..29, one tile.
    REQUIRE(m.rects() == std::vector<PixelRect>{{96, 16, 112, 32}});
}

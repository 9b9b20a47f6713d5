// test_world_view.cpp — a lesson's camera along one axis (lesson_pan, world_view.h):
// the map whole and centred where it fits; closer, the station centred as far as the
// map's edges allow, so the zoomed map covers the view and leaves no empty band.
#include <catch2/catch.hpp>

#include "app/render/world_view.h"

TEST_CASE("a lesson's camera centres a station as far as the map's edges allow") {
    // A view from x = 20, 1000 px wide, over a map from 0 to 1000 world units.
    const float s0 = 20, len = 1000, lo = 0, hi = 1000;
    auto centred_on = [&](float x, float zoom) { return s0 + len * 0.5f - x * zoom; };  // the pan that centres x

    // At 2 px a unit, a station near the left edge: the map's edge meets the view's.
    float pan = lesson_pan(centred_on(60, 2), s0, len, lo, hi, 2);
    CHECK(pan + lo * 2 == Approx(s0));
    CHECK(pan + hi * 2 >= s0 + len);
    CHECK(pan + 60 * 2 > s0);               // the station in view,
    CHECK(pan + 60 * 2 < s0 + len * 0.5f);  // left of centre: the edge held it back

    // Near the right edge: the far edges meet.
    pan = lesson_pan(centred_on(990, 3), s0, len, lo, hi, 3);
    CHECK(pan + hi * 3 == Approx(s0 + len));

    // In the middle: centred, as asked.
    CHECK(lesson_pan(centred_on(500, 2), s0, len, lo, hi, 2) == Approx(centred_on(500, 2)));

    // Where the whole map fits: the map whole and centred, wherever the station.
    pan = lesson_pan(centred_on(60, 0.8f), s0, len, lo, hi, 0.8f);
    const float left = pan + lo * 0.8f - s0, right = s0 + len - (pan + hi * 0.8f);
    CHECK(left == Approx(right));
    CHECK(left > 0);
}

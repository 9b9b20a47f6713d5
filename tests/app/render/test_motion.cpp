// test_motion.cpp — reduced motion (app/render/motion.h): parcels step from one end of
// their leg to the other halfway instead of easing along it, on the CPU (parcel bounds,
// the follow camera) and in the shader's copy of parcel_ease alike.
#include <catch2/catch.hpp>

#include "app/render/motion.h"
#include "app/render/parcel_geometry.h"

TEST_CASE("motion: parcels ease along their leg, or with reduced motion step halfway") {
    set_reduced_motion(false);
    CHECK(parcel_ease(0.25f) == Approx(0.15625f));
    CHECK(parcel_ease(0.5f) == Approx(0.5f));
    set_reduced_motion(true);
    CHECK(parcel_ease(0.0f) == 0.0f);
    CHECK(parcel_ease(0.49f) == 0.0f);
    CHECK(parcel_ease(0.5f) == 1.0f);
    CHECK(parcel_ease(1.0f) == 1.0f);
    set_reduced_motion(false);
    // The shader's parcel_ease steps the same way where the renderer sets u_stepped.
    const std::string glsl = parcel_geometry_glsl();
    CHECK(glsl.find("uniform float u_stepped;") != std::string::npos);
    CHECK(glsl.find("u_stepped > 0.5 ? step(0.5, t)") != std::string::npos);
}

// parcel_geometry.cpp — see parcel_geometry.h.
#include "app/render/parcel_geometry.h"

#include <cstdio>

namespace {
// A float as GLSL reads it back to the same value (nine significant digits).
std::string glsl_float(float v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.9g", double(v));
    std::string s = b;
    if (s.find_first_of(".e") == std::string::npos) s += ".0";
    return s;
}
std::string glsl_vec2(ParcelAspect a) { return "vec2(" + glsl_float(a.x) + ", " + glsl_float(a.y) + ")"; }
}  // namespace

std::string parcel_geometry_glsl() {
    return "const vec2 kSlabAspect = " + glsl_vec2(kSlabAspect) + ";\n" +
           "const vec2 kCabinetAspect = " + glsl_vec2(kCabinetAspect) + ";\n" +
           // parcel_ease, in GLSL: keep the two expressions the same (u_stepped: reduced_motion()).
           "uniform float u_stepped;\n"
           "float parcel_ease(float t) { return u_stepped > 0.5 ? step(0.5, t) : t * t * (3.0 - 2.0 * t); }\n";
}

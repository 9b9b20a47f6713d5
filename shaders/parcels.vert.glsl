// parcels.vert.glsl — one quad per parcel segment: four vertices that carry the same
// (from, to, depart, arrive, colour, size) and differ by gl_VertexID. The position at the
// current time is computed here, so the CPU uploads a segment once and the GPU
// animates it. Times are relative to a base the CPU picks (u_time too), which keeps
// them small enough for 32-bit floats. The "#version 300 es" line is added at load,
// and after it the shapes' aspects and parcel_ease, generated from
// app/render/parcel_geometry.h (the CPU places parcels by the same header).
precision highp float;

layout(location = 0) in vec4 a_route;   // from.xy, to.xy in world units
layout(location = 1) in vec2 a_times;   // depart, arrive
layout(location = 2) in vec4 a_color;
layout(location = 3) in float a_size;   // side in pixels; negative marks a folded parcel
layout(location = 4) in float a_shape;  // 0 box, 1 disc, 2 flat slab, 3 tall cabinet

uniform float u_time;
uniform vec2 u_world_to_px_scale;       // world -> framebuffer pixels
uniform vec2 u_world_to_px_offset;
uniform vec2 u_viewport;                // framebuffer size in pixels
uniform float u_arc;                    // how far a route bows, as a share of its length

out vec4 v_color;
out vec2 v_uv;
flat out float v_folded;
flat out float v_shape;

void main() {
    float span = max(a_times.y - a_times.x, 1e-9);
    float t = (u_time - a_times.x) / span;
    if (t < 0.0 || t > 1.0) {           // not on the road now: outside the clip volume
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
        return;
    }
    float e = parcel_ease(t);           // ease in and out: parcels leave and arrive gently
    vec2 from = a_route.xy, to = a_route.zw;
    vec2 d = to - from;
    vec2 normal = vec2(-d.y, d.x);
    vec2 world = mix(from, to, e) + normal * (u_arc * 4.0 * e * (1.0 - e));
    vec2 px = world * u_world_to_px_scale + u_world_to_px_offset;

    int k = gl_VertexID & 3;            // which corner of the parcel's quad
    vec2 corner = vec2(float(k & 1), float(k >> 1)) * 2.0 - 1.0;
    vec2 aspect = a_shape == 2.0 ? kSlabAspect : a_shape == 3.0 ? kCabinetAspect : vec2(1.0);
    px += corner * aspect * abs(a_size) * 0.5;
    vec2 clip = px / u_viewport * 2.0 - 1.0;
    gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
    v_color = a_color;
    v_uv = corner;
    v_folded = a_size < 0.0 ? 1.0 : 0.0;
    v_shape = a_shape;
}

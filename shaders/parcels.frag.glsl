// parcels.frag.glsl — a parcel is a rounded box (or a disc) with a darker rim; a folded parcel
// (one drawn parcel standing for many) gets a double rim so it reads as a stack.
precision mediump float;

in vec4 v_color;
in vec2 v_uv;
flat in float v_folded;
flat in float v_shape;
out vec4 frag_color;

void main() {
    vec2 q = abs(v_uv);
    float r = v_shape == 1.0 ? length(v_uv)             // a wafer is a disc
                             : length(max(q - 0.55, 0.0)) / 0.45;  // else rounded corners
    if (r > 1.0) discard;
    float edge = max(max(q.x, q.y), r);
    vec3 c = v_color.rgb;
    if (edge > 0.78) c *= 0.55;                        // rim
    if (v_folded > 0.5 && edge > 0.45 && edge < 0.6) c *= 0.6;  // inner rim: a stack
    frag_color = vec4(c, v_color.a);
}

// layer.frag.glsl — copies a cached layer (map or panels) pixel for pixel: the layer has
// the framebuffer's size and nearest filtering, and each pixel centre samples its
// texel's centre. Colours are premultiplied.
precision mediump float;

uniform sampler2D u_layer;
in vec2 v_uv;
out vec4 frag_color;

void main() {
    frag_color = texture(u_layer, v_uv);
}

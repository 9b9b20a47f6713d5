// layer.vert.glsl — a cached layer's tiles, as triangles in clip space. The
// layer covers the whole framebuffer, so a tile's texture coordinate follows from
// its position.
in vec2 a_pos;
out vec2 v_uv;

void main() {
    v_uv = a_pos * 0.5 + 0.5;
    gl_Position = vec4(a_pos, 0.0, 1.0);
}

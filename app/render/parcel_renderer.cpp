// parcel_renderer.cpp — see parcel_renderer.h.
#include "app/render/parcel_renderer.h"

#include <algorithm>
#include <cstddef>

#include "app/render/gl_shader.h"

bool ParcelRenderer::init(std::string* error) {
    program_ = build_program("parcels.vert.glsl", "parcels.frag.glsl", error, parcel_geometry_glsl());
    if (!program_) return false;
    u_time_ = glGetUniformLocation(program_, "u_time");
    u_scale_ = glGetUniformLocation(program_, "u_world_to_px_scale");
    u_offset_ = glGetUniformLocation(program_, "u_world_to_px_offset");
    u_viewport_ = glGetUniformLocation(program_, "u_viewport");
    u_arc_ = glGetUniformLocation(program_, "u_arc");
    u_stepped_ = glGetUniformLocation(program_, "u_stepped");

    glGenVertexArrays(1, &vao_);
    glGenBuffers(1, &vbo_);
    glGenBuffers(1, &ibo_);
    glBindVertexArray(vao_);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    const GLsizei stride = sizeof(ParcelInstance);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, stride, (void*)offsetof(ParcelInstance, from_x));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride, (void*)offsetof(ParcelInstance, depart));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, (void*)offsetof(ParcelInstance, rgba));
    glEnableVertexAttribArray(3);
    glVertexAttribPointer(3, 1, GL_FLOAT, GL_FALSE, stride, (void*)offsetof(ParcelInstance, size_px));
    glEnableVertexAttribArray(4);
    glVertexAttribPointer(4, 1, GL_FLOAT, GL_FALSE, stride, (void*)offsetof(ParcelInstance, shape));
    glBindVertexArray(0);
    return true;
}

// Each parcel goes in as four vertices, one per corner, with the same attributes
// (the shader tells the corners apart by gl_VertexID), and six indices. Not
// instancing: in software GL (Chromium's SwiftShader) an instanced draw of ~400
// fab parcels took about 8 ms of CPU a frame, this takes about 3 ms.
void ParcelRenderer::upload(const std::vector<ParcelInstance>& parcels) {
    const size_t n = parcels.size();
    if (n > capacity_) {
        capacity_ = n + n / 2 + 64;  // grow with headroom
        glBindBuffer(GL_ARRAY_BUFFER, vbo_);
        glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(capacity_ * 4 * sizeof(ParcelInstance)), nullptr, GL_DYNAMIC_DRAW);
        std::vector<uint32_t> idx(capacity_ * 6);
        for (uint32_t p = 0; p < uint32_t(capacity_); p++) {
            const uint32_t v = p * 4, tri[6] = {v, v + 1, v + 2, v + 2, v + 1, v + 3};
            std::copy(tri, tri + 6, idx.begin() + long(p) * 6);
        }
        glBindVertexArray(vao_);  // the element buffer binding belongs to the vertex array
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo_);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(idx.size() * sizeof(uint32_t)), idx.data(), GL_STATIC_DRAW);
        glBindVertexArray(0);
    }
    corners_.resize(n * 4);
    for (size_t i = 0; i < n; i++) std::fill_n(corners_.begin() + long(i) * 4, 4, parcels[i]);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    if (n) glBufferSubData(GL_ARRAY_BUFFER, 0, GLsizeiptr(corners_.size() * sizeof(ParcelInstance)), corners_.data());
    parcels_ = parcels;
}

void ParcelRenderer::draw(float time, const View2D& view, int fb_w, int fb_h, const PixelRect* clip) {
    if (!program_ || parcels_.empty()) return;
    glUseProgram(program_);
    glUniform1f(u_time_, time);
    glUniform2f(u_scale_, view.scale_x, view.scale_y);
    glUniform2f(u_offset_, view.offset_x, view.offset_y);
    glUniform2f(u_viewport_, float(fb_w), float(fb_h));
    glUniform1f(u_arc_, kParcelArc);
    glUniform1f(u_stepped_, reduced_motion() ? 1.0f : 0.0f);
    glDisable(GL_BLEND);  // parcels are opaque (corners are discarded): no read-back per pixel
    glDisable(GL_DEPTH_TEST);
    if (clip) {
        if (clip->x1 <= clip->x0 || clip->y1 <= clip->y0) return;
        glEnable(GL_SCISSOR_TEST);
        glScissor(clip->x0, fb_h - clip->y1, clip->x1 - clip->x0, clip->y1 - clip->y0);
    } else {
        glDisable(GL_SCISSOR_TEST);
    }
    glViewport(0, 0, fb_w, fb_h);
    glBindVertexArray(vao_);
    glDrawElements(GL_TRIANGLES, GLsizei(parcels_.size() * 6), GL_UNSIGNED_INT, nullptr);
    glBindVertexArray(0);
    glDisable(GL_SCISSOR_TEST);
}

void ParcelRenderer::shutdown() {
    if (vbo_) glDeleteBuffers(1, &vbo_);
    if (ibo_) glDeleteBuffers(1, &ibo_);
    if (vao_) glDeleteVertexArrays(1, &vao_);
    if (program_) glDeleteProgram(program_);
    vbo_ = ibo_ = vao_ = program_ = 0;
    capacity_ = 0;
    parcels_.clear();
}

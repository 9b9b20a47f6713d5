// parcel_renderer.cpp — see parcel_renderer.h.
#include "parcel_renderer.h"

#include <cstddef>

#include "gl_shader.h"

bool ParcelRenderer::init(std::string* error) {
    program_ = build_program("parcels.vert.glsl", "parcels.frag.glsl", error);
    if (!program_) return false;
    u_time_ = glGetUniformLocation(program_, "u_time");
    u_scale_ = glGetUniformLocation(program_, "u_world_to_px_scale");
    u_offset_ = glGetUniformLocation(program_, "u_world_to_px_offset");
    u_viewport_ = glGetUniformLocation(program_, "u_viewport");
    u_arc_ = glGetUniformLocation(program_, "u_arc");

    glGenVertexArrays(1, &vao_);
    glGenBuffers(1, &vbo_);
    glBindVertexArray(vao_);
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
    for (GLuint i = 0; i < 5; i++) glVertexAttribDivisor(i, 1);
    glBindVertexArray(0);
    return true;
}

void ParcelRenderer::upload(const std::vector<ParcelInstance>& parcels) {
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    size_t bytes = parcels.size() * sizeof(ParcelInstance);
    if (parcels.size() > capacity_) {
        capacity_ = parcels.size() + parcels.size() / 2 + 64;  // grow with headroom
        glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(capacity_ * sizeof(ParcelInstance)), nullptr, GL_DYNAMIC_DRAW);
    }
    if (bytes) glBufferSubData(GL_ARRAY_BUFFER, 0, GLsizeiptr(bytes), parcels.data());
    count_ = parcels.size();
}

void ParcelRenderer::draw(float time, const View2D& view, int fb_w, int fb_h, float arc) {
    if (!program_ || count_ == 0) return;
    glUseProgram(program_);
    glUniform1f(u_time_, time);
    glUniform2f(u_scale_, view.scale_x, view.scale_y);
    glUniform2f(u_offset_, view.offset_x, view.offset_y);
    glUniform2f(u_viewport_, float(fb_w), float(fb_h));
    glUniform1f(u_arc_, arc);
    glDisable(GL_BLEND);  // parcels are opaque (corners are discarded): no read-back per pixel
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glViewport(0, 0, fb_w, fb_h);
    glBindVertexArray(vao_);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, GLsizei(count_));
    glBindVertexArray(0);
}

void ParcelRenderer::shutdown() {
    if (vbo_) glDeleteBuffers(1, &vbo_);
    if (vao_) glDeleteVertexArrays(1, &vao_);
    if (program_) glDeleteProgram(program_);
    vbo_ = vao_ = program_ = 0;
    count_ = capacity_ = 0;
}

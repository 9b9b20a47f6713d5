// parcel_renderer.h — draws every parcel in flight with one draw call.
//
// The CPU hands over segments (from, to, depart, arrive, colour, size) in world
// units; the vertex shader (shaders/parcels.vert.glsl) places each parcel from the
// current time. Upload only when the segments change; drawing costs one call
// however many parcels there are.
//
// Usage:
//   ParcelRenderer r; r.init(&err);
//   r.upload(instances);                 // when the simulation emitted new segments
//   r.draw(time, view, fb_w, fb_h);      // every frame, inside the GL frame
//   r.parcels();                         // what was uploaded (see parcel_bounds.h)
//   r.shutdown();
#pragma once
#include <GLES3/gl3.h>

#include <cstdint>
#include <string>
#include <vector>

struct ParcelInstance {
    float from_x, from_y, to_x, to_y;  // world units
    float depart, arrive;              // relative to the renderer's time base
    uint32_t rgba;                     // 0xAABBGGRR, as bytes r, g, b, a in memory
    float size_px;                     // negative: a folded parcel standing for many
    float shape = 0;                   // ParcelShape: what the parcel looks like
};

// 0 a box, 1 a disc (a wafer), 2 a flat slab (a tray), 3 a tall cabinet (a rack).
enum ParcelShape : int { kShapeBox = 0, kShapeDisc = 1, kShapeSlab = 2, kShapeCabinet = 3 };

// How far a route bows sideways, as a share of its length (the shader's u_arc).
constexpr float kParcelArc = 0.08f;

// World-to-framebuffer-pixel mapping: px = world * scale + offset.
struct View2D {
    float scale_x = 1, scale_y = 1, offset_x = 0, offset_y = 0;
};

class ParcelRenderer {
public:
    bool init(std::string* error);
    void upload(const std::vector<ParcelInstance>& parcels);
    void draw(float time, const View2D& view, int fb_w, int fb_h);
    void shutdown();
    size_t count() const { return parcels_.size(); }
    const std::vector<ParcelInstance>& parcels() const { return parcels_; }  // as last uploaded

private:
    GLuint program_ = 0, vao_ = 0, vbo_ = 0, ibo_ = 0;
    std::vector<ParcelInstance> parcels_;  // what the buffers hold, one per parcel
    std::vector<ParcelInstance> corners_;  // upload scratch: four vertices per parcel
    GLint u_time_ = -1, u_scale_ = -1, u_offset_ = -1, u_viewport_ = -1, u_arc_ = -1;
    size_t capacity_ = 0;
};

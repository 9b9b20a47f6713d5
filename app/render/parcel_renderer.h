// parcel_renderer.h — draws every parcel in flight with one draw call.
//
// The CPU hands over segments (from, to, depart, arrive, colour, size) in world
// units; the vertex shader (shaders/parcels.vert.glsl) places each parcel from the
// current time, as parcel_geometry.h says. Upload only when the segments change; drawing costs one call
// however many parcels there are.
//
// Usage:
//   ParcelRenderer r; r.init(&err);
//   r.upload(instances);                 // when the simulation emitted new segments
//   r.draw(time, view, fb_w, fb_h);      // every frame, inside the GL frame
//   r.draw(time, view, fb_w, fb_h, &clip);   // only inside clip (framebuffer pixels, y down)
//   r.parcels();                         // what was uploaded (see parcel_bounds.h)
//   r.shutdown();
#pragma once
#include <GLES3/gl3.h>

#include <string>
#include <vector>

#include "app/render/parcel_geometry.h"
#include "app/render/tile_mask.h"

class ParcelRenderer {
public:
    bool init(std::string* error);
    void upload(const std::vector<ParcelInstance>& parcels);
    // clip: the map's own area, so parcels never cross a panel or another map.
    void draw(float time, const View2D& view, int fb_w, int fb_h, const PixelRect* clip = nullptr);
    void shutdown();
    size_t count() const { return parcels_.size(); }
    const std::vector<ParcelInstance>& parcels() const { return parcels_; }  // as last uploaded

private:
    GLuint program_ = 0, vao_ = 0, vbo_ = 0, ibo_ = 0;
    std::vector<ParcelInstance> parcels_;  // what the buffers hold, one per parcel
    std::vector<ParcelInstance> corners_;  // upload scratch: four vertices per parcel
    GLint u_time_ = -1, u_scale_ = -1, u_offset_ = -1, u_viewport_ = -1, u_arc_ = -1, u_stepped_ = -1;
    size_t capacity_ = 0;
};

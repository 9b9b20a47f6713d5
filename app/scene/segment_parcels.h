// segment_parcels.h — a model's parcel segments on one map: kept in a parcel
// renderer (uploaded again only when the segments or the zoom changed) and drawn
// as one parcel pass of the frame. A scene's own map has one; compare's race has
// one per map, so A's and B's parcels move each on their own map.
//
// Usage (inside a map's drawing, after what lies under the parcels):
//   SegmentParcels p;                                   // needs a GL context
//   p.draw(model, generation, station_pos, style, view, in);  // queues the pass into in.parcels
//   p.drawn();                                          // parcels in the last upload
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/model.h"
#include "app/render/parcel_renderer.h"
#include "app/render/world_view.h"
#include "app/scene/scene.h"

// How a parcel of one kind looks.
struct ParcelStyle {
    uint32_t rgba = 0xFFFFFFFFu;  // bytes r, g, b, a (use rgba_u32)
    float size_px = 10;          // logical pixels; at least 10 so one can be followed by eye
    int shape = kShapeBox;       // ParcelShape
};

constexpr uint32_t rgba_u32(int r, int g, int b, int a = 255) {
    return uint32_t(r) | uint32_t(g) << 8 | uint32_t(b) << 16 | uint32_t(a) << 24;
}

using StationPosition = std::function<ImVec2(size_t station)>;
using ParcelStyleOf = std::function<ParcelStyle(uint16_t kind)>;

class SegmentParcels {
public:
    SegmentParcels();
    ~SegmentParcels();
    SegmentParcels(const SegmentParcels&) = delete;
    SegmentParcels& operator=(const SegmentParcels&) = delete;

    // Uploads the model's segments when they changed (a new version, or a new
    // generation of the run: a restart or rewind, see RunController::generation) or
    // the zoom did (overlapping parcels fold differently), and queues the frame's
    // parcel pass for this view.
    void draw(tj::Model& model, uint64_t generation, const StationPosition& position, const ParcelStyleOf& style,
              const WorldView& view, const FrameInput& in);
    size_t drawn() const { return drawn_; }
    const std::string& error() const { return error_; }  // the renderer could not start: why

private:
    ParcelRenderer renderer_;
    std::string error_;
    // What the parcels on the GPU were made from: the run's generation and its
    // segments' version, and the zoom the upload folded overlapping parcels for.
    uint64_t uploaded_generation_ = ~0ull, uploaded_version_ = ~0ull;
    float uploaded_px_per_world_ = 0;
    float uploaded_size_scale_ = 0;
    double upload_base_ = 0;
    size_t drawn_ = 0;
    std::vector<ParcelInstance> scratch_;
};

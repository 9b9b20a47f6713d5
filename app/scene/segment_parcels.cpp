// segment_parcels.cpp — see segment_parcels.h.
#include "app/scene/segment_parcels.h"

#include "app/render/parcel_fold.h"

SegmentParcels::SegmentParcels() { renderer_.init(&error_); }

SegmentParcels::~SegmentParcels() { renderer_.shutdown(); }

void SegmentParcels::draw(tj::Model& model, uint64_t generation, const StationPosition& position,
                          const ParcelStyleOf& style, const WorldView& view, const FrameInput& in) {
    tj::SegmentBuffer& segs = model.segments();
    double unit = model.natural_time_unit();
    const float px_per_world = view.zoom() * in.fb_scale;  // framebuffer pixels, as the shader draws
    // Styles give sizes in logical pixels: as large on a phone's dense screen and larger in presenter mode.
    const float size_scale = in.fb_scale * in.ui_scale;
    if (generation != uploaded_generation_ || segs.version() != uploaded_version_ ||
        px_per_world != uploaded_px_per_world_ || size_scale != uploaded_size_scale_) {
        upload_base_ = model.now();
        scratch_.clear();
        for (const tj::Segment& s : segs.items()) {
            ImVec2 a = position(s.from), b = position(s.to);
            ParcelStyle st = style(s.kind);
            float size = (s.count > 1 ? -kFoldedParcelScale : 1.0f) * st.size_px * size_scale;
            scratch_.push_back({a.x, a.y, b.x, b.y, float((s.depart - upload_base_) / unit),
                                float((s.arrive - upload_base_) / unit), st.rgba, size, float(st.shape)});
        }
        fold_overlapping(scratch_, px_per_world);
        renderer_.upload(scratch_);
        uploaded_generation_ = generation;
        uploaded_version_ = segs.version();
        uploaded_px_per_world_ = px_per_world;
        uploaded_size_scale_ = size_scale;
        drawn_ = scratch_.size();
    }
    in.parcels->add(ImGui::GetBackgroundDrawList(), &renderer_, float((model.now() - upload_base_) / unit),
                    view.gl_view(in.fb_scale), in.fb_w, in.fb_h);
}

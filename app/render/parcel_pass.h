// parcel_pass.h — the frame's parcel passes: where in ImGui's draw lists the parcel
// renderer draws, between the map drawn before it and the labels drawn after it.
//
// The App owns one list, clears it when a frame begins and hands it to the scene in
// FrameInput; the scene adds its pass while drawing the map; the layer cache runs
// and marks the passes while rendering that frame. Each ImGui callback carries a
// pointer to its pass, which stays valid until the list is cleared.
//
// Usage:
//   ParcelPasses passes;                                    // the App's
//   passes.clear();                                         // at the start of a frame
//   passes.add(ImGui::GetBackgroundDrawList(), &renderer, time, view, fb_w, fb_h);  // the scene
//   LayerFrame f{ParcelPasses::run, ParcelPasses::mark, ...};                      // rendering
#pragma once
#include <deque>

#include "imgui.h"
#include "app/render/parcel_renderer.h"
#include "app/render/tile_mask.h"

struct ParcelPass {
    ParcelRenderer* renderer;
    float time;
    View2D view;
    int fb_w, fb_h;
    PixelRect clip;  // the draw list's clip rectangle when the pass was added, in framebuffer pixels
};

class ParcelPasses {
public:
    // Queues a pass into the draw list: parcels land above what was drawn before
    // this call and below what is drawn after it, inside the list's clip rectangle
    // of that moment (the map's area: parcels never cross a panel).
    void add(ImDrawList* list, ParcelRenderer* renderer, float time, const View2D& view, int fb_w, int fb_h);
    void clear() { passes_.clear(); }
    size_t size() const { return passes_.size(); }
    const ParcelPass& operator[](size_t i) const { return passes_[i]; }

    // The callback that draws a pass (ImDrawCallback), and the tiles it draws on now.
    static void run(const ImDrawList* list, const ImDrawCmd* cmd);
    static void mark(const ImDrawCmd* cmd, TileMask* mask);

private:
    std::deque<ParcelPass> passes_;  // a deque: adding keeps earlier passes where they are
};

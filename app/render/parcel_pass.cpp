// parcel_pass.cpp — see parcel_pass.h.
#include "app/render/parcel_pass.h"

#include <algorithm>
#include <cmath>

#include "app/render/parcel_bounds.h"

namespace {
const ParcelPass& pass_of(const ImDrawCmd* cmd) { return *static_cast<const ParcelPass*>(cmd->UserCallbackData); }
}  // namespace

void ParcelPasses::add(ImDrawList* list, ParcelRenderer* r, float time, const View2D& view, int fb_w, int fb_h) {
    const ImVec2 s = ImGui::GetIO().DisplayFramebufferScale, lo = list->GetClipRectMin(), hi = list->GetClipRectMax();
    auto px = [](float v, float scale, int limit) { return std::clamp(int(std::lround(v * scale)), 0, limit); };
    const PixelRect clip{px(lo.x, s.x, fb_w), px(lo.y, s.y, fb_h), px(hi.x, s.x, fb_w), px(hi.y, s.y, fb_h)};
    passes_.push_back({r, time, view, fb_w, fb_h, clip});
    list->AddCallback(run, &passes_.back());
    list->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

void ParcelPasses::run(const ImDrawList*, const ImDrawCmd* cmd) {
    const ParcelPass& p = pass_of(cmd);
    p.renderer->draw(p.time, p.view, p.fb_w, p.fb_h, &p.clip);
}

void ParcelPasses::mark(const ImDrawCmd* cmd, TileMask* mask) {
    const ParcelPass& p = pass_of(cmd);
    mark_parcel_tiles(p.renderer->parcels(), p.time, p.view, mask);
}

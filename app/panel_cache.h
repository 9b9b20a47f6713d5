// panel_cache.h — draws a frame's ImGui output with everything over the parcels
// (labels, panels, captions) cached in a texture.
//
// Why: with software GL (the browser's fallback without a GPU, as on many school
// PCs and in headless Chromium) every shaded pixel and every glyph costs, and the
// panels hold most of both, yet what they show changes a few times a second while
// the parcels move every frame. So the ImGui output is cut at the parcel pass: the
// map under it is drawn directly each frame (copying a full-screen texture would
// cost more), then the live parcels, then the panel layer, copied from a texture
// only on the 16-pixel tiles where it holds something. The layer is brought up to
// date at most `hz` times a second, or at once when the caller forces it (input, a
// moved view), and then only on the tiles whose content changed (a hash per tile).
//
// Usage (inside the GL frame, after ImGui::Render()):
//   PanelCache panels; panels.init(&err);
//   panels.render(ImGui::GetDrawData(), run_parcel_pass, now_s, hz, force, backdrop);
//   panels.shutdown();
// hz <= 0, a frame with more than one parcel pass, or a driver that cannot render
// to a texture draws directly, as ImGui's backend alone would.
#pragma once
#include <GLES3/gl3.h>

#include <cstdint>
#include <string>
#include <vector>

#include "imgui.h"
#include "tile_mask.h"

class PanelCache {
public:
    bool init(std::string* error);
    void render(ImDrawData* dd, ImDrawCallback split_at, double now, double hz, bool force, const ImVec4& backdrop);
    void shutdown();
    long refreshes() const { return refreshes_; }  // layer renders since init
    bool cached() const { return cached_; }        // the last frame used the layer
    // Of the layer, the share of the framebuffer copied each frame.
    double copied_share() const;
    // Pixels drawn again into the layer since init (a refresh draws only what changed).
    long redrawn_px() const { return redrawn_px_; }

private:
    // A position in the draw data: command `cmd` of list `list`.
    struct Cut {
        int list = 0, cmd = 0;
    };
    bool fit(int w, int h);
    void draw_range(ImDrawData* dd, Cut from, Cut to);
    void hash_tiles(const ImDrawData* dd, Cut from, std::vector<uint64_t>& hash, TileMask& touched) const;
    bool draw_clipped(ImDrawData* dd, Cut from, const std::vector<PixelRect>& rects);
    void refresh(ImDrawData* dd, Cut from);
    void compose();

    GLuint program_ = 0, vao_ = 0, vbo_ = 0, tex_ = 0, fbo_ = 0;
    GLint u_layer_ = -1;
    TileMask drawn_;               // where the layer holds something
    std::vector<uint64_t> tile_hash_;  // per tile, what the layer holds (see hash_tiles)
    GLsizei tile_vertices_ = 0;    // the drawn tiles as triangles, in vbo_
    long copied_px_ = 0;           // their area
    long redrawn_px_ = 0;          // tiles drawn again by refreshes, in pixels, since init
    double drawn_at_ = 0;
    bool valid_ = false, broken_ = false, cached_ = false;
    int w_ = 0, h_ = 0;
    int had_pass_ = -1;  // parcel passes last frame: a change redraws the layer
    long refreshes_ = 0;
};

// layer_cache.h — draws a frame's ImGui output as two cached layers around the
// parcel pass: the map under the parcels, and everything over them (labels,
// panels, captions).
//
// Why: with software GL (the browser's fallback without a GPU, as on many school
// PCs and in headless Chromium) every shaded pixel, glyph and draw costs, yet from
// one frame to the next little of the map and the panels changes, while the parcels
// move every frame. So each layer lives in a texture of the framebuffer's size, cut
// into 16-pixel tiles with a hash each of what is drawn on them; bringing a layer up
// to date draws again only the tiles whose hash changed. Each frame then copies
// each layer only on the tiles that hold something: map, live parcels, panels.
// The map layer is brought up to date every frame (it may animate); the panel layer
// at most `hz` times a second, or at once when the caller forces it (input, a moved
// view).
//
// Usage (inside the GL frame, after ImGui::Render()):
//   LayerCache layers; layers.init(&err);
//   layers.render(ImGui::GetDrawData(), run_parcel_pass, now_s, hz, force, backdrop);
//   layers.shutdown();
// hz <= 0, a frame with more than one parcel pass, or a driver that cannot render
// to a texture draws directly, as ImGui's backend alone would.
#pragma once
#include <GLES3/gl3.h>

#include <cstdint>
#include <string>
#include <vector>

#include "imgui.h"
#include "tile_mask.h"

class LayerCache {
public:
    bool init(std::string* error);
    void render(ImDrawData* dd, ImDrawCallback split_at, double now, double hz, bool force, const ImVec4& backdrop);
    void shutdown();
    long refreshes() const { return refreshes_; }  // panel layer updates since init
    bool cached() const { return cached_; }        // the last frame used the layers
    // Of the layers, the share of the framebuffer copied each frame (both counted).
    double copied_share() const;
    // Pixels drawn again into the layers since init (only changed tiles are).
    long redrawn_px() const { return redrawn_px_; }
    double map_changed_share() const { return map_.changed_share; }
    // Whether the map is a cached layer (the default) or drawn directly every frame.
    void set_map_cached(bool on) { cache_map_ = on; }
    bool map_cached() const { return cache_map_; }
    double panels_changed_share() const { return panels_.changed_share; }

private:
    // A position in the draw data: command `cmd` of list `list`.
    struct Cut {
        int list = 0, cmd = 0;
    };
    // One cached layer: a texture the size of the framebuffer, and what it holds.
    struct Layer {
        GLuint tex = 0, fbo = 0, vao = 0, vbo = 0;
        TileMask drawn;               // where the layer holds something
        std::vector<uint64_t> hash;   // per tile, what the layer holds (see hash_tiles)
        GLsizei tile_vertices = 0;    // the drawn tiles as triangles, in vbo
        long copied_px = 0;           // their area
        double changed_share = 0;     // of its tiles, the share an update draws again (running mean)
        bool valid = false;
    };
    bool fit(int w, int h);
    void draw_range(ImDrawData* dd, Cut from, Cut to);
    void hash_tiles(const ImDrawData* dd, Cut from, Cut to, std::vector<uint64_t>& hash, TileMask& touched) const;
    bool draw_clipped(ImDrawData* dd, Cut from, Cut to, const std::vector<PixelRect>& rects);
    void refresh(Layer& layer, ImDrawData* dd, Cut from, Cut to);
    void compose(const Layer& layer);

    GLuint program_ = 0;
    GLint u_layer_ = -1;
    Layer map_, panels_;           // under the parcels, over them
    long redrawn_px_ = 0;          // tiles drawn again by refreshes, in pixels, since init
    double drawn_at_ = 0;
    bool broken_ = false, cached_ = false, cache_map_ = true;
    int w_ = 0, h_ = 0;
    int had_pass_ = -1;  // parcel passes last frame: a change redraws the layer
    long refreshes_ = 0;
};

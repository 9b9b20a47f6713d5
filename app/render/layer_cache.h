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
// Where the window keeps its pixels from one frame to the next (a browser canvas
// with preserveDrawingBuffer), a frame draws only the tiles that changed: those the
// layer updates drew again, and those the parcels cover now or covered last frame.
// A still scene then costs almost nothing to draw.
//
// What this asks of the scenes (what goes in which layer, the panel rate, one
// parcel pass) is stated once, in app/scene/scene.h.
//
// Usage (inside the GL frame, after ImGui::Render()):
//   LayerCache layers; layers.init(&err);
//   layers.set_framebuffer_kept(true);          // only if the window keeps its pixels
//   LayerFrame f{run_parcel_pass, mark_parcel_pass, now_s, hz, force, backdrop};
//   layers.render(ImGui::GetDrawData(), f);
//   layers.shutdown();
// hz <= 0, a frame with more than one parcel pass, or a driver that cannot render
// to a texture draws directly, as ImGui's backend alone would.
#pragma once
#include <GLES3/gl3.h>

#include <cstdint>
#include <string>
#include <vector>

#include "app/render/imgui_draw_parts.h"
#include "app/render/tile_mask.h"
#include "imgui.h"

// One frame's instructions to the cache.
struct LayerFrame {
    ImDrawCallback parcel_pass = nullptr;  // the callback that draws parcels, between the layers
    // Marks the tiles that parcel pass draws on now; null: it may draw anywhere.
    void (*mark_parcels)(const ImDrawCmd* pass, TileMask* mask) = nullptr;
    double now = 0;      // seconds
    double hz = 0;       // panel layer updates per second; <= 0 draws directly
    bool force = false;  // update the panel layer now
    ImVec4 backdrop;     // the colour behind everything
};

class LayerCache {
public:
    bool init(std::string* error);
    void render(ImDrawData* dd, const LayerFrame& f);
    void shutdown();
    // The default framebuffer keeps its pixels between frames: draw only changes.
    void set_framebuffer_kept(bool on) { kept_ = on; screen_valid_ = false; }
    bool framebuffer_kept() const { return kept_; }
    // Of the framebuffer, the share the frames draw (running mean): 1 when each frame draws all of it.
    double screen_drawn_share() const { return screen_drawn_share_; }
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
    // Whether the panels are a cached layer (the default) or drawn directly every frame.
    void set_panels_cached(bool on) { cache_panels_ = on; }
    bool panels_cached() const { return cache_panels_; }
    // Whether a layer update redraws only the tiles whose hash changed (the default)
    // or the whole layer.
    void set_tiles_hashed(bool on) { hash_tiles_ = on; }
    bool tiles_hashed() const { return hash_tiles_; }

private:
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
    void run_pass(ImDrawData* dd) const;
    bool fit(int w, int h);
    void hash_tiles(const ImDrawData* dd, DrawCut from, DrawCut to, std::vector<uint64_t>& hash, TileMask& touched) const;
    TileMask refresh(Layer& layer, ImDrawData* dd, DrawCut from, DrawCut to);
    GLsizei upload_tiles(GLuint vbo, const std::vector<PixelRect>& rects) const;
    void compose(const Layer& layer, GLuint vao, GLsizei vertices);
    void compose_changes(ImDrawData* dd, const LayerFrame& f, const TileMask& dirty);

    CallbackSearch pass_;          // this frame's parcel passes
    GLuint part_vao_ = 0, part_vbo_ = 0;  // tiles of a layer to copy in a frame that draws only changes
    TileMask parcels_before_;      // the tiles the parcels covered last frame
    double screen_drawn_share_ = 1;
    bool kept_ = false, screen_valid_ = false;  // the framebuffer keeps pixels; it holds the last frame

    GLuint program_ = 0;
    GLint u_layer_ = -1;
    Layer map_, panels_;           // under the parcels, over them
    long redrawn_px_ = 0;          // tiles drawn again by refreshes, in pixels, since init
    double drawn_at_ = 0;
    bool broken_ = false, cached_ = false, cache_map_ = true, cache_panels_ = true, hash_tiles_ = true;
    int w_ = 0, h_ = 0;
    int had_pass_ = -1;  // parcel passes last frame: a change redraws the layer
    long refreshes_ = 0;
};

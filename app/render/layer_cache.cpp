// layer_cache.cpp — see layer_cache.h.
#include "app/render/layer_cache.h"

#include <algorithm>
#include <cmath>

#include "app/render/gl_shader.h"
#include "core/hash.h"

namespace {
constexpr int kTilePx = 16;  // the side of a tile, in framebuffer pixels

void clear_bound(int w, int h, const ImVec4& c) {
    glViewport(0, 0, w, h);
    glDisable(GL_SCISSOR_TEST);  // glClear obeys the scissor
    glClearColor(c.x, c.y, c.z, c.w);
    glClear(GL_COLOR_BUFFER_BIT);
}

// Clears only `rects` (pixels, y down) of the bound framebuffer of height h.
void clear_rects(int w, int h, const std::vector<PixelRect>& rects, const ImVec4& c) {
    glViewport(0, 0, w, h);
    glClearColor(c.x, c.y, c.z, c.w);
    glEnable(GL_SCISSOR_TEST);
    for (const PixelRect& r : rects) {
        glScissor(r.x0, h - r.y1, r.x1 - r.x0, r.y1 - r.y0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    glDisable(GL_SCISSOR_TEST);
}

// A vertex array of 2D positions (clip space) in its own buffer.
void make_position_array(GLint a_pos, GLuint* vao, GLuint* vbo) {
    glGenVertexArrays(1, vao);
    glGenBuffers(1, vbo);
    glBindVertexArray(*vao);
    glBindBuffer(GL_ARRAY_BUFFER, *vbo);
    glEnableVertexAttribArray(GLuint(a_pos));
    glVertexAttribPointer(GLuint(a_pos), 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glBindVertexArray(0);
}

// Beyond this share of changed tiles, a frame is drawn whole: fewer, larger draws.
constexpr double kWholeFrameShare = 0.75;

}  // namespace

bool LayerCache::init(std::string* error) {
    program_ = build_program("layer.vert.glsl", "layer.frag.glsl", error);
    if (!program_) return false;
    u_layer_ = glGetUniformLocation(program_, "u_layer");
    GLint a_pos = glGetAttribLocation(program_, "a_pos");
    for (Layer* l : {&map_, &panels_}) {
        make_position_array(a_pos, &l->vao, &l->vbo);
        glGenTextures(1, &l->tex);
        glGenFramebuffers(1, &l->fbo);
    }
    make_position_array(a_pos, &part_vao_, &part_vbo_);
    return true;
}

void LayerCache::shutdown() {
    for (Layer* l : {&map_, &panels_}) {
        if (l->fbo) glDeleteFramebuffers(1, &l->fbo);
        if (l->tex) glDeleteTextures(1, &l->tex);
        if (l->vbo) glDeleteBuffers(1, &l->vbo);
        if (l->vao) glDeleteVertexArrays(1, &l->vao);
        *l = Layer{};
    }
    if (part_vbo_) glDeleteBuffers(1, &part_vbo_);
    if (part_vao_) glDeleteVertexArrays(1, &part_vao_);
    part_vao_ = part_vbo_ = 0;
    if (program_) glDeleteProgram(program_);
    program_ = 0;
}

// The layer texture at the framebuffer's size. A size the driver refuses is
// remembered, and frames of that size are drawn directly.
bool LayerCache::fit(int w, int h) {
    if (!program_) return false;
    if (w == w_ && h == h_) return !broken_;
    w_ = w, h_ = h;
    broken_ = false;
    screen_valid_ = false;
    for (Layer* l : {&map_, &panels_}) {
        l->valid = false;
        glBindTexture(GL_TEXTURE_2D, l->tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        glBindFramebuffer(GL_FRAMEBUFFER, l->fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, l->tex, 0);
        broken_ = broken_ || glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE;
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return !broken_;
}

// Per tile, a hash of what is drawn on it, in order: the triangles (vertices,
// clip rectangle, texture). A tile whose hash is unchanged shows the same pixels.
void LayerCache::hash_tiles(const ImDrawData* dd, DrawCut from, DrawCut to, std::vector<uint64_t>& hash, TileMask& touched) const {
    touched.reset(w_, h_, kTilePx);
    hash.assign(size_t(touched.tiles()), 0);
    for_each_triangle(dd, from, to, [&](const ImDrawCmd& cmd, const ImDrawVert* const v[3], float x0, float y0, float x1, float y1) {
        int c0, r0, c1, r1;
        if (!touched.tiles_of(x0, y0, x1, y1, &c0, &r0, &c1, &r1)) return;
        if (!hash_tiles_) {
            for (int r = r0; r <= r1; r++)
                for (int c = c0; c <= c1; c++) touched.mark_tile(r * touched.cols() + c);
            return;
        }
        uint64_t h = tj::fnv1a(&cmd.ClipRect, sizeof cmd.ClipRect);
        ImTextureID tex = cmd.GetTexID();
        h = tj::fnv1a(&tex, sizeof tex, h);
        for (int k = 0; k < 3; k++) h = tj::fnv1a(v[k], sizeof(ImDrawVert), h);
        for (int r = r0; r <= r1; r++)
            for (int c = c0; c <= c1; c++) {
                int t = r * touched.cols() + c;
                hash[size_t(t)] = (hash[size_t(t)] ^ h) * tj::kFnv1aPrime + 1;  // order matters: not commutative
                touched.mark_tile(t);
            }
    });
}

// Brings the layer up to date: only the tiles whose content changed are cleared
// and drawn again (all of them when the layer is not valid), and then the tiles
// that hold something are uploaded as triangles for compose(). When no tile
// changed (every frame of a still map) there is nothing to do: the same tiles
// hold the same things. Returns the tiles drawn again.
TileMask LayerCache::refresh(Layer& layer, ImDrawData* dd, DrawCut from, DrawCut to) {
    std::vector<uint64_t> hash;
    TileMask touched, changed;
    hash_tiles(dd, from, to, hash, touched);
    if (!hash_tiles_) layer.valid = false;  // no hashes: every update draws the whole layer
    changed.reset(w_, h_, kTilePx);
    for (int t = 0; t < touched.tiles(); t++)
        if (!layer.valid || hash[size_t(t)] != layer.hash[size_t(t)]) changed.mark_tile(t);
    if (layer.valid) {
        double share = double(changed.marked_tiles()) / std::max(1, touched.marked_tiles());
        layer.changed_share = layer.changed_share * 0.9 + share * 0.1;
    }
    const std::vector<PixelRect> rects = changed.rects();
    if (layer.valid && rects.empty()) return changed;
    glBindFramebuffer(GL_FRAMEBUFFER, layer.fbo);
    if (layer.valid) clear_rects(w_, h_, rects, {0, 0, 0, 0});
    if (!layer.valid || !render_clipped(dd, from, to, rects)) {
        clear_bound(w_, h_, {0, 0, 0, 0});
        render_range(dd, from, to);
    }
    for (const PixelRect& r : rects) redrawn_px_ += long(r.x1 - r.x0) * long(r.y1 - r.y0);
    layer.hash.swap(hash);
    layer.drawn = touched;
    layer.valid = true;
    const std::vector<PixelRect> drawn = layer.drawn.rects();
    layer.copied_px = 0;
    for (const PixelRect& r : drawn) layer.copied_px += long(r.x1 - r.x0) * long(r.y1 - r.y0);
    layer.tile_vertices = upload_tiles(layer.vbo, drawn);
    return changed;
}

// Puts rects (pixels, y down) into vbo as two triangles each, in clip space (y
// up); returns the number of vertices.
GLsizei LayerCache::upload_tiles(GLuint vbo, const std::vector<PixelRect>& rects) const {
    std::vector<float> tris;
    tris.reserve(rects.size() * 12);
    for (const PixelRect& r : rects) {
        float x0 = 2.0f * float(r.x0) / float(w_) - 1, x1 = 2.0f * float(r.x1) / float(w_) - 1;
        float y0 = 1 - 2.0f * float(r.y1) / float(h_), y1 = 1 - 2.0f * float(r.y0) / float(h_);
        tris.insert(tris.end(), {x0, y0, x1, y0, x1, y1, x0, y0, x1, y1, x0, y1});
    }
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(tris.size() * sizeof(float)), tris.data(), GL_DYNAMIC_DRAW);
    return GLsizei(tris.size() / 2);
}

double LayerCache::copied_share() const {
    return w_ > 0 && h_ > 0 ? double(map_.copied_px + panels_.copied_px) / (double(w_) * double(h_)) : 0;
}

// Blends the layer (premultiplied colours) onto the default framebuffer, on the
// tiles held in vao.
void LayerCache::compose(const Layer& layer, GLuint vao, GLsizei vertices) {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, w_, h_);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glUseProgram(program_);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, layer.tex);
    glUniform1i(u_layer_, 0);
    glBindVertexArray(vao);
    glDrawArrays(GL_TRIANGLES, 0, vertices);
    glBindVertexArray(0);
    glBindTexture(GL_TEXTURE_2D, 0);
    glDisable(GL_BLEND);
}

// Runs this frame's parcel pass, if it has one (see pass_).
void LayerCache::run_pass(ImDrawData* dd) const {
    if (!pass_.count) return;
    run_callback(dd, pass_.first);
}

// Draws the frame on the tiles in `dirty` only, over the last frame that the
// framebuffer kept: backdrop, map, parcels, panels, as a whole frame would. The
// parcels need no clipping: every tile they cover now is dirty.
void LayerCache::compose_changes(ImDrawData* dd, const LayerFrame& f, const TileMask& dirty) {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    clear_rects(w_, h_, dirty.rects(), f.backdrop);
    auto compose_dirty = [&](const Layer& layer) {
        TileMask part = layer.drawn;
        part.intersect(dirty);
        GLsizei n = upload_tiles(part_vbo_, part.rects());
        if (n) compose(layer, part_vao_, n);
    };
    compose_dirty(map_);
    run_pass(dd);
    compose_dirty(panels_);
}

void LayerCache::render(ImDrawData* dd, const LayerFrame& f) {
    cached_ = false;
    const int w = int(dd->DisplaySize.x * dd->FramebufferScale.x), h = int(dd->DisplaySize.y * dd->FramebufferScale.y);
    if (w <= 0 || h <= 0) return;
    pass_ = find_callbacks(dd, f.parcel_pass);
    if (f.hz <= 0 || pass_.count > 1 || !fit(w, h)) {
        map_.valid = panels_.valid = screen_valid_ = false;
        screen_drawn_share_ = 1;
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        clear_bound(w, h, f.backdrop);
        render_draw_data(dd);
        return;
    }
    // Without a parcel pass there is no map: everything is in the panel layer.
    const DrawCut split{pass_.first.list, pass_.count ? pass_.first.cmd : 0};
    const DrawCut after{pass_.first.list, pass_.count ? pass_.first.cmd + 1 : 0};
    const DrawCut end{dd->CmdListsCount, 0};
    if (pass_.count != had_pass_) map_.valid = panels_.valid = false;
    had_pass_ = pass_.count;
    // The map may animate (token streams): it is brought up to date every frame, which
    // redraws only its changed tiles. The panels follow the rate.
    TileMask map_changed, panels_changed;  // empty unless updated
    if (cache_map_) map_changed = refresh(map_, dd, {0, 0}, split);
    else map_.valid = false;
    if (!cache_panels_) {
        panels_.valid = false;
    } else if (f.force || !panels_.valid || f.now - drawn_at_ >= 1.0 / f.hz || f.now < drawn_at_) {
        panels_changed = refresh(panels_, dd, after, end);
        drawn_at_ = f.now, refreshes_++;
    }
    const bool changes_only = kept_ && cache_map_ && cache_panels_;
    // Where the framebuffer keeps its pixels, what changed on screen: the layers'
    // updates, and where the parcels are and were. (Else every frame is drawn whole.)
    TileMask dirty;
    double share = 1;  // of the screen, changed since the frame the framebuffer holds
    if (changes_only) {
        TileMask parcels_now;
        parcels_now.reset(w_, h_, kTilePx);
        if (pass_.count && f.mark_parcels) f.mark_parcels(&command_at(dd, pass_.first), &parcels_now);
        else if (pass_.count) parcels_now.mark_all();
        dirty = parcels_now;
        dirty.unite(parcels_before_);
        dirty.unite(map_changed);
        dirty.unite(panels_changed);
        parcels_before_ = std::move(parcels_now);
        if (screen_valid_) share = double(dirty.marked_tiles()) / std::max(1, dirty.tiles());
    }
    const bool partial = share <= kWholeFrameShare;
    screen_drawn_share_ = screen_drawn_share_ * 0.9 + (partial ? share : 1.0) * 0.1;
    if (partial) {
        compose_changes(dd, f, dirty);
    } else {
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        clear_bound(w, h, f.backdrop);
        if (cache_map_) compose(map_, map_.vao, map_.tile_vertices);
        else render_range(dd, {0, 0}, split);
        run_pass(dd);
        if (cache_panels_) compose(panels_, panels_.vao, panels_.tile_vertices);
        else render_range(dd, after, end);
    }
    // The next frame may build on this one only if it knows where this one's parcels are.
    screen_valid_ = changes_only;
    cached_ = true;
}

// tile_mask.h — which tiles of a framebuffer something was drawn on (or changed
// on), as a few rectangles. The layer cache copies and redraws only there: in
// software GL every pixel costs, and most of a frame is the same as the last.
//
// Usage:
//   TileMask m; m.reset(fb_w, fb_h, 16);
//   int c0, r0, c1, r1;                     // a drawn box, framebuffer pixels (y down):
//   if (m.tiles_of(x0, y0, x1, y1, &c0, &r0, &c1, &r1)) ... m.mark_tile(r * m.cols() + c);
//   m.mark_box(x0, y0, x1, y1);             // or all of them at once
//   for (const PixelRect& r : m.rects())    // marked tiles: runs along each row,
//       ...                                 //   equal runs of adjacent rows joined
//   m.unite(other); m.intersect(other);     // tile by tile, same grid
// No GL and no ImGui here, so the tests can check it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

// A rectangle in framebuffer pixels, y down, half-open.
struct PixelRect {
    int x0, y0, x1, y1;
    bool operator==(const PixelRect&) const = default;
};

class TileMask {
public:
    void reset(int w, int h, int tile);
    // The tiles a box touches, clipped to the framebuffer, as an inclusive range;
    // false for none (off screen, empty, inverted or not finite).
    bool tiles_of(float x0, float y0, float x1, float y1, int* c0, int* r0, int* c1, int* r1) const;
    void mark_tile(int index) { marked_[size_t(index)] = 1; }
    void mark_box(float x0, float y0, float x1, float y1);  // every tile tiles_of gives
    void mark_all() { marked_.assign(marked_.size(), 1); }
    // Tile by tile with a mask of the same grid: marked in either; marked in both.
    void unite(const TileMask& other);
    void intersect(const TileMask& other);
    std::vector<PixelRect> rects() const;
    int marked_tiles() const;
    int cols() const { return cols_; }
    int tiles() const { return cols_ * rows_; }

private:
    int w_ = 0, h_ = 0, tile_ = 16, cols_ = 0, rows_ = 0;
    std::vector<uint8_t> marked_;
};

// A clip rectangle in framebuffer pixels, y down, not necessarily whole pixels.
struct PixelClip {
    float x0, y0, x1, y1;
};

// The pixels that ImGui's OpenGL backend keeps for a clip rectangle: its scissor
// truncates each edge (imgui_impl_opengl3.cpp, RenderDrawData), so a clip edge
// between pixels is cut there, the same in a whole frame and in a redrawn tile.
PixelRect scissor_pixels(const PixelClip& c, int fb_h);

// A clip rectangle whose scissor keeps exactly the pixels r. Its edges sit a quarter
// or half pixel inside the backend's truncations, where a DPI scale's rounding (a
// thousandth of a pixel) cannot move them across.
PixelClip clip_keeping(const PixelRect& r);

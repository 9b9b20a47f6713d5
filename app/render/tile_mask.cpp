// tile_mask.cpp — see tile_mask.h.
#include "app/render/tile_mask.h"

#include <algorithm>
#include <cmath>

void TileMask::reset(int w, int h, int tile) {
    w_ = std::max(w, 0), h_ = std::max(h, 0), tile_ = std::max(tile, 1);
    cols_ = (w_ + tile_ - 1) / tile_, rows_ = (h_ + tile_ - 1) / tile_;
    marked_.assign(size_t(cols_) * size_t(rows_), 0);
}

bool TileMask::tiles_of(float x0, float y0, float x1, float y1, int* c0, int* r0, int* c1, int* r1) const {
    if (!(x1 > x0 && y1 > y0) || !std::isfinite(x0) || !std::isfinite(y0) || !std::isfinite(x1) || !std::isfinite(y1))
        return false;
    x0 = std::max(x0, 0.0f), y0 = std::max(y0, 0.0f);
    x1 = std::min(x1, float(w_)), y1 = std::min(y1, float(h_));
    if (!(x1 > x0 && y1 > y0)) return false;
    // Pixel p is drawn when its centre is inside: p runs from floor(x0) to ceil(x1) - 1.
    *c0 = int(x0) / tile_, *c1 = (int(std::ceil(x1)) - 1) / tile_;
    *r0 = int(y0) / tile_, *r1 = (int(std::ceil(y1)) - 1) / tile_;
    return true;
}

void TileMask::mark_box(float x0, float y0, float x1, float y1) {
    int c0, r0, c1, r1;
    if (!tiles_of(x0, y0, x1, y1, &c0, &r0, &c1, &r1)) return;
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++) mark_tile(r * cols_ + c);
}

std::vector<PixelRect> TileMask::rects() const {
    std::vector<PixelRect> out;
    std::vector<PixelRect> open, row;  // runs still growing downwards; this row's runs
    for (int r = 0; r <= rows_; r++) {
        row.clear();
        for (int c = 0; r < rows_ && c < cols_;) {
            if (!marked_[size_t(r) * cols_ + c]) { c++; continue; }
            int c1 = c;
            while (c1 < cols_ && marked_[size_t(r) * cols_ + c1]) c1++;
            row.push_back({c * tile_, r * tile_, std::min(c1 * tile_, w_), std::min((r + 1) * tile_, h_)});
            c = c1;
        }
        // A run continues an open one with the same columns; the others close.
        std::vector<PixelRect> next;
        for (PixelRect& run : row) {
            auto it = std::find_if(open.begin(), open.end(), [&](const PixelRect& o) { return o.x0 == run.x0 && o.x1 == run.x1; });
            if (it != open.end()) {
                it->y1 = run.y1;
                next.push_back(*it);
                open.erase(it);
            } else {
                next.push_back(run);
            }
        }
        out.insert(out.end(), open.begin(), open.end());
        open.swap(next);
    }
    return out;
}

int TileMask::marked_tiles() const { return int(std::count(marked_.begin(), marked_.end(), uint8_t(1))); }

void TileMask::unite(const TileMask& other) {
    for (size_t i = 0; i < marked_.size() && i < other.marked_.size(); i++) marked_[i] |= other.marked_[i];
}

void TileMask::intersect(const TileMask& other) {
    for (size_t i = 0; i < marked_.size(); i++) marked_[i] &= i < other.marked_.size() ? other.marked_[i] : uint8_t(0);
}

PixelRect scissor_pixels(const PixelClip& c, int fb_h) {
    const int x0 = int(c.x0), gl_y = int(float(fb_h) - c.y1);
    const int y1 = fb_h - gl_y;
    return {x0, y1 - int(c.y1 - c.y0), x0 + int(c.x1 - c.x0), y1};
}

PixelClip clip_keeping(const PixelRect& r) {
    return {float(r.x0) + 0.25f, float(r.y0) - 0.5f, float(r.x1) + 0.75f, float(r.y1) - 0.25f};
}

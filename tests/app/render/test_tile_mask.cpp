// The layer cache copies and redraws only marked tiles: a tile left out would be a
// hole in a panel or a stale parcel left behind, a tile too many only costs time.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

#include "app/render/tile_mask.h"

TEST_CASE("a box marks exactly the tiles whose pixels it covers") {
    TileMask m;
    m.reset(100, 50, 16);  // 7 x 4 tiles, the last column and row partial
    m.mark_box(16, 0, 32, 16);  // exactly tile (1, 0): pixels 16..31
    REQUIRE(m.marked_tiles() == 1);
    REQUIRE(m.rects() == std::vector<PixelRect>{{16, 0, 32, 16}});
    m.mark_box(31.5f, 0, 32.5f, 1);  // straddles the edge: pixels 31 and 32
    REQUIRE(m.marked_tiles() == 2);
}

TEST_CASE("runs join along rows and equal runs join down, partial tiles stop at the edge") {
    TileMask m;
    m.reset(100, 50, 16);
    m.mark_box(0, 0, 40, 40);   // tiles columns 0-2, rows 0-2
    m.mark_box(97, 49, 100, 50);  // inside the bottom-right partial tile only
    std::vector<PixelRect> r = m.rects();
    REQUIRE(r.size() == 2);
    REQUIRE(r[0] == PixelRect{0, 0, 48, 48});
    REQUIRE(r[1] == PixelRect{96, 48, 100, 50});
    long area = 0;
    for (auto& x : r) area += long(x.x1 - x.x0) * (x.y1 - x.y0);
    REQUIRE(area == 48 * 48 + 4 * 2);
}

TEST_CASE("rectangles never overlap, so the layer is blended once per pixel") {
    TileMask m;
    m.reset(320, 200, 16);
    m.mark_box(0, 0, 100, 20);
    m.mark_box(50, 10, 300, 30);
    m.mark_box(20, 100, 40, 190);
    m.mark_box(10, 150, 200, 160);
    std::vector<PixelRect> r = m.rects();
    int covered = 0;
    for (int y = 0; y < 200; y++)
        for (int x = 0; x < 320; x++) {
            int n = 0;
            for (auto& q : r) n += x >= q.x0 && x < q.x1 && y >= q.y0 && y < q.y1;
            REQUIRE(n <= 1);
            covered += n;
        }
    REQUIRE(covered == m.marked_tiles() * 16 * 16);
}

TEST_CASE("boxes off screen, empty, inverted or not finite mark nothing") {
    TileMask m;
    m.reset(64, 64, 16);
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    m.mark_box(-50, -50, -1, -1);
    m.mark_box(70, 0, 90, 10);
    m.mark_box(10, 10, 10, 20);
    m.mark_box(20, 20, 10, 10);
    m.mark_box(nan, 0, 10, 10);
    m.mark_box(0, 0, inf, 10);
    REQUIRE(m.marked_tiles() == 0);
    REQUIRE(m.rects().empty());
    m.mark_box(-1e9f, -1e9f, 1e9f, 1e9f);  // huge: clipped to the framebuffer
    REQUIRE(m.marked_tiles() == 16);
    REQUIRE(m.rects() == std::vector<PixelRect>{{0, 0, 64, 64}});
}

TEST_CASE("masks of the same grid unite and intersect tile by tile") {
    TileMask a, b;
    a.reset(64, 32, 16);  // 4 x 2 tiles
    b.reset(64, 32, 16);
    a.mark_box(0, 0, 32, 16);   // tiles 0, 1
    b.mark_box(16, 0, 48, 32);  // tiles 1, 2, 5, 6
    TileMask both = a, either = a;
    both.intersect(b);
    either.unite(b);
    REQUIRE(both.rects() == std::vector<PixelRect>{{16, 0, 32, 16}});
    REQUIRE(either.marked_tiles() == 5);
    TileMask all = a;
    all.mark_all();
    REQUIRE(all.marked_tiles() == all.tiles());
}

// A tile redrawn alone must hold the pixels a whole frame draws there. The backend's
// scissor truncates a clip edge that falls between pixels; a command clipped to a box
// whose edge ends inside a tile keeps that tile's first row only if the tile's piece
// is cut from the command's scissor, in whole pixels (a tablet once showed a text
// with its 720th row missing).
TEST_CASE("a tile's piece of a command keeps the pixels the command's scissor keeps") {
    const int fb_h = 2360;
    const PixelClip box{0.0f, 640.5f, 100.0f, 735.5f};  // a label's box, edges between pixels
    const PixelRect kept = scissor_pixels(box, fb_h);
    REQUIRE(kept == PixelRect{0, 641, 100, 736});       // the whole frame's rows: 641 to 735
    const PixelRect tile{0, 720, 16, 736};
    const PixelRect piece{std::max(kept.x0, tile.x0), std::max(kept.y0, tile.y0), std::min(kept.x1, tile.x1),
                          std::min(kept.y1, tile.y1)};
    REQUIRE(scissor_pixels(clip_keeping(piece), fb_h) == tile);  // row 720 included
    // Cut in fractions, the same piece loses the tile's first row.
    REQUIRE(scissor_pixels({0.0f, 720.0f, 16.0f, 735.5f}, fb_h) == PixelRect{0, 721, 16, 736});
}

TEST_CASE("a whole-pixel rectangle survives a DPI scale's round trip through ImGui's coordinates") {
    for (float scale : {1.0f, 1.25f, 1.5f, 2.0f, 2.625f, 3.0f}) {
        const int fb_h = 2532;
        int wrong = 0;
        for (int y = 0; y < 2400; y += 7)
            for (int x = 0; x < 1200; x += 13) {
                const PixelRect r{x, y, x + 16, y + 16};
                const PixelClip c = clip_keeping(r);
                const PixelClip logical{c.x0 / scale + 0.5f, c.y0 / scale + 0.5f, c.x1 / scale + 0.5f, c.y1 / scale + 0.5f};
                const PixelClip back{(logical.x0 - 0.5f) * scale, (logical.y0 - 0.5f) * scale, (logical.x1 - 0.5f) * scale,
                                     (logical.y1 - 0.5f) * scale};
                wrong += scissor_pixels(back, fb_h) == r ? 0 : 1;
            }
        INFO("scale " << scale);
        REQUIRE(wrong == 0);
    }
}

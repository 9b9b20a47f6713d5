// The layer cache copies and redraws only marked tiles: a tile left out would be a
// hole in a panel or a stale parcel left behind, a tile too many only costs time.
#include <catch2/catch.hpp>

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

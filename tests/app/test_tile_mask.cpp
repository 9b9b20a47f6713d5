// The panel cache copies its layer only on marked tiles: a tile left out would be a
// hole in a panel, a tile too many only costs time.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "tile_mask.h"

namespace {
// Marks the tiles a box touches, as the layer cache does for each triangle.
struct Mask : TileMask {
    void mark(float x0, float y0, float x1, float y1) {
        int c0, r0, c1, r1;
        if (!tiles_of(x0, y0, x1, y1, &c0, &r0, &c1, &r1)) return;
        for (int r = r0; r <= r1; r++)
            for (int c = c0; c <= c1; c++) mark_tile(r * cols() + c);
    }
};
}  // namespace

TEST_CASE("a box marks exactly the tiles whose pixels it covers") {
    Mask m;
    m.reset(100, 50, 16);  // 7 x 4 tiles, the last column and row partial
    m.mark(16, 0, 32, 16);  // exactly tile (1, 0): pixels 16..31
    REQUIRE(m.marked_tiles() == 1);
    REQUIRE(m.rects() == std::vector<PixelRect>{{16, 0, 32, 16}});
    m.mark(31.5f, 0, 32.5f, 1);  // straddles the edge: pixels 31 and 32
    REQUIRE(m.marked_tiles() == 2);
}

TEST_CASE("runs join along rows and equal runs join down; partial tiles stop at the edge") {
    Mask m;
    m.reset(100, 50, 16);
    m.mark(0, 0, 40, 40);   // tiles columns 0-2, rows 0-2
    m.mark(97, 49, 100, 50);  // inside the bottom-right partial tile only
    std::vector<PixelRect> r = m.rects();
    REQUIRE(r.size() == 2);
    REQUIRE(r[0] == PixelRect{0, 0, 48, 48});
    REQUIRE(r[1] == PixelRect{96, 48, 100, 50});
    long area = 0;
    for (auto& x : r) area += long(x.x1 - x.x0) * (x.y1 - x.y0);
    REQUIRE(area == 48 * 48 + 4 * 2);
}

TEST_CASE("rectangles never overlap, so the layer is blended once per pixel") {
    Mask m;
    m.reset(320, 200, 16);
    m.mark(0, 0, 100, 20);
    m.mark(50, 10, 300, 30);
    m.mark(20, 100, 40, 190);
    m.mark(10, 150, 200, 160);
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
    Mask m;
    m.reset(64, 64, 16);
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    m.mark(-50, -50, -1, -1);
    m.mark(70, 0, 90, 10);
    m.mark(10, 10, 10, 20);
    m.mark(20, 20, 10, 10);
    m.mark(nan, 0, 10, 10);
    m.mark(0, 0, inf, 10);
    REQUIRE(m.marked_tiles() == 0);
    REQUIRE(m.rects().empty());
    m.mark(-1e9f, -1e9f, 1e9f, 1e9f);  // huge: clipped to the framebuffer
    REQUIRE(m.marked_tiles() == 16);
    REQUIRE(m.rects() == std::vector<PixelRect>{{0, 0, 64, 64}});
}

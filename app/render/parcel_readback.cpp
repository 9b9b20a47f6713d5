// parcel_readback.cpp — see parcel_readback.h.
#include "app/render/parcel_readback.h"

#include <cmath>
#include <cstdio>
#include <vector>

#include "app/render/parcel_bounds.h"
#include "app/render/parcel_renderer.h"

namespace {
// parcel_box widens the quad by this much on each side (see parcel_bounds.cpp).
constexpr float kBoxSlackPx = 2.0f;
constexpr float kTolerancePx = 1.5f;

struct Drawn {
    int x0 = 1 << 30, y0 = 1 << 30, x1 = -1, y1 = -1;  // covered pixels, y down, inclusive
    bool any() const { return x1 >= 0; }
};

Drawn read_back(int w, int h) {
    std::vector<unsigned char> px(size_t(w) * size_t(h) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    Drawn d;
    for (int row = 0; row < h; row++)
        for (int x = 0; x < w; x++) {
            const unsigned char* p = &px[(size_t(row) * size_t(w) + size_t(x)) * 4];
            if (!(p[0] | p[1] | p[2])) continue;
            const int y = h - 1 - row;
            d.x0 = std::min(d.x0, x), d.x1 = std::max(d.x1, x), d.y0 = std::min(d.y0, y), d.y1 = std::max(d.y1, y);
        }
    return d;
}
}  // namespace

bool check_parcel_geometry(int fb_w, int fb_h, std::string* report) {
    ParcelRenderer r;
    std::string err;
    if (!r.init(&err)) { *report = "parcel renderer: " + err; return false; }
    const View2D view{1.5f, 1.25f, 40, 30};  // unequal scales: x and y must not be swapped
    struct Route { float ax, ay, bx, by; };
    const Route routes[] = {{20, 40, 300, 60}, {250, 300, 30, 120}, {100, 20, 110, 330}};
    const float times[] = {0.1f, 0.37f, 0.5f, 0.83f};
    bool ok = true;
    int cases = 0;
    for (const Route& rt : routes)
        for (int shape = kShapeBox; shape <= kShapeCabinet; shape++)
            for (float size : {14.0f, -22.0f})  // negative: folded
                for (float t : times) {
                    const ParcelInstance p{rt.ax, rt.ay, rt.bx, rt.by, 2.0f, 6.0f, 0xFF3080F0u, size, float(shape)};
                    const float time = 2.0f + 4.0f * t;
                    r.upload({p});
                    glBindFramebuffer(GL_FRAMEBUFFER, 0);
                    glDisable(GL_SCISSOR_TEST);
                    glClearColor(0, 0, 0, 1);
                    glClear(GL_COLOR_BUFFER_BIT);
                    r.draw(time, view, fb_w, fb_h);
                    const Drawn d = read_back(fb_w, fb_h);
                    float box[4];
                    const bool placed = parcel_box(p, time, view, box);
                    // The quad itself, and the pixels whose centres it covers.
                    const float q0 = box[0] + kBoxSlackPx, q1 = box[1] + kBoxSlackPx;
                    const float q2 = box[2] - kBoxSlackPx, q3 = box[3] - kBoxSlackPx;
                    bool good = placed && d.any() && d.x0 >= box[0] && d.y0 >= box[1] && d.x1 + 1 <= box[2] &&
                                d.y1 + 1 <= box[3] && std::fabs(float(d.x0) - q0) <= kTolerancePx &&
                                std::fabs(float(d.y0) - q1) <= kTolerancePx && std::fabs(float(d.x1 + 1) - q2) <= kTolerancePx &&
                                std::fabs(float(d.y1 + 1) - q3) <= kTolerancePx;
                    cases++;
                    if (good) continue;
                    ok = false;
                    char line[256];
                    std::snprintf(line, sizeof line,
                                  "shape %d size %g at %.2f: drawn x %d..%d y %d..%d, CPU quad x %.1f..%.1f y %.1f..%.1f\n",
                                  shape, double(size), double(t), d.x0, d.x1 + 1, d.y0, d.y1 + 1, double(q0), double(q2),
                                  double(q1), double(q3));
                    *report += line;
                }
    r.shutdown();
    char summary[96];
    std::snprintf(summary, sizeof summary, "parcel geometry: %d cases, %s\n", cases, ok ? "all match" : "MISMATCH");
    *report += summary;
    return ok;
}

// hardware.cpp — mesh geometry and level names. See hardware.h.
#include "hardware.h"

#include <algorithm>

namespace tj {

double mesh_mean_edge_hops(int x, int y) {
    x = std::max(1, x);
    y = std::max(1, y);
    // Sum over cores of 1 + min(i, x-1-i, j, y-1-j), by counting cores per ring:
    // ring r (distance r from the edge) holds the cores of an (x-2r) x (y-2r)
    // rectangle minus its inner rectangle.
    double sum = 0;
    for (int r = 0; 2 * r < x && 2 * r < y; r++) {
        double outer = double(x - 2 * r) * double(y - 2 * r);
        double inner = (x - 2 * r - 2 > 0 && y - 2 * r - 2 > 0) ? double(x - 2 * r - 2) * double(y - 2 * r - 2) : 0;
        sum += (outer - inner) * (1 + r);
    }
    return sum / (double(x) * double(y));
}

const char* level_name(int l) {
    static const char* names[kLevelCount] = {"sram", "dram3d", "hbm", "host"};
    return l >= 0 && l < kLevelCount ? names[l] : "?";
}

}  // namespace tj

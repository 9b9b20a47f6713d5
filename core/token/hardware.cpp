// hardware.cpp — mesh geometry and level names. See hardware.h.
#include "core/token/hardware.h"

#include <algorithm>

namespace tj::token {

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

int Hardware::stage_count() const { return std::max(1, std::clamp(pp_stages, 1, std::max(1, chips)) * std::max(1, regions)); }

int Hardware::chips_per_stage() const {
    int stages = std::clamp(pp_stages, 1, std::max(1, chips));
    return std::max(1, chips / stages);
}

int native_format_bits(int bits, double x8, double x4) {
    if (bits <= 4 && x4 > 0) return 4;
    if (bits <= 8 && x8 > 0) return 8;
    return 16;
}

double format_peak_multiplier(int bits, double x8, double x4) {
    int native = native_format_bits(bits, x8, x4);
    return native == 4 ? x4 : native == 8 ? x8 : 1;
}

int weight_format_bits(double weight_bits) {
    // Block formats (8.5 or 4.5 bits: a shared exponent per block) count as 8 or 4.
    return weight_bits > 9 ? 16 : weight_bits > 5 ? 8 : 4;
}

int compute_format_bits(double weight_bits, int act_bits) {
    return std::max(weight_format_bits(weight_bits), act_bits <= 4 ? 4 : act_bits <= 8 ? 8 : 16);
}

const char* level_name(int l) {
    static const char* names[kLevelCount] = {"sram", "dram3d", "hbm", "host"};
    return l >= 0 && l < kLevelCount ? names[l] : "?";
}

}  // namespace tj::token

// placement.cpp — fill memory levels by capacity. See placement.h.
#include "core/token/placement.h"

#include <algorithm>

namespace tj::token {

Placement place(const Hardware& hw, double weight_bytes, double kv_bytes, PlacementPolicy policy,
                double embedding_bytes, double kv_device_limit) {
    // Device levels in order of achieved bandwidth (ties keep the SRAM-3D-HBM order);
    // host memory is always last and holds whatever remains.
    int order[kLevelCount - 1] = {kSram, kDram3d, kHbm};
    std::stable_sort(order, order + kLevelCount - 1,
                     [&](int a, int b) { return hw.level[a].bandwidth > hw.level[b].bandwidth; });
    double free_bytes[kLevelCount] = {};
    for (int l = 0; l < kLevelCount - 1; l++) {
        bool usable = hw.level[l].enabled && !(policy == PlacementPolicy::SramAsScratch && l == kSram);
        free_bytes[l] = usable ? std::max(0.0, hw.level[l].capacity) : 0;
    }
    Placement p;
    // Pours bytes into the device levels, at most device_limit of them; the rest to the host.
    auto pour = [&](double bytes, double* into, bool slowest_first = false, double device_limit = INFINITY) {
        double host = std::max(0.0, bytes - std::max(0.0, device_limit));
        bytes -= host;
        for (int i = 0; i < kLevelCount - 1; i++) {
            int l = order[slowest_first ? kLevelCount - 2 - i : i];
            double take = std::min(bytes, free_bytes[l]);
            into[l] += take;
            free_bytes[l] -= take;
            bytes -= take;
        }
        into[kHostMem] += std::max(0.0, bytes) + host;
    };
    if (policy == PlacementPolicy::KvFirst) {
        pour(std::max(0.0, kv_bytes), p.kv, false, kv_device_limit);
        pour(std::max(0.0, weight_bytes), p.weights);
    } else {
        pour(std::max(0.0, weight_bytes), p.weights);
        pour(std::max(0.0, kv_bytes), p.kv, false, kv_device_limit);
    }
    pour(std::max(0.0, embedding_bytes), p.embed, true);
    return p;
}

}  // namespace tj::token

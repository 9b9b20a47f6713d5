// placement.h — where the weights and the KV cache live.
//
// Each memory level has a capacity; weights and KV cache are poured into the
// enabled levels, fastest (by achieved bandwidth) first, in the order the policy
// says. What does not fit on the device spills to host memory. The model calls
// place() every step, because the KV cache grows by one entry per token and spills
// outward as it does.
//
// Usage:
//   Placement p = place(hw, weight_bytes(m), kv_total, PlacementPolicy::WeightsFirst);
//   double kv_in_hbm = p.kv[kHbm];
#pragma once
#include "hardware.h"

namespace tj {

enum class PlacementPolicy : int {
    WeightsFirst = 0,  // weights take the fastest levels, KV cache what is left
    KvFirst = 1,       // the KV cache takes the fastest levels, weights what is left
    SramAsScratch = 2, // SRAM holds only working data (like a GPU's caches): nothing placed there
};

struct Placement {
    double weights[kLevelCount] = {};
    double kv[kLevelCount] = {};
    double used(int level) const { return weights[level] + kv[level]; }
};

Placement place(const Hardware& hw, double weight_bytes, double kv_bytes, PlacementPolicy policy);

}  // namespace tj

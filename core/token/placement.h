// placement.h — where the weights and the KV cache live.
//
// Each memory level has a capacity; weights and KV cache are poured into the
// enabled levels, fastest (by achieved bandwidth) first, in the order the policy
// says. What does not fit on the device spills to host memory. The model calls
// place() every step, because the KV cache grows by one entry per token and spills
// outward as it does. The input embedding table is read one row per token, so it
// takes only what capacity is left after weights and KV, slowest level first; it
// never pushes a streamed weight out of a fast level.
//
// Usage:
//   Placement p = place(hw, weight_bytes(m), kv_total, PlacementPolicy::WeightsFirst);
//   double kv_in_hbm = p.kv[kHbm];
#pragma once
#include <cmath>

#include "core/token/hardware.h"

namespace tj::token {

enum class PlacementPolicy : int {
    WeightsFirst = 0,  // weights take the fastest levels, KV cache what is left
    KvFirst = 1,       // the KV cache takes the fastest levels, weights what is left
    SramAsScratch = 2, // SRAM holds only working data (like a GPU's caches): nothing placed there
};

struct Placement {
    double weights[kLevelCount] = {};  // streamed weights (every layer, the output head)
    double kv[kLevelCount] = {};
    double embed[kLevelCount] = {};    // the input embedding table
    double used(int level) const { return weights[level] + kv[level] + embed[level]; }
};

// weight_bytes: the streamed weights (without the embedding table). kv_device_limit: at
// most this much of the KV cache on the device (the engine's room for it, after its
// share of memory and the reserve); the rest lives in host memory.
Placement place(const Hardware& hw, double weight_bytes, double kv_bytes, PlacementPolicy policy,
                double embedding_bytes = 0, double kv_device_limit = INFINITY);

}  // namespace tj::token

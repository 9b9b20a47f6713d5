// metric_hash.h — FNV-1a over the bytes of metric values, for determinism tests:
// two runs agree bit for bit exactly when their hashes agree (up to collisions).
#pragma once
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/hash.h"
#include "core/model.h"

namespace tj_test {

using tj::fnv1a;

inline uint64_t hash_values(const std::vector<double>& values) {
    return fnv1a(values.data(), values.size() * sizeof(double));
}

inline uint64_t hash_metrics(const std::vector<tj::Metric>& ms) {
    uint64_t h = tj::kFnv1aBasis;
    for (auto& m : ms) {
        h = fnv1a(m.id.data(), m.id.size(), h);
        h = fnv1a(&m.value, sizeof m.value, h);
    }
    return h;
}

}  // namespace tj_test

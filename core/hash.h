// hash.h — FNV-1a, 64-bit: a fast, stable hash of bytes, the same on every
// platform and build (the layer cache's tiles, parcel folding, the tokenizer's
// cache, determinism tests). Not for anything an adversary chooses.
//
// Usage:
//   uint64_t h = tj::fnv1a(&x, sizeof x);        // from the standard offset basis
//   h = tj::fnv1a(s.data(), s.size(), h);        // chained: hashes x then s
#pragma once
#include <cstddef>
#include <cstdint>

namespace tj {

// The published offset basis (the copies this replaced had lost its last digit).
constexpr uint64_t kFnv1aBasis = 14695981039346656037ull;
constexpr uint64_t kFnv1aPrime = 1099511628211ull;

inline uint64_t fnv1a(const void* data, size_t n, uint64_t h = kFnv1aBasis) {
    const unsigned char* p = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * kFnv1aPrime;
    return h;
}

}  // namespace tj

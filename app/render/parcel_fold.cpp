// parcel_fold.cpp — see parcel_fold.h.
#include "app/render/parcel_fold.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <unordered_map>

#include "core/hash.h"

static_assert(sizeof(float) == 4 && alignof(int64_t) == 8);

namespace {
struct Key {
    float from_x, from_y, to_x, to_y;
    uint32_t rgba;
    float shape;
    int32_t exponent, unused = 0;  // explicit, so the key has no padding bytes
    int64_t depart, arrive;
    bool operator==(const Key& o) const { return std::memcmp(this, &o, sizeof(Key)) == 0; }
};

struct KeyHash {
    size_t operator()(const Key& k) const {
        return size_t(tj::fnv1a(&k, sizeof k));  // Key has no padding bytes
    }
};

// The time bucket: how long the parcel takes to move its own size, as a power of
// two. A parcel that stays in place overlaps another for most of its stay when
// both times agree within a quarter of the stay.
bool bucket_width(const ParcelInstance& p, float px_per_world, double* width) {
    double stay = double(p.arrive) - double(p.depart);
    if (!(stay > 0) || !std::isfinite(stay)) return false;
    double route_px = std::hypot(double(p.to_x - p.from_x), double(p.to_y - p.from_y)) * double(px_per_world);
    double w = route_px < 1 ? stay * 0.25 : stay * std::fabs(double(p.size_px)) / route_px;
    if (!(w > 0) || !std::isfinite(w)) return false;
    int e = 0;
    std::frexp(w, &e);
    *width = std::ldexp(1.0, e - 1);  // the power of two at or below w
    return true;
}

Key make_key(const ParcelInstance& p, double width) {
    Key k;
    k.from_x = p.from_x, k.from_y = p.from_y, k.to_x = p.to_x, k.to_y = p.to_y;
    k.rgba = p.rgba, k.shape = p.shape;
    std::frexp(width, &k.exponent);
    k.depart = int64_t(std::floor(double(p.depart) / width));
    k.arrive = int64_t(std::floor(double(p.arrive) / width));
    return k;
}
}  // namespace

size_t fold_overlapping(std::vector<ParcelInstance>& parcels, float px_per_world) {
    std::unordered_map<Key, size_t, KeyHash> keeper;  // bucket -> index in the output
    keeper.reserve(parcels.size());
    size_t out = 0;
    for (size_t i = 0; i < parcels.size(); i++) {
        const ParcelInstance p = parcels[i];
        double width = 0;
        if (bucket_width(p, px_per_world, &width)) {
            auto [it, fresh] = keeper.try_emplace(make_key(p, width), out);
            if (!fresh) {
                float& size = parcels[it->second].size_px;
                if (size > 0) size = -size * kFoldedParcelScale;  // negative: drawn as a stack (see the shader)
                continue;
            }
        }
        parcels[out++] = p;
    }
    size_t removed = parcels.size() - out;
    parcels.resize(out);
    return removed;
}

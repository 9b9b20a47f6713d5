// rng.h — the project's own seeded random generator and distributions.
//
// Why our own: libstdc++ (native) and libc++ (WebAssembly) implement
// std::normal_distribution and friends differently, so the same seed would give
// different runs in the two builds. Everything here uses only integer arithmetic,
// IEEE-exact sqrt and std::log (the same routine in glibc and emscripten's musl),
// so one seed gives bit-identical numbers natively and in the browser.
//
// Usage:
//   Rng rng(seed);                  // PCG32 (O'Neill 2014), stream 0
//   double u = rng.uniform();       // [0, 1)
//   double w = rng.exponential(rate);
//   double x = rng.normal(mean, sd);
//   bool   b = rng.bernoulli(p);
//   size_t i = rng.discrete(weights, n);
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "core/detmath.h"

namespace tj {

class Rng {
public:
    explicit Rng(uint64_t seed = 1, uint64_t stream = 0) { reseed(seed, stream); }

    void reseed(uint64_t seed, uint64_t stream = 0) {
        state_ = 0;
        inc_ = (stream << 1u) | 1u;
        next_u32();
        state_ += seed;
        next_u32();
        has_spare_ = false;
    }

    uint32_t next_u32() {
        uint64_t old = state_;
        state_ = old * 6364136223846793005ULL + inc_;
        uint32_t xorshifted = uint32_t(((old >> 18u) ^ old) >> 27u);
        uint32_t rot = uint32_t(old >> 59u);
        return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
    }

    // Uniform in [0, 1) with 53 random bits.
    double uniform() {
        uint64_t hi = next_u32() >> 5, lo = next_u32() >> 6;  // 27 + 26 bits
        return double(hi * 67108864ULL + lo) * (1.0 / 9007199254740992.0);
    }
    double uniform(double a, double b) { return a + (b - a) * uniform(); }

    // Integer in [0, n) without modulo bias (Lemire's method).
    uint32_t below(uint32_t n) {
        if (n <= 1) return 0;
        uint64_t m = uint64_t(next_u32()) * n;
        uint32_t l = uint32_t(m);
        if (l < n) {
            uint32_t t = (0u - n) % n;
            while (l < t) { m = uint64_t(next_u32()) * n; l = uint32_t(m); }
        }
        return uint32_t(m >> 32);
    }

    // Exponential with the given rate (mean 1/rate). rate <= 0 gives +inf: never.
    double exponential(double rate) {
        if (!(rate > 0)) return INFINITY;
        return -det_log(1.0 - uniform()) / rate;
    }

    // Normal by Marsaglia's polar method: needs only log and sqrt.
    double normal(double mean = 0, double sd = 1) {
        if (has_spare_) { has_spare_ = false; return mean + sd * spare_; }
        double u, v, s;
        do {
            u = 2 * uniform() - 1;
            v = 2 * uniform() - 1;
            s = u * u + v * v;
        } while (s >= 1 || s == 0);
        double f = std::sqrt(-2 * det_log(s) / s);
        spare_ = v * f;
        has_spare_ = true;
        return mean + sd * u * f;
    }

    // Lognormal with the given mean and coefficient of variation (not mu/sigma of
    // the underlying normal): what a model parameter "mean 5 us, CV 0.3" means.
    double lognormal_mean_cv(double mean, double cv) {
        if (!(cv > 0) || !(mean > 0)) return mean;
        double s2 = det_log(1 + cv * cv);
        double mu = det_log(mean) - 0.5 * s2;
        return det_exp(mu + std::sqrt(s2) * normal());
    }

    bool bernoulli(double p) { return uniform() < p; }

    // Index i with probability weights[i] / sum(weights). Empty or all-zero: 0.
    size_t discrete(const double* weights, size_t n) {
        double total = 0;
        for (size_t i = 0; i < n; i++) total += weights[i] > 0 ? weights[i] : 0;
        if (!(total > 0)) return 0;
        double r = uniform() * total;
        for (size_t i = 0; i < n; i++) {
            double w = weights[i] > 0 ? weights[i] : 0;
            if (r < w) return i;
            r -= w;
        }
        return n - 1;
    }

private:
    uint64_t state_ = 0, inc_ = 1;
    double spare_ = 0;
    bool has_spare_ = false;
};

}  // namespace tj

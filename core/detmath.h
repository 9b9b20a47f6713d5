// detmath.h — log and exp that give the same bits on every platform.
//
// glibc picks FMA-based versions of log/exp on CPUs that have FMA, and they differ
// from emscripten's musl in the last bit for a few calls in a thousand. A model
// that draws exponential variates would then drift apart natively and in the
// browser. These use only +, -, *, / and exact scaling by powers of two, which
// IEEE 754 defines bit for bit (the build turns off FMA contraction). Accuracy:
// det_exp within 1 unit in the last place, det_log within 4 (its table entries
// carry up to one unit of their own, which counts double for results about half
// their size); the simulation needs the same bits everywhere, not the last bit right.
//
// Usage: det_log(x), det_exp(x), det_pow(x, y) (= det_exp(y * det_log(x)), x > 0),
//        det_powi(x, n) for whole n.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>

namespace tj {

// ln 2 split so that n * kLn2Hi is exact for |n| < 2^11.
constexpr double kLn2Hi = 6.93147180369123816490e-01;
constexpr double kLn2Lo = 1.90821492927058770002e-10;

namespace detail {
// log(1 + x) for |x| < 0.1716 by the odd atanh series (used once per table entry).
inline double log1p_series(double x) {
    double s = x / (2 + x), z = s * s, sum = 0;
    for (int k = 25; k >= 3; k -= 2) sum = sum * z + 1.0 / k;
    return 2 * s + 2 * s * z * sum;
}

// Centres c_j = j/128 for j in [90, 182), covering [sqrt(1/2), sqrt(2)), with 1/c_j
// and log(c_j) split in a high part (a multiple of 2^-32) and the rest. Built once
// with +, -, *, / only; the entries near 1 come straight from the series, so log(x)
// near x = 1 keeps its relative accuracy.
struct LogTable {
    static constexpr int kFirst = 90, kLast = 182;
    double inv[kLast - kFirst], log_hi[kLast - kFirst], log_lo[kLast - kFirst];
    LogTable() {
        for (int j = kFirst; j < kLast; j++) {
            double c = j / 128.0, l;
            if (j >= 107 && j <= 150) l = log1p_series(c - 1);
            else if (j < 107) l = log1p_series(2 * c - 1) - (kLn2Hi + kLn2Lo);  // 2c in [1.41, 1.67)
            else l = log1p_series(c / 2 - 1) + (kLn2Hi + kLn2Lo);              // c/2 in [0.59, 0.71)
            inv[j - kFirst] = 1 / c;
            log_hi[j - kFirst] = double(int64_t(l * 4294967296.0)) / 4294967296.0;  // 2^32
            log_lo[j - kFirst] = l - log_hi[j - kFirst];
        }
    }
};
inline const LogTable& log_table() {
    static const LogTable t;
    return t;
}
}  // namespace detail

inline double det_log(double x) {
    if (!(x > 0) || std::isinf(x)) return x == 0 ? -INFINITY : (x > 0 ? x : NAN);
    // x = m * 2^e with m in [sqrt(1/2), sqrt(2)), read off the bits (exact, no libm call).
    uint64_t bits;
    std::memcpy(&bits, &x, 8);
    int e = int((bits >> 52) & 0x7FF);
    if (e == 0) {  // subnormal: scale into the normal range first (exact)
        x *= 18014398509481984.0;  // 2^54
        std::memcpy(&bits, &x, 8);
        e = int((bits >> 52) & 0x7FF) - 54;
    }
    e -= 1023;
    bits = (bits & 0x000FFFFFFFFFFFFFull) | 0x3FF0000000000000ull;
    double m;
    std::memcpy(&m, &bits, 8);
    if (m >= 1.41421356237309504880) { m *= 0.5; e += 1; }
    int j = int(m * 128 + 0.5);            // nearest centre: |m/c - 1| < 1/180
    const detail::LogTable& t = detail::log_table();
    int k = j - detail::LogTable::kFirst;
    double r = (m - j / 128.0) * t.inv[k];  // m - c is exact
    // log(1 + r) to degree 8: the rest is below 2^-75 relative.
    double r2 = r * r;
    double p = r2 * ((-0.5 + r * (1.0 / 3)) + r2 * ((-0.25 + r * 0.2) + r2 * ((-1.0 / 6 + r * (1.0 / 7)) + r2 * -0.125)));
    double de = double(e);
    return (de * kLn2Hi + t.log_hi[k]) + (r + (p + (de * kLn2Lo + t.log_lo[k])));
}

inline double det_exp(double x) {
    if (std::isnan(x)) return x;
    if (x > 709.782712893384) return INFINITY;
    if (x < -745.1332191019412) return 0;
    double n = std::floor(x / 0.69314718055994530942 + 0.5);
    double r = (x - n * kLn2Hi) - n * kLn2Lo;  // |r| <= ln2 / 2
    // Taylor series of e^r to degree 13: the remainder is below 1e-17 for |r| < 0.35.
    double sum = 1;
    for (int k = 13; k >= 1; k--) sum = 1 + sum * r / k;
    return std::ldexp(sum, int(n));            // exact scaling (gradual underflow aside)
}

inline double det_pow(double x, double y) { return det_exp(y * det_log(x)); }

inline double det_powi(double x, int n) {
    double r = 1, b = x;
    for (unsigned u = unsigned(n < 0 ? -n : n); u; u >>= 1, b *= b)
        if (u & 1) r *= b;
    return n < 0 ? 1 / r : r;
}

}  // namespace tj

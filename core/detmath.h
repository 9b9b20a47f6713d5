// detmath.h — log and exp that give the same bits on every platform.
//
// glibc picks FMA-based versions of log/exp on CPUs that have FMA, and they differ
// from emscripten's musl in the last bit for a few calls in a thousand. A model
// that draws exponential variates would then drift apart natively and in the
// browser. These use only +, -, *, / and exact scaling by powers of two, which
// IEEE 754 defines bit for bit (the build turns off FMA contraction), with about
// one unit in the last place of accuracy.
//
// Usage: det_log(x), det_exp(x), det_pow(x, y) (= det_exp(y * det_log(x)), x > 0),
//        det_powi(x, n) for whole n.
#pragma once
#include <cmath>

namespace tj {

// ln 2 split so that n * kLn2Hi is exact for |n| < 2^11.
constexpr double kLn2Hi = 6.93147180369123816490e-01;
constexpr double kLn2Lo = 1.90821492927058770002e-10;

inline double det_log(double x) {
    if (std::isnan(x) || x < 0) return NAN;
    if (x == 0) return -INFINITY;
    if (std::isinf(x)) return INFINITY;
    int e = 0;
    double m = std::frexp(x, &e);          // exact: x = m * 2^e, m in [0.5, 1)
    if (m < 0.70710678118654752440) { m *= 2; e -= 1; }  // m in [sqrt(1/2), sqrt(2))
    // log(m) = 2 atanh(s), s = (m - 1) / (m + 1), |s| < 0.1716: an odd series.
    double s = (m - 1) / (m + 1), s2 = s * s;
    double sum = 1.0 / 23;
    for (int k = 21; k >= 3; k -= 2) sum = sum * s2 + 1.0 / k;
    double log_m = 2 * s + 2 * s * s2 * sum;
    return (double(e) * kLn2Hi + log_m) + double(e) * kLn2Lo;
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

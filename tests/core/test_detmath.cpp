// test_detmath.cpp — the project's own log and exp (what keeps native and browser
// runs identical): within the bounds detmath.h states of the C library's over the
// whole range, and exact at the special values.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/detmath.h"
#include "core/rng.h"

using namespace tj;

static double ulps(double a, double b) {
    if (a == b) return 0;
    return std::fabs(a - b) / std::fabs(std::nextafter(b, INFINITY) - b);
}

TEST_CASE("det_log within 4 ulp and det_exp within 2 ulp of the C library") {
    Rng rng(11);
    double worst_log = 0, worst_exp = 0;
    for (int i = 0; i < 200000; i++) {
        double x = std::exp(rng.uniform(-700, 700));
        worst_log = std::fmax(worst_log, ulps(det_log(x), std::log(x)));
        double y = rng.uniform(-700, 700);
        worst_exp = std::fmax(worst_exp, ulps(det_exp(y), std::exp(y)));
        double u = rng.uniform();  // the range the RNG uses most: log(1 - u)
        worst_log = std::fmax(worst_log, ulps(det_log(1 - u), std::log(1 - u)));
    }
    CHECK(worst_log <= 4);
    CHECK(worst_exp <= 2);
}

TEST_CASE("det_log and det_exp at special values") {
    CHECK(det_log(1) == 0);
    CHECK(det_exp(0) == 1);
    CHECK(det_log(0) == -INFINITY);
    CHECK(std::isnan(det_log(-1)));
    CHECK(std::isnan(det_log(NAN)));
    CHECK(det_log(INFINITY) == INFINITY);
    CHECK(det_exp(1000) == INFINITY);
    CHECK(det_exp(-1000) == 0);
    CHECK(ulps(det_log(2), 0.69314718055994530942) <= 1);
    CHECK(det_log(std::nextafter(1.0, 0.0)) == std::log(std::nextafter(1.0, 0.0)));  // tiny logs stay exact
    CHECK(ulps(det_log(5e-324), std::log(5e-324)) <= 4);  // subnormal
    CHECK(ulps(det_exp(1), 2.71828182845904523536) <= 1);
    CHECK(det_powi(0.5, 3) == 0.125);
    CHECK(det_powi(2, -2) == 0.25);
    CHECK(ulps(det_pow(2, 10), 1024) <= 2);
}

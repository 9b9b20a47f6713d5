// test_stats.cpp — streaming statistics against exact values computed another way:
// two-pass mean/variance, sorted order statistics, hand-integrated signals.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/rng.h"
#include "core/stats.h"

using namespace tj;

TEST_CASE("RunningStats matches a two-pass computation, also with a large offset") {
    Rng rng(3);
    for (double offset : {0.0, 1e9}) {
        std::vector<double> xs;
        RunningStats w;
        for (int i = 0; i < 10000; i++) {
            double x = offset + rng.normal(5, 2);
            xs.push_back(x);
            w.add(x);
        }
        double sum = 0;
        for (double x : xs) sum += x;
        double mean = sum / double(xs.size());
        double ss = 0;
        for (double x : xs) ss += (x - mean) * (x - mean);
        double var = ss / double(xs.size() - 1);
        CHECK(w.count() == xs.size());
        CHECK(w.mean() == Approx(mean).epsilon(1e-12));
        CHECK(w.variance() == Approx(var).epsilon(1e-6));
        CHECK(w.stddev() == Approx(std::sqrt(var)).epsilon(1e-6));
        CHECK(w.min() == *std::min_element(xs.begin(), xs.end()));
        CHECK(w.max() == *std::max_element(xs.begin(), xs.end()));
        CHECK(w.sum() == Approx(sum).epsilon(1e-12));
    }
    RunningStats e;
    CHECK(e.mean() == 0);
    CHECK(e.variance() == 0);
    e.add(4);
    CHECK(e.variance() == 0);
    CHECK(e.min() == 4);
    e.clear();
    CHECK(e.count() == 0);
}

static double exact_quantile(std::vector<double> xs, double q) {
    std::sort(xs.begin(), xs.end());
    return xs[size_t(std::floor(q * double(xs.size() - 1)))];
}

TEST_CASE("Quantiles are within 1% of the exact order statistics") {
    Rng rng(11);
    std::vector<std::vector<double>> cases;
    std::vector<double> ramp, expo, wide;
    for (int i = 1; i <= 100000; i++) ramp.push_back(i);
    for (int i = 0; i < 50000; i++) expo.push_back(rng.exponential(1e3));  // ~1 ms
    for (int i = 0; i < 50000; i++) wide.push_back(std::pow(10.0, rng.uniform(-11, 11)));
    cases = {ramp, expo, wide};
    for (auto& xs : cases) {
        Quantiles q;
        for (double x : xs) q.add(x);
        CHECK(q.count() == xs.size());
        for (double p : {0.0, 0.01, 0.25, 0.5, 0.9, 0.99, 0.999, 1.0}) {
            double exact = exact_quantile(xs, p);
            INFO("p=" << p << " exact=" << exact);
            CHECK(std::fabs(q.quantile(p) - exact) <= 0.01 * exact);
        }
    }
}

TEST_CASE("Quantiles count zeros, clamp to the extremes and stay bounded") {
    Quantiles q;
    CHECK(q.quantile(0.5) == 0);
    for (int i = 0; i < 60; i++) q.add(0);
    for (int i = 0; i < 40; i++) q.add(7.0);
    q.add(NAN);
    CHECK(q.count() == 100);
    CHECK(q.quantile(0.5) == 0);
    CHECK(q.quantile(0.7) == Approx(7.0).epsilon(0.01));
    CHECK(q.quantile(1.0) == 7.0);  // the last rank is the exact max
    q.add(1e300);
    q.add(1e-300);
    CHECK(q.quantile(1.0) == 1e300);
    // Beyond 1e12 samples share the top bucket: rank 101 of 0..102 reports its value.
    q.add(1e200);
    CHECK(q.quantile(101.5 / 102.0) >= 1e12);
    CHECK(q.quantile(101.5 / 102.0) <= 1.05e12);
    // The same samples in another order give the same answers (bucket counts only).
    Quantiles a, b;
    std::vector<double> xs;
    Rng rng(5);
    for (int i = 0; i < 1000; i++) xs.push_back(rng.lognormal_mean_cv(1, 2));
    for (double x : xs) a.add(x);
    std::reverse(xs.begin(), xs.end());
    for (double x : xs) b.add(x);
    for (double p : {0.1, 0.5, 0.99}) CHECK(a.quantile(p) == b.quantile(p));
}

TEST_CASE("TimeWeighted integrates a piecewise-constant signal") {
    TimeWeighted n;
    n.clear(0);
    n.set(0, 2);   // 2 on [0,1)
    n.set(1, 0);   // 0 on [1,3)
    n.set(3, 5);   // 5 on [3,4]
    CHECK(n.mean(4) == Approx((2 * 1 + 0 * 2 + 5 * 1) / 4.0));
    CHECK(n.current() == 5);
    CHECK(n.mean(3) == Approx(2.0 / 3.0));
    TimeWeighted m;
    m.clear(10);
    m.set(10, 3);
    CHECK(m.mean(10) == 3);  // no time passed: the current value
    CHECK(m.mean(20) == 3);
}

TEST_CASE("TimeSeries stays bounded and keeps the shape of the signal") {
    TimeSeries s(64);
    for (int i = 0; i < 64; i++) s.add(i, 2.0 * i);
    CHECK(s.size() == 64);
    CHECK(s.stride() == 1);
    s.add(64, 128);  // full: pairs merge, then the new point is stored
    CHECK(s.size() == 33);
    CHECK(s.stride() == 2);
    CHECK(s.times()[0] == 0.5);
    CHECK(s.values()[0] == 1.0);
    CHECK(s.times()[31] == 62.5);
    CHECK(s.values()[32] == 128);
    for (int i = 65; i < 100000; i++) s.add(i, 2.0 * i);
    CHECK(s.size() <= 64);
    // Every point is the mean of consecutive samples of v = 2t, so v = 2t holds for each.
    for (size_t i = 0; i < s.size(); i++) CHECK(s.values()[i] == Approx(2 * s.times()[i]));
    for (size_t i = 1; i < s.size(); i++) CHECK(s.times()[i] > s.times()[i - 1]);
    s.clear();
    CHECK(s.size() == 0);
    CHECK(s.stride() == 1);
}

TEST_CASE("WindowRate measures the rate over the trailing window") {
    WindowRate r(1.0);
    CHECK(r.rate(0) == 0);
    // 1000 events per second for 3 s, then 200 per second.
    for (int i = 0; i < 500; i++) r.add(i * 1e-3 + 5e-4);
    CHECK(r.rate(0.5) == Approx(1000).epsilon(0.01));  // before a whole window: over (0, t]
    for (int i = 500; i < 3000; i++) r.add(i * 1e-3 + 5e-4);
    CHECK(r.rate(3.0) == Approx(1000).epsilon(0.02));
    for (int i = 0; i < 400; i++) r.add(3.0 + i * 5e-3 + 2.5e-3);
    CHECK(r.rate(5.0) == Approx(200).epsilon(0.02));
    CHECK(r.rate(100.0) == 0);  // everything has left the window
    r.add(100.5, 7);
    CHECK(r.rate(100.6) == Approx(7).epsilon(1e-9));
    r.clear();
    CHECK(r.rate(100.6) == 0);
}

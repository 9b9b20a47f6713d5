// stats.h — streaming statistics with bounded memory, for models and tests.
//
// Every class here takes any number of samples in fixed memory and gives the same
// answer natively and in WebAssembly (no platform-dependent rounding decides a result).
//
//   RunningStats  count, mean, variance (Welford), min, max, sum of samples.
//   Quantiles     p50/p99 of positive values from a log-spaced histogram: relative
//                 error <= 1% for values in [1e-12, 1e12], about 22 KB at most.
//   TimeWeighted  time-weighted mean of a piecewise-constant signal (queue length,
//                 busy servers): the "L" of Little's law.
//   TimeSeries    (t, v) points for plots; when full it halves its resolution by
//                 averaging neighbours, so a long run keeps its whole shape.
//   WindowRate    amount per second over a trailing window (tokens/s now), bucketed.
//
// Usage:
//   RunningStats w; w.add(x); w.mean(); w.stddev();
//   Quantiles q;    q.add(latency); q.quantile(0.99);
//   TimeWeighted n; n.set(t, queue_len); n.mean(now);
//   TimeSeries s(512); s.add(t, v); plot(s.times(), s.values());
//   WindowRate r(1.0); r.add(t, tokens); r.rate(now);
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tj {

// add() and set() are defined here so models can inline them: they run per event.

class RunningStats {
public:
    // Welford's update keeps the variance accurate for large means.
    void add(double x) {
        n_++;
        double d = x - mean_;
        mean_ += d / double(n_);
        m2_ += d * (x - mean_);
        sum_ += x;
        if (n_ == 1 || x < min_) min_ = x;
        if (n_ == 1 || x > max_) max_ = x;
    }
    uint64_t count() const { return n_; }
    double mean() const { return mean_; }
    // Sample variance (divides by n-1); 0 with fewer than two samples.
    double variance() const;
    double stddev() const;
    double min() const { return n_ ? min_ : 0; }
    double max() const { return n_ ? max_ : 0; }
    double sum() const { return sum_; }
    void clear() { *this = RunningStats(); }

private:
    uint64_t n_ = 0;
    double mean_ = 0, m2_ = 0, sum_ = 0, min_ = 0, max_ = 0;
};

class Quantiles {
public:
    // Zero and negative samples count in a zero bucket; NaN is ignored; values
    // outside [1e-12, 1e12] count in the first or last bucket.
    void add(double x);
    // The q-quantile (nearest rank: the sample of rank floor(q * (count-1))), within
    // 1% relative error, clamped to the exact min and max seen; the first and last
    // ranks give the exact min and max. 0 when empty.
    double quantile(double q) const;
    uint64_t count() const { return n_; }
    void clear() { *this = Quantiles(); }

private:
    std::vector<uint64_t> counts_;  // buckets lo_ .. lo_ + size-1, grown as samples arrive
    int lo_ = 0;
    uint64_t zeros_ = 0, n_ = 0;
    double min_ = 0, max_ = 0;
};

class TimeWeighted {
public:
    // The signal takes value from time t on (t never before the previous set()).
    void set(double t, double value) {
        if (t > last_t_) {
            area_ += value_ * (t - last_t_);
            last_t_ = t;
        }
        value_ = value;
    }
    // Mean over [t0, t_now]; the current value when no time has passed.
    double mean(double t_now) const;
    double current() const { return value_; }
    void clear(double t0 = 0) { *this = TimeWeighted(); t0_ = last_t_ = t0; }

private:
    double t0_ = 0, last_t_ = 0, value_ = 0, area_ = 0;
};

class TimeSeries {
public:
    explicit TimeSeries(size_t capacity = 512);
    void add(double t, double v);
    // Each stored point is the mean (of t and of v) of stride() consecutive samples;
    // the last point may be a partial mean of the newest samples.
    const std::vector<double>& times() const { return t_; }
    const std::vector<double>& values() const { return v_; }
    size_t size() const { return t_.size(); }
    size_t capacity() const { return capacity_; }
    uint64_t stride() const { return stride_; }
    void clear();

private:
    void halve();
    std::vector<double> t_, v_;
    size_t capacity_;
    uint64_t stride_ = 1, pending_n_ = 0;
    double pending_t_ = 0, pending_v_ = 0;
};

class WindowRate {
public:
    explicit WindowRate(double window_s);
    // Samples should arrive in time order (as events do).
    void add(double t, double amount = 1);
    // Amount per second over (t_now - window, t_now]; before a whole window has
    // passed since time 0, over (0, t_now]. The oldest bucket counts pro rata.
    double rate(double t_now) const;
    double window() const { return window_; }
    void clear();

private:
    static constexpr int kBuckets = 64;  // resolution: window / 64
    int64_t bucket_of(double t) const;
    struct Bucket { int64_t index = INT64_MIN; double amount = 0; };
    std::vector<Bucket> ring_;  // kBuckets + 1 slots: the window spans at most that many
    double window_, width_;
};

}  // namespace tj

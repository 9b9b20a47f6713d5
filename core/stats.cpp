// stats.cpp — streaming statistics. See stats.h.
#include "core/stats.h"

#include <algorithm>
#include <cmath>

namespace tj {

// --- RunningStats ---

double RunningStats::variance() const { return n_ < 2 ? 0 : m2_ / double(n_ - 1); }
double RunningStats::stddev() const { return std::sqrt(variance()); }

// --- Quantiles ---
// Bucket i holds [edge[i], edge[i+1]) with edge[i+1] = edge[i] * r, r = 1.01/0.99.
// Reporting 2 r edge[i] / (1 + r) is then within (r-1)/(r+1) = 1% of any value in
// the bucket. The edges are built by repeated multiplication, which IEEE arithmetic
// makes identical on every platform; std::log only guesses the bucket, and the guess
// is corrected against the edges, so a last-bit difference in log cannot move a sample.

namespace {
constexpr double kLowest = 1e-12, kHighest = 1e12;
constexpr double kRatio = 1.01 / 0.99;

const std::vector<double>& bucket_edges() {
    static const std::vector<double> edges = [] {
        std::vector<double> e{kLowest};
        while (e.back() < kHighest) e.push_back(e.back() * kRatio);
        return e;
    }();
    return edges;
}

int bucket_index(double x) {
    const std::vector<double>& e = bucket_edges();
    int last = int(e.size()) - 1;
    if (x < e[0]) return 0;
    if (x >= e[size_t(last)]) return last;
    static const double inv_log_ratio = 1.0 / std::log(kRatio);
    int i = std::clamp(int(std::log(x / kLowest) * inv_log_ratio), 0, last);
    while (i > 0 && x < e[size_t(i)]) i--;
    while (i < last && x >= e[size_t(i) + 1]) i++;
    return i;
}
}  // namespace

void Quantiles::add(double x) {
    if (std::isnan(x)) return;
    if (n_ == 0 || x < min_) min_ = x;
    if (n_ == 0 || x > max_) max_ = x;
    n_++;
    if (!(x > 0)) { zeros_++; return; }
    int i = bucket_index(x);
    if (counts_.empty()) {
        lo_ = i;
        counts_.assign(1, 0);
    } else if (i < lo_) {
        counts_.insert(counts_.begin(), size_t(lo_ - i), 0);
        lo_ = i;
    } else if (i >= lo_ + int(counts_.size())) {
        counts_.resize(size_t(i - lo_ + 1), 0);
    }
    counts_[size_t(i - lo_)]++;
}

double Quantiles::quantile(double q) const {
    if (n_ == 0) return 0;
    q = std::isnan(q) ? 0 : std::clamp(q, 0.0, 1.0);
    uint64_t rank = uint64_t(std::floor(q * double(n_ - 1)));  // 0-based
    if (rank == 0) return min_;
    if (rank == n_ - 1) return max_;
    double v = 0;
    if (rank >= zeros_) {
        uint64_t seen = zeros_;
        const std::vector<double>& e = bucket_edges();
        for (size_t k = 0; k < counts_.size(); k++) {
            seen += counts_[k];
            if (seen > rank) {
                v = e[size_t(lo_) + k] * (2 * kRatio / (1 + kRatio));
                break;
            }
        }
    }
    return std::clamp(v, min_, max_);
}

// --- TimeWeighted ---

double TimeWeighted::mean(double t_now) const {
    if (!(t_now > t0_)) return value_;
    double area = area_ + (t_now > last_t_ ? value_ * (t_now - last_t_) : 0);
    return area / (std::max(t_now, last_t_) - t0_);
}

// --- TimeSeries ---

TimeSeries::TimeSeries(size_t capacity) : capacity_(std::max<size_t>(2, capacity & ~size_t(1))) {
    t_.reserve(capacity_);
    v_.reserve(capacity_);
}

void TimeSeries::clear() {
    t_.clear();
    v_.clear();
    stride_ = 1;
    pending_n_ = 0;
    pending_t_ = pending_v_ = 0;
}

// Pairs of full points become one: called only when every stored point holds exactly
// stride_ samples and the count is even, so the means stay unweighted and uniform.
void TimeSeries::halve() {
    size_t half = t_.size() / 2;
    for (size_t i = 0; i < half; i++) {
        t_[i] = 0.5 * (t_[2 * i] + t_[2 * i + 1]);
        v_[i] = 0.5 * (v_[2 * i] + v_[2 * i + 1]);
    }
    t_.resize(half);
    v_.resize(half);
    stride_ *= 2;
}

void TimeSeries::add(double t, double v) {
    if (pending_n_ > 0 && pending_n_ < stride_) {
        pending_t_ += t;
        pending_v_ += v;
        pending_n_++;
        t_.back() = pending_t_ / double(pending_n_);
        v_.back() = pending_v_ / double(pending_n_);
        return;
    }
    if (t_.size() == capacity_) halve();
    t_.push_back(t);
    v_.push_back(v);
    pending_t_ = t;
    pending_v_ = v;
    pending_n_ = 1;
}

// --- WindowRate ---

WindowRate::WindowRate(double window_s) {
    window_ = std::isfinite(window_s) && window_s > 0 ? window_s : 1.0;
    width_ = window_ / kBuckets;
    ring_.assign(kBuckets + 1, Bucket{});
}

void WindowRate::clear() { ring_.assign(kBuckets + 1, Bucket{}); }

int64_t WindowRate::bucket_of(double t) const {
    double k = std::floor(t / width_);
    if (!(k > -4e18)) return int64_t(-4e18);  // also NaN
    if (k > 4e18) return int64_t(4e18);
    return int64_t(k);
}

void WindowRate::add(double t, double amount) {
    if (!std::isfinite(amount)) return;
    int64_t k = bucket_of(t);
    Bucket& b = ring_[size_t(((k % (kBuckets + 1)) + (kBuckets + 1)) % (kBuckets + 1))];
    if (b.index != k) b = Bucket{k, 0};
    b.amount += amount;
}

double WindowRate::rate(double t_now) const {
    if (!(t_now > 0) || !std::isfinite(t_now)) return 0;
    double start = t_now - window_;
    int64_t k0 = bucket_of(start), k1 = bucket_of(t_now);
    double total = 0;
    for (const Bucket& b : ring_) {
        if (b.index < k0 || b.index > k1) continue;
        if (b.index == k0 && k0 != k1) {
            double covered = (double(k0 + 1) * width_ - start) / width_;
            total += b.amount * std::clamp(covered, 0.0, 1.0);
        } else {
            total += b.amount;
        }
    }
    return total / std::min(window_, t_now);
}

}  // namespace tj

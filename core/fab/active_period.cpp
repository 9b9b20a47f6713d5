// active_period.cpp — the active-period bottleneck method over a window. See active_period.h.
#include "core/fab/active_period.h"

#include <algorithm>
#include <cmath>

namespace tj::fab {

void ActiveLog::set(bool active, double t) {
    if (active == (open_ >= 0)) return;
    if (active) {
        // A period that starts where the last one ended goes on (a lot handed over within the instant).
        if (!done_.empty() && done_.back().end >= t) {
            open_ = done_.back().start;
            done_.pop_back();
        } else {
            open_ = t;
        }
    } else {
        done_.push_back({open_, t});
        open_ = -1;
    }
}

void ActiveLog::prune(double t) {
    while (!done_.empty() && done_.front().end < t) done_.pop_front();
}

Periods ActiveLog::periods(double now) const {
    Periods p(done_.begin(), done_.end());
    if (open_ >= 0) p.push_back({open_, std::max(open_, now)});
    return p;
}

Periods periods_union(const Periods& a, const Periods& b) {
    Periods all(a);
    all.insert(all.end(), b.begin(), b.end());
    std::sort(all.begin(), all.end(), [](const Period& x, const Period& y) { return x.start < y.start; });
    Periods out;
    for (const Period& p : all) {
        if (!out.empty() && p.start <= out.back().end) out.back().end = std::max(out.back().end, p.end);
        else out.push_back(p);
    }
    return out;
}

Periods periods_minus(const Periods& a, const Periods& b) {
    Periods out;
    size_t j = 0;
    for (Period p : a) {
        while (j < b.size() && b[j].end <= p.start) j++;
        for (size_t k = j; k < b.size() && b[k].start < p.end; k++) {
            if (b[k].start > p.start) out.push_back({p.start, b[k].start});
            p.start = std::max(p.start, b[k].end);
        }
        if (p.end > p.start) out.push_back(p);
    }
    return out;
}

double periods_length(const Periods& a, double t0, double t1) {
    double n = 0;
    for (const Period& p : a) n += std::max(0.0, std::min(p.end, t1) - std::max(p.start, t0));
    return n;
}

namespace {

// The period of list p that covers time m, or -1.
int covering(const Periods& p, double m) {
    auto it = std::upper_bound(p.begin(), p.end(), m, [](double x, const Period& q) { return x < q.start; });
    if (it == p.begin()) return -1;
    --it;
    return m < it->end ? int(it - p.begin()) : -1;
}

}  // namespace

BottleneckReading active_period_bottleneck(const std::vector<Periods>& active, const std::vector<double>& rate,
                                           double t0, double t1) {
    const size_t n = active.size();
    BottleneckReading r;
    r.t0 = t0;
    r.t1 = t1;
    r.busy.assign(n, 0);
    r.sole.assign(n, 0);
    r.shift.assign(n, 0);
    const double span = t1 - t0;
    if (!(span > 0)) return r;
    for (size_t i = 0; i < n; i++) r.busy[i] = periods_length(active[i], t0, t1) / span;
    auto rate_of = [&](size_t i) { return i < rate.size() ? rate[i] : 0.0; };

    // Elementary intervals: between consecutive period ends, each station is active throughout or not.
    std::vector<double> cuts = {t0, t1};
    for (const Periods& p : active)
        for (const Period& q : p)
            for (double x : {q.start, q.end})
                if (x > t0 && x < t1) cuts.push_back(x);
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());

    // The momentary bottleneck of each interval: the longest period there (inside the window).
    struct Piece { double a, b; int st; Period period; int pair[2]; };
    std::vector<Piece> pieces;
    const double tie = 1e-9 * span;
    for (size_t k = 0; k + 1 < cuts.size(); k++) {
        Piece pc{cuts[k], cuts[k + 1], -1, {}, {-1, -1}};
        double m = 0.5 * (pc.a + pc.b), best = -1;
        for (size_t i = 0; i < n; i++) {
            if (!(rate_of(i) > 0)) continue;
            int j = covering(active[i], m);
            if (j < 0) continue;
            Period q = active[i][size_t(j)];
            double len = std::min(q.end, t1) - std::max(q.start, t0);
            bool longer = len > best + tie;
            bool tied = std::fabs(len - best) <= tie && pc.st >= 0 && rate_of(i) < rate_of(size_t(pc.st));
            if (longer || tied) {
                best = std::max(best, len);
                pc.st = int(i);
                pc.period = q;
            }
        }
        pieces.push_back(pc);
    }
    // Segments: runs of pieces held by one station's one period. Where the period of one
    // segment's station overlaps the next segment's, the bottleneck shifts between them.
    std::vector<size_t> seg_start;
    for (size_t k = 0; k < pieces.size(); k++)
        if (k == 0 || pieces[k].st != pieces[k - 1].st || pieces[k].period.start != pieces[k - 1].period.start)
            seg_start.push_back(k);
    seg_start.push_back(pieces.size());
    for (size_t s = 0; s + 2 < seg_start.size(); s++) {
        const Piece& x = pieces[seg_start[s]];
        const Piece& y = pieces[seg_start[s + 1]];
        if (x.st < 0 || y.st < 0 || x.st == y.st) continue;
        double a = std::max(x.period.start, y.period.start), b = std::min(x.period.end, y.period.end);
        for (size_t k = seg_start[s]; k < seg_start[s + 2]; k++) {
            Piece& pc = pieces[k];
            if (pc.a >= a && pc.b <= b) {
                pc.pair[0] = x.st;
                pc.pair[1] = y.st;
            }
        }
    }
    std::vector<std::vector<double>> shared(n, std::vector<double>(n, 0));
    for (const Piece& pc : pieces) {
        if (pc.st < 0) continue;
        double len = (pc.b - pc.a) / span;
        if (pc.pair[0] >= 0) {
            size_t p = size_t(pc.pair[0]), q = size_t(pc.pair[1]);
            r.shift[p] += len;
            r.shift[q] += len;
            shared[p][q] += len;
            shared[q][p] += len;
        } else {
            r.sole[size_t(pc.st)] += len;
        }
    }
    int top = -1;
    for (size_t i = 0; i < n; i++) {
        double total = r.sole[i] + r.shift[i];
        if (!(total > 0)) continue;
        double best = top < 0 ? -1 : r.sole[size_t(top)] + r.shift[size_t(top)];
        if (total > best + 1e-12 || (std::fabs(total - best) <= 1e-12 && rate_of(i) < rate_of(size_t(top)))) top = int(i);
    }
    if (top < 0) return r;  // none binds
    if (r.sole[size_t(top)] >= r.shift[size_t(top)]) {
        r.station = top;
        // Active through the whole window, as the named station: their periods tie at
        // every moment, and only the rate told them apart.
        auto throughout = [&](size_t i) { return rate_of(i) > 0 && r.busy[i] >= 1 - 1e-9; };
        if (throughout(size_t(top)))
            for (size_t i = 0; i < n; i++)
                if (int(i) != top && throughout(i)) r.tied.push_back(int(i));
        return r;
    }
    int partner = -1;
    for (size_t j = 0; j < n; j++)
        if (shared[size_t(top)][j] > 0 && (partner < 0 || shared[size_t(top)][j] > shared[size_t(top)][size_t(partner)]))
            partner = int(j);
    r.shifting = true;
    r.between[0] = top;
    r.between[1] = partner;
    return r;
}

}  // namespace tj::fab

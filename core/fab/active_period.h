// active_period.h — the bottleneck of a line by the active-period method (Roser,
// Nakano & Tanaka, "Shifting bottleneck detection", Proc. Winter Simulation Conference
// 2002), over a stated window.
//
// A station is active while it works (neither starved nor blocked nor idle); each
// uninterrupted stretch of it is an active period. At each moment of the window the
// station whose active period there is the longest is the momentary bottleneck. Where
// the period of one momentary bottleneck overlaps the period of the next, the
// bottleneck is shifting between the two: that overlap counts as shifting for both, the
// rest of a station's time as the momentary bottleneck counts as sole. Periods are
// measured inside the window (a period that began before it counts from the window's
// start), so two stations active through the whole window are not told apart by their
// periods: then the one with the lower nominal rate is taken (the other runs ahead into a
// pile in front of it), and a station with rate 0 is never the bottleneck. Those others
// are the reading's `tied`: busy 100% like the bottleneck, told from it by rate alone.
//
// The reading over the window names a station when the station that was the bottleneck
// longest (sole + shifting) held it alone at least as long as it shared it; otherwise the
// bottleneck is shifting between it and the station it shared most with; with no active
// candidate at all, none binds. busy[i] is station i's active share of the window: the
// one number the map, the cards and the headline show.
//
// ActiveLog keeps one station's periods as they happen (bounded: prune() drops those
// that ended before a time). Interval lists are sorted and disjoint.
//
// Usage:
//   ActiveLog log; log.set(true, t0); log.set(false, t1); ...
//   std::vector<Periods> p = {log.periods(now), ...};
//   BottleneckReading r = active_period_bottleneck(p, rates, now - kWindow, now);
//   r.station, r.shifting, r.between, r.busy[i], r.tied
#pragma once
#include <deque>
#include <vector>

namespace tj::fab {

struct Period {
    double start = 0, end = 0;
};
using Periods = std::vector<Period>;

class ActiveLog {
public:
    // The station is active (or not) from time t on. A period that starts where the last
    // ended continues it.
    void set(bool active, double t);
    bool active() const { return open_ >= 0; }
    // Drops the periods that ended before t.
    void prune(double t);
    // Its periods up to now, the open one ending now.
    Periods periods(double now) const;
    void clear() { done_.clear(); open_ = -1; }

private:
    std::deque<Period> done_;
    double open_ = -1;  // start of the open period, -1: not active
};

// Interval arithmetic on sorted disjoint lists.
Periods periods_union(const Periods& a, const Periods& b);
Periods periods_minus(const Periods& a, const Periods& b);
double periods_length(const Periods& a, double t0, double t1);  // covered inside [t0, t1]

struct BottleneckReading {
    int station = -1;               // the bottleneck the method names, -1: none (shifting or none binds)
    bool shifting = false;
    int between[2] = {-1, -1};      // while shifting: the two stations
    std::vector<double> busy;       // active share of the window, per station
    std::vector<int> tied;          // other candidates active through the window, as the named station is
    std::vector<double> sole, shift;  // share of the window as sole / shifting bottleneck
    double t0 = 0, t1 = 0;          // the window
};

BottleneckReading active_period_bottleneck(const std::vector<Periods>& active, const std::vector<double>& rate,
                                           double t0, double t1);

}  // namespace tj::fab

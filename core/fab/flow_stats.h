// flow_stats.h — what the line's counters mean: Little's law, the bottleneck, what was lost.
//
//   little_of_buffer / little_of_line: L (time-average WIP), lambda (departures per
//     second) and W (mean time in the buffer or the line per departed unit), measured on
//     the sample path, so L = lambda * W holds up to the units still inside.
//   nominal_exit_rates: for each station, the line's exit rate (exit units per week) if
//     that station alone limited it: capacity x its yield now x the yields after it,
//     converted through the recipe (2 dies per package, 18 trays per rack, ...). The
//     smallest is the bottleneck rate. Reworked failures pass again, so they cost capacity
//     (rate x yield) without costing output.
//   BottleneckTracker: once a week, names the station that worked the largest share of
//     the last few weeks (the utilization method), once it has held two weeks. Stations within 2 points of the top
//     (all saturated) are told apart by their nominal rate: the slower one constrains.
//     It keeps a bounded log of changes. Nothing is forced: a hold (masks) is named only
//     when the caller's numbers show it busier than every working station.
//   residual_area / line_residual_area: the time already spent by what is still inside,
//     so that L * T = (departed wait area) + (residual area) holds exactly.
//   weeks_behind: how many weeks ago a reference run (no respin) had already shipped what
//     this run has shipped now.
//
// Usage:
//   LittleCheck c = little_of_buffer(line.buffer(b), t);   // c.L vs c.lambda * c.W
//   BottleneckTracker bt; bt.reset(12, 4); bt.update(working_s, rate, short_s, t, week);
#pragma once
#include <cstddef>
#include <deque>
#include <vector>

#include "fab/line.h"

namespace tj::fab {

struct LittleCheck {
    double L = 0;       // time-average content (units)
    double lambda = 0;  // departures per second
    double W = 0;       // mean time inside per departed unit (s)
};

LittleCheck little_of_buffer(const Buffer& b, double t);
LittleCheck little_of_line(const Line& line, double t);  // in die equivalents
double residual_area(const Buffer& b, double t);          // unit * s
double line_residual_area(const Line& line, double t);    // die-eq * s

std::vector<double> nominal_exit_rates(const Line& line, double t);

struct BottleneckChange {
    double week = 0;
    int station = -1;
};

class BottleneckTracker {
public:
    static constexpr size_t kLogSize = 64;
    void reset(size_t stations, size_t window_weeks);
    // working_s[i]: cumulative working time of station i up to t (s); rate[i]: its nominal
    // rate (breaks ties between saturated stations; 0 = never a candidate); short_s[i]:
    // for a side supplier, cumulative time its consumer starved for its parts, else < 0.
    // A supplier is a candidate only if its consumer starved for it in the window: one
    // that is busy filling a pile is running ahead, not constraining. Returns the
    // current bottleneck.
    int update(const std::vector<double>& working_s, const std::vector<double>& rate,
               const std::vector<double>& short_s, double t, double week);
    int current() const { return current_; }
    const std::vector<double>& utilization() const { return util_; }  // over the window
    const std::vector<BottleneckChange>& log() const { return log_; }

private:
    struct Snap { double t; std::vector<double> working, shortage; };
    std::deque<Snap> snaps_;
    std::vector<double> util_;
    std::vector<BottleneckChange> log_;
    size_t window_ = 4;
    int current_ = -1, pending_ = -1, pending_weeks_ = 0;
};

double weeks_behind(const std::vector<double>& ref_cum_by_week, double cum_now, double week_now);

}  // namespace tj::fab

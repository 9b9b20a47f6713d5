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
//   BottleneckChange: a week in which the named bottleneck changed (the method: active_period.h).
//   residual_area / line_residual_area: the time already spent by what is still inside,
//     so that L * T = (departed wait area) + (residual area) holds exactly.
//   weeks_behind: how many weeks ago a reference run (no respin) had already shipped what
//     this run has shipped now.
//
// Usage:
//   LittleCheck c = little_of_buffer(line.buffer(b), t);   // c.L vs c.lambda * c.W
#pragma once
#include <vector>

#include "core/fab/line.h"

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

double weeks_behind(const std::vector<double>& ref_cum_by_week, double cum_now, double week_now);

}  // namespace tj::fab

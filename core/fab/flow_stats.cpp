// flow_stats.cpp — Little's law, nominal rates, what was lost. See flow_stats.h.
#include "core/fab/flow_stats.h"

#include <algorithm>

namespace tj::fab {

LittleCheck little_of_buffer(const Buffer& b, double t) {
    LittleCheck c;
    if (!(t > 0)) return c;
    c.L = b.level.mean(t);
    c.lambda = double(b.out_units) / t;
    c.W = b.out_units > 0 ? b.wait_area / double(b.out_units) : 0;
    return c;
}

LittleCheck little_of_line(const Line& line, double t) {
    LittleCheck c;
    if (!(t > 0)) return c;
    double departed = double(line.delivered_de() + line.scrapped_de());
    c.L = line.line_wip_mean(t);
    c.lambda = departed / t;
    c.W = departed > 0 ? line.line_sojourn_area() / departed : 0;
    return c;
}

std::vector<double> nominal_exit_rates(const Line& line, double t) {
    size_t n = size_t(line.station_count());
    std::vector<double> rate(n, 0), per_unit(size_t(line.buffer_count()), 0);
    // Consumers come after producers, so walking backwards knows each output's worth.
    for (size_t k = n; k-- > 0;) {
        const StationSpec& s = line.station(int(k)).spec;
        double y = s.yield.at(t, 1);  // newest revision: the learning curve once fixed masks exist
        double out_worth = s.out_buffer < 0 ? 1.0 : per_unit[size_t(s.out_buffer)];
        // With rework share r, a kit passes on average 1 / (1 - (1 - y) r) times and
        // comes out good with probability y / (1 - (1 - y) r).
        double new_per_pass = 1 - (1 - y) * (s.out_per_kit == 1 ? std::clamp(s.rework, 0.0, 1.0) : 0.0);
        double good_per_kit = new_per_pass > 0 ? y / new_per_pass : 0;
        double per_kit = double(s.out_per_kit) * good_per_kit * out_worth;
        rate[k] = s.kits_per_week * new_per_pass * per_kit;  // new kits per week x worth
        for (auto& in : s.inputs) per_unit[size_t(in.buffer)] = per_kit / double(std::max<int64_t>(1, in.per_kit));
    }
    return rate;
}

double residual_area(const Buffer& b, double t) {
    double a = 0;
    for (auto& c : b.q) a += double(c.units) * (t - c.arrived);
    return a;
}

double line_residual_area(const Line& line, double t) {
    double a = 0;
    for (int i = 0; i < line.buffer_count(); i++) {
        const Buffer& b = line.buffer(i);
        for (auto& c : b.q) a += double(c.units * b.de_per_unit) * (t - c.born);
    }
    for (int i = 0; i < line.station_count(); i++) {
        const Station& s = line.station(i);
        for (auto* q : {&s.pipe, &s.hot_pipe})
            for (auto& l : *q) a += double((l.finished ? l.good : l.kits * s.spec.out_per_kit) * s.de_out) * (t - l.born);
        for (auto& l : s.rework_q) a += double(l.kits * s.spec.out_per_kit * s.de_out) * (t - l.born);
    }
    return a;
}

double weeks_behind(const std::vector<double>& ref, double cum_now, double week_now) {
    // The moment the reference had shipped what this run has now: within the first week
    // it had shipped more, along that week's shipments (a whole week would cut the lag
    // to a whole number of weeks, and the lag times the rate past the GPUs lost).
    for (size_t w = 0; w < ref.size() && double(w) <= week_now; w++) {
        if (ref[w] <= cum_now) continue;
        const double before = w > 0 ? ref[w - 1] : 0, at = w > 0 ? double(w - 1) : 0;
        return std::max(0.0, week_now - (at + (cum_now - before) / (ref[w] - before)));
    }
    return 0;
}

}  // namespace tj::fab

// trip.cpp — see trip.h.
#include "core/trip.h"

#include <algorithm>

namespace tj {

bool Trip::has_stop(int stop) const {
    for (const TripLeg& l : legs)
        if (l.stop == stop) return true;
    return false;
}

double Trip::stop_time(int stop) const {
    double sum = 0;
    for (const TripLeg& l : legs)
        if (l.stop == stop) sum += l.t1 - l.t0;
    return sum;
}

double Trip::stop_start(int stop) const {
    for (const TripLeg& l : legs)
        if (l.stop == stop) return l.t0;
    return start();
}

TripPoint trip_point(const Trip& trip, double t) {
    TripPoint p;
    if (trip.legs.empty()) return p;
    const TripLeg* at = &trip.legs.back();
    if (t <= trip.start()) at = &trip.legs.front();
    else
        for (const TripLeg& l : trip.legs)
            if (t < l.t1) { at = &l; break; }
    p.stop = at->stop;
    p.from = at->from;
    p.to = at->to;
    p.what = at->what;
    double len = at->t1 - at->t0;
    p.frac = len > 0 ? std::clamp((t - at->t0) / len, 0.0, 1.0) : (t >= at->t1 && t > trip.start() ? 1.0 : 0.0);
    return p;
}

double trip_real_seconds(const Trip& trip) {
    double sum = 0;
    for (int s = 0; s < trip.stops(); s++)
        if (trip.has_stop(s)) sum += trip.stop_real_s[size_t(s)];
    return sum;
}

TripShown trip_shown(const Trip& trip, double real_s) {
    TripShown shown;
    double left = std::max(0.0, real_s);
    for (int s = 0; s < trip.stops(); s++) {
        if (!trip.has_stop(s)) continue;
        const double secs = trip.stop_real_s[size_t(s)];
        shown = {s, 1.0};
        if (left < secs) return {s, left / secs};
        left -= secs;
    }
    return shown;
}

double trip_clock(const Trip& trip, double real_s) {
    if (trip.legs.empty()) return 0;
    TripShown at = trip_shown(trip, real_s);
    return trip.stop_start(at.stop) + trip.stop_time(at.stop) * at.frac;
}

double trip_lens(const Trip& trip, int stop) {
    return stop >= 0 && stop < trip.stops() ? trip.stop_time(stop) / trip.stop_real_s[size_t(stop)] : 0;
}

}  // namespace tj

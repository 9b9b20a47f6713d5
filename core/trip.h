// trip.h — one traveller's trip as legs on a scene's map, and the paced clock a follow
// shows it on: a token from the keyboard to the screen (token/token_follow.h), a wafer
// lot from the fab to the customers (fab/lot_follow.h).
//
// A trip is legs in time order, each starting where the one before ended, each at one
// of the scene's stops (numbered 0..stops-1 in the order a trip passes them). A leg
// moves between two of the map's stations, or waits at one (from == to). The follow's
// clock gives every stop the trip passes a few real seconds however long it lasts in
// simulated time (a 5 µs link and a 30 ms step alike, a day's test and a fab's months):
// the clock runs slow where a stop is short, so a viewer sees it.
//
// Usage:
//   Trip trip;  trip.stop_real_s = {3, 4.5, 3};            // one entry per stop
//   trip.legs.push_back({stop, from, to, t0, t1});
//   TripPoint p = trip_point(trip, sim_now);                // p.stop, p.from, p.to, p.frac
//   double t = trip_clock(trip, real_seconds_since_start);  // where the run should be
//   TripShown s = trip_shown(trip, real_seconds_since_start);  // the stop to caption
#pragma once
#include <cstdint>
#include <vector>

namespace tj {

// The traveller moves from one station to another during [t0, t1] (from == to: it
// stays there). what: the scene's word for what it does on the leg (0 unless it has one).
struct TripLeg {
    int stop = 0;
    uint16_t from = 0, to = 0;
    double t0 = 0, t1 = 0;
    int what = 0;
};

struct Trip {
    std::vector<TripLeg> legs;        // in time order, each starting where the one before ended
    std::vector<double> stop_real_s;  // real seconds a follow shows each stop for; its size is the number of stops
    double start() const { return legs.empty() ? 0 : legs.front().t0; }
    double end() const { return legs.empty() ? 0 : legs.back().t1; }
    int stops() const { return int(stop_real_s.size()); }
    bool has_stop(int stop) const;
    // The simulated time spent at a stop (0 when the trip does not pass it), and when
    // the traveller gets there (the trip's start for a stop it does not pass).
    double stop_time(int stop) const;
    double stop_start(int stop) const;
};

// Where the traveller is at simulated time t: the stop, the leg's stations, how far
// along the leg (0..1) and what it does there. Before the trip: its first leg at 0;
// after it: its last at 1. stop is -1 for an empty trip.
struct TripPoint {
    int stop = -1;
    uint16_t from = 0, to = 0;
    double frac = 0;
    int what = 0;
};
TripPoint trip_point(const Trip& trip, double t);

// The follow's clock: the simulated time real_s real seconds after the follow began.
// Every stop the trip passes takes its stop_real_s, its simulated time passing evenly;
// past the end, the trip's end.
double trip_clock(const Trip& trip, double real_s);
// The stop a follow shows real_s real seconds after it began, and how far through its
// seconds (0..1): every stop the trip passes has its turn, one of no length too.
// Past the end: the last stop, at 1; stop is -1 for an empty trip.
struct TripShown {
    int stop = -1;
    double frac = 0;
};
TripShown trip_shown(const Trip& trip, double real_s);
// Real seconds the whole follow takes.
double trip_real_seconds(const Trip& trip);
// The clock's pace at a stop: simulated seconds per real second (0 for a stop of no length).
double trip_lens(const Trip& trip, int stop);

}  // namespace tj

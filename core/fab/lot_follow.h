// lot_follow.h — one wafer lot's trip through the chain, for following it with the
// camera: from its start at the fab to the customers, station by station, each stop's
// time split into waiting in the buffer in front, being processed, and held done at the
// station while the buffer after it is full. The legs and the paced clock are the shared
// trip.h (the token scene's follow uses the same); the stops are the chain's stations.
//
// Identity: a lot keeps its identity only as far as the next buffer. There its good
// units join the pile (chunks merge when a buffer holds many), and packaging kits two
// dies with HBM stacks and an interposer; trays and racks take many of what came
// before. The trip follows first in first out: the downstream lot that takes the first
// of this lot's units carries it on, as a fab's lot genealogy traces a die back to its
// wafer lot. The line marks this itself (Line::follow_next_lot, line.h) on a copy of
// the model run ahead, so the trip is what the run will do, to the second.
//
// Usage:
//   LotTrip trip;
//   if (find_next_lot_trip(model, 150 * kWeek, &trip)) ...
//   TripPoint p = trip_point(trip, model.now());   // p.stop: a FabStation, p.what: a LotDoing
//   double t = trip_clock(trip, real_seconds_since_start);
#pragma once
#include <vector>

#include "core/fab/fab_model.h"
#include "core/trip.h"

namespace tj::fab {

// What the lot does on a leg (TripLeg::what).
enum LotDoing : int {
    kLotProcessed = 0,  // in the station, from its start to its yield
    kLotWaiting,        // in the buffer in front, for its turn (or for the rest of its kit)
    kLotHeld,           // done, held at the station while the buffer after it is full
    kLotArrived,        // at the customers
};

// A lot's trip: stops are FabStation (the fab, die sort, packaging, module test, tray,
// rack, shipment and the customers; the suppliers' stations are not passed).
struct LotTrip : Trip {
    LotTrip();
};

// Real seconds a follow shows a station for: the fab, the longest and the first, a
// little longer.
double lot_stop_seconds(int station);

// The trip of a lot from the marks a line recorded while following it (line.h); false
// while it has not reached the customers, or when it was lost (all of it scrapped).
bool lot_trip(const LineSpec& spec, const std::vector<LotMark>& marks, LotTrip* out);

// Runs a copy of the model ahead (the model is not touched) from the next wafer lot
// the fab starts to the customers, and gives its trip. A lot lost on the way (all of
// it scrapped: a respin purges the fab) is let go, and the next lot the fab starts
// after that is followed instead. False when none reaches the customers within
// horizon simulated seconds (the fab held for masks, every lot scrapped).
bool find_next_lot_trip(const FabModel& m, double horizon, LotTrip* out);

}  // namespace tj::fab

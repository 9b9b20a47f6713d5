// token_follow.h — one token's trip as legs on the map, for following it with the
// camera: which stop of the trip the token is at and where between which stations,
// at any simulated time, and the follow's clock, which shows every stop for a few
// real seconds however long it lasts on the chip (a 5 µs link and a 30 ms step alike),
// so the clock slows down where the token's stop is short and a viewer sees it move
// (the legs and the clock are the shared trip.h).
//
// The legs are the token model's own segments (token_model.cpp): the prompt from the
// keyboard to the tokenizer and across the link to the mesh, the step's tokens to
// the sampler and back across the link to the detokenizer, the text to the screen.
// Between them the token waits at a station (at the door, on the mesh for its step,
// at the detokenizer while its character is held). So the point trip_point() gives is
// where the drawn parcel is.
//
// The first token of an answer travels the whole way from the keyboard (the prompt
// carries it); a later token starts on the chip, where its previous one was sampled.
//
// Usage:
//   TokenTrip trip;
//   if (find_next_trip(model, model.view().watched_seq, 1, 5.0, &trip)) ...
//   TripPoint p = trip_point(trip, model.now());        // p.stop, p.from, p.to, p.frac
//   double t = trip_clock(trip, real_seconds_since_start);  // where the run should be
//   TripShown s = trip_shown(trip, real_seconds_since_start);  // the stop to caption
#pragma once
#include <cstdint>
#include <vector>

#include "core/token/token_model.h"
#include "core/trip.h"

namespace tj::token {

// The stops of a trip, in order: the lesson follow-a-token has one step for each.
enum TripStop : int {
    kStopDoor = 0, kStopTokenizer, kStopH2d, kStopCores, kStopSampler, kStopD2h, kStopDetok, kStopScreen, kTripStops
};
// The station a stop is drawn at (the cores' stop: the mesh).
TokenStation trip_stop_station(int stop);

// The token's trip: the shared legs and paced clock (trip.h), which token it is, and
// each stop shown for stop_seconds(stop).
struct TokenTrip : Trip {
    uint32_t seq = 0, index = 0;  // the sequence and the token's number in its answer
    TokenTrip();
};
using tj::TripLeg;
using tj::TripPoint;
using tj::TripShown;
using tj::trip_clock;
using tj::trip_lens;
using tj::trip_point;
using tj::trip_real_seconds;
using tj::trip_shown;

// The trip of the token a journey records (see TokenJourney: the first token of an
// answer carries its prompt's times). Legs of no length are kept: every stop the
// token passes has one.
TokenTrip token_trip(const TokenJourney& j);

// Real seconds a follow shows a stop for: the cores' step, the longest and the one
// the trip is about, a little longer.
double stop_seconds(int stop);

// Runs a copy of the model ahead (the model is not touched) to the first token of
// sequence seq numbered index or later whose trip starts no earlier than the model's
// present time, and gives its trip. False when no such token reaches the screen
// within horizon simulated seconds (the answer ended, or the run is stalled).
bool find_next_trip(const TokenModel& m, uint32_t seq, uint32_t index, double horizon, TokenTrip* out);

}  // namespace tj::token

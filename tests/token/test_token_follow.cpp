// Following one token: its trip from the model's journey, legs that are the parcels
// the map draws, where the token is at any time, and the follow's clock.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/token/token_follow.h"
#include "tests/token/token_run.h"

using namespace tj;
using namespace tj::token;

namespace {

// The default run's first answer token, found from time 0.
TokenTrip first_trip(TokenRun& r) {
    TokenTrip trip;
    REQUIRE(find_next_trip(r.m, r.m.view().watched_seq, 1, 5.0, &trip));
    return trip;
}

}  // namespace

TEST_CASE("follow: the first token's trip runs from the keyboard to the screen through every stop", "[token][follow]") {
    TokenRun r;
    r.start();
    TokenTrip trip = first_trip(r);
    CHECK(r.m.now() == 0);  // found on a copy: the run itself has not moved
    CHECK(trip.index == 1);
    CHECK(trip.start() == 0);  // the request arrives at time 0
    REQUIRE(!trip.legs.empty());
    double sum = 0;
    for (size_t i = 0; i < trip.legs.size(); i++) {
        const TripLeg& l = trip.legs[i];
        CHECK(l.t1 >= l.t0);
        if (i > 0) {
            CHECK(l.t0 == trip.legs[i - 1].t1);       // no gap, no overlap
            CHECK(l.stop >= trip.legs[i - 1].stop);   // stops in order
            CHECK(l.from == trip.legs[i - 1].to);     // where the last leg ended
        }
        sum += l.t1 - l.t0;
    }
    for (int s = 0; s < kTripStops; s++) CHECK(trip.has_stop(s));
    CHECK(trip.legs.front().from == kStPrompt);
    CHECK(trip.legs.back().to == kStScreen);
    CHECK(sum == Approx(trip.end() - trip.start()));
    // The cores' step is the long stop; the links and the sampler take microseconds.
    CHECK(trip.stop_time(kStopCores) > 10 * trip.stop_time(kStopD2h));
    CHECK(trip.stop_time(kStopH2d) > 0);
    CHECK(trip.stop_time(kStopH2d) < 1e-3);

    // The run, played on, records the same token reaching the screen at the trip's end.
    r.m.advance_to(trip.end() + 1e-3, 0);
    bool seen = false;
    for (const TokenJourney& j : r.m.view().journeys)
        if (j.seq == trip.seq && j.index == 1) {
            seen = true;
            CHECK(j.t_screen == trip.end());
        }
    CHECK(seen);
}

TEST_CASE("follow: every leg that moves is a parcel the model draws, at the same times", "[token][follow]") {
    TokenRun r;
    r.start();
    TokenTrip trip = first_trip(r);
    int moving = 0;
    for (const TripLeg& l : trip.legs) {
        if (l.from == l.to || l.t1 <= l.t0) continue;
        moving++;
        r.m.advance_to(l.t1, 0);
        bool drawn = false;
        for (const Segment& s : r.m.segments().items())
            drawn = drawn || (s.from == l.from && s.to == l.to && s.depart == l.t0 && s.arrive == l.t1);
        INFO("leg of stop " << l.stop << " from " << l.from << " to " << l.to);
        CHECK(drawn);
    }
    CHECK(moving >= 5);  // tokenizer, link, sampler, link back, screen
}

TEST_CASE("follow: where the token is, stop by stop", "[token][follow]") {
    TokenRun r;
    r.start();
    TokenTrip trip = first_trip(r);
    TripPoint p = trip_point(trip, trip.start() - 1);
    CHECK(p.stop == kStopDoor);
    CHECK(p.frac == 0);
    p = trip_point(trip, trip.end() + 1);
    CHECK(p.stop == kStopScreen);
    CHECK(p.to == kStScreen);
    CHECK(p.frac == 1);
    // Half way through each leg that has a length: that leg, half way along.
    for (const TripLeg& l : trip.legs) {
        if (l.t1 <= l.t0) continue;
        TripPoint q = trip_point(trip, 0.5 * (l.t0 + l.t1));
        CHECK(q.stop == l.stop);
        CHECK(q.from == l.from);
        CHECK(q.to == l.to);
        CHECK(q.frac == Approx(0.5));
    }
    // Time on: the stop never goes back.
    int last = -1;
    for (int k = 0; k <= 400; k++) {
        TripPoint q = trip_point(trip, trip.start() + (trip.end() - trip.start()) * k / 400.0);
        CHECK(q.stop >= last);
        last = q.stop;
    }
    CHECK(trip_point(TokenTrip{}, 1).stop == -1);
}

TEST_CASE("follow: the clock shows every stop for its seconds, short or long", "[token][follow]") {
    TokenRun r;
    r.start();
    TokenTrip trip = first_trip(r);
    CHECK(trip_clock(trip, 0) == trip.start());
    CHECK(trip_clock(trip, -5) == trip.start());
    CHECK(trip_clock(trip, trip_real_seconds(trip)) == trip.end());
    CHECK(trip_clock(trip, trip_real_seconds(trip) + 100) == trip.end());
    CHECK(trip_shown(trip, trip_real_seconds(trip) + 100).stop == kStopScreen);
    CHECK(trip_shown(trip, trip_real_seconds(trip) + 100).frac == 1);
    CHECK(trip_shown(TokenTrip{}, 1).stop == -1);
    CHECK(trip_real_seconds(trip) == Approx(7 * 3.0 + 4.5));
    // Each stop begins when the real seconds of the stops before it have passed, and
    // the token is at that stop half way through its seconds (shown there even when it
    // takes no time at all, as the door does when nobody is ahead).
    double real = 0;
    for (int s = 0; s < kTripStops; s++) {
        CHECK(trip_clock(trip, real) == Approx(trip.stop_start(s)).margin(1e-15));
        TripShown half = trip_shown(trip, real + 0.5 * stop_seconds(s));
        CHECK(half.stop == s);
        CHECK(half.frac == Approx(0.5));
        if (trip.stop_time(s) > 0) CHECK(trip_point(trip, trip_clock(trip, real + 0.5 * stop_seconds(s))).stop == s);
        CHECK(trip_lens(trip, s) == Approx(trip.stop_time(s) / stop_seconds(s)));
        real += stop_seconds(s);
    }
    // The clock slows down where the stop is short: the link runs far slower than the step.
    CHECK(trip_lens(trip, kStopD2h) < trip_lens(trip, kStopCores) / 10);
    double prev = trip.start();
    for (int k = 0; k <= 1000; k++) {
        double t = trip_clock(trip, trip_real_seconds(trip) * k / 1000.0);
        CHECK(t >= prev);
        prev = t;
    }
}

TEST_CASE("follow: a later token starts on the chip, where its previous one was sampled", "[token][follow]") {
    TokenRun r;
    r.start();
    TokenTrip first = first_trip(r);
    r.m.advance_to(first.end(), 0);
    TokenTrip next;
    REQUIRE(find_next_trip(r.m, first.seq, first.index + 1, 5.0, &next));
    CHECK(next.seq == first.seq);
    CHECK(next.index > first.index);
    CHECK(next.start() >= r.m.now());
    CHECK(!next.has_stop(kStopDoor));
    CHECK(!next.has_stop(kStopTokenizer));
    CHECK(!next.has_stop(kStopH2d));
    for (int s = kStopCores; s < kTripStops; s++) CHECK(next.has_stop(s));
    CHECK(next.legs.front().from == kStMesh);
    CHECK(trip_real_seconds(next) == Approx(4 * 3.0 + 4.5));
    CHECK(trip_clock(next, 0) == next.start());
    CHECK(trip_shown(next, 0).stop == kStopCores);
    // None to find in no time at all: the answer's next token is not out yet.
    TokenTrip none;
    CHECK(!find_next_trip(r.m, first.seq, first.index + 1, 0.0, &none));
}

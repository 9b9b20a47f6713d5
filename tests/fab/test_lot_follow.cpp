// test_lot_follow.cpp — following one wafer lot: the line marks the lot and, first in
// first out, the downstream lot that takes its first unit; its trip from the fab to the
// customers on a copy of the model run ahead, in time order, whole and repeatable.
#include <catch2/catch.hpp>

#include "core/fab/lot_follow.h"

using namespace tj;
using namespace tj::fab;

namespace {

// A source making lots of two wafers a week (its first starts at time 0) into a buffer
// whose consumer takes three at a time and delivers them half a week later.
LineSpec three_from_twos() {
    LineSpec L;
    L.random = false;
    L.buffers.resize(1);
    StationSpec src;
    src.id = "source";
    src.kits_per_week = 2;
    src.lot_kits = 2;
    src.cycle_weeks = 1;
    src.de_per_out = 1;
    src.out_buffer = 0;
    StationSpec use;
    use.id = "use";
    use.kits_per_week = 10;
    use.cycle_weeks = 0.5;
    use.inputs = {{0, 3}};
    use.out_buffer = -1;
    L.stations = {src, use};
    return L;
}

// The default chain, at the week its first wafers have started.
std::unique_ptr<Model> chain_at(double week, uint64_t seed = 1) {
    std::unique_ptr<Model> m = make_fab_model();
    m->reset(ParamValues(m->registry()), seed);
    m->advance_to(week * kWeek, 0);
    return m;
}

}  // namespace

TEST_CASE("lot follow: the downstream lot that takes the first of the lot's units carries it on", "[fab][follow]") {
    Line line(three_from_twos(), 1);
    line.follow_next_lot(0);  // the lot started at week 1: wafers 2 and 3 of the buffer
    line.run_until(5 * kWeek);
    const std::vector<LotMark>& m = line.lot_marks();
    REQUIRE(m.size() == 6);
    CHECK(m[0].kind == LotMark::kStart);
    CHECK(m[0].t == Approx(1 * kWeek));
    CHECK(m[1].kind == LotMark::kDone);
    CHECK(m[2].kind == LotMark::kLeave);
    CHECK(m[2].t == Approx(2 * kWeek));
    // Wafers 0, 1 and 2 make the consumer's first lot at week 2, wafers 3, 4 and 5 its
    // second at week 3: the first of ours (wafer 2) goes with the first.
    CHECK(m[3].kind == LotMark::kStart);
    CHECK(m[3].station == 1);
    CHECK(m[3].t == Approx(2 * kWeek));
    CHECK(m[5].kind == LotMark::kDelivered);
    CHECK(m[5].t == Approx(2.5 * kWeek));
}

TEST_CASE("lot follow: following draws nothing, the run is the same", "[fab][follow]") {
    std::unique_ptr<Model> a = chain_at(20), b = a->clone();
    static_cast<FabModel&>(*b).follow_next_wafer_lot();
    a->advance_to(80 * kWeek, 0);
    b->advance_to(80 * kWeek, 0);
    const Line &la = static_cast<FabModel&>(*a).line(), &lb = static_cast<FabModel&>(*b).line();
    CHECK(la.lot_marks().empty());
    CHECK(!lb.lot_marks().empty());
    CHECK(la.events() == lb.events());
    CHECK(la.delivered_de() == lb.delivered_de());
    CHECK(la.parcels_created() == lb.parcels_created());
}

TEST_CASE("lot follow: a wafer lot's trip from the fab to the customers, leg after leg", "[fab][follow]") {
    std::unique_ptr<Model> m = chain_at(20);
    const FabModel& fab = static_cast<const FabModel&>(*m);
    LotTrip trip;
    REQUIRE(find_next_lot_trip(fab, 150 * kWeek, &trip));
    CHECK(m->now() == 20 * kWeek);  // found on a copy: the run itself has not moved
    // The lot started at week 20 is scrapped when the respin purges the metal layers
    // (week 28): the trip is the next lot's, started after.
    CHECK(trip.start() >= 28 * kWeek);
    REQUIRE(trip.legs.size() > 8);
    CHECK(trip.legs.front().stop == kStFab);
    CHECK(trip.legs.front().from == kStFab);
    CHECK(trip.legs.front().what == kLotProcessed);
    CHECK(trip.legs.back().stop == kStCustomers);
    CHECK(trip.legs.back().to == kStCustomers);
    CHECK(trip.legs.back().what == kLotArrived);
    double sum = 0;
    bool waited = false;
    for (size_t i = 0; i < trip.legs.size(); i++) {
        const TripLeg& l = trip.legs[i];
        CHECK(l.t1 >= l.t0);
        if (i > 0) {
            CHECK(l.t0 == trip.legs[i - 1].t1);      // no gap, no overlap
            CHECK(l.stop >= trip.legs[i - 1].stop);  // stations in order
            CHECK(l.from == trip.legs[i - 1].to);    // where the last leg ended
        }
        waited = waited || l.what == kLotWaiting;
        sum += l.t1 - l.t0;
    }
    CHECK(waited);
    CHECK(sum == Approx(trip.end() - trip.start()));
    double stops = 0;
    for (int s = 0; s < kStationCount; s++) stops += trip.stop_time(s);
    CHECK(stops == Approx(trip.end() - trip.start()));
    for (int s : {kStFab, kStSort, kStPack, kStModule, kStTray, kStRack, kStShip, kStCustomers}) CHECK(trip.has_stop(s));
    for (int s : {kStDesign, kStHbmSupply, kStSubstrate, kStCpuSupply, kStSwitchSupply}) CHECK(!trip.has_stop(s));
    // The fab takes months, the whole chain more; the paced clock shows each station for seconds.
    CHECK(trip.stop_time(kStFab) > 8 * kWeek);
    CHECK(trip.end() - trip.start() < 100 * kWeek);
    CHECK(trip_real_seconds(trip) == Approx(4.5 + 7 * 3.0));
    CHECK(trip_clock(trip, trip_real_seconds(trip)) == trip.end());
    CHECK(trip_shown(trip, trip_real_seconds(trip) + 1).stop == kStCustomers);
    LotTrip none;
    CHECK(!find_next_lot_trip(fab, 10 * kWeek, &none));  // not through the chain in ten weeks
}

TEST_CASE("lot follow: the same seed gives the same trip, another seed another", "[fab][follow]") {
    LotTrip a, b, c;
    REQUIRE(find_next_lot_trip(static_cast<const FabModel&>(*chain_at(20, 7)), 150 * kWeek, &a));
    REQUIRE(find_next_lot_trip(static_cast<const FabModel&>(*chain_at(20, 7)), 150 * kWeek, &b));
    REQUIRE(find_next_lot_trip(static_cast<const FabModel&>(*chain_at(20, 8)), 150 * kWeek, &c));
    REQUIRE(a.legs.size() == b.legs.size());
    for (size_t i = 0; i < a.legs.size(); i++) {
        CHECK(a.legs[i].t0 == b.legs[i].t0);
        CHECK(a.legs[i].t1 == b.legs[i].t1);
        CHECK(a.legs[i].stop == b.legs[i].stop);
        CHECK(a.legs[i].what == b.legs[i].what);
    }
    CHECK(a.end() != c.end());
}

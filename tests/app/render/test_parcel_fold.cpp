// Folding parcels that overlap all the way: fewer drawn, none lost from sight.
#include <catch2/catch.hpp>

#include "app/render/parcel_fold.h"

namespace {
// A parcel on a 100-world-unit route from (0,0) to (100,0).
ParcelInstance parcel(float depart, float arrive, float size = 10, uint32_t rgba = 0xff0000ffu) {
    return {0, 0, 100, 0, depart, arrive, rgba, size, 0};
}
}  // namespace

TEST_CASE("parcels a fraction of their size apart fold into one stack") {
    // At 1 px per world unit the trip is 100 px in 10 time units: a 10-px parcel
    // moves its own size in 1 unit. Departures 0.01 apart overlap all the way.
    std::vector<ParcelInstance> p;
    for (int i = 0; i < 50; i++) p.push_back(parcel(0.01f * float(i), 10 + 0.01f * float(i)));
    size_t removed = fold_overlapping(p, 1.0f);
    REQUIRE(p.size() + removed == 50);
    REQUIRE(p.size() <= 2);          // a bucket edge may split them in two
    REQUIRE(p[0].size_px < 0);       // drawn as a stack
}

TEST_CASE("parcels far apart, on other routes or of another look stay separate") {
    std::vector<ParcelInstance> p;
    for (int i = 0; i < 5; i++) p.push_back(parcel(3.0f * float(i), 10 + 3.0f * float(i)));  // 30 px apart
    p.push_back(parcel(0, 10, 10, 0xff00ff00u));                                             // another colour
    ParcelInstance other_route = parcel(0, 10);
    other_route.to_y = 50;
    p.push_back(other_route);
    REQUIRE(fold_overlapping(p, 1.0f) == 0);
    REQUIRE(p.size() == 7);
    for (auto& x : p) REQUIRE(x.size_px > 0);
}

TEST_CASE("zooming in unfolds: the same parcels are far apart on screen") {
    std::vector<ParcelInstance> base;
    for (int i = 0; i < 20; i++) base.push_back(parcel(0.2f * float(i), 10 + 0.2f * float(i)));
    std::vector<ParcelInstance> far = base, near = base;
    fold_overlapping(far, 1.0f);    // 2 px apart at 1 px per unit: folded
    fold_overlapping(near, 20.0f);  // 40 px apart at 20 px per unit: all drawn
    REQUIRE(far.size() < 10);
    REQUIRE(near.size() == 20);
}

TEST_CASE("parcels that stay in place, or have bad times, are kept or folded sanely") {
    std::vector<ParcelInstance> p;
    ParcelInstance still = parcel(0, 8);
    still.to_x = still.from_x;  // a scrapped lot sitting at its station
    for (int i = 0; i < 10; i++) {
        still.depart = 0.1f * float(i);
        p.push_back(still);
    }
    p.push_back(parcel(5, 5));        // no duration: kept as is
    p.push_back(parcel(5, NAN));      // not finite: kept as is
    size_t removed = fold_overlapping(p, 1.0f);
    REQUIRE(removed >= 8);            // the still lots overlap almost their whole stay
    REQUIRE(p.size() == 12 - removed);
}

// test_line_streams.cpp — each station's random streams follow its id, not its place:
// inserting a station, reordering the list or retuning another station leaves a
// station's draws exactly as they were (common random numbers across variants).
#include <catch2/catch.hpp>

#include "core/fab/line.h"

using namespace tj;
using namespace tj::fab;

namespace {

// A wafer source feeding two test stations in series (random gate times and yields),
// and, if asked, a side supplier listed first whose parts wait for nobody.
LineSpec chain(bool extra_supplier, double test_a_cv) {
    LineSpec L;
    L.buffers.resize(3);
    StationSpec side;
    side.id = "side";
    side.kits_per_week = 50;
    side.cv = 1;
    side.lot_kits = 5;
    side.yield.base = 0.7;
    side.out_buffer = 2;
    StationSpec src;
    src.id = "source";
    src.kits_per_week = 10;
    src.cv = 1;
    src.de_per_out = 1;
    src.out_buffer = 0;
    StationSpec a;
    a.id = "test_a";
    a.kits_per_week = 20;
    a.cv = test_a_cv;
    a.yield.base = 0.9;
    a.inputs = {{0, 1}};
    a.out_buffer = 1;
    StationSpec b = a;
    b.id = "test_b";
    b.cv = 0.8;
    b.yield.base = 0.6;
    b.inputs = {{1, 1}};
    b.out_buffer = -1;
    if (extra_supplier) L.stations = {side, src, a, b};
    else L.stations = {src, a, b};
    return L;
}

int index_of(const Line& line, const char* id) {
    for (int i = 0; i < line.station_count(); i++)
        if (line.station(i).spec.id == id) return i;
    return -1;
}

// The next draws a station's streams would give (copies: the line is not touched).
std::vector<uint32_t> next_draws(const Station& s) {
    Rng g = s.rng_gate, y = s.rng_yield, r = s.rng_rework;
    std::vector<uint32_t> out;
    for (int k = 0; k < 4; k++) out.insert(out.end(), {g.next_u32(), y.next_u32(), r.next_u32()});
    return out;
}

}  // namespace

TEST_CASE("a station's streams are keyed by its id: inserting a station changes no other station's draws") {
    const double T = 300 * kWeek;
    Line plain(chain(false, 0.5), 42), inserted(chain(true, 0.5), 42);
    // Before anything runs, every shared station starts from the same point of its streams.
    for (const char* id : {"source", "test_a", "test_b"}) {
        INFO(id);
        REQUIRE(index_of(plain, id) != index_of(inserted, id));  // each moved one place down the list
        CHECK(next_draws(plain.station(index_of(plain, id))) == next_draws(inserted.station(index_of(inserted, id))));
    }
    plain.run_until(T);
    inserted.run_until(T);
    for (const char* id : {"source", "test_a", "test_b"}) {
        const Station &p = plain.station(index_of(plain, id)), &q = inserted.station(index_of(inserted, id));
        INFO(id);
        CHECK(p.kits_started == q.kits_started);
        CHECK(p.units_good == q.units_good);
        CHECK(p.units_scrapped == q.units_scrapped);
        CHECK(p.time_in(State::Working, T) == q.time_in(State::Working, T));
        CHECK(next_draws(p) == next_draws(q));
    }
    CHECK(plain.delivered_units() == inserted.delivered_units());
    CHECK(plain.lead_time_mean_s() == inserted.lead_time_mean_s());
    CHECK(inserted.station(0).kits_started > 0);  // the inserted supplier did draw
}

TEST_CASE("retuning an unrelated station leaves every other station's draws unchanged") {
    const double T = 200 * kWeek;
    LineSpec base = chain(true, 0.5), tuned = chain(true, 0.5);
    tuned.stations[0].yield.base = 0.2;  // the side supplier: other yield, rate and variability
    tuned.stations[0].kits_per_week = 80;
    tuned.stations[0].cv = 2;
    Line a(base, 7), b(tuned, 7);
    a.run_until(T);
    b.run_until(T);
    CHECK(a.station(0).units_good != b.station(0).units_good);  // the change did change that station
    for (const char* id : {"source", "test_a", "test_b"}) {
        const Station &p = a.station(index_of(a, id)), &q = b.station(index_of(b, id));
        INFO(id);
        CHECK(p.units_good == q.units_good);
        CHECK(p.units_scrapped == q.units_scrapped);
        CHECK(next_draws(p) == next_draws(q));
    }
    // Ids name streams: different ids or purposes, different streams; a repeated id is refused.
    CHECK(station_stream("test_a", "yield") != station_stream("test_b", "yield"));
    CHECK(station_stream("test_a", "gate") != station_stream("test_a", "yield"));
    LineSpec twice = chain(false, 0.5);
    twice.stations[2].id = "test_a";
    CHECK_THROWS_AS(Line(twice, 1), std::logic_error);
}

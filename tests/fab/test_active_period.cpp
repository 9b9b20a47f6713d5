// test_active_period.cpp — the active-period bottleneck method (Roser, Nakano & Tanaka
// 2002) on hand-made activity where the answer is known, and on small lines.
#include <catch2/catch.hpp>

#include "core/fab/active_period.h"
#include "core/fab/line.h"

using namespace tj::fab;

TEST_CASE("active log: periods join where one ends and the next starts, and prune drops old ones", "[fab][bottleneck]") {
    ActiveLog log;
    log.set(true, 1);
    log.set(false, 3);
    log.set(true, 3);  // handed over within the instant: the same period
    log.set(false, 5);
    log.set(true, 7);
    Periods p = log.periods(9);
    REQUIRE(p.size() == 2);
    CHECK(p[0].start == 1);
    CHECK(p[0].end == 5);
    CHECK(p[1].start == 7);
    CHECK(p[1].end == 9);
    log.prune(6);
    CHECK(log.periods(9).size() == 1);
}

TEST_CASE("interval arithmetic: union and difference of sorted lists", "[fab][bottleneck]") {
    Periods u = periods_union({{0, 2}, {5, 6}}, {{1, 3}, {8, 9}});
    REQUIRE(u.size() == 3);
    CHECK(u[0].end == 3);
    Periods m = periods_minus({{0, 10}}, {{2, 3}, {5, 6}});
    REQUIRE(m.size() == 3);
    CHECK(m[1].start == 3);
    CHECK(m[1].end == 5);
    CHECK(periods_length(m, 0, 10) == Approx(8));
    CHECK(periods_length(m, 4, 10) == Approx(5));
}

TEST_CASE("active-period method: one station active throughout is the sole bottleneck", "[fab][bottleneck]") {
    // A works the whole window; B and C in short spells between starving.
    std::vector<Periods> act = {{{0, 10}}, {{1, 2}, {4, 5}, {7, 8}}, {{0, 3}}};
    BottleneckReading r = active_period_bottleneck(act, {1, 1, 1}, 0, 10);
    CHECK(r.station == 0);
    CHECK_FALSE(r.shifting);
    CHECK(r.busy[0] == Approx(1));
    CHECK(r.busy[1] == Approx(0.3));
    CHECK(r.sole[0] == Approx(1));
    CHECK(r.shift[1] == 0);
    CHECK(r.tied.empty());  // C's period [0, 3] is shorter: no tie
}

TEST_CASE("active-period method: overlapping periods of successive bottlenecks shift", "[fab][bottleneck]") {
    SECTION("A then B, a short overlap: A is named, the overlap is shifting for both") {
        // A [0, 7] is longest until it ends; B [4, 10] then. They overlap over [4, 7].
        std::vector<Periods> act = {{{0, 7}}, {{4, 10}}};
        BottleneckReading r = active_period_bottleneck(act, {1, 1}, 0, 10);
        CHECK(r.sole[0] == Approx(0.4));
        CHECK(r.sole[1] == Approx(0.3));
        CHECK(r.shift[0] == Approx(0.3));
        CHECK(r.shift[1] == Approx(0.3));
        CHECK(r.station == 0);
        CHECK_FALSE(r.shifting);
    }
    SECTION("a long overlap: the bottleneck is shifting between A and B, and neither is named") {
        std::vector<Periods> act = {{{0, 6}}, {{1, 7}}, {{0, 0.5}}};
        BottleneckReading r = active_period_bottleneck(act, {1, 2, 1}, 0, 7);
        CHECK(r.station == -1);
        REQUIRE(r.shifting);
        CHECK(r.between[0] == 0);
        CHECK(r.between[1] == 1);
        CHECK(r.shift[0] == Approx(5.0 / 7));
        CHECK(r.sole[1] == Approx(1.0 / 7));
    }
}

TEST_CASE("active-period method: ties go to the lower rate, rate 0 never binds, no activity: none", "[fab][bottleneck]") {
    std::vector<Periods> act = {{{0, 10}}, {{0, 10}}, {{0, 10}}};
    BottleneckReading tie = active_period_bottleneck(act, {3, 2, 0}, 0, 10);
    CHECK(tie.station == 1);
    CHECK(tie.tied == std::vector<int>{0});  // busy 100% too, told apart by rate; rate 0 is no candidate
    CHECK(active_period_bottleneck(act, {0, 0, 0}, 0, 10).station == -1);
    BottleneckReading none = active_period_bottleneck({{}, {{20, 30}}}, {1, 1}, 0, 10);
    CHECK(none.station == -1);
    CHECK_FALSE(none.shifting);
    CHECK(none.busy[1] == 0);
}

namespace {

// source -> slow -> fast -> out, deterministic: the slow station is never starved (the
// source keeps its buffer full) nor blocked (the fast one keeps up).
LineSpec three_station_line(double slow, double fast) {
    LineSpec L;
    L.random = false;
    L.buffers = {{"a", 50}, {"b", 50}};
    StationSpec src;
    src.id = "source";
    src.kits_per_week = 1000;
    src.de_per_out = 1;
    src.out_buffer = 0;
    StationSpec s1;
    s1.id = "s1";
    s1.kits_per_week = slow;
    s1.inputs = {{0, 1}};
    s1.out_buffer = 1;
    StationSpec s2 = s1;
    s2.id = "s2";
    s2.kits_per_week = fast;
    s2.inputs = {{1, 1}};
    s2.out_buffer = -1;
    L.stations = {src, s1, s2};
    return L;
}

BottleneckReading reading(const Line& line, double t0, double t1) {
    std::vector<Periods> act;
    for (int i = 0; i < line.station_count(); i++) act.push_back(line.station(i).active.periods(line.now()));
    return active_period_bottleneck(act, {1, 1, 1}, t0, t1);
}

}  // namespace

TEST_CASE("active-period method on a line: the slow station binds, whichever place it has", "[fab][bottleneck]") {
    for (bool slow_first : {true, false}) {
        Line line(three_station_line(slow_first ? 100 : 150, slow_first ? 150 : 100), 1);
        line.run_until(20 * kWeek);
        BottleneckReading r = reading(line, 12 * kWeek, 20 * kWeek);
        CHECK(r.station == (slow_first ? 1 : 2));
        // The source works in spells while the first buffer has room: never named.
        CHECK(r.busy[size_t(r.station)] > 0.99);
        CHECK(r.busy[0] < 0.5);
    }
}

TEST_CASE("active-period method on a line: the bottleneck shifts while a pile drains", "[fab][bottleneck]") {
    // s1 (100 a week) binds. s2 (150) is halted in weeks 10-12 while s1 fills the room
    // between them (200 of 500); from week 12 s2 works through that pile without a break,
    // and when s1 is halted in week 14 s2 binds until the pile is gone (week 14.67). The
    // active periods of s1 [.., 14] and s2 [12, 14.67] overlap over weeks 12-14: the
    // bottleneck shifts from s1 to s2 there.
    LineSpec spec = three_station_line(100, 150);
    spec.buffers[1].cap = 500;
    Line line(spec, 1);
    line.run_until(10 * kWeek);
    line.halt(2);
    line.run_until(12 * kWeek);
    line.resume(2, 0);
    line.run_until(14 * kWeek);
    line.halt(1);
    line.run_until(15 * kWeek);
    CHECK(reading(line, 2 * kWeek, 10 * kWeek).station == 1);
    BottleneckReading r = reading(line, 8 * kWeek, 15 * kWeek);
    CHECK(r.shift[1] == Approx(2.0 / 7).margin(0.01));
    CHECK(r.shift[2] == Approx(2.0 / 7).margin(0.01));
    CHECK(r.sole[1] == Approx(4.0 / 7).margin(0.01));
    CHECK(r.sole[2] == Approx(0.67 / 7).margin(0.01));
    CHECK(r.station == 1);  // it held the line alone longer than it shared it
    // Over the weeks of the change alone, the shift is most of it: neither is named.
    BottleneckReading change = reading(line, 11.5 * kWeek, 15 * kWeek);
    CHECK(change.station == -1);
    REQUIRE(change.shifting);
    CHECK(change.between[0] + change.between[1] == 3);
}

TEST_CASE("a supplier that ships to a plan keeps its pile within its stock position", "[fab][supply]") {
    LineSpec L = three_station_line(100, 150);
    L.buffers[0].cap = 0;  // no cap: only the plan limits the pile
    L.stations[0].stock_position = 40;
    Line line(L, 1);
    int64_t most = 0;
    for (int w = 1; w <= 30; w++) {
        line.run_until(w * kWeek);
        most = std::max(most, line.buffer(0).units);
    }
    CHECK(most <= 40);
    CHECK(line.delivered_units() > 29 * 100 - 100);  // the slow station never starved for it
    // Halt the consumer: what was on its way arrives, nothing more is started.
    line.halt(1);
    int64_t at_halt = line.buffer(0).units + line.station(0).kits_in_process;
    line.run_until(40 * kWeek);
    CHECK(line.buffer(0).units == at_halt);
}

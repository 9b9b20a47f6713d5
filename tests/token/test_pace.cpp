// test_pace.cpp — the bottleneck of a phase by the active-period method (core/token/pace.h),
// on hand-made step logs.
#include <catch2/catch.hpp>

#include "core/token/pace.h"

using namespace tj::token;

namespace {

// n steps of `len` seconds, each held by part `holder` (busy for `part_s` of it), the
// device idle `wait` before each; `host` stage given `host_s` of work per step.
void add_steps(std::deque<PaceSample>& log, int n, double len, int holder, double part_s, double wait = 0,
               int phase = kPhaseDecode, int host = kStageDetok, double host_s = 0) {
    double t = log.empty() ? 0 : log.back().end;
    for (int i = 0; i < n; i++) {
        PaceSample s;
        s.wait = wait;
        s.start = t + wait;
        s.end = s.start + len;
        s.phase = phase;
        s.holder = holder;
        s.busy[holder] = part_s;
        s.busy[host] = host_s;
        log.push_back(s);
        t = s.end;
    }
}

}  // namespace

TEST_CASE("the part that holds the steps is the bottleneck, with its busy share of the window", "[token][pace]") {
    std::deque<PaceSample> log;
    add_steps(log, 100, 0.01, kPartHbm, 0.0096, 0, kPhaseDecode, kStageDetok, 0.0059);
    PaceMeasure m = measure_pace(log, kPhaseDecode, 0.5);
    CHECK(m.steps == 50);  // the window: the latest 0.5 s of steps
    CHECK(m.window_s == Approx(0.5));
    CHECK(m.stage == kPartHbm);
    CHECK_FALSE(m.shifting);
    CHECK(m.share[kPartHbm] == Approx(0.96));
    // The detokenizer is busy 59% of the time and waits for the device: not the bottleneck.
    CHECK(m.share[kStageDetok] == Approx(0.59));
    CHECK(pace_window_words(m, false) == "the last 500 ms of decode steps");  // the map's unit for times under a second
    CHECK(pace_window_words(m, true) == "最近 500 毫秒的解码步");
    m.window_s = 0.2936;
    CHECK(pace_window_words(m, false) == "the last 290 ms of decode steps");
    m.window_s = 0.0036;
    CHECK(pace_window_words(m, false) == "the last 3.6 ms of decode steps");
    m.window_s = 2.5;
    CHECK(pace_window_words(m, false) == "the last 2.5 s of decode steps");
    CHECK(pace_window_words(m, true) == "最近 2.5 秒的解码步");
}

TEST_CASE("a host stage given more work than the device's steps take is the bottleneck", "[token][pace]") {
    std::deque<PaceSample> log;
    // The device waits 4 ms before each 6 ms step: it is active 60% of the time, the
    // detokenizer 95%.
    add_steps(log, 100, 0.006, kPartHbm, 0.0058, 0.004, kPhaseDecode, kStageDetok, 0.0095);
    PaceMeasure m = measure_pace(log, kPhaseDecode, 1);
    CHECK(m.stage == kStageDetok);
    CHECK(m.share[kStageDetok] == Approx(0.95));
    // Given about as much work as the device takes: the two shift.
    std::deque<PaceSample> tie;
    add_steps(tie, 100, 0.01, kPartHbm, 0.0096, 0, kPhaseDecode, kStageDetok, 0.0099);
    m = measure_pace(tie, kPhaseDecode, 1);
    CHECK(m.stage == -1);
    CHECK(m.shifting);
    CHECK(m.between[0] == kPartHbm);
    CHECK(m.between[1] == kStageDetok);
}

TEST_CASE("two parts trading places shift, a device that mostly waits for work names none", "[token][pace]") {
    std::deque<PaceSample> log;
    for (int i = 0; i < 20; i++) {
        add_steps(log, 3, 0.01, kPartHbm, 0.009);
        add_steps(log, 2, 0.01, kPartCompute, 0.009);
    }
    PaceMeasure m = measure_pace(log, kPhaseDecode, 1);
    CHECK(m.stage == -1);
    CHECK(m.shifting);
    CHECK(m.between[0] == kPartHbm);
    CHECK(m.between[1] == kPartCompute);
    // One step in five held by compute: HBM holds 80% of the steps' time and is named.
    std::deque<PaceSample> mostly;
    for (int i = 0; i < 20; i++) {
        add_steps(mostly, 4, 0.01, kPartHbm, 0.009);
        add_steps(mostly, 1, 0.01, kPartCompute, 0.009);
    }
    CHECK(measure_pace(mostly, kPhaseDecode, 1).stage == kPartHbm);
    // Open loop, light load: 2 ms steps every 10 ms.
    std::deque<PaceSample> idle;
    add_steps(idle, 100, 0.002, kPartHbm, 0.0019, 0.008);
    m = measure_pace(idle, kPhaseDecode, 1);
    CHECK(m.stage == -1);
    CHECK_FALSE(m.shifting);
    CHECK(m.share[kPartHbm] == Approx(0.19));
}

TEST_CASE("each phase is measured over its own steps", "[token][pace]") {
    std::deque<PaceSample> log;
    add_steps(log, 1, 0.2, kPartCompute, 0.19, 0, kPhasePrefill);
    add_steps(log, 10, 0.008, kPartHbm, 0.0077);
    PaceMeasure d = measure_pace(log, kPhaseDecode, 2), p = measure_pace(log, kPhasePrefill, 2);
    CHECK(d.steps == 10);
    CHECK(d.stage == kPartHbm);
    CHECK(d.share[kPartCompute] == 0);  // the prompt's arithmetic is not in the decode steps' window
    CHECK(p.steps == 1);
    CHECK(p.stage == kPartCompute);
    CHECK(measure_pace({}, kPhaseDecode, 2).steps == 0);
}

TEST_CASE("a prefill window of mostly mixed steps is named as mixed steps", "[token][pace]") {
    std::deque<PaceSample> log;
    add_steps(log, 3, 0.05, kPartCompute, 0.045, 0, kPhasePrefill);
    PaceMeasure p = measure_pace(log, kPhasePrefill, 2);
    CHECK_FALSE(p.mixed);
    CHECK(pace_window_words(p, false) == "the last 150 ms of prefill steps");
    add_steps(log, 4, 0.05, kPartHostMem, 0.045, 0, kPhasePrefill);
    for (size_t i = 3; i < log.size(); i++) log[i].mixed = true;
    p = measure_pace(log, kPhasePrefill, 2);
    CHECK(p.mixed);  // 4 of 7
    CHECK(pace_window_words(p, false) == "the last 350 ms of mixed steps");
    CHECK(pace_window_words(p, true) == "最近 350 毫秒的混合步");
    CHECK_FALSE(measure_pace(log, kPhaseDecode, 2).mixed);
}

// test_line_closed_forms.cpp — the line engine against queueing closed forms:
// M/M/1 and M/D/1 waits, Little's law on the sample path, and Factory Physics'
// best case, worst case and practical worst case for a balanced CONWIP line.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>

#include "core/fab/flow_stats.h"
#include "core/fab/line.h"

using namespace tj;
using namespace tj::fab;

namespace {

// A source feeding n identical single-server stations in series, then the exit.
// Rates are per week; cycle time 0 means the gate is the whole station.
LineSpec tandem(int n, double arrival_rate, double arrival_cv, double mu, double cv, int64_t lot, bool random,
                int64_t conwip) {
    LineSpec L;
    L.max_lots_per_week = INFINITY;  // the queueing forms hold for lots as given (rates here are in the millions)
    L.random = random;
    L.conwip_de = conwip;
    L.buffers.resize(size_t(n));
    StationSpec src;
    src.id = "source";
    src.kits_per_week = arrival_rate;
    src.cv = arrival_cv;
    src.lot_kits = lot;
    src.de_per_out = 1;
    src.out_buffer = 0;
    src.conwip_release = conwip > 0;
    L.stations.push_back(src);
    for (int k = 0; k < n; k++) {
        StationSpec s;
        s.id = "st" + std::to_string(k);
        s.kits_per_week = mu;
        s.cv = cv;
        s.lot_kits = lot;
        s.inputs = {{k, 1}};
        s.out_buffer = k + 1 < n ? k + 1 : -1;
        L.stations.push_back(s);
    }
    return L;
}

double run_throughput_per_week(Line& line, double warm_weeks, double weeks) {
    line.run_until(warm_weeks * kWeek);
    int64_t before = line.delivered_units();
    line.run_until((warm_weeks + weeks) * kWeek);
    return double(line.delivered_units() - before) / weeks;
}

}  // namespace

TEST_CASE("a single station with Poisson arrivals and exponential service is M/M/1") {
    const double lambda = 0.8, mu = 1.0, rho = lambda / mu;
    Line line(tandem(1, lambda, 1.0, mu, 1.0, 1, true, 0), 7);
    double T = 400000 * kWeek;
    line.run_until(T);
    LittleCheck q = little_of_buffer(line.buffer(0), T);
    double wq_weeks = q.W / kWeek;
    CHECK(wq_weeks == Approx(rho / (mu - lambda)).epsilon(0.05));         // Wq = rho / (mu - lambda) = 4
    CHECK(q.L == Approx(rho * rho / (1 - rho)).epsilon(0.05));            // Lq = rho^2 / (1 - rho) = 3.2
    CHECK(line.station(1).time_in(State::Working, T) / T == Approx(rho).epsilon(0.02));
}

TEST_CASE("a single station with deterministic service is M/D/1") {
    const double lambda = 0.8, mu = 1.0, rho = lambda / mu;
    Line line(tandem(1, lambda, 1.0, mu, 0.0, 1, true, 0), 11);
    double T = 400000 * kWeek;
    line.run_until(T);
    LittleCheck q = little_of_buffer(line.buffer(0), T);
    CHECK(q.W / kWeek == Approx(rho / (2 * mu * (1 - rho))).epsilon(0.05));  // Pollaczek-Khinchine: 2 weeks
}

TEST_CASE("the gate-time family has the asked mean and coefficient of variation") {
    Rng rng(3);
    for (double cv : {0.0, 0.3, 1.0, 2.0}) {
        RunningStats s;
        for (int i = 0; i < 400000; i++) s.add(sample_time(rng, 2.0, cv));
        CHECK(s.mean() == Approx(2.0).epsilon(0.01));
        CHECK(s.stddev() / s.mean() == Approx(cv).margin(0.02));
    }
}

TEST_CASE("Little's law holds on the sample path, exactly with the residual and closely without") {
    LineSpec spec = tandem(3, 0.9, 1.0, 1.0, 0.7, 1, true, 0);
    spec.stations[2].cycle_weeks = 3;  // some flow time too
    Line line(spec, 5);
    for (double weeks : {100.0, 5000.0, 60000.0}) {
        double T = weeks * kWeek;
        line.run_until(T);
        for (int b = 0; b < line.buffer_count(); b++) {
            const Buffer& buf = line.buffer(b);
            double area = buf.level.mean(T) * T;
            CHECK(area == Approx(buf.wait_area + residual_area(buf, T)).epsilon(1e-9));
        }
        double line_area = line.line_wip_mean(T) * T;
        CHECK(line_area == Approx(line.line_sojourn_area() + line_residual_area(line, T)).epsilon(1e-9));
    }
    LittleCheck c = little_of_line(line, 60000 * kWeek);
    CHECK(c.L == Approx(c.lambda * c.W).epsilon(0.01));
}

TEST_CASE("CONWIP best case: deterministic balanced line gives TH = min(w / T0, rb)") {
    const int n = 4;
    const double rb = 1.0, T0 = n / rb;  // W0 = rb * T0 = 4
    for (int w : {1, 2, 3, 4, 6, 10}) {
        Line line(tandem(n, 1e6, 0, rb, 0, 1, false, w), 1);
        double th = run_throughput_per_week(line, 50, 2000);
        INFO("w = " << w);
        CHECK(th == Approx(std::min(w / T0, rb)).epsilon(0.01));
    }
}

TEST_CASE("CONWIP worst case: the whole WIP moving as one batch gives TH = 1 / T0") {
    const int n = 4;
    const double rb = 1.0, T0 = n / rb;
    for (int w : {2, 5, 8}) {
        // A lot of w units takes w / rb at each station: the worst-case line of Factory Physics.
        Line line(tandem(n, 1e6, 0, rb, 0, w, false, w), 1);
        double th = run_throughput_per_week(line, 100, 4000);
        INFO("w = " << w);
        CHECK(th == Approx(1 / T0).epsilon(0.01));
    }
}

TEST_CASE("CONWIP practical worst case: exponential balanced line gives TH = w / (W0 + w - 1) * rb") {
    const int n = 4;
    const double rb = 1.0, W0 = n;
    for (int w : {1, 2, 4, 8}) {
        Line line(tandem(n, 1e6, 0, rb, 1.0, 1, true, w), 17 + uint64_t(w));
        double th = run_throughput_per_week(line, 200, 100000);
        INFO("w = " << w);
        CHECK(th == Approx(w / (W0 + w - 1) * rb).epsilon(0.02));
    }
}

TEST_CASE("kitting waits for every part and converts units exactly") {
    // Two sources (dies, stacks) into one assembly of 2 dies + 8 stacks per package.
    LineSpec L;
    L.random = false;
    L.buffers.resize(2);
    StationSpec dies;
    dies.id = "dies";
    dies.kits_per_week = 100;
    dies.lot_kits = 10;
    dies.de_per_out = 1;
    dies.out_buffer = 0;
    StationSpec stacks = dies;
    stacks.id = "stacks";
    stacks.kits_per_week = 200;  // only 200 stacks a week: 25 packages
    stacks.de_per_out = 0;
    stacks.out_buffer = 1;
    StationSpec pack;
    pack.id = "pack";
    pack.kits_per_week = 1000;
    pack.lot_kits = 1;
    pack.inputs = {{0, 2}, {1, 8}};
    pack.out_buffer = -1;
    L.stations = {dies, stacks, pack};
    Line line(L, 1);
    line.run_until(200 * kWeek);
    double packages = double(line.delivered_units());
    CHECK(packages / 200 == Approx(25).epsilon(0.02));      // the scarce part sets the pace
    CHECK(line.station(2).de_out == 2);                       // a package carries 2 dies
    CHECK(line.delivered_de() == 2 * line.delivered_units());
    CHECK(line.buffer(0).units > 1000);                       // dies pile up in front (no cap)
    CHECK(line.started_de() == line.delivered_de() + line.count_wip_de() + line.scrapped_de());
}

namespace {

// Starts at rate lambda (Poisson if random) into one station whose flow depends on load:
// raw process time te, queue variability v, tools that u = 1 at `tools` starts a week.
LineSpec loaded_flow(double lambda, double te_weeks, double v, double tools, double hot_share, bool random) {
    LineSpec L = tandem(1, lambda, 1.0, 1e7, 0.0, 1, random, 0);
    StationSpec& s = L.stations[1];
    s.cycle_weeks = te_weeks;
    s.queue_v = v;
    s.tool_kits_per_week = tools;
    s.hot_share = hot_share;
    return L;
}

// Mean time in the station over the lots started after warm-up: [0] normal, [1] hot (weeks).
std::array<double, 2> mean_cycle_weeks(Line& line, double warm_weeks, double weeks) {
    line.run_until(warm_weeks * kWeek);
    const Station& s = line.station(1);
    double a0[2] = {s.cycle_area[0], s.cycle_area[1]};
    int64_t n0[2] = {s.cycle_lots[0], s.cycle_lots[1]};
    line.run_until((warm_weeks + weeks) * kWeek);
    std::array<double, 2> out{};
    for (int h = 0; h < 2; h++)
        out[size_t(h)] = s.cycle_lots[h] > n0[h] ? (s.cycle_area[h] - a0[h]) / double(s.cycle_lots[h] - n0[h]) / kWeek : 0;
    return out;
}

}  // namespace

TEST_CASE("load-dependent flow follows Kingman's VUT form: te (1 + V u / (1 - u)), M/M/1's te / (1 - u) at V = 1") {
    const double te = 5, tools = 100;  // weeks; starts a week that fill the tools
    SECTION("regular starts: the load is exact, so the cycle is the closed form within 1%") {
        for (double v : {1.0, 0.35}) {
            for (double u : {0.05, 0.3, 0.6, 0.8, 0.9}) {
                Line line(loaded_flow(u * tools, te, v, tools, 0, false), 1);
                double ct = mean_cycle_weeks(line, 60, 200)[0];
                INFO("V = " << v << ", u = " << u);
                CHECK(ct == Approx(te * (1 + v * u / (1 - u))).epsilon(0.01));
            }
        }
    }
    SECTION("Poisson starts: within 3% when the load is read from thousands of recent starts") {
        // With fewer starts per passage the estimated load is noisier, and lots that drew a
        // short flow wait for those ahead of them (each class leaves in order): the mean
        // cycle then runs above the closed form (about +12% at 400 starts per passage, u = 0.8).
        for (double u : {0.5, 0.8}) {
            Line line(loaded_flow(u * 10 * tools, te, 1.0, 10 * tools, 0, true), 3);
            double ct = mean_cycle_weeks(line, 60, 300)[0];
            INFO("u = " << u);
            CHECK(ct == Approx(te / (1 - u)).epsilon(0.03));  // M/M/1: W = te / (1 - u)
        }
    }
    SECTION("limits: an empty station runs at the raw time, a full one waits long but not forever") {
        CHECK(x_factor(1, 0, 0, false) == 1);
        CHECK(x_factor(0.35, 1e-9, 0, false) == Approx(1));
        CHECK(x_factor(1, 0.99, 0, false) == Approx(1 / (1 - kMaxLoad)));  // capped at kMaxLoad
        CHECK(x_factor(0, 0.9, 0.2, true) == 1);                              // V = 0: a fixed cycle time
        // Starts stop: the load decays, and a lot started long after runs at about te.
        Line line(loaded_flow(80, te, 1.0, tools, 0, false), 1);
        line.run_until(60 * kWeek);
        CHECK(line.station(1).load(line.now()) == Approx(0.8).epsilon(0.01));
        CHECK(line.station(1).load(line.now() + 50 * kWeek) < 1e-3);
        CHECK(line.station(1).flow_s(line.now() + 50 * kWeek, false) / kWeek == Approx(te).epsilon(0.01));
    }
    SECTION("another product's load stays: u = base + (1 - base) x own share") {
        LineSpec spec = loaded_flow(50, te, 1.0, tools, 0, false);
        spec.stations[1].base_load = 0.4;
        Line line(spec, 1);
        line.run_until(60 * kWeek);
        CHECK(line.station(1).load(line.now()) == Approx(0.4 + 0.6 * 0.5).epsilon(0.01));
        CHECK(line.station(1).load(line.now() + 50 * kWeek) == Approx(0.4).epsilon(1e-3));
    }
}

TEST_CASE("hot lots: Cobham's priority waits, the same mean as first come first served, and Little's law") {
    const double te = 5, tools = 100, u = 0.8, h = 0.2, v = 1;
    for (bool random : {false, true}) {
        const double scale = random ? 10 : 1;  // thousands of starts per passage when random, as above
        Line line(loaded_flow(u * tools * scale, te, v, tools * scale, h, random), 9);
        auto ct = mean_cycle_weeks(line, 60, random ? 300 : 400);
        double hot = te * (1 + v * u / (1 - h * u)), normal = te * (1 + v * u / ((1 - h * u) * (1 - u)));
        INFO((random ? "Poisson starts" : "regular starts") << ": hot " << ct[1] << ", normal " << ct[0]);
        const double tol = random ? 0.04 : 0.01;
        CHECK(ct[1] == Approx(hot).epsilon(tol));
        CHECK(ct[0] == Approx(normal).epsilon(tol));
        const Station& s = line.station(1);
        double share = double(s.cycle_lots[1]) / double(s.cycle_lots[0] + s.cycle_lots[1]);
        CHECK(share == Approx(h).epsilon(random ? 0.03 : 0.001));
        // Priority moves waiting time between the classes; the mean stays te / (1 - u).
        CHECK(h * ct[1] + (1 - h) * ct[0] == Approx(te * (1 + v * u / (1 - u))).epsilon(tol));
        // Little's law on the sample path still holds exactly with lots passing each other.
        double T = line.now();
        CHECK(line.line_wip_mean(T) * T == Approx(line.line_sojourn_area() + line_residual_area(line, T)).epsilon(1e-9));
        CHECK(line.started_de() == line.delivered_de() + line.count_wip_de() + line.scrapped_de());
    }
}

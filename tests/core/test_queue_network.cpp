// test_queue_network.cpp — the engine and the statistics against queueing theory.
//
// Closed forms (lambda arrival rate, mu service rate, rho = lambda/mu):
//   M/M/1  Wq = rho/(mu - lambda), L = rho/(1 - rho), W = 1/(mu - lambda)
//   M/D/1  Wq = rho/(2 mu (1 - rho))                    (Pollaczek-Khinchine)
//   tandem of M/M/1 stations: each behaves as its own M/M/1 (Jackson / Burke)
//   Little: L = lambda W, exact on a sample path that starts and ends empty.
// Each run has 1M-1.6M customers after a warm-up, over several seeds. The
// tolerances are about four standard errors of the estimate at that run length,
// measured over ten seeds (waiting times are strongly correlated near rho = 1,
// hence more customers and a wider bound at rho = 0.8).
#include <catch2/catch.hpp>

#include <cmath>

#include "core/queue_network.h"

using namespace tj;

namespace {

// Runs a warm-up, clears the statistics, then runs for `customers` mean arrivals.
QueueNetwork run(const QueueNetworkConfig& cfg, uint64_t seed, double customers) {
    QueueNetwork net(cfg, seed);
    net.run_until(2000);
    net.clear_stats();
    net.run_until(2000 + customers / cfg.arrival_rate);
    return net;
}

void check_mm1_station(const QueueNetwork& net, size_t i, double lambda, double mu, double tol) {
    double rho = lambda / mu;
    const QueueStationStats& s = net.station(i);
    INFO("station " << i << " rho " << rho << " served " << s.served);
    CHECK(s.wait.mean() == Approx(rho / (mu - lambda)).epsilon(tol));
    CHECK(s.sojourn.mean() == Approx(1 / (mu - lambda)).epsilon(tol));
    CHECK(s.in_station.mean(net.now()) == Approx(rho / (1 - rho)).epsilon(tol));
}

}  // namespace

TEST_CASE("M/M/1: mean wait, time in system and number in system match the closed form") {
    for (uint64_t seed : {1, 2, 3}) {
        check_mm1_station(run({.arrival_rate = 0.5, .service_rates = {1.0}}, seed, 1e6), 0, 0.5, 1.0, 0.03);
        check_mm1_station(run({.arrival_rate = 0.8, .service_rates = {1.0}}, seed, 1.6e6), 0, 0.8, 1.0, 0.04);
    }
}

TEST_CASE("M/D/1: mean wait matches Pollaczek-Khinchine") {
    for (uint64_t seed : {4, 5, 6}) {
        double lambda = 0.7, mu = 2.0, rho = lambda / mu;
        QueueNetwork net = run({.arrival_rate = lambda, .service_rates = {mu}, .deterministic_service = true}, seed,
                               1e6);
        CHECK(net.station(0).wait.mean() == Approx(rho / (2 * mu * (1 - rho))).epsilon(0.02));
        CHECK(net.station(0).sojourn.stddev() > 0);  // waits vary even though service does not
        // Deterministic service: every sojourn is at least the service time 1/mu
        // (less rounding: clock values near 1e6 s carry ulps of about 1e-10 s).
        CHECK(net.station(0).sojourn.min() >= 1 / mu - 1e-9);
    }
    // M/D/1 waits half as long as M/M/1 at the same load.
    QueueNetwork d = run({.arrival_rate = 0.5, .service_rates = {1.0}, .deterministic_service = true}, 8, 1e6);
    CHECK(d.station(0).wait.mean() == Approx(0.5).epsilon(0.03));
}

TEST_CASE("tandem of M/M/1 stations: each station is its own M/M/1 (Jackson)") {
    double lambda = 0.6;
    std::vector<double> mu = {1.0, 1.5, 0.9};
    for (uint64_t seed : {11, 12}) {
        QueueNetwork net = run({.arrival_rate = lambda, .service_rates = mu}, seed, 1e6);
        for (size_t i = 0; i < mu.size(); i++) check_mm1_station(net, i, lambda, mu[i], 0.03);
        double w = 0;
        for (double m : mu) w += 1 / (m - lambda);
        CHECK(net.system_time().mean() == Approx(w).epsilon(0.03));
        CHECK(net.blocked() == 0);
    }
}

TEST_CASE("Little's law holds on the sample path") {
    QueueNetworkConfig cfg{.arrival_rate = 0.7, .service_rates = {1.0, 1.2}};
    SECTION("exactly, when the path starts and ends empty") {
        QueueNetwork net(cfg, 21);
        net.run_until(100000);
        net.close_arrivals();
        net.run_until_empty();
        double t = net.now();
        CHECK(net.arrived() == net.departed());
        double lambda_hat = double(net.arrived()) / t;
        // Area under N(t) equals the sum of the times in system, customer by customer.
        CHECK(net.in_network().mean(t) == Approx(lambda_hat * net.system_time().mean()).epsilon(1e-9));
        for (size_t i = 0; i < net.stations(); i++)
            CHECK(net.station(i).in_station.mean(t) ==
                  Approx(double(net.station(i).served) / t * net.station(i).sojourn.mean()).epsilon(1e-9));
    }
    SECTION("closely, on a window cut out of a running system") {
        for (uint64_t seed : {22, 23}) {
            QueueNetwork net = run(cfg, seed, 1e6);
            double t = net.now() - net.stats_start();
            double lambda_hat = double(net.arrived()) / t;
            CHECK(net.in_network().mean(net.now()) == Approx(lambda_hat * net.system_time().mean()).epsilon(0.01));
        }
    }
}

TEST_CASE("an overloaded station stays within its queue bound") {
    QueueNetwork net({.arrival_rate = 2.0, .service_rates = {1.0}, .max_queue = 1000}, 3);
    net.run_until(20000);
    CHECK(net.blocked() > 0);
    CHECK(net.station(0).in_station.current() <= 1000);
    // Throughput is the service rate when the server never idles.
    CHECK(double(net.station(0).served) / net.now() == Approx(1.0).epsilon(0.03));
}

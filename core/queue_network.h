// queue_network.h — a tandem of single-server FIFO queues on the Engine.
//
// The textbook model whose answers are known in closed form: Poisson arrivals at rate
// lambda into station 0, each station one server with exponential (M/M/1) or constant
// (M/D/1) service, customers passing from station i to i+1 and leaving after the last.
// The tests hold the engine and the statistics to those closed forms (M/M/1, M/D/1
// by Pollaczek-Khinchine, Jackson's tandem, Little's law); the benchmark measures
// the engine's events per second on it. It is not a scene.
//
// Memory is bounded: a station holds at most max_queue customers; arrivals to a full
// station are turned away and counted (blocked), which only matters when rho >= 1.
//
// Usage:
//   QueueNetwork net({.arrival_rate = 0.8, .service_rates = {1.0, 2.0}}, seed);
//   net.run_until(1000);          // simulated seconds
//   net.clear_stats();            // forget the warm-up
//   net.run_until(1e6);
//   net.station(0).wait.mean();   // Wq at station 0
#pragma once
#include <cstdint>
#include <vector>

#include "core/engine.h"
#include "core/rng.h"
#include "core/stats.h"

namespace tj {

struct QueueNetworkConfig {
    double arrival_rate = 0.5;
    std::vector<double> service_rates{1.0};  // one entry per station
    bool deterministic_service = false;      // M/D/1 stations instead of M/M/1
    size_t max_queue = size_t(1) << 20;      // customers a station may hold
};

struct QueueStationStats {
    RunningStats wait;         // time in the queue before service starts
    RunningStats sojourn;      // time at the station, queue plus service
    TimeWeighted in_station;   // number at the station (queue + in service)
    uint64_t served = 0;
};

class QueueNetwork {
public:
    QueueNetwork(const QueueNetworkConfig& config, uint64_t seed);

    // Runs events up to time t (bounded by max_events when non-zero); returns events run.
    uint64_t run_until(double t, uint64_t max_events = 0);
    // Stops new arrivals; run_until_empty() then lets the customers inside leave.
    void close_arrivals();
    // Runs every remaining event (bounded by max_events when non-zero); returns events run.
    uint64_t run_until_empty(uint64_t max_events = 0);
    // Restarts every statistic from now, keeping the customers in the network.
    void clear_stats();

    double now() const { return engine_.now(); }
    uint64_t events() const { return engine_.processed(); }
    size_t stations() const { return stations_.size(); }
    const QueueStationStats& station(size_t i) const { return stations_[i].stats; }
    const RunningStats& system_time() const { return system_time_; }    // arrival to leaving
    const TimeWeighted& in_network() const { return in_network_; }      // number in the network
    uint64_t arrived() const { return arrived_; }   // since clear_stats()
    uint64_t departed() const { return departed_; } // since clear_stats()
    uint64_t blocked() const { return blocked_; }
    double stats_start() const { return stats_start_; }

private:
    enum EventType : uint32_t { kArrival = 1, kDeparture = 2 };
    struct Customer { double entered_network, entered_station; };
    // A station's line is a FIFO ring (a power-of-two vector, doubled when full):
    // std::deque costs more per event, and this loop is what the benchmark measures.
    struct Station {
        double rate;
        Rng rng;
        std::vector<Customer> ring;
        size_t head = 0, size = 0;  // ring[head] is in service when size > 0
        QueueStationStats stats;
        Customer& front() { return ring[head]; }
        void push(const Customer& c);
        void pop() { head = (head + 1) & (ring.size() - 1); size--; }
    };

    void handle(const Event& e);
    void enter(size_t i, Customer c);
    void start_service(size_t i);
    double service_time(Station& s);

    QueueNetworkConfig config_;
    Engine engine_;
    Rng arrivals_rng_;
    std::vector<Station> stations_;
    RunningStats system_time_;
    TimeWeighted in_network_;
    size_t customers_ = 0;
    uint64_t arrived_ = 0, departed_ = 0, blocked_ = 0;
    double stats_start_ = 0;
    bool open_ = true;
};

}  // namespace tj

// queue_network.cpp — tandem FIFO queues. See queue_network.h.
#include "core/queue_network.h"

#include <cmath>

namespace tj {

QueueNetwork::QueueNetwork(const QueueNetworkConfig& config, uint64_t seed)
    : config_(config), arrivals_rng_(seed, 0) {
    // One random stream per station, so changing one station's rate leaves the
    // others' service draws unchanged (common random numbers across runs).
    for (size_t i = 0; i < config_.service_rates.size(); i++) {
        stations_.emplace_back();
        stations_.back().rate = config_.service_rates[i];
        stations_.back().rng.reseed(seed, i + 1);
    }
    clear_stats();
    if (!stations_.empty()) engine_.schedule(arrivals_rng_.exponential(config_.arrival_rate), kArrival);
}

void QueueNetwork::Station::push(const Customer& c) {
    if (size == ring.size()) {
        std::vector<Customer> grown(ring.empty() ? 16 : ring.size() * 2);
        for (size_t k = 0; k < size; k++) grown[k] = ring[(head + k) & (ring.size() - 1)];
        ring.swap(grown);
        head = 0;
    }
    ring[(head + size++) & (ring.size() - 1)] = c;
}

double QueueNetwork::service_time(Station& s) {
    return config_.deterministic_service ? 1.0 / s.rate : s.rng.exponential(s.rate);
}

void QueueNetwork::start_service(size_t i) {
    Station& s = stations_[i];
    s.stats.wait.add(engine_.now() - s.front().entered_station);
    engine_.schedule(engine_.now() + service_time(s), kDeparture, uint32_t(i));
}

void QueueNetwork::enter(size_t i, Customer c) {
    Station& s = stations_[i];
    c.entered_station = engine_.now();
    s.push(c);
    s.stats.in_station.set(engine_.now(), double(s.size));
    if (s.size == 1) start_service(i);
}

void QueueNetwork::handle(const Event& e) {
    double t = engine_.now();
    if (e.type == kArrival) {
        if (open_) engine_.schedule(t + arrivals_rng_.exponential(config_.arrival_rate), kArrival);
        if (stations_[0].size >= config_.max_queue) { blocked_++; return; }
        arrived_++;
        customers_++;
        in_network_.set(t, double(customers_));
        enter(0, Customer{t, t});
        return;
    }
    size_t i = e.a;
    Station& s = stations_[i];
    Customer c = s.front();
    s.pop();
    s.stats.in_station.set(t, double(s.size));
    s.stats.sojourn.add(t - c.entered_station);
    s.stats.served++;
    if (s.size > 0) start_service(i);
    if (i + 1 < stations_.size() && stations_[i + 1].size < config_.max_queue) {
        enter(i + 1, c);
        return;
    }
    if (i + 1 < stations_.size()) blocked_++;
    else {
        departed_++;
        system_time_.add(t - c.entered_network);
    }
    customers_--;
    in_network_.set(t, double(customers_));
}

uint64_t QueueNetwork::run_until(double t, uint64_t max_events) {
    return engine_.run_until(t, [this](const Event& e) { handle(e); }, max_events);
}

void QueueNetwork::close_arrivals() { open_ = false; }

uint64_t QueueNetwork::run_until_empty(uint64_t max_events) {
    uint64_t n = 0;
    Event e;
    while ((max_events == 0 || n < max_events) && engine_.step(e)) {
        handle(e);
        n++;
    }
    return n;
}

void QueueNetwork::clear_stats() {
    double t = engine_.now();
    stats_start_ = t;
    for (Station& s : stations_) {
        s.stats = QueueStationStats{};
        s.stats.in_station.clear(t);
        s.stats.in_station.set(t, double(s.size));
    }
    system_time_.clear();
    in_network_.clear(t);
    in_network_.set(t, double(customers_));
    arrived_ = departed_ = blocked_ = 0;
}

}  // namespace tj

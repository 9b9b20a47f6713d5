// bench_engine.cpp — events per second of the discrete-event engine on a tandem of
// M/M/1 queues (core/queue_network.h), the same model scripts/bench_simpy.py runs in
// SimPy. An event is an arrival or a departure at one station.
//
//   ./bench_engine                         all station counts
//   ./bench_engine --benchmark_filter=/3   three stations, as in scripts/bench_engine.sh
#include <benchmark/benchmark.h>

#include "core/queue_network.h"

namespace {

void BM_TandemQueue(benchmark::State& state) {
    const int stations = int(state.range(0));
    const double customers = 200000;
    tj::QueueNetworkConfig cfg;
    cfg.arrival_rate = 0.8;
    cfg.service_rates.clear();
    for (int k = 0; k < stations; k++) cfg.service_rates.push_back(1.0 + 0.2 * k);  // rho 0.8, 0.67, ...
    uint64_t events = 0, seed = 1;
    for (auto _ : state) {
        tj::QueueNetwork net(cfg, seed++);
        net.run_until(customers / cfg.arrival_rate);
        events += net.events();
        benchmark::DoNotOptimize(net.system_time().mean());
    }
    state.SetItemsProcessed(int64_t(events));
    state.counters["events_per_s"] = benchmark::Counter(double(events), benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK(BM_TandemQueue)->Arg(1)->Arg(3)->Arg(10)->Unit(benchmark::kMillisecond);

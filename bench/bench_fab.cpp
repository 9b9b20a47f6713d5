// bench_fab.cpp — wall time of the production-chain scene: three simulated years of
// the default scenario (the run and its no-respin twin), in frame-sized steps of one
// week as the app takes them, and in one call as the CLI does.
//
//   ./bench_fab
//   ./bench_fab --benchmark_filter=ThreeYears
#include <benchmark/benchmark.h>

#include "core/fab/fab_model.h"

namespace {

using tj::fab::kWeek;

void BM_FabThreeYears(benchmark::State& state) {
    const bool weekly = state.range(0) != 0;
    uint64_t events = 0, seed = 1;
    for (auto _ : state) {
        tj::fab::FabModel m;
        m.reset(tj::ParamValues(m.registry()), seed++);
        if (weekly) {
            for (int w = 1; w <= 156; w++) {
                m.advance_to(w * kWeek);
                benchmark::DoNotOptimize(m.view().week);
            }
        } else {
            m.advance_to(156 * kWeek);
        }
        events += uint64_t(tj::metric_value(m.metrics(), "events"));
    }
    state.counters["events_per_s"] = benchmark::Counter(double(events), benchmark::Counter::kIsRate);
    state.counters["events_per_run"] = benchmark::Counter(double(events), benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_FabThreeYears)->Arg(0)->Arg(1)->ArgNames({"weekly"})->Unit(benchmark::kMillisecond);

void BM_FabMetrics(benchmark::State& state) {
    tj::fab::FabModel m;
    m.reset(tj::ParamValues(m.registry()), 1);
    m.advance_to(100 * kWeek);
    for (auto _ : state) benchmark::DoNotOptimize(m.metrics().size());
}
BENCHMARK(BM_FabMetrics)->Unit(benchmark::kMicrosecond);

}  // namespace

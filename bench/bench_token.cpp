// bench_token.cpp — speed of the token scene: the wall time to simulate 10,000
// decode steps at batch 64 (the figure the token issue asks for), and the cost of
// one roofline step evaluation.
//   ./bench/bench_token --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include "core/token/token_model.h"

using namespace tj;
using namespace tj::token;

static void BM_TokenDecodeSteps(benchmark::State& state) {
    TokenModel m;
    ParamValues v(m.registry());
    v.set("token.run.batch", double(state.range(0)));
    v.set("token.run.output_tokens", 512);
    uint64_t steps = 0;
    for (auto _ : state) {
        m.reset(v, 1);
        while (m.decode_steps() < 10000) m.advance_to(m.now() + 0.01, 100000);  // frame-sized slices
        steps += m.decode_steps();
        benchmark::DoNotOptimize(m.tokens_sampled());
    }
    state.counters["decode_steps"] = double(steps) / double(state.iterations());
    state.counters["steps_per_s"] = benchmark::Counter(double(steps), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_TokenDecodeSteps)->Arg(1)->Arg(64)->Unit(benchmark::kMillisecond);

static void BM_StepCost(benchmark::State& state) {
    TokenModel m;
    Placement p = place(m.hardware(), weight_bytes(m.shape()), 64 * 2048 * kv_bytes_per_token(m.shape()),
                        PlacementPolicy::WeightsFirst);
    StepWork w = decode_work(64, 1, 64 * 2048);
    for (auto _ : state) benchmark::DoNotOptimize(step_cost(m.hardware(), m.shape(), p, w).time);
}
BENCHMARK(BM_StepCost);

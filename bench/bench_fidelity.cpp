// bench_fidelity.cpp — how long the fidelity command takes: every row of
// tests/fidelity/published.tsv run once (what `token-journey-cli fidelity` does), and
// the least-squares refit over the rows marked fit (`fidelity --fit`). Rows per
// second are reported, so a table that grows shows as a longer run, not a slower one.
//   ./bench/bench_fidelity --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

#include "core/fidelity/calibration.h"
#include "core/fidelity/fidelity.h"

using namespace tj;

static std::vector<FidelityRow> published_rows() {
    std::ifstream f(std::string(TJ_SOURCE_DIR) + "/tests/fidelity/published.tsv");
    std::stringstream text;
    text << f.rdbuf();
    std::vector<FidelityRow> rows;
    parse_fidelity_table(text.str(), rows);
    return rows;
}

static void BM_FidelityTable(benchmark::State& state) {
    std::vector<FidelityRow> rows = published_rows();
    for (auto _ : state)
        for (const FidelityRow& r : rows) benchmark::DoNotOptimize(run_fidelity_row(r).ratio);
    state.counters["rows"] = double(rows.size());
    state.counters["rows_per_s"] =
        benchmark::Counter(double(rows.size()) * double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_FidelityTable)->Unit(benchmark::kSecond)->Iterations(1);

static void BM_FidelityFit(benchmark::State& state) {
    std::vector<FidelityRow> rows = published_rows();
    std::vector<FitConstant> cs = model_constants();
    for (auto _ : state) benchmark::DoNotOptimize(fit_constants(rows, cs, "").sum_sq);
    state.counters["constants"] = double(cs.size());
}
BENCHMARK(BM_FidelityFit)->Unit(benchmark::kSecond)->Iterations(1);

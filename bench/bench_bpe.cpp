// bench_bpe.cpp — speed of core/text: BPE encoding and streaming detokenization, in
// tokens per second, for cl100k_base and o200k_base, on the test corpus
// (tests/text/corpus.json: English, Chinese, code, emoji, whitespace) repeated.
// Naive (re-decode everything after each token) against incremental detokenization at
// 1k and 10k tokens shows the quadratic cost of the naive client.
//
//   ./bench_bpe                                   everything (needs the vocabulary:
//                                                 scripts/fetch_vocab.sh, or TJ_VOCAB_DIR)
//   ./bench_bpe --benchmark_filter=Detokenize     only the detokenizer comparison
#include <benchmark/benchmark.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/text/bpe.h"
#include "core/text/detokenize.h"

namespace {

const char* const kEncodings[] = {"cl100k_base", "o200k_base"};

// The encoding, or nullptr with the reason in *error.
const tj::BpeEncoding* encoding(int index, std::string* error) {
    static std::map<int, std::optional<tj::BpeEncoding>> cache;
    static std::map<int, std::string> errors;
    if (!cache.count(index))
        cache[index] = tj::load_encoding(tj::default_vocab_dir(), kEncodings[index], &errors[index]);
    *error = errors[index];
    return cache[index] ? &*cache[index] : nullptr;
}

// The corpus joined and repeated to about 200 kB.
const std::string& bench_text() {
    static std::string text = [] {
        std::ifstream f(std::string(TJ_SOURCE_DIR) + "/tests/text/corpus.json");
        std::stringstream ss;
        ss << f.rdbuf();
        std::string one;
        if (!ss.str().empty()) {
            const nlohmann::json corpus = nlohmann::json::parse(ss.str());
            for (const std::string& s : corpus.at("strings").get<std::vector<std::string>>())
                one += s + "\n";
        }
        std::string all;
        while (!one.empty() && all.size() < 200000)
            all += one;
        return all;
    }();
    return text;
}

void BM_Encode(benchmark::State& state) {
    std::string err;
    const tj::BpeEncoding* enc = encoding(int(state.range(0)), &err);
    if (!enc || bench_text().empty()) {
        state.SkipWithError(enc ? "tests/text/corpus.json not found" : err.c_str());
        return;
    }
    state.SetLabel(enc->name());
    int64_t tokens = 0;
    for (auto _ : state) {
        std::vector<uint32_t> ids = enc->encode(bench_text());
        tokens += int64_t(ids.size());
        benchmark::DoNotOptimize(ids.data());
    }
    state.SetItemsProcessed(tokens);
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bench_text().size()));
    state.counters["tokens_per_s"] = benchmark::Counter(double(tokens), benchmark::Counter::kIsRate);
}

// Streams `count` tokens of the corpus through a detokenizer in the given mode.
void run_detokenize(benchmark::State& state, tj::DetokenizeMode mode) {
    std::string err;
    const tj::BpeEncoding* enc = encoding(int(state.range(0)), &err);
    if (!enc || bench_text().empty()) {
        state.SkipWithError(enc ? "tests/text/corpus.json not found" : err.c_str());
        return;
    }
    std::vector<uint32_t> ids = enc->encode(bench_text());
    ids.resize(std::min(ids.size(), size_t(state.range(1))));
    state.SetLabel(enc->name() + (mode == tj::DetokenizeMode::naive ? " naive" : " incremental"));
    for (auto _ : state) {
        tj::StreamingDetokenizer d(mode);
        size_t shown = 0;
        for (uint32_t id : ids)
            shown += d.push(enc->token_bytes(id)).size();
        shown += d.finish().size();
        benchmark::DoNotOptimize(shown);
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(ids.size()));
    state.counters["tokens_per_s"] =
        benchmark::Counter(double(state.iterations()) * double(ids.size()), benchmark::Counter::kIsRate);
}

void BM_DetokenizeIncremental(benchmark::State& state) { run_detokenize(state, tj::DetokenizeMode::incremental); }
void BM_DetokenizeNaive(benchmark::State& state) { run_detokenize(state, tj::DetokenizeMode::naive); }

} // namespace

BENCHMARK(BM_Encode)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DetokenizeIncremental)->ArgsProduct({{0, 1}, {1000, 10000, 50000}})->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_DetokenizeNaive)->ArgsProduct({{0, 1}, {1000, 10000}})->Unit(benchmark::kMicrosecond);

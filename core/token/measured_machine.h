// measured_machine.h — this computer as the page measured it: two figures (a
// sustained memory bandwidth and an arithmetic rate) and the memory the browser
// reports, turned into the token scene's hardware preset "hw.measured", and the
// closed form of the speed they allow one user.
//
// The page measures (web/static/measure.js): with WebGPU, streaming reads of a GPU
// buffer far above any cache and fused multiply-adds in f32 (f16 where the adapter
// has it); without, one WebAssembly thread reading a large buffer and multiplying.
// Each figure is the best of a few runs. What a browser cannot see (the memory's
// peak, other threads, the vendor's own kernels) is in measured_method_text().
//
// The preset keeps the stack of the registry's hw.measured (token_params.cpp: the
// roofline of the two figures at achieved fraction 1, per-layer and per-step costs as
// the GPU presets) and takes the bandwidth, rate and memory from the measurement.
//
// Usage:
//   MeasuredFigures f{.bandwidth_gbs = 12.5, .flops = 4.1e10, .memory_gb = 8, .adapter = "…", .path = "webgpu"};
//   std::string err = check_measured(f);          // "" or why the figures are refused
//   err = install_measured_preset(f);             // hw.measured now holds them
//   double tps = closed_form_tok_s(f, shape, 80); // 1 / (max(bytes/bw, flops/rate) + fixed costs)
//   if (measured_figures_in(values, &g)) ...      // values run on measured figures (this computer's or a link's)
#pragma once
#include <string>

#include "core/params.h"
#include "core/token/model_shape.h"

namespace tj::token {

struct MeasuredFigures {
    double bandwidth_gbs = 0;  // sustained streaming read, GB/s (1e9 bytes a second)
    double flops = 0;          // f32 multiply-adds, FLOP/s (two per fused multiply-add)
    double flops_f16 = 0;      // f16, where the adapter has it (0: not measured)
    double memory_gb = 0;      // what the browser reports (navigator.deviceMemory: rounded, capped by the
                               // browser, often at 8); 0: not reported, kAssumedMemoryGb stands in
    std::string adapter;       // the GPU adapter's name, or the CPU path's words
    std::string path;          // "webgpu" or "wasm"
};

// The memory assumed where the browser reports none (Firefox, Safari), said so on the card.
constexpr double kAssumedMemoryGb = 16;
// The memory the preset and the card use: the reported one, else kAssumedMemoryGb.
double memory_in_use_gb(const MeasuredFigures& f);

// "" when the figures are finite, positive and within the token scene's ranges, else why.
std::string check_measured(const MeasuredFigures& f);
// The hw.measured preset with these figures (labelled measured, the method as its source).
Preset measured_preset(const MeasuredFigures& f);
// Checks, then puts measured_preset(f) in the registry in place of hw.measured; "" or why.
std::string install_measured_preset(const MeasuredFigures& f);
// The stack's fixed cost of one decode step: layers x (per-layer cost + the memory's
// first-byte latency) + the per-step cost, as the registry's hw.measured has them.
double measured_fixed_step_s(const ModelShape& m);
// Puts p in the registry in place of hw.measured, its values checked (token_params.cpp,
// where the registry lives); any other preset id is refused. "" or why.
std::string replace_measured_preset(const Preset& p);
// The closed form of one user's decode speed on the measured roofline: 1 / (the
// longer of the step's bytes over the bandwidth and its FLOPs over the rate, plus the
// fixed cost), the bytes being the weights read per token and the KV of `context` tokens.
double closed_form_tok_s(const MeasuredFigures& f, const ModelShape& m, double context);
// Whether v runs on the measured machine's stack (every value of hw.measured but its
// three measured figures as the registry has them); then *f gets the figures v holds
// (a link carries them as plain parameters: this tells them apart as measured ones).
bool measured_figures_in(const ParamValues& v, MeasuredFigures* f);
// The figures hw.measured held before any measurement (the stand-in).
MeasuredFigures stand_in_figures();
// Whether two readings of one figure are the same to a part in 10^9: a rate stored as
// TFLOP/s and read back in FLOP/s is not always the same double ((x / 1e12) * 1e12).
bool same_figure(double a, double b);
// How the figures were measured and what they are not, for the preset's source (the
// card shows the same in either language from the string table: measured.method_*).
std::string measured_method_text(const MeasuredFigures& f);

}  // namespace tj::token

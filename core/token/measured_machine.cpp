// measured_machine.cpp — this computer's figures as a preset, and their closed form.
// See measured_machine.h.
#include "core/token/measured_machine.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/token/token_params.h"

namespace tj::token {

namespace {

const char* kMeasuredId = "hw.measured";

bool is_figure(const std::string& id) {
    return id == "token.hbm.bw_gbs" || id == "token.mesh.core_tflops" || id == "token.hbm.capacity_gb";
}

// The registry's hw.measured as built, before a measurement replaced its figures.
const Preset& stand_in() {
    static const Preset p = *token_registry().find_preset(kMeasuredId);
    return p;
}

// The value of one of hw.measured's parameters or its stack's (unchanged by a measurement).
double stack_value(const std::string& id) {
    ParamValues v(token_registry());
    v.apply(stand_in());
    return v.get(id);
}

std::string figure(double x, int digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", digits, x);
    return buf;
}

}  // namespace

double memory_in_use_gb(const MeasuredFigures& f) { return f.memory_gb > 0 ? f.memory_gb : kAssumedMemoryGb; }

std::string check_measured(const MeasuredFigures& f) {
    const ParamRegistry& reg = token_registry();
    auto within = [&](const char* what, const char* id, double v) -> std::string {
        if (!std::isfinite(v) || !(v > 0)) return std::string(what) + " must be a finite positive number";
        int i = reg.find(id);
        if (i < 0) return std::string("the token scene has no parameter ") + id;
        return validate_param(reg[size_t(i)], v);
    };
    std::string err = within("the bandwidth", "token.hbm.bw_gbs", f.bandwidth_gbs);
    if (err.empty()) err = within("the arithmetic rate", "token.mesh.core_tflops", f.flops / 1e12);
    if (err.empty() && f.memory_gb != 0) err = within("the memory", "token.hbm.capacity_gb", f.memory_gb);
    if (err.empty() && (!std::isfinite(f.flops_f16) || f.flops_f16 < 0))
        err = "the f16 rate must be 0 (not measured) or a finite positive number";
    if (err.empty() && f.path != "webgpu" && f.path != "wasm") err = "the path must be webgpu or wasm";
    if (err.empty() && f.adapter.size() > 200) err = "the adapter's name is longer than 200 bytes";
    return err;
}

Preset measured_preset(const MeasuredFigures& f) {
    Preset p = *token_registry().find_preset(kMeasuredId);
    for (auto& [id, v] : p.values) {  // the three figures (is_figure)
        if (id == "token.hbm.bw_gbs") v = f.bandwidth_gbs;
        if (id == "token.mesh.core_tflops") v = f.flops / 1e12;  // one core drawn: the whole rate
        if (id == "token.hbm.capacity_gb") v = memory_in_use_gb(f);
    }
    p.label_en = "This computer (measured)";
    p.label_zh = "本机（实测）";
    p.source = "[measured] in this page on " + f.adapter + " (" + (f.path == "webgpu" ? "WebGPU" : "WebAssembly, one thread") +
               "): " + figure(f.bandwidth_gbs, 3) + " GB/s streaming read, " + figure(f.flops / 1e9, 3) +
               " GFLOP/s f32 multiply-add, each the best of a few runs; memory " +
               (f.memory_gb > 0 ? figure(f.memory_gb, 3) + " GB as the browser reports it (rounded, and capped by the browser, often at 8 GB). "
                                : "not reported by the browser: " + figure(kAssumedMemoryGb, 3) + " GB assumed. ") + measured_method_text(f);
    return p;
}

std::string install_measured_preset(const MeasuredFigures& f) {
    stand_in();  // kept before it is replaced
    std::string err = check_measured(f);
    return err.empty() ? replace_measured_preset(measured_preset(f)) : err;
}

bool measured_figures_in(const ParamValues& v, MeasuredFigures* f) {
    for (auto& [id, x] : stand_in().values)
        if (!is_figure(id) && v.get(id) != x) return false;
    f->bandwidth_gbs = v.get("token.hbm.bw_gbs");
    f->flops = v.get("token.mesh.core_tflops") * 1e12;
    f->memory_gb = v.get("token.hbm.capacity_gb");
    return true;
}

MeasuredFigures stand_in_figures() {
    MeasuredFigures f;
    for (auto& [id, x] : stand_in().values) {
        if (id == "token.hbm.bw_gbs") f.bandwidth_gbs = x;
        if (id == "token.mesh.core_tflops") f.flops = x * 1e12;
        if (id == "token.hbm.capacity_gb") f.memory_gb = x;
    }
    return f;
}

bool same_figure(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b)); }

double measured_fixed_step_s(const ModelShape& m) {
    double layer = stack_value("token.mesh.layer_overhead_us") * 1e-6 + stack_value("token.hbm.latency_ns") * 1e-9;
    return m.layers * layer + stack_value("token.mesh.step_overhead_us") * 1e-6;
}

double closed_form_tok_s(const MeasuredFigures& f, const ModelShape& m, double context) {
    double bytes = weight_bytes_fetched(m, 1, 1) + kv_bytes_per_token(m) * context;
    double flops = forward_flops(m, 1, causal_pairs(1, context), 1);
    double step = std::max(bytes / (f.bandwidth_gbs * 1e9), flops / f.flops) + measured_fixed_step_s(m);
    return 1 / step;
}

std::string measured_method_text(const MeasuredFigures& f) {
    if (f.path == "webgpu")
        return "Method: a WebGPU compute shader streams through a GPU buffer far larger than any cache, and "
               "runs loops of f32 fused multiply-adds; the best of a few runs each. Limits: a browser cannot see "
               "the memory's peak, only what its shaders reach, with its dispatch and synchronisation counted; "
               "a native engine (the vendor's CUDA or Metal kernels) usually reaches more.";
    return "Method: without WebGPU, WebAssembly streams through a 256 MiB buffer on one thread and runs scalar "
           "multiply-adds; the best of a few runs each. Limits: this is one CPU thread (this page's WebAssembly "
           "runs on one thread), not the whole machine; without SIMD and the other cores a native engine is much "
           "faster; a server CPU with a very large cache may serve part of the buffer from it.";
}

}  // namespace tj::token

// prediction.cpp — the measured machine's prediction card. See prediction.h.
#include "core/fidelity/prediction.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/params.h"
#include "core/token/model_shape.h"
#include "core/token/token_params.h"

namespace tj {

namespace {

constexpr double kPrompt = 64, kOutput = 256;

struct Case {
    const char* name;
    const char* preset;  // the model preset the shape starts from
    const char* shape;   // settings over it ("" for none)
};

// Llama-3.2-1B's shape from meta-llama/Llama-3.2-1B config.json (as the tt-metal rows).
const Case kCases[] = {
    {"Llama-3.2-1B", "model.llama31_8b",
     "token.model.layers=16,token.model.hidden=2048,token.model.heads=32,token.model.kv_heads=8,"
     "token.model.head_dim=64,token.model.ffn=8192"},
    {"Llama-3.1-8B", "model.llama31_8b", ""},
    {"Llama-3.1-70B", "model.llama31_70b", ""},
};

std::string num(double x) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10g", x);
    return buf;
}

// The model shape a preset and settings give (the registry's values, then the settings).
token::ModelShape shape_of(const std::string& preset, const std::string& settings, double bits) {
    ParamValues v(token::token_registry());
    v.apply(*v.registry().find_preset(preset));
    size_t at = 0;
    while (at < settings.size()) {
        size_t comma = settings.find(',', at), end = comma == std::string::npos ? settings.size() : comma;
        std::string kv = settings.substr(at, end - at);
        size_t eq = kv.find('=');
        v.set(kv.substr(0, eq), std::stod(kv.substr(eq + 1)));
        at = end + 1;
    }
    token::ModelShape m;
    m.layers = int(v.get("token.model.layers"));
    m.hidden = int(v.get("token.model.hidden"));
    m.heads = int(v.get("token.model.heads"));
    m.kv_heads = int(v.get("token.model.kv_heads"));
    m.head_dim = int(v.get("token.model.head_dim"));
    m.ffn = int(v.get("token.model.ffn"));
    m.vocab = int(v.get("token.model.vocab"));
    m.experts = int(v.get("token.model.experts"));
    m.active_experts = int(v.get("token.model.active_experts"));
    m.weight_bits = bits;
    return token::sanitized(m);
}

}  // namespace

FidelityRow prediction_row(const token::MeasuredFigures& f, const std::string& model_preset,
                           const std::string& shape_settings, double need_gb) {
    FidelityRow r;
    r.name = "measured";
    r.presets = "hw.measured," + model_preset;
    // The memory raised to hold the weights, the engine's reserve and a gigabyte of KV within
    // the share the engine may use (the registry's defaults): the speed they would have in memory.
    const ParamRegistry& reg = token::token_registry();
    const double reserve_gb = reg[size_t(reg.find("token.serve.reserve_gb"))].def;
    const double util = reg[size_t(reg.find("token.serve.mem_util"))].def;
    double capacity = std::min(10000.0, std::max(token::memory_in_use_gb(f), (need_gb + reserve_gb + 1) / util));
    r.settings = "token.hbm.bw_gbs=" + num(f.bandwidth_gbs) + ",token.mesh.core_tflops=" + num(f.flops / 1e12) +
                 ",token.hbm.capacity_gb=" + num(capacity) + (shape_settings.empty() ? "" : "," + shape_settings) +
                 ",token.run.batch=1,token.run.prompt_tokens=" + num(kPrompt) +
                 ",token.run.output_tokens=" + num(kOutput);
    r.metric = "tok_s_per_seq";
    r.unit = "tok/s";
    r.published = 1;
    r.band = 1;
    r.role = "validation";
    r.expect = "in";
    r.family = "-";
    r.source = "this computer";
    return r;
}

token::ModelShape prediction_shape(const Prediction& p) { return shape_of(p.preset, p.settings, p.weight_bits); }

token::MeasuredFigures engine_low_figures(const token::MeasuredFigures& f) {
    token::MeasuredFigures low = f;
    low.bandwidth_gbs = f.bandwidth_gbs * kEngineBwShareLow;
    return low;
}

std::vector<Prediction> predict_measured(const token::MeasuredFigures& f) {
    std::vector<Prediction> out;
    if (std::string err = token::check_measured(f); !err.empty()) {
        out.push_back({});
        out.back().error = err;
        return out;
    }
    for (const Case& c : kCases)
        for (double bits : {4.5, 16.0}) {
            Prediction p;
            p.model = c.name;
            p.preset = c.preset;
            p.weight_bits = bits;
            std::string shape = std::string(c.shape) + (*c.shape ? "," : "") + "token.model.weight_bits=" + num(bits);
            p.settings = shape;
            double context = kPrompt + 16;
            token::ModelShape m = shape_of(c.preset, shape, bits);
            p.need_gb = token::weight_bytes(m) / 1e9;
            p.fits = p.need_gb <= token::memory_in_use_gb(f);
            // The token model's speed on figures g, run long enough for the prompt and a few
            // dozen answer tokens (closed forms, generously).
            auto run = [&](const token::MeasuredFigures& g) {
                double step = 1 / token::closed_form_tok_s(g, m, context);
                double prefill = kPrompt * token::forward_flops(m, 1, kPrompt, 0) / g.flops + step;
                FidelityRow row = prediction_row(g, c.preset, shape, p.need_gb);
                row.time_s = prefill * 2 + 32 * step;
                FidelityResult r = run_fidelity_row(row);
                if (p.error.empty()) p.error = r.error;
                return r.model;
            };
            p.tok_s = run(f);
            p.tok_s_low = run(engine_low_figures(f));
            p.closed_form = token::closed_form_tok_s(f, m, context);
            double bytes = token::weight_bytes_fetched(m, 1, 1) + token::kv_bytes_per_token(m) * context;
            p.intensity = token::forward_flops(m, 1, token::causal_pairs(1, context), 1) / bytes;
            p.ridge = f.flops / (f.bandwidth_gbs * 1e9);
            out.push_back(p);
        }
    return out;
}

}  // namespace tj

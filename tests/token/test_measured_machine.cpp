// This computer on the roofline: measured figures become the hw.measured preset, and
// the prediction card's speeds (the token model, the fidelity rows' path) agree with
// the closed form: bytes per token over the bandwidth (or FLOPs over the rate, where
// that is longer) plus the stack's fixed cost per step.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <sstream>

#include "core/fidelity/prediction.h"
#include "core/params.h"
#include "core/scenario.h"
#include "core/token/measured_machine.h"
#include "core/token/token_params.h"

using namespace tj;
using namespace tj::token;

namespace {

MeasuredFigures laptop() {
    MeasuredFigures f;
    f.bandwidth_gbs = 100;
    f.flops = 5e12;
    f.memory_gb = 8;
    f.adapter = "test adapter";
    f.path = "webgpu";
    return f;
}

double preset_value(const Preset& p, const std::string& id) {
    for (auto& [pid, v] : p.values)
        if (pid == id) return v;
    return -1;
}

// Puts the registry's stand-in back, whatever a test installed.
struct RestoreStandIn {
    Preset saved = *token_registry().find_preset("hw.measured");
    ~RestoreStandIn() { replace_measured_preset(saved); }
};

// The in-browser and native engines' rows of the fidelity table (WebLLM, MLC-LLM).
std::vector<FidelityRow> engine_rows() {
    std::ifstream in(std::string(TJ_SOURCE_DIR) + "/tests/fidelity/published.tsv");
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    std::vector<FidelityRow> rows, engines;
    REQUIRE(parse_fidelity_table(text.str(), rows) == "");
    for (const FidelityRow& r : rows)
        if (r.name.rfind("webllm_", 0) == 0 || r.name.rfind("mlc_m3max_", 0) == 0) engines.push_back(r);
    REQUIRE(engines.size() == 4);
    return engines;
}

}  // namespace

TEST_CASE("measured machine: the range's bottom is the published engines' lowest share of the peak bandwidth",
          "[token][measured]") {
    // Each row's share: its published speed times the bytes a token reads (the model's
    // own count, from the same row run for bytes_per_token_total) over the laptop's peak (hw.m3_max).
    double lowest = 1, highest = 0;
    for (FidelityRow r : engine_rows()) {
        double published = r.published;
        r.metric = "bytes_per_token_total";
        r.unit = "B";
        FidelityResult bytes = run_fidelity_row(r);
        REQUIRE(bytes.error == "");
        double peak = preset_value(*token_registry().find_preset("hw.m3_max"), "token.hbm.bw_gbs") * 1e9;
        REQUIRE(r.presets.find("hw.m3_max") != std::string::npos);
        double share = published * bytes.model / peak;
        INFO(r.name << ": " << published << " tok/s x " << bytes.model / 1e9 << " GB = " << share << " of the peak");
        CHECK(share > 0.3);
        lowest = std::min(lowest, share);
        highest = std::max(highest, share);
    }
    // Rounded down to two digits: a bottom a little under the lowest engine stays a bottom.
    CHECK(kEngineBwShareLow <= lowest);
    CHECK(kEngineBwShareLow > lowest - 0.01);
    CHECK(highest < 0.7);  // none reaches its peak: the top of the range is a bound
}

TEST_CASE("measured machine: the published engines' Llama-3.1-8B speeds lie inside the card's range",
          "[token][measured]") {
    RestoreStandIn restore;
    MeasuredFigures m3max = laptop();  // the rows' figures: Apple's 400 GB/s and 14.3 TFLOP/s, 48 GB
    m3max.bandwidth_gbs = 400;
    m3max.flops = 14.3e12;
    m3max.memory_gb = 48;
    REQUIRE(install_measured_preset(m3max) == "");
    std::vector<Prediction> ps = predict_measured(m3max);
    REQUIRE(ps.size() == 6);
    const Prediction& q4 = ps[2];  // Llama-3.1-8B at 4.5 bits
    REQUIRE(q4.model == "Llama-3.1-8B");
    for (const FidelityRow& r : engine_rows()) {
        if (r.presets.find("model.llama31_8b") == std::string::npos) continue;
        INFO(r.name << ": published " << r.published << " tok/s, card " << q4.tok_s_low << "-" << q4.tok_s);
        CHECK(r.published >= q4.tok_s_low);
        CHECK(r.published <= q4.tok_s);
    }
}

TEST_CASE("measured machine: the closed form is bytes over bandwidth plus the stack's fixed cost", "[token][measured]") {
    MeasuredFigures f = laptop();
    ModelShape m;  // Llama-2-7B's shape, 16-bit
    double context = 80;
    double bytes = weight_bytes_fetched(m, 1, 1) + kv_bytes_per_token(m) * context;
    // The stack: 5 us a layer, 500 ns first byte a layer, 20 us a step (token_params.cpp's hw.measured).
    double fixed = 32 * (5e-6 + 500e-9) + 20e-6;
    CHECK(measured_fixed_step_s(m) == Approx(fixed));
    CHECK(closed_form_tok_s(f, m, context) == Approx(1 / (bytes / 100e9 + fixed)));
    // Where the rate is too low for the bytes, the arithmetic sets the step.
    f.flops = 1e9;
    double flops = forward_flops(m, 1, causal_pairs(1, context), 1);
    CHECK(closed_form_tok_s(f, m, context) == Approx(1 / (flops / 1e9 + fixed)));
}

TEST_CASE("measured machine: the card's speeds from the token model hold to the closed form", "[token][measured]") {
    RestoreStandIn restore;
    for (MeasuredFigures f : {laptop(), [] {
             MeasuredFigures slow = laptop();  // a software GPU: arithmetic binds
             slow.bandwidth_gbs = 8;
             slow.flops = 2e10;
             slow.path = "wasm";
             return slow;
         }()}) {
        REQUIRE(install_measured_preset(f) == "");
        std::vector<Prediction> ps = predict_measured(f);
        REQUIRE(ps.size() == 6);
        for (const Prediction& p : ps) {
            INFO(p.model << " at " << p.weight_bits << " bits: model " << p.tok_s << " tok/s, closed form "
                         << p.closed_form << " (" << f.bandwidth_gbs << " GB/s, " << f.flops << " FLOP/s)");
            CHECK(p.error == "");
            CHECK(std::isfinite(p.tok_s));
            CHECK(p.tok_s == Approx(p.closed_form).epsilon(0.03));
            // The range's bottom: the same closed form at kEngineBwShareLow of the bandwidth.
            CHECK(p.tok_s_low == Approx(closed_form_tok_s(engine_low_figures(f), prediction_shape(p), 80)).epsilon(0.03));
            CHECK(p.tok_s_low <= p.tok_s);
            CHECK(p.ridge == Approx(f.flops / (f.bandwidth_gbs * 1e9)));
            CHECK(p.fits == (p.need_gb <= f.memory_gb));
        }
        // 16 bits move about 3.6 times the bytes of 4.5 bits: memory-bound, that much slower.
        if (f.path == "webgpu") {
            CHECK(ps[2].tok_s / ps[3].tok_s == Approx(16 / 4.5).epsilon(0.1));
            CHECK(ps[3].intensity < ps[3].ridge);
        }
        CHECK(ps[2].need_gb == Approx(8.03e9 * 4.5 / 8 / 1e9).epsilon(0.01));
        CHECK_FALSE(ps[5].fits);  // 70B in 16 bits: 141 GB against 8
    }
}

TEST_CASE("measured machine: the preset carries the figures, labelled measured, bad figures are refused",
          "[token][measured]") {
    RestoreStandIn restore;
    MeasuredFigures f = laptop();
    REQUIRE(install_measured_preset(f) == "");
    const Preset* p = token_registry().find_preset("hw.measured");
    REQUIRE(p);
    CHECK(p->label_en == "This computer (measured)");
    CHECK(p->source.find("[measured]") == 0);
    CHECK(preset_value(*p, "token.hbm.bw_gbs") == 100);
    CHECK(preset_value(*p, "token.mesh.core_tflops") == Approx(5));
    CHECK(preset_value(*p, "token.hbm.capacity_gb") == 8);
    CHECK(preset_value(*p, "token.mesh.bw_eff") == 1);  // the figures are achieved, not peaks

    for (auto bad : {std::make_pair(&MeasuredFigures::bandwidth_gbs, std::nan("")),
                     std::make_pair(&MeasuredFigures::bandwidth_gbs, -3.0),
                     std::make_pair(&MeasuredFigures::flops, 0.0),
                     std::make_pair(&MeasuredFigures::flops, double(INFINITY)),
                     std::make_pair(&MeasuredFigures::memory_gb, 1e9)}) {
        MeasuredFigures g = laptop();
        g.*(bad.first) = bad.second;
        CHECK(install_measured_preset(g) != "");
        CHECK(predict_measured(g).at(0).error != "");
    }
    MeasuredFigures unreported = laptop();  // a browser without navigator.deviceMemory
    unreported.memory_gb = 0;
    CHECK(check_measured(unreported) == "");
    CHECK(preset_value(measured_preset(unreported), "token.hbm.capacity_gb") == kAssumedMemoryGb);
    CHECK(measured_preset(unreported).source.find("not reported") != std::string::npos);
    MeasuredFigures g = laptop();
    g.path = "carrier pigeon";
    CHECK(install_measured_preset(g) != "");
    // Refused figures leave the last good ones.
    CHECK(preset_value(*token_registry().find_preset("hw.measured"), "token.hbm.bw_gbs") == 100);
    // Only hw.measured changes at run time.
    Preset other = *token_registry().find_preset("hw.h100_sxm");
    CHECK(replace_measured_preset(other) != "");
}

TEST_CASE("measured machine: the figures travel with a link as parameters and are told apart as measured",
          "[token][measured]") {
    RestoreStandIn restore;
    const ParamRegistry& reg = token_registry();
    MeasuredFigures stand = stand_in_figures();
    // The WebLLM paper's laptop at what MLC-LLM's decode reached of its 400 GB/s, as the
    // M3 Max preset has it (token_params.cpp): an engine's rate, as the GPU presets'.
    ParamValues m3_max(reg);
    REQUIRE(m3_max.apply(*reg.find_preset("hw.m3_max")) == "");
    CHECK(stand.bandwidth_gbs == Approx(400 * m3_max.get("token.mesh.bw_eff")));
    CHECK(stand.bandwidth_gbs < 300);
    REQUIRE(install_measured_preset(laptop()) == "");
    ParamValues v(reg);
    REQUIRE(v.apply(*reg.find_preset("hw.measured")) == "");
    REQUIRE(v.set("token.run.batch", 4) == "");  // a setting of the run, not of the machine
    auto lookup = [&](const std::string& s) -> const ParamRegistry* { return s == "token" ? &reg : nullptr; };
    std::string link = scenario_to_url(make_scenario("token", v, 1, 0));
    CHECK(link.find("p.token.hbm.bw_gbs=100") != std::string::npos);
    Scenario in;
    REQUIRE(scenario_from_url(link, lookup, in) == "");
    ParamValues w(reg);
    REQUIRE(apply_scenario(in, w) == "");
    MeasuredFigures got;
    REQUIRE(measured_figures_in(w, &got));
    CHECK(got.bandwidth_gbs == 100);
    CHECK(got.flops == Approx(5e12));
    CHECK(got.memory_gb == 8);
    // Another machine's stack, or this one's changed, is not the measured machine.
    REQUIRE(w.set("token.mesh.bw_eff", 0.5) == "");
    CHECK_FALSE(measured_figures_in(w, &got));
    ParamValues h(reg);
    REQUIRE(h.apply(*reg.find_preset("hw.h100_sxm")) == "");
    CHECK_FALSE(measured_figures_in(h, &got));
}

TEST_CASE("measured machine: a browser that reports little memory still gets a speed for every model", "[token][measured]") {
    // Each prediction runs with the memory raised to hold its weights, the engine's reserve
    // and some KV: a 4 GB report once gave 0 tok/s for the models it could not hold.
    RestoreStandIn restore;
    MeasuredFigures small = laptop();
    small.memory_gb = 4;
    REQUIRE(install_measured_preset(small) == "");
    for (const Prediction& p : predict_measured(small)) {
        INFO(p.model << " at " << p.weight_bits << " bits: " << p.tok_s_low << "-" << p.tok_s << " tok/s");
        CHECK(p.error == "");
        CHECK(p.tok_s > 0);
        CHECK(p.tok_s_low > 0);
        CHECK(p.fits == (p.need_gb <= 4));
    }
}

TEST_CASE("measured machine: a rate read back from TFLOP/s is the same figure, a changed one is not", "[token][measured]") {
    // The page measured 8.10 GFLOP/s once and then called its own figures "moved by hand":
    // (x / 1e12) * 1e12 is not x for some x. Find such an x and hold the comparison to it.
    double x = 8.1e9;
    while ((x / 1e12) * 1e12 == x) x = std::nextafter(x, 1e10);
    CHECK((x / 1e12) * 1e12 != x);
    CHECK(same_figure(x, (x / 1e12) * 1e12));
    CHECK(same_figure(21.14, 21.14));
    CHECK_FALSE(same_figure(x, x * 1.001));
    CHECK_FALSE(same_figure(21.14, 21.2));
}

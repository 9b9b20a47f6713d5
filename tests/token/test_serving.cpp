// Serving under load: KV capacity decides concurrency (paged admission, pre-emption,
// the offload policy), the scheduler, request lengths, the host's work per step, and
// the closed forms that must still hold (Little's law on admitted requests).
#include <catch2/catch.hpp>

#include <cmath>

#include "core/token/token_model.h"
#include "tests/token/token_run.h"
#include "core/token/token_params.h"

using namespace tj;
using namespace tj::token;

namespace {

using Run = TokenRun;

// Llama-3.1-70B in FP8 on two H100s, 5,000-token prompts and 500-token answers.
void nim_case(Run& r, int users) {
    r.preset("hw.h100_sxm");
    r.preset("model.llama31_70b");
    r.set("token.mesh.chips", 2);
    r.set("token.model.weight_bits", 8);
    r.set("token.model.kv_bits", 8);
    r.set("token.run.prompt_tokens", 5000);
    r.set("token.run.output_tokens", 500);
    r.set("token.serve.scheduler", kMixedChunked);
    r.set("token.run.batch", users);
}

}  // namespace

TEST_CASE("serving: under load TTFT, TPOT and throughput rise and saturate (closed loop, 1 -> 100 users)",
          "[token][serving]") {
    double last_ttft = 0, last_tpot = 0, last_tput = 0, first_tput = 0;
    for (int users : {1, 5, 25, 50, 100}) {
        Run r;
        nim_case(r, users);
        r.start();
        r.m.advance_to(400, 50000000);
        double ttft = r.metric("ttft_chip_s"), tpot = r.metric("tpot_chip_mean_s"), tput = r.metric("tok_s_total");
        INFO(users << " users: TTFT " << ttft << " s, TPOT " << tpot << " s, " << tput << " tok/s, running "
                   << r.metric("requests_running") << ", queued " << r.metric("queue_len"));
        CHECK(ttft > last_ttft);
        CHECK(tpot > last_tpot);
        CHECK(tput >= last_tput * 0.98);  // rises, then flat
        CHECK(r.metric("kv_bytes_host") == 0);
        if (users == 1) first_tput = tput;
        if (users == 100) {
            CHECK(tput < last_tput * 1.2);                       // saturated: doubling the users adds little
            CHECK(r.metric("queue_len") > 0);                    // the KV warehouse is full: a queue at the door
            CHECK(r.metric("requests_running") < 100);
            CHECK(r.metric("kv_used_fraction") > 0.9);
        }
        last_ttft = ttft;
        last_tpot = tpot;
        last_tput = tput;
    }
    CHECK(last_tput > 5 * first_tput);
}

TEST_CASE("serving: the paged policy never reads KV over PCIe, offload does when the KV cache outgrows the device",
          "[token][serving]") {
    for (int policy : {kKvPaged, kKvOffload}) {
        Run r;
        nim_case(r, 100);
        r.set("token.serve.kv_policy", policy);
        r.set("token.model.kv_bits", 16);  // 100 x 5,500 tokens of BF16 KV: 180 GB, more than the 89 GB left
        r.start();
        double host_kv_max = 0;
        for (int i = 0; i < 200; i++) {
            r.m.advance_to(r.m.now() + 1, 5000000);
            host_kv_max = std::max(host_kv_max, r.metric("kv_bytes_host"));
        }
        INFO("policy " << policy);
        if (policy == kKvPaged) {
            CHECK(host_kv_max == 0);
            CHECK(r.metric("bytes_per_token_host") == 0);
        } else {
            CHECK(host_kv_max > 0);
            CHECK(r.metric("requests_running") == 100);
            // The KV cache on the device fills the engine's room (its share of memory, less
            // the reserve and the weights: the paged warehouse's size) and no more; the
            // weights stay on the device.
            const double room = 2 * r.v.get("token.hbm.capacity_gb") * 1e9 * r.v.get("token.serve.mem_util") -
                                r.v.get("token.serve.reserve_gb") * 1e9 - r.metric("weight_bytes");
            CHECK(r.metric("kv_bytes_hbm") <= room * (1 + 1e-12));
            CHECK(r.metric("kv_bytes_hbm") > 0.99 * room);
            CHECK(r.metric("weight_bytes_host") == 0);
        }
    }
    // Every machine and model at a heavy load, paged: KV stays on the device.
    TokenModel probe;
    for (auto& hw : probe.registry().presets()) {
        if (hw.kind != "hardware") continue;
        for (auto& md : probe.registry().presets()) {
            if (md.kind != "model") continue;
            Run r;
            r.preset(hw.id.c_str());
            r.preset(md.id.c_str());
            r.set("token.run.batch", 256);
            r.set("token.run.prompt_tokens", 4096);
            r.set("token.run.output_tokens", 4096);
            r.start();
            for (int i = 0; i < 20; i++) {
                r.m.advance_to(r.m.now() + 0.5, 200000);
                INFO(hw.id << " + " << md.id);
                REQUIRE(r.metric("kv_bytes_host") == 0);
            }
        }
    }
}

TEST_CASE("serving: Little's law holds on admitted requests (L = lambda W)", "[token][serving]") {
    Run r;
    r.set("token.run.mode", kOpenArrivals);
    r.set("token.run.batch", 64);
    r.set("token.run.arrival_rate", 20);
    r.set("token.serve.length_dist", kLengthLognormal);
    r.start(3);
    r.m.advance_to(300, 100000000);
    double L = r.metric("engine_requests_mean"), lambda = r.metric("requests_done_per_s"), W = r.metric("engine_time_s");
    INFO("L " << L << ", lambda " << lambda << ", W " << W);
    CHECK(L > 1);
    CHECK(L == Approx(lambda * W).epsilon(0.03));
}

TEST_CASE("serving: a full KV cache pre-empts the newest sequence, recompute and swap both finish every answer",
          "[token][serving]") {
    for (int how : {kPreemptRecompute, kPreemptSwap}) {
        Run r;
        r.preset("hw.a100_80gb");
        r.set("token.run.batch", 32);
        r.set("token.run.prompt_tokens", 512);
        r.set("token.run.output_tokens", 2048);
        r.set("token.hbm.capacity_gb", 20);  // the weights (16 GB) leave room for 16k tokens of KV
        r.set("token.serve.reserve_gb", 0);
        r.set("token.serve.preempt", how);
        r.start();
        r.m.advance_to(60, 50000000);
        INFO("pre-emption " << how);
        CHECK(r.metric("requests_preempted") > 0);
        CHECK(r.metric("sequences_done") >= 10);
        CHECK(r.metric("kv_used_fraction") <= 1);
        CHECK(r.metric("kv_bytes_host") == 0);
        CHECK(r.m.tokens_sampled() == r.m.tokens_at_screen() + r.m.tokens_in_flight());
        if (how == kPreemptRecompute) CHECK(r.metric("recomputed_tokens") > 0);
        else CHECK(r.metric("recomputed_tokens") == 0);
    }
}

TEST_CASE("serving: mixed chunked prefill lets decodes ride along, so prompts no longer stall the answers",
          "[token][serving]") {
    auto run = [](int scheduler) {
        Run r;
        nim_case(r, 25);
        r.set("token.serve.scheduler", scheduler);
        r.start();
        // The view keeps the last 1,024 steps: count each new one as the run goes (the
        // answers come in waves, and mixed steps only where waves meet).
        int mixed = 0;
        double counted = -1;
        while (r.m.now() < 200) {
            r.m.advance_to(r.m.now() + 2, 50000000);
            for (auto& s : r.m.view().steps)
                if (s.start > counted) mixed += s.kind == kStepMixed;
            if (!r.m.view().steps.empty()) counted = r.m.view().steps.back().start;
        }
        return std::pair<double, int>(r.metric("ttft_chip_s"), mixed);
    };
    auto [ttft_first, mixed_first] = run(kPrefillFirst);
    auto [ttft_mixed, mixed_mixed] = run(kMixedChunked);
    CHECK(mixed_first == 0);
    CHECK(mixed_mixed > 0);
    CHECK(ttft_mixed < ttft_first);  // a new prompt starts at once instead of after a wave of prefills
}

TEST_CASE("serving: request lengths follow their distribution", "[token][serving]") {
    for (int dist : {kLengthFixed, kLengthUniform, kLengthLognormal}) {
        Run r;
        r.set("token.run.batch", 64);
        r.set("token.run.prompt_tokens", 200);
        r.set("token.run.output_tokens", 16);
        r.set("token.serve.length_dist", dist);
        r.set("token.serve.prompt_spread", 0.8);
        r.start(5);
        r.m.advance_to(20, 50000000);
        double mean = r.metric("prompt_tokens_in") / r.metric("requests_admitted");
        INFO("distribution " << dist << ", " << r.metric("requests_admitted") << " requests");
        CHECK(r.metric("requests_admitted") > 500);
        if (dist == kLengthFixed) CHECK(mean == 200);
        else CHECK(mean == Approx(200).epsilon(0.08));
    }
}

TEST_CASE("serving: host work per step adds to the step, or overlapped hides behind it", "[token][serving]") {
    auto step = [](int overlap, double host_us) {
        Run r;
        r.set("token.run.batch", 1);
        r.set("token.host.cv", 0);
        r.set("token.host.hiccup_prob", 0);
        r.set("token.serve.host_step_us", host_us);
        r.set("token.serve.host_sched_us", 0);
        r.set("token.serve.host_output_us", 0);
        r.set("token.serve.host_overlap", overlap);
        r.start();
        r.m.advance_to(0.5, 1000000);
        return r.metric("decode_step_s");
    };
    double device = step(0, 0);
    CHECK(step(0, 1000) - device == Approx(1e-3).epsilon(1e-3));       // serial: device + host
    CHECK(step(1, 1000) == Approx(std::max(device, 1e-3)).epsilon(1e-3));  // overlapped: the longer
    CHECK(step(1, 0) == Approx(device).epsilon(1e-9));
}

TEST_CASE("serving: KV capacity = (device memory x use - reserve - weights) / bytes per token, in whole blocks",
          "[token][serving]") {
    Run r;
    r.preset("hw.h100_sxm");
    r.preset("model.llama31_8b");
    r.start();
    double weights = r.metric("weight_bytes"), per_token = r.metric("kv_bytes_per_token");
    CHECK(weights == Approx(16.06e9).epsilon(0.001));
    CHECK(per_token == 131072);  // 128 KiB: 2 x 32 layers x 8 KV heads x 128 x 2 bytes
    double tokens = std::floor((80e9 * 0.9 - 2e9 - weights) / per_token / 16) * 16;
    CHECK(r.metric("kv_capacity_tokens") == tokens);
    CHECK(r.metric("kv_capacity_bytes") == tokens * per_token);
    r.set("token.serve.kv_policy", kKvOffload);  // offload: no capacity limit is kept
    r.start();
    CHECK(r.metric("kv_capacity_tokens") == 0);
}

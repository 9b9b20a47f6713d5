// The token scene end to end: registry and presets, published measurements,
// speculative decoding's closed form, serialization, conservation of tokens,
// queueing, the UTF-8 hold, and a sweep of every parameter for finite, bounded runs.
#include <catch2/catch.hpp>
#include <algorithm>
#include <iterator>

#include <cmath>
#include <fstream>
#include <map>
#include <set>

#include "core/rng.h"
#include "core/text/bpe.h"
#include "core/token/token_model.h"
#include "tests/token/token_run.h"

using namespace tj;
using namespace tj::token;

namespace {

using Run = TokenRun;

// One user of Llama-3.1-8B on an H100 with a prompt and an answer of these lengths, started.
void one_user_on_h100(TokenRun& r, double prompt_tokens, double output_tokens) {
    r.preset("hw.h100_sxm");
    r.preset("model.llama31_8b");
    r.set("token.run.batch", 1);
    r.set("token.run.prompt_tokens", prompt_tokens);
    r.set("token.run.output_tokens", output_tokens);
    r.start();
}

bool all_finite(const std::vector<Metric>& ms) {
    for (auto& x : ms)
        if (!std::isfinite(x.value)) return false;
    return true;
}

}  // namespace

TEST_CASE("registry: ids, labels, groups and presets with sources", "[token][model]") {
    TokenModel m;
    const ParamRegistry& reg = m.registry();
    CHECK(reg.size() > 60);
    for (auto& d : reg.defs()) {
        CHECK(d.id.rfind("token.", 0) == 0);
        CHECK(!d.source.empty());
    }
    std::set<std::string> hw, models, stacks;
    for (auto& p : reg.presets()) {
        CHECK(!p.source.empty());
        CHECK((p.kind == "hardware" || p.kind == "model" || p.kind == "stack" || p.kind == "format"));
        if (p.kind != "format") (p.kind == "hardware" ? hw : p.kind == "model" ? models : stacks).insert(p.id);
    }
    // Every board comes with a stack preset, and only the stack's presets set its parameters.
    for (auto& p : reg.presets()) {
        INFO(p.id);
        if (p.kind == "hardware") CHECK(stacks.count(p.with) == 1);
        else CHECK(p.with.empty());
        if (p.kind != "stack")
            for (auto& [id, v] : p.values)
                for (const char* stack_id : {"token.mesh.layer_overhead_us", "token.serve.op_floor_us", "token.serve.mesh_reduce"})
                    CHECK(id != stack_id);
    }
    for (const char* id : {"stack.gpu_graphs", "stack.tt_metal", "stack.tt_galaxy", "stack.groq", "stack.cerebras_2024_08",
                           "stack.cerebras_2024_10"})
        CHECK(stacks.count(id) == 1);
    for (const char* id : {"hw.a100_80gb", "hw.h100_sxm", "hw.h200", "hw.b200", "hw.groq_lpu", "hw.cerebras_wse3",
                           "hw.tt_n150", "hw.tt_p150", "hw.mesh3d"})
        CHECK(hw.count(id) == 1);
    for (const char* id : {"model.llama2_7b", "model.llama31_8b", "model.llama31_70b", "model.llama31_405b",
                           "model.qwen25_7b", "model.mixtral_8x7b"})
        CHECK(models.count(id) == 1);
    std::set<std::string> station_ids;
    for (auto& s : m.stations()) {
        station_ids.insert(s.id);
        CHECK(!s.lesson_en.empty());
        CHECK(!s.lesson_zh.empty());
    }
    for (const char* id : {"prompt", "tokenizer", "h2d", "mesh", "sram", "dram3d", "hbm", "sampler", "d2h", "detok",
                           "screen"})
        CHECK(station_ids.count(id) == 1);
}

TEST_CASE("published: Llama-2-7B FP16 batch 1 on A100-80GB decodes at about 100 tok/s", "[token][published]") {
    Run r;
    r.preset("hw.a100_80gb");
    r.preset("model.llama2_7b");
    r.set("token.run.batch", 1);
    r.set("token.run.prompt_tokens", 5);  // gpt-fast's benchmark prompt is 5 tokens
    r.set("token.run.output_tokens", 200);
    r.start();
    r.run_until([&] { return r.m.decode_steps() >= 150; }, 10);
    double tps = r.metric("tok_s_per_seq");
    CHECK(tps == Approx(100.02).epsilon(0.2));  // LMDeploy's benchmark
    CHECK(tps == Approx(104.9).epsilon(0.2));   // gpt-fast's README
    CHECK(r.metric("bottleneck") == double(int(kPartHbm)));
    CHECK(r.m.pace().stage == kPartHbm);
}

TEST_CASE("published: H100 SXM serves Llama-2-7B 128 in / 20 out in about 153.8 ms", "[token][published]") {
    Run r;
    r.preset("hw.h100_sxm");
    r.preset("model.llama2_7b");
    r.set("token.run.batch", 1);
    r.set("token.run.prompt_tokens", 128);
    r.set("token.run.output_tokens", 20);
    r.start();
    r.run_until([&] { return r.metric("sequences_done") >= 10; }, 10);
    CHECK(r.metric("e2e_s") == Approx(0.1538).epsilon(0.2));  // NVIDIA NeMo's Llama-2 inference table
    CHECK(r.metric("tpot_chip_mean_s") == Approx(0.007).epsilon(0.2));
}

TEST_CASE("speculative decoding: tokens per verify -> (1-a^(k+1))/(1-a)", "[token][spec]") {
    for (auto [k, a] : {std::pair<int, double>{4, 0.7}, {2, 0.5}, {8, 0.9}}) {
        Run r;
        r.set("token.run.batch", 16);
        r.set("token.run.output_tokens", 8192);
        r.set("token.spec.draft_k", k);
        r.set("token.spec.alpha", a);
        r.start(7);
        r.run_until([&] { return r.m.decode_steps() >= 3000; }, 100);
        double expect = (1 - std::pow(a, k + 1)) / (1 - a);
        CHECK(r.metric("spec_tokens_per_verify_expected") == Approx(expect));
        CHECK(r.metric("spec_tokens_per_verify") == Approx(expect).epsilon(0.02));
        CHECK(r.metric("kv_rollback_tokens") > 0);
    }
    Run all;  // every draft accepted: k + 1 tokens per verify, nothing rolled back
    all.set("token.run.output_tokens", 8192);
    all.set("token.spec.draft_k", 3);
    all.set("token.spec.alpha", 1);
    all.start();
    all.run_until([&] { return all.m.decode_steps() >= 100; }, 100);
    CHECK(all.metric("spec_tokens_per_verify") == 4);
    CHECK(all.metric("kv_rollback_tokens") == 0);
}

TEST_CASE("speculative decoding with a cheap, accurate draft shortens the time per token", "[token][spec]") {
    auto tpot = [](int k) {
        Run r;
        r.set("token.run.batch", 1);
        r.set("token.run.output_tokens", 2000);
        r.set("token.spec.draft_k", k);
        r.set("token.spec.alpha", 0.8);
        r.set("token.spec.draft_ratio", 0.05);
        r.start();
        r.run_until([&] { return r.m.tokens_sampled() >= 500; }, 100);
        return r.metric("tpot_chip_mean_s");
    };
    CHECK(tpot(4) < 0.6 * tpot(0));
}

TEST_CASE("serialization: a sequence's next step starts only after its token is sampled", "[token][model]") {
    Run r;
    r.set("token.run.batch", 4);
    r.start();
    r.run_until([&] { return r.m.tokens_sampled() >= 400; }, 100);
    const auto& js = r.m.view().journeys;
    REQUIRE(js.size() > 100);
    std::map<uint32_t, TokenJourney> last;
    int pairs = 0;
    for (auto& j : js) {
        auto it = last.find(j.seq);
        if (it != last.end() && j.index == it->second.index + 1) {
            CHECK(j.t_step_start >= it->second.t_sampled);
            CHECK(j.t_sampled > it->second.t_sampled);
            pairs++;
        }
        last[j.seq] = j;
        CHECK(j.t_screen >= j.t_sampled);
    }
    CHECK(pairs > 50);
}

TEST_CASE("conservation: every token sampled is on the screen or on its way", "[token][model]") {
    for (int lang : {0, 1})
        for (int mode : {0, 1}) {
            Run r;
            r.set("token.run.answer_lang", lang);
            r.set("token.run.mode", mode);
            r.set("token.run.arrival_rate", 50);
            r.set("token.run.output_tokens", 37);
            r.set("token.spec.draft_k", lang == 1 ? 3 : 0);
            r.start(3);
            for (int i = 0; i < 40; i++) {
                r.m.advance_to(r.m.now() + 0.013, 100000);
                CHECK(r.m.tokens_sampled() == r.m.tokens_at_screen() + r.m.tokens_in_flight());
                CHECK(r.metric("prompt_tokens_prefilled") <= r.metric("prompt_tokens_in"));
            }
            CHECK(r.m.tokens_at_screen() > 0);
            CHECK(r.metric("sequences_done") * 37 <= r.m.tokens_sampled());
        }
}

TEST_CASE("the detokenizer holds Chinese bytes and shows the answer in order", "[token][text]") {
    for (int lang : {0, 1}) {
        Run r;
        r.set("token.run.tokenizer", 0);  // the stand-in: always there, many split characters
        r.set("token.run.answer_lang", lang);
        r.set("token.run.output_tokens", 4096);
        r.start();
        r.m.advance_to(0.3, 1000000);
        if (lang == 0) CHECK(r.metric("detok_holds") == 0);
        else CHECK(r.metric("detok_holds") > 10);
        std::string shown;
        for (auto& c : r.m.view().answer) shown += c.utf8;
        const std::string& text = answer_text(lang);
        REQUIRE(shown.size() > 20);
        CHECK(text.compare(0, shown.size(), shown) == 0);
    }
}

TEST_CASE("the answer's characters cover the steps kept: a 512-token answer's screen lane starts at its start",
          "[token][text]") {
    // one-token-at-a-time's last step: the staircase chart draws the first request from
    // its prefill, and the screen lane a mark per character of the watched answer.
    TokenRun r;
    one_user_on_h100(r, 64, 512);
    r.m.advance_to(5, 10000000);
    const TokenView& v = r.m.view();
    auto prefill = std::find_if(v.steps.begin(), v.steps.end(), [](const TokenStepRecord& s) { return s.kind == kStepPrefill; });
    REQUIRE(prefill != v.steps.end());
    REQUIRE(std::distance(prefill, v.steps.end()) > 3);
    REQUIRE(!v.answer.empty());
    // The first character kept reached the screen within the first few steps of that request.
    CHECK(v.answer.front().t <= (prefill + 3)->end);
}

TEST_CASE("open arrivals above capacity queue before prefill, in bounded memory", "[token][model]") {
    Run r;
    r.set("token.run.mode", 1);
    r.set("token.run.batch", 2);
    r.set("token.run.arrival_rate", 10000);
    r.start();
    r.m.advance_to(2.0, 2000000);
    CHECK(r.metric("queue_len") > 100);
    CHECK(r.metric("queue_len") <= 10000);
    CHECK(r.metric("queue_wait_s") > 0.01);
    CHECK(r.metric("requests_dropped") > 0);
}

TEST_CASE("the sampler on the host adds a round trip to every step", "[token][model]") {
    auto step = [](int where) {
        Run r;
        r.set("token.run.batch", 1);
        r.set("token.run.sampler", where);
        r.set("token.host.cv", 0);
        r.set("token.host.hiccup_prob", 0);
        r.start();
        r.m.advance_to(0.5, 1000000);
        return r.metric("decode_step_s");
    };
    double dev = step(0), host = step(1);
    // Two link latencies (5 us each) plus 128256 logits of 2 bytes at 31.5 GB/s plus 30 us, minus the 20 us device sampler.
    double extra = 2 * 5e-6 + 128256 * 2 / 31.5e9 + 30e-6 + 4 / 31.5e9 - 20e-6;
    CHECK(host - dev == Approx(extra).epsilon(0.02));
}

TEST_CASE("the KV cache spills outward as it grows", "[token][model]") {
    Run r;
    r.set("token.run.batch", 32);
    r.set("token.run.prompt_tokens", 2048);
    r.set("token.run.output_tokens", 8192);
    r.set("token.run.placement", 1);          // KV first: it starts in the fastest levels
    r.set("token.sram.kb_per_core", 4096);    // 1 GB of SRAM
    r.start();
    r.run_until([&] { return r.metric("prompt_tokens_prefilled") > 0; }, 10);
    double sram0 = r.metric("kv_bytes_sram"), hbm0 = r.metric("kv_bytes_hbm");
    r.run_until([&] { return r.metric("kv_bytes_hbm") > 0; }, 100);
    CHECK(hbm0 == 0);
    CHECK(sram0 > 0);
    CHECK(r.metric("kv_bytes_sram") == Approx(1024.0 * 4096 * 256));  // SRAM full
    CHECK(r.metric("kv_bytes_hbm") > 0);
}

TEST_CASE("same seed, same run, another seed, another run", "[token][model]") {
    auto run = [](uint64_t seed) {
        Run r;
        r.start(seed);
        r.m.advance_to(0.5, 1000000);
        std::vector<double> v;
        for (auto& x : r.m.metrics()) v.push_back(x.value);
        return v;
    };
    CHECK(run(5) == run(5));
    CHECK(run(5) != run(6));
}

TEST_CASE("the run does not depend on how time is sliced into frames", "[token][model]") {
    auto run = [](int slices) {
        Run r;
        r.set("token.run.mode", 1);
        r.set("token.run.arrival_rate", 40);
        r.set("token.spec.draft_k", 2);
        r.start(4);
        for (int i = 1; i <= slices; i++) r.m.advance_to(0.6 * i / slices);
        std::vector<double> v;
        for (auto& x : r.m.metrics()) v.push_back(x.value);
        return v;
    };
    CHECK(run(1) == run(97));
}

TEST_CASE("registry sweep: every parameter at min, max and random values stays finite and bounded",
          "[token][sweep]") {
    TokenModel probe;
    const ParamRegistry& reg = probe.registry();
    auto check_run = [&](const ParamValues& v, const std::string& what) {
        TokenModel m;
        m.reset(v, 11);
        for (int i = 0; i < 4; i++) m.advance_to(m.now() + 0.02, 20000);  // bounded work per call
        auto ms = m.metrics();
        INFO(what);
        CHECK(all_finite(ms));
        CHECK(m.tokens_sampled() == m.tokens_at_screen() + m.tokens_in_flight());
        CHECK(m.segments().items().size() <= m.segments().capacity());
        CHECK(m.view().steps.size() <= 1024);
        CHECK(m.view().journeys.size() <= 256);
        CHECK(m.view().answer.size() <= 8192);
        for (auto& s : m.view().kv_series) CHECK(s.size() <= s.capacity());
    };
    for (size_t i = 0; i < reg.size(); i++) {
        for (double x : {reg[i].min, reg[i].max}) {
            ParamValues v(reg);
            REQUIRE(v.set(i, x) == "");
            check_run(v, reg[i].id + " = " + format_param_value(x));
        }
    }
    Rng rng(99);
    for (int k = 0; k < 40; k++) {
        ParamValues v(reg);
        for (size_t i = 0; i < reg.size(); i++) REQUIRE(v.set(i, param_from_unit(reg[i], rng.uniform())) == "");
        check_run(v, "random configuration " + std::to_string(k));
    }
    for (auto& hw : reg.presets()) {
        if (hw.kind != "hardware") continue;
        for (auto& md : reg.presets()) {
            if (md.kind != "model") continue;
            ParamValues v(reg);
            REQUIRE(v.apply(hw) == "");
            REQUIRE(v.apply(md) == "");
            check_run(v, hw.id + " + " + md.id);
        }
    }
}

TEST_CASE("a long run at batch 64 keeps its memory bounded", "[token][model]") {
    Run r;
    r.set("token.run.batch", 64);
    r.set("token.run.output_tokens", 512);
    r.start();
    r.run_until([&] { return r.m.decode_steps() >= 3000; }, 1000);
    CHECK(r.m.decode_steps() >= 3000);
    CHECK(r.m.view().steps.size() == 1024);
    CHECK(r.m.view().journeys.size() == 256);
    CHECK(r.m.segments().items().size() <= r.m.segments().capacity());
    CHECK(r.m.tokens_in_flight() <= 16384 + 64 * 4);
    CHECK(all_finite(r.m.metrics()));
}

TEST_CASE("a bigger batch raises total tokens/s while each sequence gets slower", "[token][model]") {
    auto run = [](int batch) {
        Run r;
        r.set("token.run.batch", batch);
        r.set("token.run.output_tokens", 1024);
        r.start();
        r.m.advance_to(1.0, 5000000);
        return std::pair<double, double>(r.metric("tok_s_total"), r.metric("tok_s_per_seq"));
    };
    auto [total1, seq1] = run(1);
    auto [total32, seq32] = run(32);
    CHECK(total32 > 10 * total1);
    CHECK(seq32 <= seq1);
}

namespace {
// A run that asks for cl100k on the Chinese answer; returns the answer shown so far.
std::string run_with_cl100k(Run& r) {
    r.set("token.run.answer_lang", 1);
    r.set("token.run.tokenizer", 1);
    r.set("token.run.output_tokens", 4096);
    r.start();
    r.m.advance_to(0.3, 1000000);
    std::string shown;
    for (auto& c : r.m.view().answer) shown += c.utf8;
    return shown;
}
}  // namespace

TEST_CASE("the real BPE tokenizer cuts the answer", "[token][text]") {
    if (!have_vocabularies()) {
        WARN(no_vocabulary_reason());
        return;
    }
    Run r;
    const std::string shown = run_with_cl100k(r);
    CHECK(r.metric("tokenizer_in_use") == 1);
    CHECK(r.m.tokenizer_note().empty());
    CHECK(r.metric("detok_holds") > 0);  // cl100k splits some Chinese characters too
    CHECK(r.metric("answer_tokens") < double(split_standin(answer_text(1)).token_bytes.size()));
    REQUIRE(shown.size() > 20);
    CHECK(answer_text(1).compare(0, shown.size(), shown) == 0);
}

TEST_CASE("without a vocabulary the stand-in steps in and says why", "[.][no-vocab]") {
    REQUIRE_FALSE(have_vocabularies());  // run with the vocabulary folder pointed elsewhere
    Run r;
    const std::string shown = run_with_cl100k(r);
    CHECK(r.metric("tokenizer_in_use") == 0);
    CHECK(r.m.tokenizer_note().find("stand-in") != std::string::npos);
    REQUIRE(shown.size() > 20);
    CHECK(answer_text(1).compare(0, shown.size(), shown) == 0);
}

TEST_CASE("busy shares never pass 100%, even while a booked step is under way", "[token][model]") {
    // Work is booked when it starts; early in a long prefill the booked time runs
    // ahead of the clock, and a share of busy / elapsed would read over 100%.
    Run r;
    r.set("token.run.batch", 4);
    r.start();
    for (double t : {1e-4, 5e-4, 1.35e-3, 9.2e-3, 0.05, 0.5}) {
        r.m.advance_to(t, 1000000);
        for (const Metric& x : r.m.metrics()) {
            if (x.id.rfind("share_", 0) != 0) continue;
            INFO(x.id << " at t = " << t);
            REQUIRE(x.value >= 0);
            REQUIRE(x.value <= 1.0 + 1e-9);
        }
    }
    REQUIRE(r.metric("share_compute") > 0);
}

TEST_CASE("step records list each sequence's output: 1 for a decode step, 1 + its accepted drafts for a verify",
          "[token][spec]") {
    for (int batch : {4, 16}) {
        Run r;
        r.set("token.run.batch", batch);
        r.set("token.run.output_tokens", 8192);
        r.set("token.spec.draft_k", 4);
        r.set("token.spec.alpha", 0.6);
        r.start(3);
        r.run_until([&] { return r.m.decode_steps() >= 200; }, 100);
        int verify_steps = 0, uneven = 0, prefill_listed = 0;
        for (const TokenStepRecord& s : r.m.view().steps) {
            // Decode and verify steps list every sequence (up to kListed); a prefill lists
            // only the sequences whose prompt it finished, so at most its sequences.
            if (s.kind == kStepPrefill) REQUIRE(s.listed <= std::min(s.seqs, TokenStepRecord::kListed));
            else REQUIRE(s.listed == std::min(s.seqs, TokenStepRecord::kListed));
            int sum = 0, lo = 1 << 30, hi = 0;
            std::set<uint32_t> ids;
            for (int i = 0; i < s.listed; i++) {
                sum += s.seq_tokens[i];
                lo = std::min(lo, s.seq_tokens[i]), hi = std::max(hi, s.seq_tokens[i]);
                ids.insert(s.seq_id[i]);
            }
            REQUIRE(int(ids.size()) == s.listed);  // each sequence once
            if (s.kind == kStepPrefill) {
                prefill_listed += s.listed;
                if (s.listed > 0) REQUIRE((lo == 1 && hi == 1));  // a finished prompt gives its first token
            } else if (s.kind == kStepDecode) {
                REQUIRE((lo == 1 && hi == 1));
            } else {
                verify_steps++;
                REQUIRE((lo >= 1 && hi <= 5));
                if (s.seqs <= TokenStepRecord::kListed) REQUIRE(sum == s.seqs + s.accepted);
                uneven += hi > lo;
            }
        }
        CHECK(prefill_listed + verify_steps > 0);
        CHECK(verify_steps > 100);
        CHECK(uneven > verify_steps / 2);  // sequences accept different numbers of drafts
    }
}

TEST_CASE("number formats: an H100's peak doubles in FP8, a B200's quadruples in FP4, weight bits take 4.5",
          "[token][model][formats]") {
    auto peak = [](const char* hw, double wbits, int format) {
        Run r;
        r.preset(hw);
        r.preset("model.llama31_8b");
        r.set("token.model.weight_bits", wbits);
        r.set("token.model.act_format", format);
        r.start();
        return r.metric("roofline_peak_flops");
    };
    double h100 = peak("hw.h100_sxm", 16, 0);
    CHECK(h100 == Approx(989e12));
    CHECK(peak("hw.h100_sxm", 8, 1) == Approx(2 * h100));
    CHECK(peak("hw.h100_sxm", 4, 2) == Approx(2 * h100));  // no FP4 on Hopper: FP8
    CHECK(peak("hw.h100_sxm", 4.5, 0) == Approx(h100));    // W4A16: the multiplies stay 16-bit
    CHECK(peak("hw.b200", 4, 2) == Approx(4 * 2250e12));
    Run q;
    q.preset("hw.a100_80gb");
    q.preset("model.llama2_7b");
    q.set("token.model.weight_bits", 4.5);  // llama.cpp's Q4_0
    q.start();
    CHECK(q.metric("weight_bytes") == Approx(q.metric("model_params") * 4.5 / 8));
}

TEST_CASE("static power: energy per token = dynamic + board power x time / tokens, falling with the batch",
          "[token][model][energy]") {
    auto run = [](int batch) {
        Run r;
        r.preset("hw.h100_sxm");
        r.preset("model.llama31_8b");
        r.set("token.run.batch", batch);
        r.start();
        r.m.advance_to(1.0);
        double st = r.metric("energy_pj_per_token_static");
        CHECK(st == Approx(70.0 * r.m.now() * 1e12 / double(r.m.tokens_sampled())));
        CHECK(r.metric("energy_pj_per_token_total") ==
              Approx(r.metric("energy_pj_per_token_dynamic") + st));
        return r.metric("energy_pj_per_token_total");
    };
    double e1 = run(1), e16 = run(16), e128 = run(128);
    CHECK(e16 < e1 / 4);
    CHECK(e128 < e16);
}

TEST_CASE("a token's trip: each station's time from its closed form, and the stations add up to the screen",
          "[token][trip]") {
    Run r;
    r.set("token.run.batch", 1);
    r.set("token.host.cv", 0);
    r.set("token.host.hiccup_prob", 0);
    SECTION("one user, nothing queues: every station at its own cost") {
        r.start();
        r.m.advance_to(0.5, 1000000);
        // 64 prompt tokens at 1 us; 64 ids of 4 bytes over a 5 us, 31.5 GB/s link; one id back the
        // same way; 20 us at the device's sampler; 2 us at the detokenizer; 2 ms to the screen.
        CHECK(r.metric("trip_tokenizer_s") == Approx(64e-6).epsilon(1e-6));
        CHECK(r.metric("trip_h2d_s") == Approx(5e-6 + 64 * 4 / 31.5e9).epsilon(1e-6));
        CHECK(r.metric("trip_d2h_s") == Approx(5e-6 + 4 / 31.5e9).epsilon(1e-6));
        CHECK(r.metric("trip_sampler_s") == Approx(20e-6).epsilon(1e-6));
        CHECK(r.metric("trip_flush_s") == Approx(2e-3).epsilon(1e-6));
        CHECK(r.metric("trip_detok_s") >= 2e-6 * (1 - 1e-9));  // more when a character's bytes are held
        // Mostly decode steps, one prefill step per answer.
        CHECK(r.metric("trip_step_s") == Approx(r.metric("decode_step_s") - 20e-6).epsilon(0.05));
    }
    SECTION("answers of one token: the stations add up to the time to the first character") {
        r.set("token.run.output_tokens", 1);
        r.start();
        r.m.advance_to(0.5, 1000000);
        double sum = r.metric("queue_wait_s");
        for (const char* id : {"trip_tokenizer_s", "trip_h2d_s", "trip_step_s", "trip_sampler_s", "trip_d2h_s",
                               "trip_detok_s", "trip_flush_s"})
            sum += r.metric(id);
        CHECK(r.metric("ttft_s") == Approx(sum).epsilon(1e-6));
    }
}

TEST_CASE("the bottleneck of the phase under way: compute while a long prompt is read in, HBM in decode",
          "[token][model][pace]") {
    // One user on an H100 with an 8,192-token prompt: reading it in is arithmetic, then
    // each decode step waits about 8 ms on HBM.
    TokenRun r;
    one_user_on_h100(r, 8192, 512);
    CHECK(r.m.pace().steps == 0);  // nothing measured before the first step
    r.run_until([&] { return r.metric("prefill_steps") >= 1; }, 5);
    CHECK(r.metric("bottleneck_phase") == double(kPhasePrefill));
    CHECK(r.metric("bottleneck") == double(kPartCompute));
    // Once decode steps fill most of the window, the headline measures them.
    r.run_until([&] { return r.metric("decode_steps") >= 300; }, 10);
    const PaceMeasure& p = r.m.pace();
    CHECK(p.phase == kPhaseDecode);
    CHECK(p.stage == kPartHbm);
    CHECK(r.metric("bottleneck") == double(kPartHbm));
    CHECK(r.metric("bottleneck_share") == p.share[kPartHbm]);
    CHECK(r.metric("share_hbm") == p.share[kPartHbm]);
    CHECK(p.share[kPartHbm] > 0.8);
    CHECK(p.share[kPartHbm] <= 1.0);
    CHECK(p.share[kPartCompute] < 0.05);
    CHECK(p.window_s == Approx(kPaceWindowS).margin(0.02));
    // With many users on a chip of a tenth of the H100's arithmetic, decode itself is
    // arithmetic-bound (at batch 256 the H100 itself is still below its ridge).
    TokenRun big;
    big.preset("hw.h100_sxm");
    big.preset("model.llama31_8b");
    big.set("token.mesh.core_tflops", 0.75);
    big.set("token.run.batch", 256);
    big.set("token.run.prompt_tokens", 16);
    big.set("token.run.output_tokens", 64);
    big.start();
    big.m.advance_to(1, 2000000);
    INFO("bottleneck: " << big.metric("bottleneck") << " in phase " << big.metric("bottleneck_phase"));
    CHECK(big.metric("bottleneck") == double(kPartCompute));
}

TEST_CASE("a view that keeps to one phase measures it whatever step is under way", "[token][model][pace]") {
    // While the long prompt is read in, the headline set to decode steps measures those
    // (none yet), and set to prefill it keeps measuring the prompt's steps once decoding runs.
    TokenRun r;
    one_user_on_h100(r, 8192, 512);
    r.set("token.view.headline_phase", 1);
    r.start();
    r.run_until([&] { return r.metric("prefill_steps") >= 1; }, 5);
    REQUIRE(r.metric("decode_steps") == 0);
    CHECK(r.m.pace().phase == kPhaseDecode);
    CHECK(r.m.pace().steps == 0);
    CHECK(r.metric("bottleneck_phase") == double(kPhaseDecode));
    r.run_until([&] { return r.metric("decode_steps") >= 300; }, 10);
    CHECK(r.m.pace().stage == kPartHbm);
    r.set("token.view.headline_phase", 2);
    r.start();
    r.run_until([&] { return r.metric("decode_steps") >= 300; }, 10);
    CHECK(r.m.pace().phase == kPhasePrefill);
    CHECK(r.m.pace().stage == kPartCompute);
    CHECK(r.metric("bottleneck") == double(kPartCompute));
}

TEST_CASE("a host stage is the bottleneck only when it is given more work than the device's steps take",
          "[token][model][pace]") {
    // The built-in detokenizer is busy for part of each step and waits for the next: the
    // device sets the pace. A naive detokenizer (each token re-decodes the answer so far)
    // is given more work than the steps take: the tokens pile up before it and it is named.
    for (bool naive : {false, true}) {
        TokenRun r;
        one_user_on_h100(r, 64, 4000);
        r.set("token.run.batch", 32);
        r.set("token.host.detok_mode", naive ? 1 : 0);
        r.start();
        r.m.advance_to(3, 20000000);
        const PaceMeasure& p = r.m.pace();
        INFO("naive " << naive << ": stage " << p.stage << ", detokenizer busy " << p.share[kStageDetok]);
        CHECK(p.phase == kPhaseDecode);
        if (naive) CHECK(p.stage == kStageDetok);
        else {
            CHECK(p.stage == kPartHbm);
            CHECK(p.share[kStageDetok] < p.share[kPartHbm]);
        }
    }
}

TEST_CASE("the cards name the far memory by its kind: GDDR6X on a GeForce card, HBM on an H100, LPDDR5 on an Apple "
          "laptop, its own on this computer") {
    auto label_of = [](const char* hw, const char* id) {
        ParamValues v(token_registry());
        REQUIRE(v.apply(*token_registry().find_preset(hw)) == "");
        TokenModel m;
        m.reset(v, 1);
        for (const Metric& x : m.metrics())
            if (x.id == id) return x.label_en + " | " + x.label_zh;
        return std::string();
    };
    CHECK(label_of("hw.rtx4090", "share_hbm").find("GDDR6X") != std::string::npos);
    CHECK(label_of("hw.rtx4090", "share_hbm").find("HBM") == std::string::npos);
    CHECK(label_of("hw.h100_sxm", "share_hbm").find("HBM") != std::string::npos);
    CHECK(label_of("hw.measured", "share_hbm").find("| 本机内存：") != std::string::npos);
    CHECK(label_of("hw.measured", "share_hbm").find("this computer's memory: busy share") != std::string::npos);
    CHECK(label_of("hw.measured", "bottleneck").find("HBM") == std::string::npos);
    CHECK(label_of("hw.m3_max", "share_hbm").find("| LPDDR5 统一内存：") != std::string::npos);
    CHECK(label_of("hw.m3_max", "share_hbm").find("LPDDR5 unified memory: busy share") != std::string::npos);
    CHECK(label_of("hw.m3_max", "bottleneck").find("HBM") == std::string::npos);
    CHECK(label_of("hw.tt_n150", "share_hbm").find("GDDR6: busy share") != std::string::npos);
    CHECK(label_of("hw.tt_p150", "bottleneck").find("HBM") == std::string::npos);
}

TEST_CASE("wafers: a run of layers per wafer and one layer per region, whatever the wafer count", "[token][model]") {
    struct Case {
        const char* model;
        int wafers, stages;
    };
    // 8B on one wafer: 32 regions; 70B on four: 80; 405B on twenty: 20 x ceil(126 / 20).
    for (Case c : {Case{"model.llama31_8b", 1, 32}, Case{"model.llama31_70b", 4, 80}, Case{"model.llama31_405b", 20, 140}}) {
        INFO(c.model << " on " << c.wafers << " wafers");
        TokenRun r;
        r.preset("hw.cerebras_wse3");
        r.preset(c.model);
        r.set("token.mesh.chips", c.wafers);
        r.set("token.run.batch", 1);
        r.start();
        CHECK(r.metric("pipeline_stages") == c.stages);
        CHECK(r.metric("weight_bytes_host") == 0);  // every weight in the wafers' SRAM
    }
}

TEST_CASE("a stack picked after a board changes the stack's figures and leaves the board's", "[token][model]") {
    TokenRun r;
    r.preset("hw.h100_sxm");
    const Preset& board = *r.m.registry().find_preset("hw.h100_sxm");
    CHECK(board.with == "stack.gpu_graphs");
    CHECK(r.v.matches(*r.m.registry().find_preset("stack.gpu_graphs")));
    r.set("token.run.batch", 1);
    auto decode_step = [&r] {
        r.start();
        r.run_until([&r] { return r.metric("decode_step_s") > 0; }, 5);
        return r.metric("decode_step_s");
    };
    double graphs = decode_step();
    REQUIRE(graphs > 0);
    r.preset("stack.tt_metal");  // a floor of some 24 us under each of 20 operations a layer
    CHECK(r.v.matches(board, "token.mesh.chips"));
    CHECK(r.v.get("token.serve.op_floor_us") > 20);
    CHECK(decode_step() > graphs + 32 * 20 * 20e-6 * 0.5);
}

TEST_CASE("FP4 weights are widened where the chip has no FP4 multiplies, not where it has", "[token][model]") {
    // The first token's time after a 512-token prompt, with and without a widening cost.
    auto ttft = [](const char* board, double widen) {
        TokenRun r;
        r.preset(board);
        r.preset("model.llama31_8b");
        r.preset("format.nvfp4");
        r.set("token.mesh.dequant_flops", widen);
        r.set("token.run.batch", 1);
        r.set("token.run.prompt_tokens", 512);
        r.start();
        r.run_until([&r] { return r.metric("ttft_chip_s") > 0; }, 10);
        return r.metric("ttft_chip_s");
    };
    CHECK(ttft("hw.rtx4090", 40) > 1.02 * ttft("hw.rtx4090", 0));  // FP8 multiplies at best: widened
    CHECK(ttft("hw.b200", 40) == Approx(ttft("hw.b200", 0)));      // FP4 multiplies: read as they are
}

TEST_CASE("bytes per token count a step's bytes with its tokens, not before them", "[token][model]") {
    // Read mid-step or after many steps, one user's bytes per token are the same: the
    // weights but the embedding table, and a little KV cache.
    auto bytes_per_token = [](double seconds) {
        TokenRun r;
        r.preset("hw.h100_sxm");
        r.preset("model.llama31_8b");
        r.set("token.run.batch", 1);
        r.set("token.run.output_tokens", 1024);
        r.start();
        r.m.advance_to(seconds, 1000000);
        return r.metric("bytes_per_token_total");
    };
    const double early = bytes_per_token(0.3), late = bytes_per_token(2.0);
    CHECK(early == Approx(late).epsilon(0.005));
    CHECK(late < 16.06e9 - 1.0e9);  // the 1.05 GB embedding table is not read whole
}

TEST_CASE("the screen's statistics count only tokens already at the screen", "[token][model]") {
    // A naive detokenizer falls behind: hundreds of tokens are scheduled for the screen
    // seconds ahead. Their gaps are not the screen's yet.
    Run r;
    r.set("token.host.detok_us", 10);
    r.set("token.host.detok_mode", kDetokNaive);
    one_user_on_h100(r, 64, 2048);
    r.m.advance_to(15);
    const double at_screen = r.metric("tokens_at_screen"), on_way = r.metric("tokens_in_flight");
    INFO(at_screen << " tokens at the screen, " << on_way << " on their way, mean gap " << r.metric("tpot_screen_mean_s"));
    REQUIRE(on_way > 100);
    // One sequence: a gap per token after its first, each one between two screen arrivals by now.
    uint64_t binned = 0;
    for (uint64_t c : r.m.view().itl_counts) binned += c;
    CHECK(double(binned) == at_screen - 1);
    CHECK(r.metric("tpot_screen_mean_s") * (at_screen - 1) <= 15);
    CHECK(r.metric("tpot_screen_mean_s") > r.metric("tpot_chip_mean_s"));  // still behind the chip
}

TEST_CASE("a request is done when its last text reaches the screen, not when the chip ends it", "[token][model]") {
    // The naive detokenizer re-decodes the whole answer for every token: the chip ends the
    // 256-token answer after about 2 s, its last text reaches the screen seconds later.
    Run r;
    r.set("token.host.detok_us", 100);
    r.set("token.host.detok_mode", kDetokNaive);
    one_user_on_h100(r, 64, 256);
    r.run_until([&] { return r.metric("tokens_sampled") >= 256; }, 10);
    const double chip_done = r.m.now();
    INFO("the chip ended the answer at " << chip_done << " s, " << r.metric("tokens_at_screen") << " tokens at the screen");
    REQUIRE(r.metric("tokens_at_screen") < 256);
    CHECK(r.metric("sequences_done") == 0);
    CHECK(r.metric("e2e_s") == 0);
    r.run_until([&] { return r.metric("sequences_done") >= 1; }, 30);
    INFO("done at " << r.m.now() << " s with " << r.metric("tokens_at_screen") << " tokens at the screen");
    CHECK(r.metric("tokens_at_screen") >= 256);
    CHECK(r.metric("e2e_s") > chip_done + 1);
    CHECK(r.metric("e2e_s") <= r.m.now());
}

// Model shape: parameter counts against the models' published sizes, the KV-bytes
// formula, expert routing and FLOP closed forms.
#include <catch2/catch.hpp>

#include "core/token/model_shape.h"

using namespace tj;
using namespace tj::token;

static ModelShape shape(int layers, int hidden, int heads, int kv, int ffn, int vocab, int experts = 1, int active = 1) {
    ModelShape m;
    m.layers = layers;
    m.hidden = hidden;
    m.heads = heads;
    m.kv_heads = kv;
    m.head_dim = hidden / heads;
    m.ffn = ffn;
    m.vocab = vocab;
    m.experts = experts;
    m.active_experts = active;
    return m;
}

TEST_CASE("parameter counts match the published model sizes", "[token][shape]") {
    // Published totals (model cards / safetensors metadata).
    CHECK(param_count(shape(32, 4096, 32, 32, 11008, 32000)) == Approx(6.738e9).epsilon(0.001));     // Llama-2-7B
    CHECK(param_count(shape(32, 4096, 32, 8, 14336, 128256)) == Approx(8.030e9).epsilon(0.001));     // Llama-3.1-8B
    CHECK(param_count(shape(80, 8192, 64, 8, 28672, 128256)) == Approx(70.55e9).epsilon(0.002));     // Llama-3.1-70B
    CHECK(param_count(shape(28, 3584, 28, 4, 18944, 152064)) == Approx(7.615e9).epsilon(0.002));     // Qwen2.5-7B
    ModelShape mix = shape(32, 4096, 32, 8, 14336, 32000, 8, 2);                                       // Mixtral-8x7B
    CHECK(param_count(mix) == Approx(46.70e9).epsilon(0.002));
    CHECK(active_param_count(mix) == Approx(12.88e9).epsilon(0.01));
    CHECK(weight_bytes(shape(32, 4096, 32, 32, 11008, 32000)) == Approx(2 * 6.738e9).epsilon(0.001));
}

TEST_CASE("KV bytes per token = 2 * layers * kv_heads * head_dim * bytes", "[token][shape]") {
    ModelShape l2 = shape(32, 4096, 32, 32, 11008, 32000);
    CHECK(kv_bytes_per_token(l2) == 2.0 * 32 * 32 * 128 * 2);  // 512 KiB
    ModelShape l3 = shape(32, 4096, 32, 8, 14336, 128256);
    CHECK(kv_bytes_per_token(l3) == 2.0 * 32 * 8 * 128 * 2);   // GQA: a quarter
    l3.kv_bits = 8;
    CHECK(kv_bytes_per_token(l3) == 2.0 * 32 * 8 * 128 * 1);
}

TEST_CASE("experts touched by a batch follow E(1-(1-a/E)^T)", "[token][shape]") {
    ModelShape mix = shape(32, 4096, 32, 8, 14336, 32000, 8, 2);
    CHECK(experts_touched(mix, 1) == Approx(2));
    CHECK(experts_touched(mix, 2) == Approx(8 * (1 - 0.75 * 0.75)));
    CHECK(experts_touched(mix, 1000) == Approx(8));
    CHECK(experts_touched(shape(2, 64, 1, 1, 64, 256), 50) == 1);
    // One token fetches the active weights minus the embedding table (one row only).
    double fetched = weight_bytes_fetched(mix, 1, 1);
    double expect = (active_param_count(mix) - embedding_params(mix) + mix.hidden) * 2;
    CHECK(fetched == Approx(expect).epsilon(1e-12));
}

TEST_CASE("forward FLOPs: 2 per weight per token plus attention", "[token][shape]") {
    ModelShape m = shape(32, 4096, 32, 8, 14336, 128256);
    double n = 512, c = 100;
    double pairs = causal_pairs(n, c);
    CHECK(pairs == n * c + n * (n + 1) / 2);
    double body = active_param_count(m) - embedding_params(m) - head_params(m);
    double expect = 2 * body * n + 2 * head_params(m) * 1 + 4.0 * 32 * 32 * 128 * pairs;
    CHECK(forward_flops(m, n, pairs, 1) == Approx(expect).epsilon(1e-12));
    // Decode of one token with context c attends c + 1 positions.
    CHECK(causal_pairs(1, c) == c + 1);
}

TEST_CASE("sanitized keeps any slider setting a valid transformer", "[token][shape]") {
    ModelShape m = shape(1, 64, 4, 200, 64, 256, 2, 16);
    m.kv_heads = 200;
    ModelShape s = sanitized(m);
    CHECK(s.kv_heads == 4);
    CHECK(s.active_experts == 2);
}

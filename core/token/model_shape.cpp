// model_shape.cpp — parameter, byte and FLOP counts of a transformer. See model_shape.h.
#include "core/token/model_shape.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace tj::token {

ModelShape sanitized(const ModelShape& in) {
    ModelShape m = in;
    m.layers = std::max(1, m.layers);
    m.hidden = std::max(1, m.hidden);
    m.heads = std::max(1, m.heads);
    m.kv_heads = std::clamp(m.kv_heads, 1, m.heads);
    m.head_dim = std::max(1, m.head_dim);
    m.ffn = std::max(1, m.ffn);
    m.vocab = std::max(1, m.vocab);
    m.experts = std::max(1, m.experts);
    m.active_experts = std::clamp(m.active_experts, 1, m.experts);
    m.weight_bits = std::max(1.0, m.weight_bits);
    m.kv_bits = std::max(1.0, m.kv_bits);
    return m;
}

double expert_params(const ModelShape& m) { return 3.0 * double(m.hidden) * double(m.ffn); }

double attention_params(const ModelShape& m) {
    double h = m.hidden, q = double(m.heads) * m.head_dim, kv = double(m.kv_heads) * m.head_dim;
    return h * q + 2 * h * kv + q * h;
}

// Per layer, besides attention and experts: two RMSNorm weight vectors and, for a
// mixture of experts, the router (hidden x experts).
static double layer_other_params(const ModelShape& m) {
    double router = m.experts > 1 ? double(m.hidden) * m.experts : 0;
    return 2.0 * m.hidden + router;
}

double embedding_params(const ModelShape& m) { return double(m.vocab) * m.hidden; }
double head_params(const ModelShape& m) { return double(m.vocab) * m.hidden; }

double param_count(const ModelShape& m) {
    double layer = attention_params(m) + m.experts * expert_params(m) + layer_other_params(m);
    return m.layers * layer + embedding_params(m) + head_params(m) + m.hidden;  // + final norm
}

double active_param_count(const ModelShape& m) {
    double layer = attention_params(m) + m.active_experts * expert_params(m) + layer_other_params(m);
    return m.layers * layer + embedding_params(m) + head_params(m) + m.hidden;
}

double weight_bytes(const ModelShape& m) { return param_count(m) * m.weight_bits / 8; }

double kv_bytes_per_token(const ModelShape& m) {
    return 2.0 * m.layers * m.kv_heads * m.head_dim * m.kv_bits / 8;
}

// x^n for a whole n >= 0 by repeated squaring: plain multiplications, so the same
// bits natively and in WebAssembly (pow's last bit may differ between C libraries).
static double pow_whole(double x, double n) {
    double r = 1;
    for (uint64_t k = uint64_t(n); k > 0; k >>= 1) {
        if (k & 1) r *= x;
        x *= x;
    }
    return r;
}

double experts_touched(const ModelShape& m, double tokens) {
    if (m.experts <= 1) return 1;
    if (!(tokens > 0)) return 0;
    double e = m.experts, miss = 1 - double(m.active_experts) / e;
    return e * (1 - pow_whole(miss, std::floor(tokens)));
}

double weight_bytes_fetched(const ModelShape& m, double tokens, double logit_tokens) {
    double layer = attention_params(m) + experts_touched(m, tokens) * expert_params(m) + layer_other_params(m);
    double params = m.layers * layer + m.hidden + tokens * m.hidden;  // final norm, embedding rows
    if (logit_tokens > 0) params += head_params(m);
    return params * m.weight_bits / 8;
}

double causal_pairs(double n, double c) { return n * c + n * (n + 1) / 2; }

double forward_flops(const ModelShape& m, double tokens, double pairs, double logit_tokens) {
    double body = active_param_count(m) - embedding_params(m) - head_params(m);
    double attention = 4.0 * m.layers * m.heads * m.head_dim * pairs;
    return 2 * body * tokens + 2 * head_params(m) * logit_tokens + attention;
}

}  // namespace tj::token

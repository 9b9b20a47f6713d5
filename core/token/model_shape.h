// model_shape.h — a transformer's shape and what follows from it: parameter count,
// weight bytes, KV-cache bytes per token, FLOPs. Pure functions, no state.
//
// The shape is what a model's published config.json says (layers, hidden size,
// heads, KV heads, head size, FFN size, vocabulary, experts) plus the number
// formats chosen for serving (weight bits, KV bits). The architecture assumed is
// the Llama family's: attention with grouped-query KV heads, a gated (SwiGLU) FFN
// of three matrices, RMSNorm, untied input embedding and output head, and for a
// mixture of experts one router per layer and `active_experts` FFNs per token.
//
// Usage:
//   ModelShape m = llama2_7b_shape();            // or fill the fields
//   double p  = param_count(m);                 // 6.74e9
//   double kv = kv_bytes_per_token(m);          // 2 * layers * kv_heads * head_dim * bytes
//   double f  = forward_flops(m, tokens, attended_pairs, logit_tokens);
#pragma once

namespace tj::token {

struct ModelShape {
    int layers = 32;
    int hidden = 4096;
    int heads = 32;
    int kv_heads = 32;      // grouped-query attention: fewer KV heads than query heads
    int head_dim = 128;
    int ffn = 11008;        // intermediate size of one expert's gated FFN
    int vocab = 32000;
    int experts = 1;        // 1 = dense
    int active_experts = 1; // experts each token is routed to
    double weight_bits = 16;
    double kv_bits = 16;
};

// The shape with its fields brought into a consistent range: at least one of
// everything, kv_heads <= heads, active_experts <= experts. The model uses this so
// any slider setting gives a valid transformer.
ModelShape sanitized(const ModelShape& m);

// Parameters of one expert's FFN (three matrices: gate, up, down).
double expert_params(const ModelShape& m);
// Attention parameters of one layer (Q, K, V, O projections).
double attention_params(const ModelShape& m);
// Every parameter: embeddings, all layers with all experts, norms, output head.
double param_count(const ModelShape& m);
// Parameters one token touches: like param_count with only the active experts.
double active_param_count(const ModelShape& m);
// The input embedding table (one row read per token, not the whole table).
double embedding_params(const ModelShape& m);
// The output head (vocab x hidden): multiplied only for tokens that need logits.
double head_params(const ModelShape& m);

double weight_bytes(const ModelShape& m);  // param_count * weight_bits / 8
// 2 (K and V) * layers * kv_heads * head_dim * kv_bits / 8.
double kv_bytes_per_token(const ModelShape& m);

// Expected number of distinct experts a layer touches when `tokens` tokens are
// each routed to active_experts of experts, uniformly at random:
// E * (1 - (1 - a/E)^tokens), tokens rounded down to whole tokens. Dense models: 1.
double experts_touched(const ModelShape& m, double tokens);
// Weight bytes one forward pass over `tokens` tokens must fetch: every layer's
// attention, norms and touched experts, and the output head when logits are
// needed (logit_tokens > 0); one embedding row per token.
double weight_bytes_fetched(const ModelShape& m, double tokens, double logit_tokens);

// FLOPs of one forward pass: 2 per multiply-add over the active parameters for
// each of `tokens` tokens (the output head only for logit_tokens), plus attention:
// 4 * heads * head_dim per layer for every (query, key) pair attended
// (QK^T and the weighted sum over V).
double forward_flops(const ModelShape& m, double tokens, double attended_pairs, double logit_tokens);
// (query, key) pairs when n new tokens follow a context of c tokens (causal):
// n * c + n * (n + 1) / 2.
double causal_pairs(double new_tokens, double context);

}  // namespace tj::token

// step_cost.cpp — the roofline model of one step. See step_cost.h.
#include "core/token/step_cost.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace tj::token {

const char* part_name(int p) {
    static const char* names[kPartCount] = {"compute", "sram", "dram3d", "hbm", "host", "noc", "chiplink", "overhead"};
    return p >= 0 && p < kPartCount ? names[p] : "?";
}

const char* energy_part_name(int p) {
    static const char* names[kEnergyCount] = {"sram", "dram3d", "hbm", "host", "noc", "chiplink", "compute"};
    return p >= 0 && p < kEnergyCount ? names[p] : "?";
}

StepWork decode_work(double seqs, double q, double context_sum) {
    StepWork w;
    w.seqs = seqs;
    w.tokens = seqs * q;
    w.logit_tokens = w.tokens;
    w.pairs = q * context_sum + seqs * q * (q + 1) / 2;
    w.kv_read_tokens = context_sum;
    w.kv_write_tokens = w.tokens;
    return w;
}

StepWork prefill_chunk_work(double n, double c, bool last) {
    StepWork w;
    w.seqs = 1;
    w.tokens = n;
    w.logit_tokens = last ? 1 : 0;
    w.pairs = causal_pairs(n, c);
    w.kv_read_tokens = c;
    w.kv_write_tokens = n;
    return w;
}

void add_work(StepWork& a, const StepWork& b) {
    a.seqs += b.seqs;
    a.tokens += b.tokens;
    a.logit_tokens += b.logit_tokens;
    a.pairs += b.pairs;
    a.kv_read_tokens += b.kv_read_tokens;
    a.kv_write_tokens += b.kv_write_tokens;
}

double StepCost::total_bytes() const {
    double s = 0;
    for (double b : bytes) s += b;
    return s;
}

double StepCost::total_energy_pj() const {
    double s = 0;
    for (double e : energy_pj) s += e;
    return s;
}

double kv_replication(const Hardware& hw, const ModelShape& m) {
    return std::max(1.0, double(hw.chips_per_stage()) / std::max(1, m.kv_heads));
}

double dispatch_time(const Hardware& hw, const ModelShape& m) {
    // Tensor parallelism adds its two all-reduces per layer, each an operation of its own.
    double ops = std::max(0.0, hw.ops_per_layer) + (hw.chips_per_stage() > 1 ? 2 : 0);
    return std::max(0.0, hw.op_dispatch) * ops * m.layers;
}

double pipeline_fill_time(int stages, double stage_time, double hop_time) {
    return stages * stage_time + std::max(0, stages - 1) * hop_time;
}

double pipeline_step_time(int stages, int micro_batches, double stage_time, double hop_time) {
    double beat = std::max(stage_time, stages > 1 ? hop_time : 0);  // one micro-batch leaves every beat
    return std::max(pipeline_fill_time(stages, stage_time, hop_time), micro_batches * beat);
}

namespace {

// Share of `bytes` that goes to level l, in proportion to what is placed there;
// with nothing placed, in proportion to `otherwise` (for the KV cache: like the
// weights), and with nothing there either, to host memory.
void split(const double* placed, const double* otherwise, double bytes, double* out) {
    double total = 0;
    for (int l = 0; l < kLevelCount; l++) total += placed[l];
    if (!(total > 0) && otherwise) {
        split(otherwise, nullptr, bytes, out);
        return;
    }
    if (!(total > 0)) {
        out[kHostMem] += bytes;
        return;
    }
    for (int l = 0; l < kLevelCount; l++) out[l] += bytes * placed[l] / total;
}

double achieved_bw(const MemLevelSpec& s) { return s.bandwidth * s.efficiency; }

// Seconds per byte of data spread over the levels like `share` (they share each
// core's load path, so the levels' times add).
double seconds_per_byte(const Hardware& hw, const double* share) {
    double total = 0, t = 0;
    for (int l = 0; l < kLevelCount; l++) total += share[l];
    if (!(total > 0)) return 0;
    for (int l = 0; l < kLevelCount; l++) {
        double bw = achieved_bw(hw.level[l]);
        if (share[l] > 0 && bw > 0) t += share[l] / total / bw;
    }
    return t;
}

// A layer's weight matrices as a step reads them: the Q, K and V projections; the output
// projection; the gated FFN's gate and up (one operation), then down. A mixture of experts
// multiplies by the active experts of each token and reads the experts the step's tokens
// touch. The norms (and a router) are read but barely multiply.
struct LayerMatrix {
    double weights;  // weights in the matrix
    double flops;    // multiplier of 2 x weights x tokens (active experts)
    double reads;    // multiplier of the weights read (experts touched)
};
constexpr int kLayerMatrices = 4;  // and the norms, read: not an operation of their own here
std::array<LayerMatrix, kLayerMatrices + 1> layer_matrices(const ModelShape& m, const StepWork& w) {
    double h = m.hidden, q = double(m.heads) * m.head_dim, kv = double(m.kv_heads) * m.head_dim;
    double ffn_flops = m.active_experts, ffn_read = experts_touched(m, w.tokens);
    double norms = 2 * h + (m.experts > 1 ? h * m.experts : 0);
    return {{{h * (q + 2 * kv), 1, 1},
             {q * h, 1, 1},
             {2 * h * m.ffn, ffn_flops, ffn_read},
             {h * double(m.ffn), ffn_flops, ffn_read},
             {norms, 0, 1}}};
}

// Operations of a layer beyond its matrices and attention (norms, rotary, cache update,
// adds, reshapes), each taking only the floor.
double small_ops(const Hardware& hw) { return std::max(0.0, hw.ops_per_layer - (kLayerMatrices + 1)); }

// GPUs: the kernels of a layer run one after another, each at its own roofline,
// so a GEMM's compute does not hide under the attention's KV reads. Within a
// kernel loads and math overlap, but not perfectly where they are of a size: its
// time is the quadratic mean sqrt(compute^2 + memory^2), the larger of the two when
// one dominates and sqrt(2) times it at the ridge (an assumption, see step_cost.h).
// No kernel takes less than the stack's floor.
double per_operator_time(const Hardware& hw, const ModelShape& m, const StepWork& w, const StepCost& c,
                         double achieved_flops, double kv_factor) {
    double wsec = seconds_per_byte(hw, c.weight_bytes), kvsec = seconds_per_byte(hw, c.kv_bytes);
    double wbyte = m.weight_bits / 8, h = m.hidden;
    auto op = [&](double flops, double seconds_of_bytes) {
        double t_compute = achieved_flops > 0 ? flops / achieved_flops : 0;
        // sqrt(a^2 + b^2) written out: sqrt is exact in every libm, hypot is not, and
        // native and wasm runs must agree to the bit.
        return std::sqrt(t_compute * t_compute + seconds_of_bytes * seconds_of_bytes);
    };
    auto floored = [&](double t) { return std::max(hw.op_floor, t); };
    std::array<LayerMatrix, kLayerMatrices + 1> mats = layer_matrices(m, w);
    double gemm = 0, widen = hw.dequant_flops;  // per weight read
    for (int i = 0; i <= kLayerMatrices; i++) {
        const LayerMatrix& mt = mats[size_t(i)];
        double t = op(2 * mt.weights * mt.flops * w.tokens + widen * mt.weights * mt.reads,
                      mt.weights * mt.reads * wbyte * wsec);
        gemm += i < kLayerMatrices ? floored(t) : t;  // the norms ride with their neighbours
    }
    double kv_bytes = kv_bytes_per_token(m) / m.layers * (w.kv_read_tokens + w.kv_write_tokens) * kv_factor;
    double attention = floored(op(4.0 * m.heads * m.head_dim * w.pairs, kv_bytes * kvsec));
    double head_read = (w.logit_tokens > 0 ? head_params(m) : 0) + h;  // with the final norm
    double head = floored(op(2 * head_params(m) * w.logit_tokens + widen * head_read, head_read * wbyte * wsec));
    return m.layers * (gemm + attention + small_ops(hw) * hw.op_floor) + head;
}

// Dataflow machines with a floor per operation: the streamed time is shared among a
// layer's matrices, its attention and the output head by their bytes (or, where the
// arithmetic is the longest part, by their FLOPs); each takes the longer of its share
// and the floor, and the layer's other operations take the floor.
double floored_streamed_time(const Hardware& hw, const ModelShape& m, const StepWork& w, double streamed,
                             bool by_flops, double kv_factor) {
    std::array<LayerMatrix, kLayerMatrices + 1> mats = layer_matrices(m, w);
    double size[kLayerMatrices + 2] = {};  // the matrices, attention, the head
    for (int i = 0; i < kLayerMatrices; i++) {
        const LayerMatrix& mt = mats[size_t(i)];
        size[i] = by_flops ? 2 * mt.weights * mt.flops * w.tokens : mt.weights * mt.reads;
    }
    double wbyte = m.weight_bits / 8;
    size[kLayerMatrices] = by_flops ? 4.0 * m.heads * m.head_dim * w.pairs
                                    : kv_bytes_per_token(m) / m.layers * (w.kv_read_tokens + w.kv_write_tokens) *
                                          kv_factor / wbyte;  // in weights' bytes, as the matrices
    double head = w.logit_tokens > 0 ? head_params(m) : 0;
    size[kLayerMatrices + 1] = by_flops ? 2 * head * w.logit_tokens : head;
    double total = size[kLayerMatrices + 1];
    for (int i = 0; i <= kLayerMatrices; i++) total += m.layers * size[i];
    if (!(total > 0)) return streamed;
    double layer = small_ops(hw) * hw.op_floor;
    for (int i = 0; i <= kLayerMatrices; i++) layer += std::max(hw.op_floor, streamed * size[i] / total);
    return m.layers * layer + std::max(hw.op_floor, streamed * size[kLayerMatrices + 1] / total);
}

// One pass of the work through every layer on the resources of one pipeline stage
// (so the time is the sum over the stages); no per-step overhead.
StepCost pass_cost(const Hardware& hw, const ModelShape& m, const Placement& p, const StepWork& w, double kv_factor) {
    StepCost c;
    double layers = m.layers;
    c.flops = forward_flops(m, w.tokens, w.pairs, w.logit_tokens);
    double emb_rows = w.tokens * m.hidden * m.weight_bits / 8;
    double wb = weight_bytes_fetched(m, w.tokens, w.logit_tokens) - emb_rows;
    double kvb = kv_bytes_per_token(m) * (w.kv_read_tokens + w.kv_write_tokens) * kv_factor;
    split(p.weights, nullptr, wb, c.weight_bytes);
    split(p.kv, p.weights, kvb, c.kv_bytes);
    double emb_bytes[kLevelCount] = {};
    split(p.embed, p.weights, emb_rows, emb_bytes);

    double achieved_flops = hw.peak_flops() * hw.compute_eff;
    double widen_flops = hw.dequant_flops * wb / (m.weight_bits / 8);  // every streamed weight widened
    c.part[kPartCompute] = achieved_flops > 0 ? (c.flops + widen_flops) / achieved_flops : 0;
    double latency = 0;  // first-byte latencies: per layer for streamed data, once for embedding rows
    for (int l = 0; l < kLevelCount; l++) {
        double streamed = c.weight_bytes[l] + c.kv_bytes[l];
        c.weight_bytes[l] += emb_bytes[l];
        c.bytes[l] = streamed + emb_bytes[l];
        const MemLevelSpec& s = hw.level[l];
        double bw = achieved_bw(s), t = 0;
        double lat = streamed > 0 ? layers * s.latency : emb_bytes[l] > 0 ? s.latency : 0;
        if (c.bytes[l] > 0) t = (bw > 0 ? c.bytes[l] / bw : 0) + lat;
        latency += lat;
        c.part[kPartSram + l] = t;
        c.energy_pj[kEnergySram + l] = c.bytes[l] * 8 * s.pj_per_bit;
    }

    // NoC: far-memory and host bytes enter through the edge routers of each chip.
    bool gpu = hw.form == StepForm::PerOperator;
    double edge_bytes = c.bytes[kHbm] + c.bytes[kHostMem];
    double edge_links = 2.0 * (hw.mesh_x + hw.mesh_y) * hw.chips;
    double noc_edge = 0;
    if (edge_bytes > 0 && !gpu)
        noc_edge = edge_bytes / (edge_links * hw.noc_link_bw) + layers * hw.mean_edge_hops * hw.noc_hop_latency;
    // 3D-DRAM bytes rise one vertical hop into their own core: a hop's latency per layer, no mesh link.
    if (c.bytes[kDram3d] > 0 && !gpu) noc_edge = std::max(noc_edge, layers * hw.noc_hop_latency);
    c.byte_hops = edge_bytes * hw.mean_edge_hops + c.bytes[kDram3d] * 1.0;

    // Reductions: two all-reduces of the step's activations per layer, across the
    // mesh (not on GPUs: their SMs share results through L2) and across the chips.
    double act_bytes = w.tokens * m.hidden * hw.act_bits / 8;
    double reduce_mesh = 0, reduce_chips = 0;
    double mesh_hops = double(hw.mesh_x - 1) + double(hw.mesh_y - 1);
    if (mesh_hops > 0 && !gpu) {
        // Split over the rows, each row of links carries its slice of the vector.
        double lanes = hw.mesh_reduce_split ? std::min(hw.mesh_x, hw.mesh_y) : 1;
        reduce_mesh = 2 * layers * (mesh_hops * hw.noc_hop_latency + 2 * act_bytes / (lanes * hw.noc_link_bw));
        c.byte_hops += 2 * layers * 2 * act_bytes * mesh_hops * hw.chips;
    }
    if (hw.chips > 1) {
        double rounds = 0;  // a tree all-reduce: ceil(log2(chips)) rounds
        for (int reach = 1; reach < hw.chips; reach *= 2) rounds++;
        reduce_chips = 2 * layers * (rounds * hw.chip_link_latency + 2 * act_bytes / hw.chip_link_bw);
        reduce_chips = std::max(reduce_chips, 2 * layers * hw.op_floor);  // each all-reduce is an operation too
        c.chip_link_bytes = 2 * layers * 2 * act_bytes * hw.chips;
    }
    c.part[kPartNoc] = noc_edge + reduce_mesh;
    c.part[kPartChipLink] = reduce_chips;
    c.part[kPartOverhead] = layers * hw.layer_overhead;

    c.energy_pj[kEnergyNoc] = c.byte_hops * 8 * hw.noc_pj_per_bit_hop;
    c.energy_pj[kEnergyChipLink] = c.chip_link_bytes * 8 * hw.chip_link_pj_per_bit;
    c.energy_pj[kEnergyCompute] = c.flops * hw.pj_per_flop;

    if (hw.form == StepForm::Serial) {
        for (double t : c.part) c.time += t;
    } else if (gpu) {
        c.time = per_operator_time(hw, m, w, c, achieved_flops, kv_factor) + latency + reduce_chips +
                 c.part[kPartOverhead];
        for (int l = 0; l < kLevelCount; l++)  // embedding rows: a gather, bytes only
            if (emb_bytes[l] > 0 && achieved_bw(hw.level[l]) > 0) c.time += emb_bytes[l] / achieved_bw(hw.level[l]);
    } else {
        double memory = 0;
        for (int l = 0; l < kLevelCount; l++) memory += c.part[kPartSram + l];
        double streamed = std::max({c.part[kPartCompute], memory, noc_edge});
        if (hw.op_floor > 0) {
            streamed = floored_streamed_time(hw, m, w, streamed, c.part[kPartCompute] > memory, kv_factor);
        }
        c.time = streamed + reduce_mesh + reduce_chips + c.part[kPartOverhead];
    }
    return c;
}

StepWork scaled(const StepWork& w, double f) {
    StepWork s;
    s.seqs = w.seqs * f;
    s.tokens = w.tokens * f;
    s.logit_tokens = w.logit_tokens * f;
    s.pairs = w.pairs * f;
    s.kv_read_tokens = w.kv_read_tokens * f;
    s.kv_write_tokens = w.kv_write_tokens * f;
    return s;
}

}  // namespace

StepCost step_cost(const Hardware& hw, const ModelShape& shape, const Placement& p, const StepWork& w) {
    StepCost c;
    if (!(w.tokens > 0)) return c;
    ModelShape m = sanitized(shape);
    double kv_factor = kv_replication(hw, m);
    int stages = hw.stage_count();
    if (stages <= 1) {
        c = pass_cost(hw, m, p, w, kv_factor);
    } else {
        // One stage's resources: its chips (a tensor-parallel group) and, on a chip
        // cut into regions, one band of mesh rows.
        int chip_stages = std::clamp(hw.pp_stages, 1, std::max(1, hw.chips));
        int regions = std::max(1, hw.regions);
        Hardware st = hw;
        st.chips = hw.chips_per_stage();
        st.pp_stages = st.regions = 1;
        st.mesh_y = std::max(1, hw.mesh_y / regions);
        double share = double(st.chips) * st.mesh_x * st.mesh_y / std::max(1.0, hw.cores());
        for (auto& lv : st.level) {
            lv.capacity *= share;
            lv.bandwidth *= share;
        }
        st.level[kHostMem] = hw.level[kHostMem];  // every stage reaches the host over its own link
        st.mean_edge_hops = mesh_mean_edge_hops(st.mesh_x, st.mesh_y);
        // Sequences split into micro-batches that follow each other through the stages.
        int micro = int(std::clamp(std::floor(w.seqs), 1.0, double(stages)));
        StepWork mw = scaled(w, 1.0 / micro);
        StepCost pass = pass_cost(st, m, p, mw, kv_factor);
        double stage_time = pass.time / stages;
        // Activations hop between stages: over the chip links between chip stages,
        // over the NoC (one band of rows, mesh_x links wide) between regions.
        double act = mw.tokens * m.hidden * hw.act_bits / 8;
        double chip_hop = hw.chip_link_latency + act / hw.chip_link_bw;
        double region_hop = st.mesh_y * hw.noc_hop_latency + act / (st.mesh_x * hw.noc_link_bw);
        int chip_hops = chip_stages - 1, region_hops = chip_stages * (regions - 1);
        double hops = chip_hops * chip_hop + region_hops * region_hop;
        double mean_hop = hops / std::max(1, stages - 1);
        c = pass;
        c.time = pipeline_step_time(stages, micro, stage_time, mean_hop);
        c.part[kPartChipLink] += chip_hops * chip_hop;
        c.part[kPartNoc] += region_hops * region_hop;
        c.flops *= micro;
        c.byte_hops = (c.byte_hops + region_hops * act * st.mesh_y) * micro;
        c.chip_link_bytes = (c.chip_link_bytes + chip_hops * act) * micro;
        for (int l = 0; l < kLevelCount; l++) {
            c.bytes[l] *= micro;
            c.weight_bytes[l] *= micro;
            c.kv_bytes[l] *= micro;
        }
        c.energy_pj[kEnergyNoc] = c.byte_hops * 8 * hw.noc_pj_per_bit_hop;
        c.energy_pj[kEnergyChipLink] = c.chip_link_bytes * 8 * hw.chip_link_pj_per_bit;
        for (int k = 0; k < kEnergyCount; k++)
            if (k != kEnergyNoc && k != kEnergyChipLink) c.energy_pj[k] *= micro;
    }
    c.part[kPartOverhead] += hw.step_overhead;
    c.time += hw.step_overhead;
    double dispatch = dispatch_time(hw, m);
    if (dispatch > 0) {
        c.part[kPartOverhead] += dispatch;
        c.time += dispatch - std::clamp(hw.dispatch_overlap, 0.0, 1.0) * std::min(c.time, dispatch);
    }
    c.bottleneck = int(std::max_element(c.part, c.part + kPartCount) - c.part);
    return c;
}

}  // namespace tj::token

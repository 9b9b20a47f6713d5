// step_cost.cpp — the roofline model of one step. See step_cost.h.
#include "step_cost.h"

#include <algorithm>
#include <cmath>

namespace tj {

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

// Share of `bytes` that goes to level l, in proportion to what is placed there;
// with nothing placed, in proportion to `otherwise` (for the KV cache: like the
// weights), and with nothing there either, to host memory.
static void split(const double* placed, const double* otherwise, double bytes, double* out) {
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

StepCost step_cost(const Hardware& hw, const ModelShape& shape, const Placement& p, const StepWork& w) {
    StepCost c;
    if (!(w.tokens > 0)) return c;
    ModelShape m = sanitized(shape);
    double layers = m.layers;

    c.flops = forward_flops(m, w.tokens, w.pairs, w.logit_tokens);
    double wb = weight_bytes_fetched(m, w.tokens, w.logit_tokens);
    double kvb = kv_bytes_per_token(m) * (w.kv_read_tokens + w.kv_write_tokens);
    split(p.weights, nullptr, wb, c.weight_bytes);
    split(p.kv, p.weights, kvb, c.kv_bytes);

    double achieved_flops = hw.peak_flops() * hw.compute_eff;
    c.part[kPartCompute] = achieved_flops > 0 ? c.flops / achieved_flops : 0;
    for (int l = 0; l < kLevelCount; l++) {
        c.bytes[l] = c.weight_bytes[l] + c.kv_bytes[l];
        const MemLevelSpec& s = hw.level[l];
        double bw = s.bandwidth * hw.bw_eff;
        double t = 0;
        if (c.bytes[l] > 0) t = (bw > 0 ? c.bytes[l] / bw : 0) + layers * s.latency;
        c.part[kPartSram + l] = t;
        c.energy_pj[kEnergySram + l] = c.bytes[l] * 8 * s.pj_per_bit;
    }

    // NoC: far-memory and host bytes enter through the edge routers of each chip.
    double edge_bytes = c.bytes[kHbm] + c.bytes[kHostMem];
    double edge_links = 2.0 * (hw.mesh_x + hw.mesh_y) * hw.chips;
    double noc_edge = 0;
    if (edge_bytes > 0) noc_edge = edge_bytes / (edge_links * hw.noc_link_bw) + layers * hw.mean_edge_hops * hw.noc_hop_latency;
    // 3D-DRAM bytes rise one vertical hop into their own core: a hop's latency per layer, no mesh link.
    if (c.bytes[kDram3d] > 0) noc_edge = std::max(noc_edge, layers * hw.noc_hop_latency);
    c.byte_hops = edge_bytes * hw.mean_edge_hops + c.bytes[kDram3d] * 1.0;

    // Reductions: two all-reduces of the step's activations per layer.
    double act_bytes = w.tokens * m.hidden * hw.act_bits / 8;
    double reduce_mesh = 0, reduce_chips = 0;
    double mesh_hops = double(hw.mesh_x - 1) + double(hw.mesh_y - 1);
    if (mesh_hops > 0) {
        reduce_mesh = 2 * layers * (mesh_hops * hw.noc_hop_latency + 2 * act_bytes / hw.noc_link_bw);
        c.byte_hops += 2 * layers * 2 * act_bytes * mesh_hops * hw.chips;
    }
    if (hw.chips > 1) {
        double rounds = 0;  // a tree all-reduce: ceil(log2(chips)) rounds
        for (int reach = 1; reach < hw.chips; reach *= 2) rounds++;
        reduce_chips = 2 * layers * (rounds * hw.chip_link_latency + 2 * act_bytes / hw.chip_link_bw);
        c.chip_link_bytes = 2 * layers * 2 * act_bytes * hw.chips;
    }
    c.part[kPartNoc] = noc_edge + reduce_mesh;
    c.part[kPartChipLink] = reduce_chips;
    c.part[kPartOverhead] = layers * hw.layer_overhead + hw.step_overhead;

    c.energy_pj[kEnergyNoc] = c.byte_hops * 8 * hw.noc_pj_per_bit_hop;
    c.energy_pj[kEnergyChipLink] = c.chip_link_bytes * 8 * hw.chip_link_pj_per_bit;
    c.energy_pj[kEnergyCompute] = c.flops * hw.pj_per_flop;

    if (hw.serial) {
        for (double t : c.part) c.time += t;
    } else {
        double memory = 0;
        for (int l = 0; l < kLevelCount; l++) memory += c.part[kPartSram + l];
        double streamed = std::max({c.part[kPartCompute], memory, noc_edge});
        c.time = streamed + reduce_mesh + reduce_chips + c.part[kPartOverhead];
    }
    c.bottleneck = int(std::max_element(c.part, c.part + kPartCount) - c.part);
    return c;
}

}  // namespace tj

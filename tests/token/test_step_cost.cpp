// Step cost: closed forms of the roofline model, how the parts overlap, placement
// by capacity, and monotonicity (less memory or bandwidth, longer context: never faster).
#include <algorithm>

#include <catch2/catch.hpp>

#include "core/token/step_cost.h"

using namespace tj;
using namespace tj::token;

static ModelShape llama2_7b() {
    ModelShape m;  // the defaults are Llama-2-7B's config
    return m;
}

// One far-memory level holds everything; every overhead and latency zero.
static Hardware one_level(double bw) {
    Hardware h;
    h.mesh_x = h.mesh_y = 1;
    h.core_flops = 1e15;
    h.level[kSram] = {true, 0, 1e15, 0, 0};
    h.level[kDram3d] = {false, 0, 1e15, 0, 0};
    h.level[kHbm] = {true, 1e12, bw, 0, 0};
    h.level[kHostMem] = {true, 1e18, 1e9, 0, 0};
    h.noc_link_bw = 1e18;
    h.mean_edge_hops = mesh_mean_edge_hops(1, 1);
    return h;
}

TEST_CASE("batch-1 decode = weight bytes / bandwidth (+ KV) when memory-bound", "[token][step]") {
    ModelShape m = llama2_7b();
    Hardware h = one_level(2.0e12);
    double ctx = 1000;
    Placement p = place(h, weight_bytes(m), ctx * kv_bytes_per_token(m), PlacementPolicy::WeightsFirst);
    CHECK(p.weights[kHbm] == weight_bytes(m));
    StepCost c = step_cost(h, m, p, decode_work(1, 1, ctx));
    // The embedding table is not streamed (one row per token): weights minus embeddings.
    double bytes = (param_count(m) - embedding_params(m)) * 2 + (ctx + 1) * kv_bytes_per_token(m);
    CHECK(c.time == Approx(bytes / 2.0e12).epsilon(0.01));
    CHECK(c.bottleneck == kPartHbm);
    CHECK(c.bytes[kHbm] == Approx(c.total_bytes()));
}

TEST_CASE("prefill = FLOPs / peak when compute-bound", "[token][step]") {
    ModelShape m = llama2_7b();
    Hardware h = one_level(1e16);  // memory effectively free
    h.core_flops = 312e12;
    h.compute_eff = 1;
    Placement p = place(h, weight_bytes(m), 0, PlacementPolicy::WeightsFirst);
    StepWork w = prefill_chunk_work(4096, 0, true);
    StepCost c = step_cost(h, m, p, w);
    double flops = 2 * (active_param_count(m) - embedding_params(m) - head_params(m)) * 4096 +
                   2 * head_params(m) + 4.0 * 32 * 32 * 128 * (4096.0 * 4097 / 2);
    CHECK(c.flops == Approx(flops).epsilon(1e-9));
    CHECK(c.time == Approx(flops / 312e12).epsilon(0.01));
    CHECK(c.bottleneck == kPartCompute);
}

TEST_CASE("overlapped: max of compute, summed memory and NoC per layer, serial: all add", "[token][step]") {
    ModelShape m = llama2_7b();
    Hardware h = one_level(1e12);
    h.mesh_x = h.mesh_y = 8;
    h.mean_edge_hops = mesh_mean_edge_hops(8, 8);
    h.core_flops = 1e12;
    h.noc_hop_latency = 2e-9;
    h.noc_link_bw = 64e9;
    h.layer_overhead = 3e-6;
    h.step_overhead = 20e-6;
    Placement p = place(h, weight_bytes(m), 500 * kv_bytes_per_token(m), PlacementPolicy::WeightsFirst);
    StepWork w = decode_work(16, 1, 16 * 500);
    StepCost c = step_cost(h, m, p, w);
    double reduce = 2 * 32 * (14 * 2e-9 + 2 * (16 * 4096 * 2.0) / 64e9);
    CHECK(c.part[kPartNoc] > reduce);  // edge transfer plus reductions
    double edge = c.part[kPartNoc] - reduce;
    double memory = c.part[kPartSram] + c.part[kPartDram3d] + c.part[kPartHbm] + c.part[kPartHostMem];
    double streamed = std::max({c.part[kPartCompute], memory, edge});
    CHECK(c.time == Approx(streamed + reduce + c.part[kPartOverhead]).epsilon(1e-12));
    CHECK(c.part[kPartOverhead] == Approx(32 * 3e-6 + 20e-6));

    h.form = StepForm::Serial;
    StepCost s = step_cost(h, m, p, w);
    double sum = 0;
    for (double t : s.part) sum += t;
    CHECK(s.time == Approx(sum).epsilon(1e-12));
    CHECK(s.time > c.time);

    // Overlapped: speeding up a part that is not the slowest changes nothing.
    h.form = StepForm::Overlapped;
    int slow = c.bottleneck;
    REQUIRE(slow == kPartHbm);
    Hardware faster = h;
    faster.core_flops *= 2;
    CHECK(step_cost(faster, m, p, w).time == Approx(c.time).epsilon(1e-12));
}

TEST_CASE("a stack that splits a mesh's reductions over its rows divides their bytes by the rows", "[token][step]") {
    ModelShape m = llama2_7b();
    Hardware h = one_level(1e12);
    h.mesh_x = 8;
    h.mesh_y = 4;  // the narrower side: four rows of links share a reduction
    h.mean_edge_hops = mesh_mean_edge_hops(8, 4);
    h.noc_hop_latency = 2e-9;
    h.noc_link_bw = 64e9;
    Placement p = place(h, weight_bytes(m), 500 * kv_bytes_per_token(m), PlacementPolicy::WeightsFirst);
    StepWork w = decode_work(16, 1, 16 * 500);
    double act = 16 * 4096 * 2.0, hops = 2 * 32 * 10 * 2e-9;
    StepCost whole = step_cost(h, m, p, w);
    h.mesh_reduce_split = true;
    StepCost split = step_cost(h, m, p, w);
    double whole_bytes = 2 * 32 * 2 * act / 64e9, split_bytes = whole_bytes / 4;
    CHECK(whole.part[kPartNoc] - split.part[kPartNoc] == Approx(whole_bytes - split_bytes).epsilon(1e-9));
    CHECK(whole.time - split.time == Approx(whole_bytes - split_bytes).epsilon(1e-9));
    CHECK(split.part[kPartNoc] > hops + split_bytes);  // the hops and the edge transfer remain
}

TEST_CASE("placement fills the fastest levels first and spills outward", "[token][placement]") {
    Hardware h;
    h.level[kSram] = {true, 1e8, 1e14, 0, 0};
    h.level[kDram3d] = {true, 1e9, 1e13, 0, 0};
    h.level[kHbm] = {true, 1e10, 1e12, 0, 0};
    h.level[kHostMem] = {true, 1e18, 3e10, 0, 0};
    Placement p = place(h, 5e8, 2e9, PlacementPolicy::WeightsFirst);
    CHECK(p.weights[kSram] == 1e8);
    CHECK(p.weights[kDram3d] == 4e8);
    CHECK(p.kv[kDram3d] == 6e8);
    CHECK(p.kv[kHbm] == Approx(1.4e9));
    double total = 0;
    for (int l = 0; l < kLevelCount; l++) total += p.used(l);
    CHECK(total == Approx(2.5e9));

    Placement k = place(h, 5e8, 2e9, PlacementPolicy::KvFirst);
    CHECK(k.kv[kSram] == 1e8);
    CHECK(k.kv[kDram3d] == 1e9);
    CHECK(k.kv[kHbm] == Approx(9e8));
    CHECK(k.weights[kHbm] == Approx(5e8));

    Placement g = place(h, 5e8, 2e9, PlacementPolicy::SramAsScratch);
    CHECK(g.used(kSram) == 0);

    h.level[kDram3d].enabled = false;  // switched off: nothing lands there
    Placement off = place(h, 5e8, 2e10, PlacementPolicy::WeightsFirst);
    CHECK(off.used(kDram3d) == 0);
    CHECK(off.kv[kHostMem] == Approx(2e10 - (1e10 - 4e8)));
}

TEST_CASE("mean hops from the mesh edge", "[token][step]") {
    CHECK(mesh_mean_edge_hops(1, 1) == 1);
    CHECK(mesh_mean_edge_hops(3, 3) == Approx((8 * 1 + 1 * 2) / 9.0));
    CHECK(mesh_mean_edge_hops(4, 1) == 1);
    // Large n x n mesh: the mean distance to the nearest edge tends to n / 6.
    CHECK(mesh_mean_edge_hops(900, 900) == Approx(900 / 6.0).epsilon(0.01));
}

TEST_CASE("less SRAM, less bandwidth or longer context never make a step faster", "[token][step]") {
    ModelShape m;
    m.kv_heads = 8;
    m.ffn = 14336;
    m.vocab = 128256;
    Hardware base;
    base.mesh_x = base.mesh_y = 16;
    base.mean_edge_hops = mesh_mean_edge_hops(16, 16);
    base.core_flops = 2e12;
    base.level[kSram] = {true, 256e6, 65e12, 2e-9, 0};
    base.level[kDram3d] = {true, 16e9, 8e12, 40e-9, 0};
    base.level[kHbm] = {true, 96e9, 3.35e12, 500e-9, 0};
    base.level[kHostMem] = {true, 1e18, 31.5e9, 5e-6, 0};
    base.noc_hop_latency = 1e-9;
    base.noc_link_bw = 128e9;
    auto step = [&](const Hardware& h, double ctx, int batch, PlacementPolicy pol) {
        Placement p = place(h, weight_bytes(m), (ctx + 1) * batch * kv_bytes_per_token(m), pol);
        return step_cost(h, m, p, decode_work(batch, 1, ctx * batch)).time;
    };
    for (int pol = 0; pol < 3; pol++)
        for (int batch : {1, 8, 64}) {
            PlacementPolicy pp = PlacementPolicy(pol);
            double prev = 0;
            for (double ctx = 16; ctx <= 262144; ctx *= 2) {  // longer context
                double t = step(base, ctx, batch, pp);
                CHECK(t >= prev);
                prev = t;
            }
            for (int l = 0; l < 3; l++) {
                double prev_cap = 0, prev_bw = 0;
                for (double f = 1; f >= 1.0 / 1024; f /= 4) {  // shrink one level's capacity or bandwidth
                    Hardware hc = base, hb = base;
                    hc.level[l].capacity *= f;
                    hb.level[l].bandwidth *= f;
                    double tc = step(hc, 4096, batch, pp), tb = step(hb, 4096, batch, pp);
                    CHECK(tc >= prev_cap * (1 - 1e-12));
                    CHECK(tb >= prev_bw * (1 - 1e-12));
                    prev_cap = tc;
                    prev_bw = tb;
                }
            }
        }
}

TEST_CASE("energy: bytes x 8 x pJ/bit per level, FLOPs x pJ/FLOP, NoC per byte-hop", "[token][step][energy]") {
    ModelShape m = llama2_7b();
    Hardware h = one_level(2e12);
    h.level[kHbm].pj_per_bit = 3.9;
    h.pj_per_flop = 0.5;
    h.noc_pj_per_bit_hop = 0.1;
    h.mesh_x = h.mesh_y = 8;
    h.mean_edge_hops = mesh_mean_edge_hops(8, 8);
    Placement p = place(h, weight_bytes(m), 100 * kv_bytes_per_token(m), PlacementPolicy::WeightsFirst);
    StepCost c = step_cost(h, m, p, decode_work(1, 1, 100));
    CHECK(c.energy_pj[kEnergyHbm] == Approx(c.bytes[kHbm] * 8 * 3.9));
    CHECK(c.energy_pj[kEnergyCompute] == Approx(c.flops * 0.5));
    CHECK(c.energy_pj[kEnergyNoc] == Approx(c.byte_hops * 8 * 0.1));
    CHECK(c.total_energy_pj() == Approx(c.energy_pj[kEnergyHbm] + c.energy_pj[kEnergyCompute] + c.energy_pj[kEnergyNoc]));
}

TEST_CASE("3D DRAM under the mesh: one vertical hop instead of a trip from the edge", "[token][step]") {
    ModelShape m = llama2_7b();
    Hardware h = one_level(2e12);
    h.mesh_x = h.mesh_y = 16;
    h.mean_edge_hops = mesh_mean_edge_hops(16, 16);
    h.noc_hop_latency = 1e-9;
    h.noc_link_bw = 32e9;
    StepWork w = decode_work(1, 1, 100);
    Placement far = place(h, weight_bytes(m), 101 * kv_bytes_per_token(m), PlacementPolicy::WeightsFirst);
    h.level[kDram3d] = {true, 1e12, 2e12, 0, 0};  // same bandwidth, now stacked under the cores
    Placement near = place(h, weight_bytes(m), 101 * kv_bytes_per_token(m), PlacementPolicy::WeightsFirst);
    REQUIRE(near.used(kHbm) == 0);
    StepCost cf = step_cost(h, m, far, w), cn = step_cost(h, m, near, w);
    double reduce_hops = 2 * 32 * 2 * (4096 * 2.0) * 30;  // two all-reduces per layer over 15 + 15 hops
    CHECK(cf.byte_hops - reduce_hops == Approx(cf.bytes[kHbm] * h.mean_edge_hops));
    CHECK(cn.byte_hops - reduce_hops == Approx(cn.bytes[kDram3d] * 1.0));
    CHECK(cf.part[kPartNoc] > cn.part[kPartNoc]);
    CHECK(cn.time <= cf.time);
}

TEST_CASE("GPU per-operator form: between the roofline bounds, no mesh all-reduce, no hiding", "[token][step][gpu]") {
    ModelShape m = llama2_7b();
    Hardware h = one_level(2e12);
    h.mesh_x = 12;
    h.mesh_y = 9;
    h.mean_edge_hops = mesh_mean_edge_hops(12, 9);
    h.core_flops = 312e12 / 108;
    h.noc_hop_latency = 2e-9;
    h.noc_link_bw = 256e9;
    h.form = StepForm::PerOperator;
    for (double batch : {1.0, 16.0, 256.0}) {
        Placement p = place(h, weight_bytes(m), batch * 300 * kv_bytes_per_token(m), PlacementPolicy::WeightsFirst);
        StepWork w = decode_work(batch, 1, batch * 300);
        StepCost c = step_cost(h, m, p, w);
        double compute = c.flops / h.peak_flops(), memory = c.total_bytes() / 2e12;
        INFO("batch " << batch);
        CHECK(c.part[kPartNoc] == 0);  // a GPU's SMs do not all-reduce over a mesh
        // The roofline bounds: never faster than the larger bound, never slower than both added.
        CHECK(c.time >= std::max(compute, memory) * (1 - 1e-9));
        CHECK(c.time <= (compute + memory) * (1 + 1e-9));
        // Kernels one after another: never faster than the overlapped form without its mesh reductions.
        Hardware o = h;
        o.form = StepForm::Overlapped;
        o.mesh_x = o.mesh_y = 1;
        o.mean_edge_hops = 1;
        o.noc_link_bw = 1e18;
        o.core_flops = h.peak_flops();
        CHECK(c.time >= step_cost(o, m, p, w).time * (1 - 1e-9));
    }
    // Batch 1: memory-bound, the weights' bytes at the bandwidth (as the overlapped form).
    Placement p1 = place(h, weight_bytes(m), 301 * kv_bytes_per_token(m), PlacementPolicy::WeightsFirst);
    StepCost one = step_cost(h, m, p1, decode_work(1, 1, 300));
    CHECK(one.time == Approx(one.total_bytes() / 2e12).epsilon(0.01));
    // A long prefill: compute-bound, FLOPs at the peak.
    StepCost pre = step_cost(h, m, p1, prefill_chunk_work(4096, 0, true));
    CHECK(pre.time == Approx(pre.flops / h.peak_flops()).epsilon(0.02));
}

TEST_CASE("pipeline: fill = stages x stage time + (stages - 1) hops, sequences fill it at no cost per user",
          "[token][step][pipeline]") {
    CHECK(pipeline_fill_time(4, 1.0, 0.25) == 4.75);
    CHECK(pipeline_step_time(4, 4, 1.0, 0.25) == 4.75);  // up to `stages` micro-batches ride along
    CHECK(pipeline_step_time(4, 8, 1.0, 0.25) == 8);     // more: the stages are the limit (steady rate 1 / t)
    CHECK(pipeline_step_time(1, 1, 2.0, 5.0) == 2);      // one stage: no hop

    ModelShape m;
    m.kv_heads = 8;
    Hardware one = one_level(1e12);  // one chip's resources
    one.level[kSram] = {true, 0, 1e15, 0, 0};
    Hardware four = one;  // four such chips in a pipeline
    four.chips = 4;
    four.pp_stages = 4;
    for (int l = 0; l < kLevelCount - 1; l++) {
        four.level[l].capacity *= 4;
        four.level[l].bandwidth *= 4;
    }
    four.chip_link_latency = 2e-6;
    four.chip_link_bw = 1e11;
    Placement p = place(four, weight_bytes(m), 0, PlacementPolicy::WeightsFirst);
    StepWork w1 = decode_work(1, 1, 64);
    StepCost c1 = step_cost(four, m, p, w1);
    // A token crosses every stage: the whole model on one stage's resources, plus three hops.
    double whole = step_cost(one, m, p, w1).time;
    double hop = 2e-6 + 4096 * 2.0 / 1e11;
    CHECK(c1.time == Approx(pipeline_fill_time(4, whole / 4, hop)).epsilon(1e-9));
    CHECK(c1.time == Approx(whole + 3 * hop).epsilon(1e-9));
    // Four sequences fill the pipeline: each still gets its token in about the same
    // time (their KV reads add a little), so tokens/s rise almost fourfold.
    StepCost c4 = step_cost(four, m, p, decode_work(4, 1, 4 * 64));
    CHECK(c4.time < c1.time * 1.05);
    CHECK(4 / c4.time > 3.8 / c1.time);
    CHECK(c4.bytes[kHbm] == Approx(4 * c1.bytes[kHbm]).epsilon(0.05));  // each micro-batch reads its stage's weights
}

TEST_CASE("regions on one chip: reductions stay inside a band of rows, the token streams band to band",
          "[token][step][pipeline]") {
    ModelShape m;
    Hardware h = one_level(1e18);
    h.level[kSram] = {true, 1e12, 1e18, 0, 0};  // memory far from the limit: the reductions decide
    h.level[kHbm].enabled = false;
    h.mesh_x = 1000;
    h.mesh_y = 900;
    h.core_flops = 1e11;
    h.noc_hop_latency = 1e-9;
    h.noc_link_bw = 7.4e9;
    Placement p = place(h, weight_bytes(m), 0, PlacementPolicy::WeightsFirst);
    StepWork w = decode_work(1, 1, 100);
    StepCost whole = step_cost(h, m, p, w);
    h.regions = 30;
    StepCost banded = step_cost(h, m, p, w);
    // A tensor-parallel reduction over the whole wafer crosses 1,898 hops; inside a band of 30 rows, 1,028.
    CHECK(banded.part[kPartNoc] < whole.part[kPartNoc]);
    CHECK(banded.time < whole.time);
}

TEST_CASE("KV is replicated when a tensor-parallel group has more chips than KV heads", "[token][step]") {
    ModelShape m;
    m.kv_heads = 8;
    Hardware h = one_level(1e12);
    h.chips = 8;
    CHECK(kv_replication(h, m) == 1);
    h.chips = 32;
    CHECK(kv_replication(h, m) == 4);
    h.pp_stages = 4;  // four stages of 8 chips: each stage's group has a head per chip
    CHECK(kv_replication(h, m) == 1);
    h.pp_stages = 1;
    Placement p = place(h, weight_bytes(m), 1e9, PlacementPolicy::WeightsFirst);
    StepWork w = decode_work(1, 1, 1000);
    StepCost c = step_cost(h, m, p, w);
    double kv = 0;
    for (double b : c.kv_bytes) kv += b;
    CHECK(kv == Approx(4 * kv_bytes_per_token(m) * 1001));
}

TEST_CASE("number formats: peak FLOP/s per format, falling back to the next wider one", "[token][step]") {
    CHECK(format_peak_multiplier(16, 2, 4) == 1);
    CHECK(format_peak_multiplier(8, 2, 0) == 2);   // H100: FP8 twice BF16
    CHECK(format_peak_multiplier(4, 2, 4) == 4);   // B200: FP4
    CHECK(format_peak_multiplier(4, 2, 0) == 2);   // no FP4: runs in FP8
    CHECK(format_peak_multiplier(8, 0, 0) == 1);   // no 8-bit format at all
    CHECK(compute_format_bits(4.5, 16) == 16);     // W4A16: weights widened to the activations
    CHECK(compute_format_bits(8.5, 8) == 8);       // block FP8 weights with 8-bit activations
    CHECK(compute_format_bits(16, 8) == 16);       // 16-bit weights keep the multiply wide
    CHECK(compute_format_bits(4, 4) == 4);
}

TEST_CASE("the embedding table takes what is left, slowest level first, and never pushes weights out",
          "[token][placement]") {
    Hardware h;
    h.level[kSram] = {true, 1e9, 1e14, 0, 0};
    h.level[kDram3d] = {false, 0, 1e13, 0, 0};
    h.level[kHbm] = {true, 1e10, 1e12, 0, 0};
    h.level[kHostMem] = {true, 1e18, 3e10, 0, 0};
    Placement p = place(h, 1e9, 0, PlacementPolicy::WeightsFirst, 5e8);
    CHECK(p.weights[kSram] == 1e9);  // the streamed weights keep the SRAM
    CHECK(p.embed[kHbm] == 5e8);
    h.level[kHbm].enabled = false;   // SRAM only, and full: the table goes to the host
    Placement s = place(h, 1e9, 0, PlacementPolicy::WeightsFirst, 5e8);
    CHECK(s.weights[kSram] == 1e9);
    CHECK(s.embed[kHostMem] == 5e8);
    // Its rows are read once a step from there: one latency, not one per layer.
    ModelShape m;
    Hardware g = h;
    g.level[kSram].capacity = 1e12;
    g.level[kHostMem].latency = 5e-6;
    Placement q = place(g, weight_bytes(m) - embedding_params(m) * 2, 0, PlacementPolicy::WeightsFirst, 0);
    q.embed[kHostMem] = embedding_params(m) * 2;
    StepCost c = step_cost(g, m, q, decode_work(1, 1, 10));
    CHECK(c.bytes[kHostMem] == Approx(4096 * 2.0));
    CHECK(c.part[kPartHostMem] == Approx(5e-6 + 4096 * 2.0 / 3e10));
}

TEST_CASE("the stack's launches: added when each waits for the last op, hidden under the device's work when queued",
          "[token][step][dispatch]") {
    ModelShape m = llama2_7b();
    Hardware h = one_level(2.0e12);
    Placement p = place(h, weight_bytes(m), 1000 * kv_bytes_per_token(m), PlacementPolicy::WeightsFirst);
    StepWork w = decode_work(1, 1, 1000);
    double device = step_cost(h, m, p, w).time;
    h.ops_per_layer = 16;
    for (double launch : {1e-6, 1e-4}) {  // below and above the device's time per op
        h.op_dispatch = launch;
        double dispatch = launch * 16 * m.layers;
        CHECK(dispatch_time(h, m) == Approx(dispatch));
        h.dispatch_overlap = 0;
        CHECK(step_cost(h, m, p, w).time == Approx(device + dispatch));
        h.dispatch_overlap = 1;
        CHECK(step_cost(h, m, p, w).time == Approx(std::max(device, dispatch)));
        h.dispatch_overlap = 0.5;
        CHECK(step_cost(h, m, p, w).time == Approx(device + dispatch - 0.5 * std::min(device, dispatch)));
    }
    // Tensor parallelism adds its two all-reduces per layer as operations of their own.
    h.chips = 2;
    CHECK(dispatch_time(h, m) == Approx(1e-4 * 18 * m.layers));
    // No launch time: the step is the device's, whatever the overlap.
    h.chips = 1;
    h.op_dispatch = 0;
    h.dispatch_overlap = 0;
    CHECK(step_cost(h, m, p, w).time == device);
}

TEST_CASE("the least time of one operation: small operations take it, a layer's matrices the longer of it and their "
          "share", "[token][step][floor]") {
    ModelShape m = llama2_7b();
    Hardware h = one_level(2.0e12);
    Placement p = place(h, weight_bytes(m), 1000 * kv_bytes_per_token(m), PlacementPolicy::WeightsFirst);
    StepWork w = decode_work(1, 1, 1000);
    h.ops_per_layer = 16;  // four matrices and attention, eleven small operations
    for (StepForm form : {StepForm::Overlapped, StepForm::PerOperator}) {
        h.form = form;
        h.op_floor = 0;
        double device = step_cost(h, m, p, w).time;
        // A floor under every matrix's share: only the small operations add it.
        h.op_floor = 1e-9;
        CHECK(step_cost(h, m, p, w).time == Approx(device + m.layers * 11 * 1e-9).epsilon(1e-9));
        // A floor over everything: each operation of each layer, and the output head, takes it.
        h.op_floor = 1;
        CHECK(step_cost(h, m, p, w).time == Approx(m.layers * 16 + 1).epsilon(0.001));
        // Tensor parallelism's two all-reduces a layer are operations too.
        h.chips = 2;
        CHECK(step_cost(h, m, p, w).time == Approx(m.layers * 18 + 1).epsilon(0.001));
        h.chips = 1;
    }
}

TEST_CASE("widening narrow weights adds its work per weight read to the compute", "[token][step][dequant]") {
    ModelShape m = llama2_7b();
    m.weight_bits = 4.5;
    Hardware h = one_level(2.0e12);
    Placement p = place(h, weight_bytes(m), 100 * kv_bytes_per_token(m), PlacementPolicy::WeightsFirst);
    StepWork w = decode_work(1, 1, 100);
    StepCost plain = step_cost(h, m, p, w);
    h.dequant_flops = 10;
    StepCost widened = step_cost(h, m, p, w);
    // The streamed weights (the embedding rows aside), each widened once.
    double weights = (weight_bytes_fetched(m, w.tokens, w.logit_tokens) - w.tokens * m.hidden * m.weight_bits / 8) /
                     (m.weight_bits / 8);
    CHECK(widened.part[kPartCompute] - plain.part[kPartCompute] == Approx(10 * weights / h.peak_flops()));
    // On a GPU each matrix's compute grows, so its time cannot fall.
    h.form = StepForm::PerOperator;
    h.dequant_flops = 0;
    double gpu_plain = step_cost(h, m, p, w).time;
    h.dequant_flops = 1000;
    CHECK(step_cost(h, m, p, w).time > gpu_plain);
}

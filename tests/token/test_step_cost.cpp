// Step cost: closed forms of the roofline model, how the parts overlap, placement
// by capacity, and monotonicity (less memory or bandwidth, longer context: never faster).
#include <algorithm>

#include <catch2/catch.hpp>

#include "token/step_cost.h"

using namespace tj;

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

TEST_CASE("overlapped: max of compute, summed memory and NoC per layer; serial: all add", "[token][step]") {
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

    h.serial = true;
    StepCost s = step_cost(h, m, p, w);
    double sum = 0;
    for (double t : s.part) sum += t;
    CHECK(s.time == Approx(sum).epsilon(1e-12));
    CHECK(s.time > c.time);

    // Overlapped: speeding up a part that is not the slowest changes nothing.
    h.serial = false;
    int slow = c.bottleneck;
    REQUIRE(slow == kPartHbm);
    Hardware faster = h;
    faster.core_flops *= 2;
    CHECK(step_cost(faster, m, p, w).time == Approx(c.time).epsilon(1e-12));
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

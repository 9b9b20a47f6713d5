// hardware.h — the machine a token travels through, as plain numbers.
//
// Four memory levels, fastest first: the cores' SRAM, 3D-stacked DRAM under the
// mesh, far DRAM/HBM at the mesh edge, and host memory across the host link (where
// whatever does not fit on the device spills; reading it crosses PCIe every step).
// Capacities and bandwidths are totals over all cores and all chips; the model
// builds this struct from the registry (see token_model.cpp), the tests fill it by
// hand. Everything is in SI units: bytes, bytes/s, seconds, FLOP/s, pJ.
#pragma once

namespace tj {

enum MemLevel : int { kSram = 0, kDram3d, kHbm, kHostMem, kLevelCount };

struct MemLevelSpec {
    bool enabled = true;
    double capacity = 0;    // bytes
    double bandwidth = 0;   // bytes/s, peak
    double latency = 0;     // s, first byte of a layer's fetch
    double pj_per_bit = 0;  // energy to read one bit from this level
};

struct Hardware {
    int mesh_x = 1, mesh_y = 1;  // cores per chip, as a grid
    int chips = 1;               // chips working in tensor parallel
    double core_flops = 1e12;    // peak FLOP/s of one core
    double compute_eff = 1;      // achieved fraction of peak compute
    double bw_eff = 1;           // achieved fraction of peak memory bandwidth
    MemLevelSpec level[kLevelCount];
    double noc_hop_latency = 0;  // s per router hop
    double noc_link_bw = 1e12;   // bytes/s of one NoC link
    double noc_pj_per_bit_hop = 0;
    double mean_edge_hops = 1;   // mean hops from the mesh edge to a core (mesh_mean_edge_hops)
    double chip_link_latency = 0, chip_link_bw = 1e12, chip_link_pj_per_bit = 0;
    double layer_overhead = 0;   // s per layer per step (kernel launch, barrier)
    double step_overhead = 0;    // s per step (scheduling, launch of the step)
    double pj_per_flop = 0;
    double act_bits = 16;        // activations exchanged in reductions
    bool serial = false;         // true: nothing overlaps (sum); false: max per layer

    double cores() const { return double(mesh_x) * mesh_y * chips; }
    double peak_flops() const { return cores() * core_flops; }
};

// Mean over the cores of an X x Y mesh of the hops from the nearest edge
// (data from far memory enter through the edge routers): 1 + min distance to a side.
double mesh_mean_edge_hops(int x, int y);

const char* level_name(int level);  // "sram", "dram3d", "hbm", "host"

}  // namespace tj

// hardware.h — the machine a token travels through, as plain numbers.
//
// Four memory levels, fastest first: the cores' SRAM, 3D-stacked DRAM under the
// mesh, far DRAM/HBM at the mesh edge, and host memory across the host link (where
// whatever does not fit on the device spills; reading it crosses PCIe every step).
// Capacities and bandwidths are totals over all cores and all chips; the model
// builds this struct from the registry (see token_model.cpp), the tests fill it by
// hand. Everything is in SI units: bytes, bytes/s, seconds, FLOP/s, pJ, W.
//
// Parallelism: the chips split into `pp_stages` pipeline stages (layers divided
// among them, activations hopping over the chip links), each stage's chips working
// in tensor parallel; on one chip, `regions` splits the mesh into regions of cores
// that each hold a slice of the layers (on-wafer layer pipelining), the token
// streaming from region to region over the NoC. stages() = pp_stages * regions.
// How a step's parts combine is the machine's StepForm (see step_cost.h).
#pragma once

namespace tj::token {

enum MemLevel : int { kSram = 0, kDram3d, kHbm, kHostMem, kLevelCount };

struct MemLevelSpec {
    bool enabled = true;
    double capacity = 0;    // bytes
    double bandwidth = 0;   // bytes/s, peak
    double latency = 0;     // s, first byte of a layer's fetch
    double pj_per_bit = 0;  // energy to read one bit from this level
    double efficiency = 1;  // achieved fraction of the peak bandwidth
};

// How a step's parts combine (step_cost.h gives the formulas).
enum class StepForm : int {
    Overlapped = 0,   // dataflow machines: compute, memory and NoC stream together per layer
    Serial = 1,       // nothing overlaps: every part adds
    PerOperator = 2,  // GPUs: kernels run one after another, each at its own roofline
};

struct Hardware {
    int mesh_x = 1, mesh_y = 1;  // cores per chip, as a grid
    int chips = 1;               // chips in all (pp_stages groups working in tensor parallel)
    int pp_stages = 1;           // pipeline stages across chips (clamped to 1..chips)
    int regions = 1;             // layer regions per chip (on-wafer pipelining)
    double core_flops = 1e12;    // peak FLOP/s of one core in the format the multiplies run in
    double compute_eff = 1;      // achieved fraction of peak compute
    MemLevelSpec level[kLevelCount];
    double noc_hop_latency = 0;  // s per router hop
    double noc_link_bw = 1e12;   // bytes/s of one NoC link
    double noc_pj_per_bit_hop = 0;
    double mean_edge_hops = 1;   // mean hops from the mesh edge to a core (mesh_mean_edge_hops)
    double chip_link_latency = 0, chip_link_bw = 1e12, chip_link_pj_per_bit = 0;
    double layer_overhead = 0;   // s per layer per step (kernel launch, barrier)
    double step_overhead = 0;    // s per step (scheduling, launch of the step)
    // The serving stack's dispatch: every operation of every layer costs op_dispatch
    // to launch, hidden under the device's work by the share dispatch_overlap (see step_cost.h).
    double op_dispatch = 0;      // s per operation
    double ops_per_layer = 0;    // operations launched per layer
    double dispatch_overlap = 0; // 0: launches wait for the previous op; 1: queued ahead of it
    // The least time one operation takes on the device, however little it does (its
    // program's start, setup and synchronisation); 0: none (see step_cost.h).
    double op_floor = 0;         // s per operation
    double dequant_flops = 0;    // FLOPs to widen one weight read, when it is narrower than the compute format
    double pj_per_flop = 0;
    double act_bits = 16;        // activations exchanged in reductions
    // How a layer's reductions cross the mesh: false, the whole vector through one link after
    // another; true, split over the mesh's rows (matrices tiled over the mesh: each row
    // reduces its slice). A stack's choice (token.serve.mesh_reduce).
    bool mesh_reduce_split = false;
    StepForm form = StepForm::Overlapped;
    double static_watts = 0;     // idle/board power of one chip, drawn whatever the load

    double cores() const { return double(mesh_x) * mesh_y * chips; }
    double peak_flops() const { return cores() * core_flops; }
    int stage_count() const;     // pipeline stages in all: chip stages x regions per chip
    int chips_per_stage() const; // tensor-parallel group of one chip stage
};

// Peak multiplier of a number format over the 16-bit peak. compute_bits is the
// format the multiplies run in (16, 8 or 4); x8 and x4 are the machine's 8- and
// 4-bit peaks over its 16-bit peak, 0 where it has no such format: then the next
// wider format it has is used (8 -> 16, 4 -> 8 -> 16).
double format_peak_multiplier(int compute_bits, double x8, double x4);
// The format the multiplies really run in: compute_bits where the machine has it, else
// the next wider one it has (an H100 asked for FP4 multiplies in FP8).
int native_format_bits(int compute_bits, double x8, double x4);
// The format a step's multiplies run in: activations' bits, unless the weights are
// wider (weights narrower than the activations are widened on the fly).
int compute_format_bits(double weight_bits, int act_bits);
// The weights' own format, 16, 8 or 4 bits (block formats count as their element width).
int weight_format_bits(double weight_bits);

// Mean over the cores of an X x Y mesh of the hops from the nearest edge
// (data from far memory enter through the edge routers): 1 + min distance to a side.
double mesh_mean_edge_hops(int x, int y);

const char* level_name(int level);  // "sram", "dram3d", "hbm", "host"

}  // namespace tj::token

// step_cost.h — how long one forward step takes, and where its time, bytes and
// energy go: the roofline model of prefill, decode and speculative verify steps.
// A pure function of (hardware, model shape, placement, work): testable alone.
//
// What one step costs:
//   compute      FLOPs / (cores * peak per core * achieved fraction)
//   each level   bytes fetched from it / (its bandwidth * achieved fraction)
//                + its latency once per layer (only for levels that are read)
//   NoC          bytes from far memory (and host spill) enter at the mesh edge:
//                edge transfer = bytes / (edge links * link bandwidth), plus the mean
//                edge-to-core hops once per layer; 3D-DRAM bytes rise vertically
//                into their core (one hop's latency per layer, no mesh link; the
//                two paths run side by side, so the longer counts); SRAM is local
//   reductions   two all-reduces of the activations per layer: across the mesh
//                ((X-1)+(Y-1) hops plus 2 * bytes / link bandwidth, the bytes divided
//                by min(X, Y) when the stack splits them over the rows) and, with
//                several chips, across chips (log2(chips) link latencies plus
//                2 * bytes / chip-link bandwidth)
//   widening     weights narrower than the multiplies' format (4-bit blocks under 16-bit
//                math) cost dequant_flops per weight read, added to each matrix's compute
//                (0 where the hardware multiplies the format natively)
//   overhead     per layer and per step, fixed
//   floor        no operation takes less than op_floor on the device, however little it
//                does: a layer's matrices and attention take the longer of the floor and
//                their share of the layer's time (by bytes, or by FLOPs where the
//                arithmetic is the longest part), its other ops_per_layer operations (norms,
//                rotary, cache update, adds) the floor, and so do the all-reduces
//                (0 on the presets but the Tenstorrent boards')
//   dispatch     the serving stack launches every operation: layers x (ops per layer,
//                plus the two all-reduces under tensor parallelism) x time per launch. A stack that queues launches ahead of the device
//                (overlap 1: CUDA graphs, traces) hides them under the device's work;
//                one that waits for each op (overlap 0: op-by-op dispatch) adds them:
//                  step = device + dispatch - overlap * min(device, dispatch)
// How the parts combine is the machine's StepForm:
//   Overlapped (dataflow machines: meshes, wafers, SRAM-only chips): within a layer
//     the cores compute while their operands stream in and the NoC carries them, so
//     a layer takes the longest of compute, memory and the edge transfer. The levels
//     share each core's load path, so memory time is the sum over levels of
//     bytes / achieved bandwidth. The reductions wait for the layer's result and
//     the overheads are fixed, so they add:
//       time = max(compute, sum of level times, noc_edge) + reductions + overheads.
//     Weights and KV are striped over the levels in the same proportion in every
//     layer, so the per-layer max summed over layers is the max of the totals.
//   PerOperator (GPUs): kernels run one after another, each at its own roofline:
//       time = sum over operators (QKV, attention, O, gate+up, down; the output
//              head) of hypot(FLOPs / achieved peak, bytes / achieved bandwidth)
//              + first-byte latencies + chip all-reduces + overheads.
//     The quadratic mean (hypot) is the larger of the two bounds when one
//     dominates and sqrt(2) times it at the ridge, where a kernel's loads and math
//     overlap least well (an assumption; a plain max makes a 128-token prefill on
//     an A100 a third faster than TensorRT-LLM measures).
//     Attention's FLOPs count the causal pairs; a GPU has no mesh all-reduce and
//     no edge transfer (its SMs share results through L2).
//   Serial: nothing overlaps; time is the sum of all parts.
// Each memory level has its own achieved fraction (MemLevelSpec::efficiency). The
// embedding table's rows are read from wherever the table is placed (Placement::
// embed), with that level's latency once per step. KV is replicated when a
// tensor-parallel group has more chips than KV heads (kv_replication).
//
// Pipelines (hw.stage_count() > 1: chip stages x regions per chip): the step's
// sequences split into micro = min(seqs, stages) micro-batches that follow each
// other through the stages; each stage holds layers / stages of the layers and
// 1 / stages of the resources. With t the time of one micro-batch in one stage and
// h the mean hop between stages (latency + activations / link bandwidth; chip
// links between chips, one band of NoC links between regions):
//   fill  = stages * t + (stages - 1) * h   (one micro-batch crossing the pipeline)
//   step  = max(fill, micro * max(t, h))    (every sequence advances one token)
// so with micro-batches up to the number of stages a sequence's token takes the
// fill time and the pipeline delivers micro tokens per fill: the steady rate.
// Bytes, FLOPs and energy count every micro-batch (each reads its stage's weights).
// Usage:
//   StepWork w = decode_work(batch, tokens_per_seq, context_sum);
//   StepCost c = step_cost(hw, shape, placement, w);
//   c.time, c.part[kPartHbm], c.bytes[kHbm], c.energy_pj[kEnergyCompute], part_name(c.bottleneck)
#pragma once
#include "core/token/hardware.h"
#include "core/token/model_shape.h"
#include "core/token/placement.h"

namespace tj::token {

// What a step computes. Counts are totals over the sequences in the step.
struct StepWork {
    double seqs = 0;            // sequences in the step
    double tokens = 0;          // new tokens processed (prompt tokens, or 1 or k+1 per sequence)
    double logit_tokens = 0;    // tokens whose next-token logits are needed
    double pairs = 0;           // (query, key) pairs attended (see causal_pairs)
    double kv_read_tokens = 0;  // cached tokens whose K and V are read
    double kv_write_tokens = 0; // new K and V entries written
};

// Decode or verify: `seqs` sequences, each processing q tokens after its context;
// context_sum is the sum of the sequences' context lengths.
StepWork decode_work(double seqs, double q, double context_sum);
// One prompt chunk of n tokens after c cached tokens, of a sequence; `last` when the
// chunk ends the prompt (its last token's logits give the first output token).
StepWork prefill_chunk_work(double n, double c, bool last);
// Adds b's counts to a (several sequences' chunks in one step).
void add_work(StepWork& a, const StepWork& b);

enum StepPart : int {
    kPartCompute = 0, kPartSram, kPartDram3d, kPartHbm, kPartHostMem, kPartNoc, kPartChipLink, kPartOverhead,
    kPartCount
};
const char* part_name(int part);  // "compute", "sram", ..., "overhead"

enum EnergyPart : int {
    kEnergySram = 0, kEnergyDram3d, kEnergyHbm, kEnergyHostMem, kEnergyNoc, kEnergyChipLink, kEnergyCompute,
    kEnergyCount
};
const char* energy_part_name(int part);

struct StepCost {
    double time = 0;              // s, with overlap as described above
    double part[kPartCount] = {}; // s, each part alone (what it would take by itself)
    double flops = 0;
    double bytes[kLevelCount] = {};         // bytes read or written per level (weights + KV)
    double weight_bytes[kLevelCount] = {};
    double kv_bytes[kLevelCount] = {};
    double byte_hops = 0;                   // bytes times NoC hops travelled
    double chip_link_bytes = 0;
    double energy_pj[kEnergyCount] = {};
    int bottleneck = kPartCompute;          // the part with the longest time alone
    double total_bytes() const;
    double total_energy_pj() const;
};

StepCost step_cost(const Hardware& hw, const ModelShape& m, const Placement& p, const StepWork& w);

// Copies of each KV entry across a tensor-parallel group: max(1, chips per stage / KV heads).
double kv_replication(const Hardware& hw, const ModelShape& m);
// The stack's launches of one step: op_dispatch x (ops_per_layer + 2 with several chips a stage) x layers.
double dispatch_time(const Hardware& hw, const ModelShape& m);
// The pipeline's closed forms (see above).
double pipeline_fill_time(int stages, double stage_time, double hop_time);
double pipeline_step_time(int stages, int micro_batches, double stage_time, double hop_time);

}  // namespace tj::token

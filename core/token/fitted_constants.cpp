// fitted_constants.cpp — the fitted constants and their priors. See fitted_constants.h.
// The values are the output of `token-journey-cli fidelity --fit` over the rows of
// tests/fidelity/published.tsv marked fit; change them only by rerunning it. Each is
// written to four digits: no figure they were fitted to is published to more.
#include "core/token/fitted_constants.h"

namespace tj::token {

const std::vector<FittedConstant>& fitted_constants() {
    static const std::vector<FittedConstant> list = {
        // One fraction for the memory kind HBM (HBM2e, HBM3, HBM3e) under NVIDIA's stacks, as
        // GDDR and LPDDR have theirs: a fraction per GPU would be fitted to one row each.
        {"hbm_bw_eff", "token.mesh.bw_eff", {"hw.a100_80gb", "hw.h100_sxm", "hw.h100_pcie", "hw.h200", "hw.b200"}, 0.6102, 0.7,
         "assumption: decode's weight reads reach about 70% of a GPU's peak HBM bandwidth"},
        {"gpu_compute_eff", "token.mesh.compute_eff",
         {"hw.a100_80gb", "hw.h100_sxm", "hw.h100_pcie", "hw.h200", "hw.b200", "hw.rtx3090", "hw.rtx4090", "hw.l40s"},
         0.7101,
         0.6, "assumption: large GEMMs typically reach 60-80% of dense peak (the registry default)"},
        {"gddr_bw_eff", "token.mesh.bw_eff", {"hw.rtx3090", "hw.rtx4090", "hw.l40s"}, 0.7062, 0.7,
         "assumption: as the HBM GPUs' prior (GDDR is its own memory kind: its own fraction)"},
        {"geforce_dequant_flops", "token.mesh.dequant_flops", {"hw.rtx3090", "hw.rtx4090", "hw.l40s"}, 40.71, 2,
         "assumption: a multiply and an add per weight (its block's scale and offset)"},
        {"apple_bw_eff", "token.mesh.bw_eff", {"hw.m3_max"}, 0.6335, 0.7,
         "assumption: as the HBM GPUs' prior (LPDDR5 is its own memory kind: its own fraction)"},
        {"groq_link_us", "token.mesh.chip_link_us", {"hw.groq_lpu"}, 2.805, 3,
         "Abts et al., A Software-defined Tensor Streaming Multiprocessor for Large-scale Machine Learning (ISCA "
         "2022, as Groq's page on it quotes the abstract): up to 10,440 chips whose global memory is reached in "
         "less than 3 us of end-to-end latency; one all-reduce round taken as that reach, 3 us"},
        // Acceptance is the draft's and the target's, not the hardware's: one rate for a
        // small Llama draft of Llama-3 70B, whoever serves it.
        {"spec_alpha_llama70b", "token.spec.alpha", {"model.llama31_70b"}, 0.8778, 0.7,
         "assumption: the registry default acceptance rate"},
        // Cerebras' time per layer is its stack's, one per release of its software.
        {"cerebras_layer_us", "token.mesh.layer_overhead_us", {"stack.cerebras_2024_08"}, 10.96, 2,
         "assumption: the registry default overhead per layer"},
        {"cerebras_oct_layer_us", "token.mesh.layer_overhead_us", {"stack.cerebras_2024_10"}, 1, 2,
         "assumption: the registry default overhead per layer"},
        {"tt_op_us", "token.serve.op_floor_us", {"stack.tt_metal"}, 23.95, 20,
         "tt-metal tech report Matrix Multiply FLOPS (tech_reports/GEMM_FLOPS, June 2025): on an N150 the "
         "smallest matmul timed, 512x512x512 BF16 with trace, takes 19,965 ns: at most an operation's floor"},
        {"tt_compute_eff", "token.mesh.compute_eff", {"hw.tt_n150", "hw.tt_p150"}, 0.2706, 0.205,
         "tt-metal tech report Matrix Multiply FLOPS (tech_reports/GEMM_FLOPS, June 2025): on an N150, out of "
         "the box, a 512x1024x2048 BF16 matmul reaches 15.18 TFLOPS, 0.205 of the 74 TFLOPS peak"},
        {"tt_link_us", "token.mesh.chip_link_us", {"hw.tt_n150", "hw.tt_p150"}, 0.65, 0.65,
         "tt-metal tech report Basic Ethernet Guide (tech_reports/EthernetMultichip/BasicEthernetGuide.md, marked "
         "outdated): about 650 ns a hop around an eight-chip Wormhole ring"},
    };
    return list;
}

double fitted_value(const std::string& name) {
    for (const FittedConstant& c : fitted_constants())
        if (c.name == name) return c.value;
    return 0;
}

}  // namespace tj::token

// token_params.cpp — the token scene's stations, registry and presets. See token_params.h.
//
// Index:
//   the stations: names, units, lessons                         kStations
//   the slider groups, in the panel's order                     add_groups
//   the parameters, group by group                              add_run … add_spec_energy_view
//   serving stacks (launches, fixed costs, reductions)          StackFig, stack_figs, add_stack_presets
//   number formats (weight bits with scales, multiply format)   FormatFig, kFormats, add_format_presets
//   hardware presets (datasheet figures, fitted constants)      HwFig, hw_values, add_hardware_presets
//   model presets (config.json shapes)                          kModelPresets, add_model_presets
//   parameters added after the first release, last              add_tokenizer_choice … add_mesh_reduce
//   the registry, once; this computer's preset replaced         token_registry, replace_measured_preset
//   a station's texts                                           station_text, station_texts
//   the build order                                             build_token_registry
#include "core/token/token_params.h"

#include <stdexcept>
#include <string>

#include "core/token/fitted_constants.h"
#include "core/token/measured_machine.h"

namespace tj::token {

namespace {

const StationInfo kStations[kStationCount] = {
    {"prompt", "Prompt", "提示", "prompt", "个提示",
     "A request starts as text; nothing moves until it is cut into tokens.",
     "请求从文字开始；切成词元之前什么都不会动。"},
    {"tokenizer", "Tokenizer (CPU)", "分词器（CPU）", "token", "个词元",
     "The CPU cuts the prompt into tokens; a long prompt costs time before the chip sees anything.",
     "CPU 把提示切成词元；提示越长，芯片看到任何东西之前花的时间越多。"},
    {"h2d", "Host-to-device link", "主机到芯片链路", "token", "个词元",
     "Every crossing of PCIe pays a fixed latency, however few bytes it carries.",
     "每次穿过 PCIe 都要付固定延迟，不管带的字节多么少。"},
    {"mesh", "Mesh of cores", "核心网格", "token", "个词元",
     "The cores could multiply far faster than the warehouses can feed them during decode.",
     "解码时，核心的乘法速度远远超过仓库供货的速度。"},
    {"sram", "SRAM (in each core)", "SRAM（每个核心内）", "byte", "字节",
     "The nearest warehouse: fastest and cheapest per byte, but tiny.",
     "最近的仓库：每字节最快最省电，但很小。"},
    {"dram3d", "3D-stacked DRAM", "3D 堆叠 DRAM", "byte", "字节",
     "Stacked right under the cores: many short vertical paths, no trip across the mesh.",
     "直接叠在核心下方：许多很短的垂直通道，不用横穿网格。"},
    {"hbm", "Far DRAM / HBM", "远端 DRAM / HBM", "byte", "字节",
     "Big but across the chip's edge: every byte enters through the edge and crosses the mesh.",
     "容量大但在芯片边缘之外：每个字节都要从边缘进来再横穿网格。"},
    {"host_mem", "Host memory (spill)", "主机内存（溢出）", "byte", "字节",
     "What does not fit on the device is read over PCIe every step: the slowest warehouse of all.",
     "放不进芯片的部分每步都要经 PCIe 读取：最慢的仓库。"},
    {"sampler", "Sampler", "采样器", "token", "个词元",
     "The next token is chosen only after the whole step: token n+1 waits for token n.",
     "整步结束后才能选出下一个词元：第 n+1 个词元必须等第 n 个。"},
    {"d2h", "Device-to-host link", "芯片到主机链路", "token", "个词元",
     "Finished tokens cross back to the CPU; small, but one more latency per step.",
     "完成的词元跨回 CPU；数据很少，但每步又多一次延迟。"},
    {"detok", "Detokenizer (CPU)", "逆分词器（CPU）", "token", "个词元",
     "Bytes become characters; a character split across tokens is held until its last byte arrives.",
     "字节变回字符；被词元切开的字符要扣住，等最后一个字节到来。"},
    {"screen", "Screen", "屏幕", "character", "个字符",
     "What the user feels: latency and jitter at the screen, not at the chip.",
     "用户感受到的是屏幕上的延迟与抖动，而不是芯片上的。"},
};

const char* ASSUMED = "teaching default (assumption), not a measurement";

// The slider groups, in the order the panel lists them: the run and the model, then each
// station's own sliders under its name in the order a request meets them, then what
// belongs to no one station. A parameter's id keeps the word it was first listed under
// ("token.host.tokenizer_us" is the tokenizer's), because links and files name it.
void add_groups(ParamRegistry& reg) {
    reg.group("token.run", "Run and batching", "运行与批处理");
    reg.group("token.model", "Model shape", "模型结构");
    for (int st : {kStTokenizer, kStH2d, kStMesh, kStSram, kStDram3d, kStHbm, kStHostMem, kStSampler, kStD2h, kStDetok,
                   kStScreen})
        reg.group("token." + kStations[st].id, kStations[st].label_en, kStations[st].label_zh);
    reg.group("token.host", "Host CPU: noise and pauses", "主机 CPU：波动与停顿");
    reg.group("token.spec", "Speculative decoding", "投机解码");
    reg.group("token.energy", "Energy", "能耗");
    reg.group("token.view", "Display", "显示");
    reg.group("token.serve", "Serving under load", "负载下的服务");
}

void add_run(ParamRegistry& reg) {
    reg.add({.id = "token.run.mode", .label_en = "Arrivals", .label_zh = "请求到达方式", .max = 1, .def = 0,
             .integer = true, .structural = true, .group = "token.run",
             .help_en = "Closed: as many users as the batch size, each sending its next request as soon as its answer ends. "
                        "Open: requests arrive at random (Poisson) and queue at the door when the engine is full.",
             .help_zh = "封闭：用户数等于批大小，每个用户的回答一结束就发出下一个请求。开放：请求随机（泊松）到达，引擎满时在门口排队。",
             .source = "model choice", .choices_en = {"Closed loop (N users)", "Open (Poisson arrivals)"},
             .choices_zh = {"封闭循环（N 个用户）", "开放（泊松到达）"}});
    reg.add({.id = "token.run.batch", .label_en = "Batch size / users", .label_zh = "批大小 / 用户数", .unit = "seq",
             .min = 1, .max = 1024, .def = 4, .scale = Scale::Log, .integer = true, .structural = true,
             .group = "token.run",
             .help_en = "Closed loop: the number of users. Open: the most sequences that may run at once. With the paged KV policy "
                        "fewer may run, as many as the KV cache holds.",
             .help_zh = "封闭循环：用户数。开放：同时运行的序列上限。分页 KV 策略下可能更少：KV 缓存装得下多少就运行多少。",
             .source = ASSUMED});
    reg.add({.id = "token.run.arrival_rate", .label_en = "Arrival rate", .label_zh = "到达率", .unit = "req/s",
             .min = 0.01, .max = 10000, .def = 2, .scale = Scale::Log, .group = "token.run",
             .help_en = "Open mode: mean requests per second (Poisson).",
             .help_zh = "开放模式：每秒平均到达的请求数（泊松过程）。", .source = ASSUMED});
    reg.add({.id = "token.run.prompt_tokens", .label_en = "Prompt length", .label_zh = "提示长度", .unit = "tok",
             .min = 1, .max = 32768, .def = 64, .scale = Scale::Log, .integer = true, .group = "token.run",
             .help_en = "Tokens in each request's prompt.", .help_zh = "每个请求的提示词元数。", .source = ASSUMED});
    reg.add({.id = "token.run.output_tokens", .label_en = "Answer length", .label_zh = "回答长度", .unit = "tok",
             .min = 1, .max = 8192, .def = 128, .scale = Scale::Log, .integer = true, .group = "token.run",
             .help_en = "Tokens generated per request before it ends.", .help_zh = "每个请求生成多少个词元后结束。",
             .source = ASSUMED});
    reg.add({.id = "token.run.prefill_chunk", .label_en = "Prefill chunk", .label_zh = "预填充分块", .unit = "tok",
             .min = 16, .max = 32768, .def = 2048, .scale = Scale::Log, .integer = true, .group = "token.run",
             .help_en = "Most prompt tokens one prefill step processes; longer prompts take several steps (chunked prefill). "
                        "Set it above the prompt length to prefill the whole prompt at once. With the mixed scheduler it is the "
                        "per-step token budget, decodes included.",
             .help_zh = "一次预填充步最多处理的提示词元数；更长的提示分几步完成（分块预填充）。大于提示长度即整段一次完成。"
                        "混合调度下它是每步的词元预算，解码词元也算在内。", .source = ASSUMED});
    reg.add({.id = "token.run.answer_lang", .label_en = "Answer language", .label_zh = "回答语言", .max = 1, .def = 0,
             .integer = true, .group = "token.run",
             .help_en = "Which built-in answer the sequences produce. Chinese characters take 3 bytes and often end "
                        "inside a token, so the detokenizer must hold them.",
             .help_zh = "序列输出哪一段内置回答。中文字符占 3 个字节，常常断在词元中间，逆分词器必须先扣住它们。",
             .source = "model choice", .choices_en = {"English", "Chinese"}, .choices_zh = {"英文", "中文"}});
    reg.add({.id = "token.run.placement", .label_en = "Placement policy", .label_zh = "放置策略", .max = 2, .def = 0,
             .integer = true, .group = "token.run",
             .help_en = "How weights and KV cache are poured into the memory levels by capacity.",
             .help_zh = "权重和 KV 缓存按容量填入各级存储的顺序。", .source = "model choice",
             .choices_en = {"Weights first, fastest level first", "KV cache first, fastest level first", "SRAM as scratch only (GPU-like)"},
             .choices_zh = {"权重优先，最快层级优先", "KV 缓存优先，最快层级优先", "SRAM 只作暂存（类 GPU）"}});
    reg.add({.id = "token.run.overlap", .label_en = "Step form", .label_zh = "步时模型", .max = 2, .def = 0,
             .integer = true, .group = "token.run",
             .help_en = "Overlapped: within a layer, compute, each memory level and the NoC work at once; the slowest sets "
                        "the pace (meshes, wafers, SRAM-only chips). Serial: nothing overlaps, times add. Per operator: "
                        "kernels run one after another, each at its own roofline, as on a GPU. Hardware presets choose.",
             .help_zh = "重叠：每层内计算、各级存储与片上网络同时工作，最慢者决定节奏（网格、晶圆、纯 SRAM 芯片）。串行：互不重叠，"
                        "时间相加。逐算子：内核一个接一个执行，各自受自己的屋顶线约束，GPU 即如此。硬件预设会选定。",
             .source = "model choice",
             .choices_en = {"Overlapped: max per layer (dataflow)", "Serial: sum of parts", "Per operator (GPU kernels)"},
             .choices_zh = {"重叠：每层取最大（数据流）", "串行：各部分相加", "逐算子（GPU 内核）"}});
    reg.add({.id = "token.run.sampler", .label_en = "Sampler location", .label_zh = "采样器位置", .max = 1, .def = 0,
             .integer = true, .group = "token.sampler",
             .help_en = "On host, every step ships the logits to the CPU and the chosen token back: a round trip per token.",
             .help_zh = "放在主机上时，每一步都要把 logits 送到 CPU，再把选中的词元送回：每个词元多一次往返。",
             .source = "model choice", .choices_en = {"On device", "On host"},
             .choices_zh = {"在芯片上", "在主机上"}});
}

void add_model(ParamRegistry& reg) {
    const char* src = "Llama-3.1-8B config.json (meta-llama/Llama-3.1-8B)";
    reg.add({.id = "token.model.layers", .label_en = "Layers", .label_zh = "层数", .unit = "", .min = 1, .max = 160,
             .def = 32, .integer = true, .structural = true, .group = "token.model", .help_en = "Transformer blocks.",
             .help_zh = "Transformer 块的数量。", .source = src});
    reg.add({.id = "token.model.hidden", .label_en = "Hidden size", .label_zh = "隐藏维度", .unit = "", .min = 64,
             .max = 32768, .def = 4096, .scale = Scale::Log, .integer = true, .structural = true,
             .group = "token.model", .help_en = "Width of the residual stream.", .help_zh = "残差流的宽度。",
             .source = src});
    reg.add({.id = "token.model.heads", .label_en = "Attention heads", .label_zh = "注意力头数", .unit = "", .min = 1,
             .max = 256, .def = 32, .integer = true, .structural = true, .group = "token.model",
             .help_en = "Query heads per layer.", .help_zh = "每层的查询头数。", .source = src});
    reg.add({.id = "token.model.kv_heads", .label_en = "KV heads", .label_zh = "KV 头数", .unit = "", .min = 1,
             .max = 256, .def = 8, .integer = true, .structural = true, .group = "token.model",
             .help_en = "Key/value heads (grouped-query attention: fewer than query heads shrinks the KV cache). Capped at the "
                        "number of heads.",
             .help_zh = "键/值头数（分组查询注意力：少于查询头即可缩小 KV 缓存）。不超过注意力头数。",
             .source = src});
    reg.add({.id = "token.model.head_dim", .label_en = "Head size", .label_zh = "头维度", .unit = "", .min = 16,
             .max = 512, .def = 128, .integer = true, .structural = true, .group = "token.model",
             .help_en = "Width of one attention head.", .help_zh = "每个注意力头的宽度。", .source = src});
    reg.add({.id = "token.model.ffn", .label_en = "FFN size", .label_zh = "前馈维度", .unit = "", .min = 64,
             .max = 131072, .def = 14336, .scale = Scale::Log, .integer = true, .structural = true,
             .group = "token.model", .help_en = "Intermediate size of one (expert's) gated FFN.",
             .help_zh = "一个（专家的）门控前馈层的中间维度。", .source = src});
    reg.add({.id = "token.model.vocab", .label_en = "Vocabulary", .label_zh = "词表大小", .unit = "tok", .min = 256,
             .max = 1048576, .def = 128256, .scale = Scale::Log, .integer = true, .structural = true,
             .group = "token.model",
             .help_en = "Tokens in the vocabulary: the size of the embedding and of the logits.",
             .help_zh = "词表中的词元数：决定嵌入表和 logits 的大小。", .source = src});
    reg.add({.id = "token.model.experts", .label_en = "Experts", .label_zh = "专家数", .unit = "", .min = 1,
             .max = 256, .def = 1, .integer = true, .structural = true, .group = "token.model",
             .help_en = "FFN experts per layer (1 = dense model).", .help_zh = "每层的前馈专家数（1 表示稠密模型）。",
             .source = src});
    reg.add({.id = "token.model.active_experts", .label_en = "Active experts", .label_zh = "激活专家数", .unit = "",
             .min = 1, .max = 16, .def = 1, .integer = true, .structural = true, .group = "token.model",
             .help_en = "Experts each token is routed to (capped at the number of experts).",
             .help_zh = "每个词元被路由到的专家数（不超过专家数）。", .source = src});
    reg.add({.id = "token.model.weight_bits", .label_en = "Weight bits", .label_zh = "权重位宽", .unit = "bit",
             .min = 2, .max = 32, .def = 16, .structural = true, .group = "token.model",
             .help_en = "Bits per weight as served (16 = FP16/BF16, 8 = FP8/INT8, 4 = INT4). Block formats with a shared scale "
                        "per block take fractions: 8.5 for llama.cpp's Q8_0 or Tenstorrent's BFP8, 4.5 for Q4_0 or BFP4.",
             .help_zh = "部署时每个权重的位数（16 为 FP16/BF16，8 为 FP8/INT8，4 为 INT4）。按块共享缩放的格式取小数："
                        "llama.cpp 的 Q8_0 或 Tenstorrent 的 BFP8 为 8.5，Q4_0 或 BFP4 为 4.5。",
             .source = "BF16 as published"});
    reg.add({.id = "token.model.kv_bits", .label_en = "KV bits", .label_zh = "KV 位宽", .unit = "bit", .min = 2,
             .max = 32, .def = 16, .structural = true, .group = "token.model",
             .help_en = "Bits per cached key or value element.", .help_zh = "KV 缓存中每个元素的位数。",
             .source = "BF16 as published"});
}

void add_mesh(ParamRegistry& reg) {
    const char* ill = "illustrative mesh + 3D-DRAM design (assumption)";
    reg.add({.id = "token.mesh.x", .label_en = "Mesh columns", .label_zh = "网格列数", .unit = "cores", .min = 1,
             .max = 1024, .def = 16, .scale = Scale::Log, .integer = true, .structural = true, .group = "token.mesh",
             .help_en = "Cores per row of the mesh.", .help_zh = "网格每行的核心数。", .source = ill});
    reg.add({.id = "token.mesh.y", .label_en = "Mesh rows", .label_zh = "网格行数", .unit = "cores", .min = 1,
             .max = 1024, .def = 16, .scale = Scale::Log, .integer = true, .structural = true, .group = "token.mesh",
             .help_en = "Cores per column of the mesh.", .help_zh = "网格每列的核心数。", .source = ill});
    reg.add({.id = "token.mesh.chips", .label_en = "Chips", .label_zh = "芯片数", .unit = "", .min = 1, .max = 1024,
             .def = 1, .scale = Scale::Log, .integer = true, .structural = true, .group = "token.mesh",
             .help_en = "Chips working together in tensor parallel: capacities, bandwidths and compute add up; every layer pays "
                        "two all-reduces across the chip links.",
             .help_zh = "以张量并行协同工作的芯片数：容量、带宽、算力相加；每层要在芯片间做两次全规约。",
             .source = ill});
    // 0.1 GFLOP/s: as bw_gbs
    reg.add({.id = "token.mesh.core_tflops", .label_en = "Peak compute per core", .label_zh = "单核峰值算力",
             .unit = "TFLOP/s", .min = 0.0001, .max = 100, .def = 2, .scale = Scale::Log, .group = "token.mesh",
             .help_en = "Dense 16-bit peak of one core.", .help_zh = "一个核心的 16 比特稠密峰值算力。",
             .source = ill});
    reg.add({.id = "token.mesh.compute_eff", .label_en = "Achieved compute fraction", .label_zh = "算力达成率",
             .unit = "", .min = 0.05, .max = 1, .def = 0.6, .group = "token.mesh",
             .help_en = "Share of peak FLOP/s that large matrix multiplies really reach.",
             .help_zh = "大矩阵乘法实际能达到的峰值算力比例。",
             .source = "assumption: large GEMMs typically reach 60-80% of dense peak"});
    reg.add({.id = "token.mesh.bw_eff", .label_en = "Achieved far-memory bandwidth fraction",
             .label_zh = "远端存储带宽达成率", .unit = "", .min = 0.05, .max = 1, .def = 0.65, .group = "token.hbm",
             .help_en = "Share of the far memory's (HBM, GDDR) peak bandwidth a decode step really reaches. The other levels "
                        "have their own fractions.",
             .help_zh = "解码步实际能达到的远端存储（HBM、GDDR）峰值带宽比例。其他各级存储有各自的达成率。",
             .source = "Llama-2-7B FP16, batch 1, A100-80GB: LMDeploy's benchmark 100.02 tok/s x 13.2 GB = 1.32 TB/s = 0.65 "
                       "of 2,039 GB/s; gpt-fast's README 104.9 tok/s at 1,397 GB/s = 0.69. Default: the lower, 0.65"});
    reg.add({.id = "token.mesh.noc_hop_ns", .label_en = "NoC hop latency", .label_zh = "片上网络每跳延迟",
             .unit = "ns", .min = 0, .max = 100, .def = 1, .group = "token.mesh",
             .help_en = "Time for a packet to cross one router.", .help_zh = "数据包经过一个路由器的时间。",
             .source = ill});
    reg.add({.id = "token.mesh.noc_link_gbs", .label_en = "NoC link bandwidth", .label_zh = "片上网络链路带宽",
             .unit = "GB/s", .min = 1, .max = 10000, .def = 128, .scale = Scale::Log, .group = "token.mesh",
             .help_en = "Bandwidth of one mesh link; the edge links carry everything from far memory.",
             .help_zh = "网格中一条链路的带宽；来自远端存储的数据都要经过边缘链路。", .source = ill});
    reg.add({.id = "token.mesh.chip_link_us", .label_en = "Chip-to-chip latency", .label_zh = "芯片间延迟",
             .unit = "us", .min = 0, .max = 100, .def = 1, .group = "token.mesh",
             .help_en = "Latency of one hop between chips.", .help_zh = "芯片之间一跳的延迟。", .source = ill});
    reg.add({.id = "token.mesh.chip_link_gbs", .label_en = "Chip-to-chip bandwidth", .label_zh = "芯片间带宽",
             .unit = "GB/s", .min = 1, .max = 10000, .def = 100, .scale = Scale::Log, .group = "token.mesh",
             .help_en = "Bandwidth of the link between chips.", .help_zh = "芯片之间链路的带宽。", .source = ill});
    reg.add({.id = "token.mesh.layer_overhead_us", .label_en = "Overhead per layer", .label_zh = "每层固定开销",
             .unit = "us", .min = 0, .max = 1000, .def = 2, .group = "token.mesh",
             .help_en = "Fixed cost per layer per step: launching kernels, barriers.",
             .help_zh = "每步每层的固定开销：启动内核、同步屏障。", .source = ill});
    reg.add({.id = "token.mesh.step_overhead_us", .label_en = "Overhead per step", .label_zh = "每步固定开销",
             .unit = "us", .min = 0, .max = 100000, .def = 20, .group = "token.mesh",
             .help_en = "Fixed cost per step: scheduling the batch, starting the step.",
             .help_zh = "每步的固定开销：调度批次、启动这一步。", .source = ill});
}

void add_memories(ParamRegistry& reg) {
    const char* ill = "illustrative mesh + 3D-DRAM design (assumption)";
    reg.add({.id = "token.sram.kb_per_core", .label_en = "SRAM per core", .label_zh = "每核 SRAM", .unit = "KiB",
             .min = 1, .max = 1048576, .def = 1024, .scale = Scale::Log, .structural = true, .group = "token.sram",
             .help_en = "On-core memory: the fastest, smallest warehouse.",
             .help_zh = "核心内的存储：最快、最小的仓库。", .source = ill});
    reg.add({.id = "token.sram.gbs_per_core", .label_en = "SRAM bandwidth per core", .label_zh = "每核 SRAM 带宽",
             .unit = "GB/s", .min = 1, .max = 100000, .def = 256, .scale = Scale::Log, .group = "token.sram",
             .help_en = "Read bandwidth of one core's SRAM.", .help_zh = "一个核心 SRAM 的读带宽。", .source = ill});
    reg.add({.id = "token.sram.latency_ns", .label_en = "SRAM latency", .label_zh = "SRAM 延迟", .unit = "ns",
             .min = 0, .max = 1000, .def = 2, .group = "token.sram", .help_en = "First-byte latency.",
             .help_zh = "首字节延迟。", .source = ill});

    reg.add({.id = "token.dram3d.enabled", .label_en = "3D DRAM present", .label_zh = "是否有 3D DRAM", .max = 1,
             .def = 1, .integer = true, .structural = true, .group = "token.dram3d",
             .help_en = "A DRAM die bonded under the mesh: each core reads the bank right below it, with no trip across "
                        "the mesh.", .help_zh = "键合在网格下方的 DRAM：每个核心直接读正下方的存储体，不必横穿网格。",
             .source = "model choice", .choices_en = {"Off", "On"}, .choices_zh = {"关", "开"}});
    reg.add({.id = "token.dram3d.capacity_gb", .label_en = "3D DRAM capacity", .label_zh = "3D DRAM 容量",
             .unit = "GB", .min = 0.01, .max = 10000, .def = 16, .scale = Scale::Log, .structural = true,
             .group = "token.dram3d", .help_en = "Per chip.", .help_zh = "每颗芯片。", .source = ill});
    reg.add({.id = "token.dram3d.bw_tbs", .label_en = "3D DRAM bandwidth", .label_zh = "3D DRAM 带宽", .unit = "TB/s",
             .min = 0.01, .max = 1000, .def = 8, .scale = Scale::Log, .group = "token.dram3d",
             .help_en = "Per chip, summed over all cores.", .help_zh = "每颗芯片，所有核心之和。", .source = ill});
    reg.add({.id = "token.dram3d.latency_ns", .label_en = "3D DRAM latency", .label_zh = "3D DRAM 延迟", .unit = "ns",
             .min = 0, .max = 10000, .def = 40, .group = "token.dram3d", .help_en = "First-byte latency.",
             .help_zh = "首字节延迟。", .source = ill});

    reg.add({.id = "token.hbm.enabled", .label_en = "Far memory present", .label_zh = "是否有远端存储", .max = 1,
             .def = 1, .integer = true, .structural = true, .group = "token.hbm",
             .help_en = "HBM or DRAM at the chip's edge. Off for SRAM-only designs.",
             .help_zh = "芯片边缘的 HBM 或 DRAM。纯 SRAM 设计关闭。", .source = "model choice",
             .choices_en = {"Off", "On"}, .choices_zh = {"关", "开"}});
    reg.add({.id = "token.hbm.capacity_gb", .label_en = "Far memory capacity", .label_zh = "远端存储容量",
             .unit = "GB", .min = 0.01, .max = 10000, .def = 96, .scale = Scale::Log, .structural = true,
             .group = "token.hbm", .help_en = "Per chip.", .help_zh = "每颗芯片。", .source = ill});
    // Down to 0.1 GB/s: a software GPU's, as a measurement of this computer may give (measured_machine.h).
    reg.add({.id = "token.hbm.kind", .label_en = "Far memory kind", .label_zh = "远端存储类型", .max = 4, .def = 0,
             .integer = true, .group = "token.hbm",
             .help_en = "What the map and the headline call the far memory; it changes no figure (capacity, bandwidth and "
                        "latency do).",
             .help_zh = "地图和标题怎样称呼远端存储；它不改变任何数字（容量、带宽和延迟才会）。",
             .source = "the hardware preset's datasheet",
             .choices_en = {"HBM or DRAM", "GDDR6X", "This computer's memory", "LPDDR5 unified memory", "GDDR6"},
             .choices_zh = {"HBM 或 DRAM", "GDDR6X", "本机内存", "LPDDR5 统一内存", "GDDR6"}});
    reg.add({.id = "token.hbm.bw_gbs", .label_en = "Far memory bandwidth", .label_zh = "远端存储带宽", .unit = "GB/s",
             .min = 0.1, .max = 100000, .def = 3350, .scale = Scale::Log, .group = "token.hbm",
             .help_en = "Per chip, peak.", .help_zh = "每颗芯片，峰值。", .source = ill});
    reg.add({.id = "token.hbm.latency_ns", .label_en = "Far memory latency", .label_zh = "远端存储延迟", .unit = "ns",
             .min = 0, .max = 10000, .def = 500, .group = "token.hbm", .help_en = "First-byte latency.",
             .help_zh = "首字节延迟。",
             .source = "order of magnitude of HBM load latency measured on GPUs (assumption)"});
}

void add_links_host(ParamRegistry& reg) {
    const char* pcie4 = "PCI Express 4.0 x16: 31.5 GB/s per direction; latency assumed";
    reg.add({.id = "token.links.h2d_latency_us", .label_en = "Host-to-device latency", .label_zh = "主机到芯片延迟",
             .unit = "us", .min = 0, .max = 1000, .def = 5, .group = "token.h2d",
             .help_en = "Latency of one transfer to the device (driver and PCIe).",
             .help_zh = "一次送往芯片的传输延迟（驱动与 PCIe）。", .source = pcie4});
    reg.add({.id = "token.links.h2d_gbs", .label_en = "Host-to-device bandwidth", .label_zh = "主机到芯片带宽",
             .unit = "GB/s", .min = 0.1, .max = 1000, .def = 31.5, .scale = Scale::Log, .group = "token.h2d",
             .help_en = "Also the path for anything spilled to host memory.",
             .help_zh = "溢出到主机内存的数据也走这条路。", .source = pcie4});
    reg.add({.id = "token.links.d2h_latency_us", .label_en = "Device-to-host latency", .label_zh = "芯片到主机延迟",
             .unit = "us", .min = 0, .max = 1000, .def = 5, .group = "token.d2h",
             .help_en = "Latency of one transfer back to the host.", .help_zh = "一次传回主机的传输延迟。",
             .source = pcie4});
    reg.add({.id = "token.links.d2h_gbs", .label_en = "Device-to-host bandwidth", .label_zh = "芯片到主机带宽",
             .unit = "GB/s", .min = 0.1, .max = 1000, .def = 31.5, .scale = Scale::Log, .group = "token.d2h",
             .help_en = "Back to the host.", .help_zh = "回到主机的带宽。", .source = pcie4});

    reg.add({.id = "token.host.tokenizer_us", .label_en = "Tokenizer cost", .label_zh = "分词耗时", .unit = "us/tok",
             .min = 0.01, .max = 1000, .def = 1, .scale = Scale::Log, .group = "token.tokenizer",
             .help_en = "CPU time to tokenize one prompt token.", .help_zh = "CPU 切分一个提示词元的时间。",
             .source = ASSUMED});
    reg.add({.id = "token.host.detok_us", .label_en = "Detokenizer cost", .label_zh = "逆分词耗时", .unit = "us/tok",
             .min = 0.01, .max = 1000, .def = 2, .scale = Scale::Log, .group = "token.detok",
             .help_en = "CPU time to turn one output token back into bytes.",
             .help_zh = "CPU 把一个输出词元还原成字节的时间。", .source = ASSUMED});
    reg.add({.id = "token.host.detok_mode", .label_en = "Detokenizer mode", .label_zh = "逆分词方式", .max = 1,
             .def = 0, .integer = true, .group = "token.detok",
             .help_en = "Naive re-decoding decodes the whole answer again for every token: its cost grows with the answer.",
             .help_zh = "朴素重解码每来一个词元就把整段回答重新解码一遍：代价随回答变长而增长。",
             .source = "model choice", .choices_en = {"Incremental", "Naive re-decode"},
             .choices_zh = {"增量", "朴素重解码"}});
    reg.add({.id = "token.host.sampler_device_us", .label_en = "Sampler time on device", .label_zh = "芯片上采样耗时",
             .unit = "us", .min = 0, .max = 10000, .def = 20, .group = "token.sampler",
             .help_en = "Per step: softmax, top-k/top-p and the draw, on the chip.",
             .help_zh = "每步在芯片上做 softmax、top-k/top-p 与抽样的时间。", .source = ASSUMED});
    reg.add({.id = "token.host.sampler_host_us", .label_en = "Sampler time on host", .label_zh = "主机上采样耗时",
             .unit = "us/tok", .min = 0, .max = 10000, .def = 30, .group = "token.sampler",
             .help_en = "Per token, when sampling runs on the CPU.", .help_zh = "在 CPU 上采样时，每个词元的耗时。",
             .source = ASSUMED});
    reg.add({.id = "token.host.cv", .label_en = "Host variability (CV)", .label_zh = "主机波动（变异系数）",
             .unit = "", .min = 0, .max = 3, .def = 0.3, .group = "token.host",
             .help_en = "Coefficient of variation of every host-side time (lognormal).",
             .help_zh = "主机侧各项耗时的变异系数（对数正态）。", .source = ASSUMED});
    reg.add({.id = "token.host.hiccup_prob", .label_en = "Host hiccup probability", .label_zh = "主机卡顿概率",
             .unit = "", .min = 0, .max = 0.2, .def = 0.002, .group = "token.host",
             .help_en = "Chance that a host task is delayed by a pause (scheduler, garbage collection).",
             .help_zh = "主机任务被一次停顿（调度、垃圾回收）拖慢的概率。", .source = ASSUMED});
    reg.add({.id = "token.host.hiccup_ms", .label_en = "Host hiccup length", .label_zh = "主机卡顿时长", .unit = "ms",
             .min = 0, .max = 200, .def = 5, .group = "token.host", .help_en = "Length of such a pause.",
             .help_zh = "这种停顿的时长。", .source = ASSUMED});
    reg.add({.id = "token.host.flush_ms", .label_en = "Screen flush latency", .label_zh = "屏幕刷新延迟",
             .unit = "ms", .min = 0, .max = 1000, .def = 2, .group = "token.screen",
             .help_en = "From released text to pixels: streaming to the client and drawing.",
             .help_zh = "从放出文字到显示：流式传给客户端并绘制。", .source = ASSUMED});
}

void add_spec_energy_view(ParamRegistry& reg) {
    reg.add({.id = "token.spec.draft_k", .label_en = "Draft length k", .label_zh = "草稿长度 k", .unit = "tok",
             .min = 0, .max = 16, .def = 0, .integer = true, .structural = true, .group = "token.spec",
             .help_en = "Tokens a small draft model proposes before each verify step (0 = off).",
             .help_zh = "每次验证前小草稿模型提出的词元数（0 为关闭）。", .source = ASSUMED});
    reg.add({.id = "token.spec.alpha", .label_en = "Acceptance rate", .label_zh = "接受率", .unit = "", .min = 0,
             .max = 1, .def = 0.7, .group = "token.spec",
             .help_en = "Chance that each draft token is accepted; the first rejection ends the run.",
             .help_zh = "每个草稿词元被接受的概率；第一次拒绝即结束这一串。", .source = ASSUMED});
    reg.add({.id = "token.spec.draft_ratio", .label_en = "Draft cost ratio", .label_zh = "草稿代价比", .unit = "",
             .min = 0.001, .max = 1, .def = 0.1, .scale = Scale::Log, .group = "token.spec",
             .help_en = "Time of one draft step as a fraction of one target decode step.",
             .help_zh = "一次草稿步的耗时占目标模型一次解码步的比例。", .source = ASSUMED});

    const char* hz = "order of magnitude from Horowitz, ISSCC 2014 (45 nm), for teaching";
    reg.add({.id = "token.energy.sram_pj", .label_en = "SRAM read energy", .label_zh = "SRAM 读能耗",
             .unit = "pJ/bit", .min = 0.01, .max = 100, .def = 0.2, .scale = Scale::Log, .group = "token.energy",
             .help_en = "Per bit read.", .help_zh = "每读一位。", .source = hz});
    reg.add({.id = "token.energy.dram3d_pj", .label_en = "3D DRAM read energy", .label_zh = "3D DRAM 读能耗",
             .unit = "pJ/bit", .min = 0.01, .max = 100, .def = 1, .scale = Scale::Log, .group = "token.energy",
             .help_en = "Per bit read.", .help_zh = "每读一位。",
             .source = "assumption: short vertical wires, a few times below HBM"});
    reg.add({.id = "token.energy.hbm_pj", .label_en = "Far memory read energy", .label_zh = "远端存储读能耗",
             .unit = "pJ/bit", .min = 0.01, .max = 100, .def = 3.9, .scale = Scale::Log, .group = "token.energy",
             .help_en = "Per bit read.", .help_zh = "每读一位。",
             .source = "HBM2 about 3.9 pJ/bit (O'Connor et al., MICRO 2017)"});
    reg.add({.id = "token.energy.host_mem_pj", .label_en = "Host memory read energy", .label_zh = "主机内存读能耗",
             .unit = "pJ/bit", .min = 0.01, .max = 1000, .def = 25, .scale = Scale::Log, .group = "token.energy",
             .help_en = "Per bit read from host DRAM and carried over the host link.",
             .help_zh = "从主机 DRAM 读出并经主机链路传来的每一位。",
             .source = "DDR access plus PCIe, order of magnitude (assumption)"});
    reg.add({.id = "token.energy.noc_pj", .label_en = "NoC energy per hop", .label_zh = "片上网络每跳能耗",
             .unit = "pJ/bit", .min = 0.001, .max = 10, .def = 0.1, .scale = Scale::Log, .group = "token.energy",
             .help_en = "Per bit per router hop.", .help_zh = "每位每经过一个路由器。",
             .source = "about 0.1 pJ/bit/mm on-chip wires (Dally), one hop ~ 1 mm (assumption)"});
    reg.add({.id = "token.energy.chip_link_pj", .label_en = "Chip link energy", .label_zh = "芯片间链路能耗",
             .unit = "pJ/bit", .min = 0.01, .max = 100, .def = 5, .scale = Scale::Log, .group = "token.energy",
             .help_en = "Per bit between chips.", .help_zh = "芯片之间每传一位。",
             .source = "SerDes links, order of magnitude (assumption)"});
    reg.add({.id = "token.energy.host_link_pj", .label_en = "Host link energy", .label_zh = "主机链路能耗",
             .unit = "pJ/bit", .min = 0.01, .max = 100, .def = 5, .scale = Scale::Log, .group = "token.energy",
             .help_en = "Per bit over PCIe.", .help_zh = "PCIe 上每传一位。",
             .source = "PCIe SerDes, order of magnitude (assumption)"});
    reg.add({.id = "token.energy.flop_pj", .label_en = "Energy per FLOP", .label_zh = "每次浮点运算能耗",
             .unit = "pJ", .min = 0.001, .max = 100, .def = 0.5, .scale = Scale::Log, .group = "token.energy",
             .help_en = "Per 16-bit floating-point operation.", .help_zh = "每次 16 比特浮点运算。", .source = hz});

    reg.add({.id = "token.view.parcel_mb", .label_en = "Bytes per drawn parcel", .label_zh = "每个包裹代表的字节",
             .unit = "MB", .min = 0.01, .max = 65536, .def = 64, .group = "token.view",
             .help_en = "Weight and KV fetches are drawn as parcels of this many bytes.",
             .help_zh = "权重和 KV 的搬运按每个包裹这么多字节来画。", .source = "display choice"});
    reg.add({.id = "token.view.headline_phase", .label_en = "Headline measures", .label_zh = "标题衡量的阶段", .max = 2,
             .def = 0, .integer = true, .group = "token.view",
             .help_en = "Which steps the bottleneck and the busy shares are measured over: the phase of the step under way, "
                        "or always decode steps, or always prefill steps (to watch one phase while new prompts keep "
                        "arriving).",
             .help_zh = "瓶颈和利用率按哪一类步来衡量：正在进行的那一步所属的阶段，或始终是解码步，或始终是预填充步"
                        "（新提示不断到来时，仍只看其中一个阶段）。",
             .source = "display choice", .choices_en = {"Step under way", "Decode steps", "Prefill steps"},
             .choices_zh = {"正在进行的步", "解码步", "预填充步"}});
}

using PV = std::vector<std::pair<std::string, double>>;

// A hardware preset sets every hardware parameter, so switching presets never
// leaves a figure from the previous chip behind.
struct HwFig {
    int x, y, chips;
    double core_tflops, sram_kb, sram_gbs, dram3d_on, dram3d_gb, dram3d_tbs, hbm_on, hbm_gb, hbm_gbs, hbm_ns,
        noc_hop_ns, noc_gbs, chip_us, chip_gbs, h2d_gbs;
    int placement;  // GPUs: SRAM as scratch (their SRAM is caches); mesh designs: weights first
    int form;       // StepForm: GPUs per operator (2), dataflow machines overlapped (0)
    double fp8_x, fp4_x;           // 8- and 4-bit peak over the 16-bit peak (0: no such format)
    double static_w;               // idle/board power per chip
    double sram_eff, dram3d_eff, hbm_eff, compute_eff;
    int pp_stages, regions;        // clamped to the chips and to the layers a chip holds
    double dequant_flops = 0;  // widening a narrow weight (none by default)
    double mem_kind = 0;       // token.hbm.kind: 1 GDDR6X (the GeForce cards), 2 this computer's memory, 3 LPDDR5
                               // unified memory (Apple's laptops), 4 GDDR6 (the Tenstorrent boards), else HBM or DRAM
};

PV hw_values(const HwFig& f) {
    return {{"token.mesh.x", f.x},
            {"token.mesh.y", f.y},
            {"token.mesh.chips", f.chips},
            {"token.mesh.core_tflops", f.core_tflops},
            {"token.sram.kb_per_core", f.sram_kb},
            {"token.sram.gbs_per_core", f.sram_gbs},
            {"token.dram3d.enabled", f.dram3d_on},
            {"token.dram3d.capacity_gb", f.dram3d_gb},
            {"token.dram3d.bw_tbs", f.dram3d_tbs},
            {"token.hbm.enabled", f.hbm_on},
            {"token.hbm.capacity_gb", f.hbm_gb},
            {"token.hbm.bw_gbs", f.hbm_gbs},
            {"token.hbm.latency_ns", f.hbm_ns},
            {"token.mesh.noc_hop_ns", f.noc_hop_ns},
            {"token.mesh.noc_link_gbs", f.noc_gbs},
            {"token.mesh.chip_link_us", f.chip_us},
            {"token.mesh.chip_link_gbs", f.chip_gbs},
            {"token.links.h2d_gbs", f.h2d_gbs},
            {"token.links.d2h_gbs", f.h2d_gbs},
            {"token.run.placement", f.placement},
            {"token.run.overlap", f.form},
            {"token.mesh.fp8_x", f.fp8_x},
            {"token.mesh.fp4_x", f.fp4_x},
            {"token.energy.static_w", f.static_w},
            {"token.sram.bw_eff", f.sram_eff},
            {"token.dram3d.bw_eff", f.dram3d_eff},
            {"token.mesh.bw_eff", f.hbm_eff},
            {"token.mesh.compute_eff", f.compute_eff},
            {"token.mesh.pp_stages", f.pp_stages},
            {"token.mesh.regions", f.regions},
            {"token.mesh.dequant_flops", f.dequant_flops},
            {"token.hbm.kind", f.mem_kind}};
}

// A serving stack: how the software runs the chip, apart from the chip itself. Its
// launches (a time per operation, hidden or not under the device's work, and the least
// time of one operation) and its fixed costs per layer and per step. The achieved
// bandwidth and compute fractions stay with the hardware (its memory kind under the
// stacks its published figures ran): no published pair here runs two stacks on one
// board at a precision that would tell their fractions apart.
struct StackFig {
    std::string id, en, zh, source;
    double layer_us, step_us, op_us, ops_per_layer, dispatch_overlap, op_floor_us;
    double mesh_reduce = 0;  // token.serve.mesh_reduce: 1 splits a reduction over the mesh's rows
};

const std::vector<StackFig>& stack_figs() {
    static const std::vector<StackFig> list = {
        {"stack.gpu_graphs", "GPU engine (TensorRT-LLM, vLLM, SGLang, MLC, llama.cpp)",
         "GPU 推理引擎（TensorRT-LLM、vLLM、SGLang、MLC、llama.cpp）",
         "The GPU engines queue a step's kernels ahead of the device (TensorRT-LLM, vLLM and SGLang capture their decode "
         "steps as CUDA graphs; MLC LLM compiles them), so a launch costs only what the device's work does not cover. "
         "Per-layer 5 us (the gaps a few kernels a layer leave on the device, also where a stack launches them one by "
         "one, as llama.cpp did in 2023) and per-step 20 us (the scheduler's share of a step) are assumptions. The published figures here (TensorRT-LLM, NIM, vLLM, LMDeploy, gpt-fast, llama.cpp, MLC LLM, "
         "ExLlama; Apple's GPU under MLC and WebLLM) do not tell these engines apart at the model's precision, so one "
         "set of figures serves them all; vLLM on ROCm (AMD's GPUs) takes them too, an assumption: the one ROCm figure "
         "here (AMD's Llama-3.1-70B on eight MI300X at batch 1) takes 1.8 times the model's time.",
         5, 20, 0, 16, 1, 0},
        {"stack.tt_metal", "tt-metal (tt_transformers)", "tt-metal（tt_transformers）",
         "tt_transformers runs 19-21 operations a decode layer (counted in models/tt_transformers/tt/decoder.py, "
         "attention.py and mlp.py, 2025: the five weight matrices, attention and small ones), 20 here, each taking at "
         "least the least time of one operation (tt_op_us, fitted to tt-metal's own tables: token-journey-cli fidelity "
         "--fit); traced, so launches hide under the device's work. Per-layer 5 us and per-step 50 us are assumptions.",
         5, 50, 0, 20, 1, fitted_value("tt_op_us")},
        {"stack.tt_galaxy", "tt-metal Galaxy demo (fused, 32 chips)", "tt-metal Galaxy 演示（融合算子，32 颗芯片）",
         "tt-metal's Galaxy demo (models/demos/llama3_subdevices, traced, fused operations over 32 chips): its decoder's "
         "device-perf targets (tests/test_decoder_device_perf.py, 2025) list 23 operations a layer with 0.6-1.0 us "
         "between one and the next on the device: 23 operations, 0.7 us each, not hidden under the device's work (the "
         "gap is the device's idle time); the least time of an operation is its shortest kernel there, the residual "
         "add's 1.05 us. Per-layer 5 us and per-step 50 us are assumptions, as tt_transformers'.",
         5, 50, 0.7, 23, 0, 1.05},
        {"stack.groq", "Groq's compiler (statically scheduled)", "Groq 编译器（静态调度）",
         "Groq's compiler schedules every operation ahead of time, so nothing is launched while a token runs; per-layer "
         "0.5 us and per-step 10 us are assumptions.",
         0.5, 10, 0, 16, 1, 0},
        {"stack.cerebras_2024_08", "Cerebras Inference (Aug 2024)", "Cerebras Inference（2024 年 8 月）",
         "Cerebras Inference as launched (27 Aug 2024): the time per layer beyond the modelled reductions and reads "
         "(control, attention, the datasheet's unknowns) fitted to its Llama-3.1-8B and 70B speeds (cerebras_layer_us, "
         "token-journey-cli fidelity --fit); per-step 10 us is an assumption.",
         fitted_value("cerebras_layer_us"), 10, 0, 16, 1, 0},
        {"stack.cerebras_2024_10", "Cerebras Inference (Oct 2024)", "Cerebras Inference（2024 年 10 月）",
         "Cerebras Inference after its software update of October 2024 (Cerebras, 24 Oct 2024: Llama-3.1-70B at 2,100 "
         "tok/s, three times its launch speed on the same systems): the time per layer fitted to that figure "
         "(cerebras_oct_layer_us, token-journey-cli fidelity --fit); per-step 10 us is an assumption. Cerebras did not "
         "say what changed. The model assumes the update splits each layer's reductions over the wafer's rows "
         "(Reductions on the mesh): at launch the time per layer grew with the model's width, as whole-vector "
         "reductions do (about 17 us a layer for 8B, 27 us for 70B); the rest is in the time per layer.",
         fitted_value("cerebras_oct_layer_us"), 10, 0, 16, 1, 0, 1},
        {"stack.dataflow_illustrative", "Compiled dataflow program (illustrative)", "编译好的数据流程序（示意）",
         "Illustrative, not a product: a compiled program streams each layer through the mesh; per-layer 2 us and "
         "per-step 20 us are assumptions.",
         2, 20, 0, 16, 1, 0},
    };
    return list;
}

PV stack_values(const StackFig& s) {
    return {{"token.mesh.layer_overhead_us", s.layer_us},   {"token.mesh.step_overhead_us", s.step_us},
            {"token.serve.op_dispatch_us", s.op_us},        {"token.serve.ops_per_layer", s.ops_per_layer},
            {"token.serve.dispatch_overlap", s.dispatch_overlap}, {"token.serve.op_floor_us", s.op_floor_us},
            {"token.serve.mesh_reduce", s.mesh_reduce}};
}

const StackFig& stack_fig(const std::string& id) {
    for (const StackFig& s : stack_figs())
        if (s.id == id) return s;
    throw std::logic_error("no stack preset " + id);
}

// Number formats: the weights' bits as served, scales included (a block format's shared
// scale is bytes too), and the format the multiplies run in. Picked after a model preset
// (which serves its weights in BF16).
struct FormatFig {
    const char* id;
    const char* en;
    const char* zh;
    const char* source;
    double weight_bits;
    int act_format;  // token.model.act_format: 0 16-bit, 1 8-bit, 2 4-bit multiplies
};

const FormatFig kFormats[] = {
    {"format.bf16", "BF16 (16-bit)", "BF16（16 比特）",
     "bfloat16: 1 sign, 8 exponent and 7 mantissa bits, 2 bytes a weight; multiplies in 16 bits.", 16, 0},
    {"format.fp8", "FP8 (weights and multiplies)", "FP8（权重与乘法）",
     "OCP 8-bit Floating Point Specification (OFP8) 1.0 (2023): E4M3 and E5M2, 1 byte a weight; a scale per tensor "
     "(a few bytes: not counted). Multiplies in 8 bits where the chip has them, else widened to 16.",
     8, 1},
    {"format.mxfp4", "MXFP4 (32 weights share a scale)", "MXFP4（每 32 个权重共享一个缩放）",
     "OCP Microscaling Formats (MX) Specification 1.0 (Sept 2023): blocks of 32 FP4 (E2M1) elements share one 8-bit "
     "(E8M0) scale, 4 + 8/32 = 4.25 bits a weight. Multiplies in 4 bits where the chip has them, else widened to the "
     "next format it has.",
     4.25, 2},
    {"format.nvfp4", "NVFP4 (16 weights share a scale)", "NVFP4（每 16 个权重共享一个缩放）",
     "NVIDIA, Introducing NVFP4 for efficient and accurate low-precision inference (technical blog, June 2025): blocks "
     "of 16 FP4 (E2M1) values share one FP8 (E4M3) scale, plus one FP32 scale per tensor: 4 + 8/16 = 4.5 bits a weight. "
     "Multiplies in 4 bits on Blackwell, else widened to the next format the chip has.",
     4.5, 2},
    {"format.q8_0", "llama.cpp Q8_0 (8-bit weights, 16-bit math)", "llama.cpp Q8_0（8 比特权重，16 比特运算）",
     "ggml's block_q8_0 (llama.cpp, ggml-common.h): 32 8-bit weights and one FP16 scale in 34 bytes, 8.5 bits a "
     "weight; widened to 16 bits as they are read.",
     8.5, 0},
    {"format.q4_0", "llama.cpp Q4_0 (4-bit weights, 16-bit math)", "llama.cpp Q4_0（4 比特权重，16 比特运算）",
     "ggml's block_q4_0 (llama.cpp, ggml-common.h): 32 4-bit weights and one FP16 scale in 18 bytes, 4.5 bits a "
     "weight; widened to 16 bits as they are read.",
     4.5, 0},
};

void add_format_presets(ParamRegistry& reg) {
    for (const FormatFig& f : kFormats)
        reg.preset({f.id, f.en, f.zh, "format", f.source,
                    {{"token.model.weight_bits", f.weight_bits}, {"token.model.act_format", double(f.act_format)}}});
}

void add_stack_presets(ParamRegistry& reg) {
    for (const StackFig& s : stack_figs()) reg.preset({s.id, s.en, s.zh, "stack", s.source, stack_values(s)});
}

// A hardware preset comes with its usual stack, so picking a board never runs it under
// another vendor's stack; the stack picker changes the stack afterwards.
void add_hw(ParamRegistry& reg, const char* id, const char* en, const char* zh, const char* source, const HwFig& f,
            const char* stack) {
    reg.preset({id, en, zh, "hardware", std::string(source) + " Usual stack: " + stack_fig(stack).en + ".", hw_values(f),
                stack});
}

void add_hardware_presets(ParamRegistry& reg) {
    // Fitted constants (core/token/fitted_constants.h; their rows are in tests/fidelity/published.tsv).
    const double GPU_COMPUTE_EFF = fitted_value("gpu_compute_eff");  // TensorRT-LLM's 2,048-token A100 prefill
    const double HBM_EFF = fitted_value("hbm_bw_eff");               // A100 and H100 decode (HBM2e, HBM3)
    const double CEREBRAS_HOP_US = 20;  // the hop between systems: an assumption
    const double GROQ_LINK_US = fitted_value("groq_link_us");        // Groq's Llama-3.1 8B and 70B speeds
    // tt-metal tech report Saturating DRAM bandwidth (tech_reports/Saturating_DRAM_bandwidth, Sept 2024):
    // Llama3-70B decode matmuls on Wormhole reach 239-260 GB/s of 288; the lower, measured, not fitted.
    const double TT_GDDR_EFF = 0.83;
    const double TT_COMPUTE_EFF = fitted_value("tt_compute_eff");    // tt-metal's 128-token prefill on n150
    const double TT_LINK_US = fitted_value("tt_link_us");            // tt-metal's all-reduce round on n300
    const double GDDR_EFF = fitted_value("gddr_bw_eff");             // RTX 3090 and 4090 decodes
    const double GEFORCE_WIDEN = fitted_value("geforce_dequant_flops");  // their 4-bit decodes
    const double APPLE_EFF = fitted_value("apple_bw_eff");           // MLC-LLM's Llama-3.1-8B on an M3 Max
    const char* gpu_overhead =
        " Step form: per operator (kernels one after another). One achieved HBM fraction for HBM2e, HBM3 and "
        "HBM3e, fitted to LMDeploy's and gpt-fast's A100 decodes, TensorRT-LLM's 128-token A100 prefill, NeMo's H100 "
        "decode, NIM's decode on two H100s and TensorRT-LLM's speculative run on an H200; "
        "achieved compute fraction fitted to TensorRT-LLM's 128- and 2,048-token A100 prefills (token-journey-cli "
        "fidelity --fit; values in core/token/fitted_constants.cpp). The idle board power (static power) is an "
        "assumption. Mesh drawn from the SM count; SRAM per core "
        "= (L2 + shared memory) / SMs.";
    add_hw(reg, "hw.mesh3d", "Mesh + 3D DRAM (illustrative)", "网格 + 3D DRAM（示意）",
           "Illustrative design, not a product: 16x16 cores of 2 TFLOP/s and 1 MB SRAM, 16 GB 3D DRAM at 8 TB/s "
           "under the mesh, 96 GB HBM3 at 3.35 TB/s at the edge.",
           {16, 16, 1, 2, 1024, 256, 1, 16, 8, 1, 96, 3350, 500, 1, 128, 1, 100, 31.5, 0, 0, 2, 0, 60, 0.9, 0.65,
            0.65, 0.6, 1, 1}, "stack.dataflow_illustrative");
    add_hw(reg, "hw.a100_80gb", "NVIDIA A100-80GB SXM", "NVIDIA A100-80GB SXM",
           (std::string("NVIDIA A100 datasheet: 80 GB HBM2e at 2,039 GB/s, 312 TFLOPS dense FP16/BF16, 108 SMs, "
                        "40 MB L2, 192 KB L1/shared per SM, PCIe Gen4 31.5 GB/s, NVLink 600 GB/s; INT8 624 and INT4 1,248 TOPS "
                        "dense (8-bit: 2x, 4-bit: 4x; no FP8).") +
            gpu_overhead).c_str(),
           {12, 9, 1, 312.0 / 108, (40960 + 108 * 192) / 108.0, 180, 0, 16, 8, 1, 80, 2039, 500, 2, 256, 3, 300, 31.5,
            2, 2, 2, 4, 60, 0.9, 0.65, HBM_EFF, GPU_COMPUTE_EFF, 1, 1}, "stack.gpu_graphs");
    add_hw(reg, "hw.h100_sxm", "NVIDIA H100 SXM", "NVIDIA H100 SXM",
           (std::string("NVIDIA H100 datasheet (SXM5): 80 GB HBM3 at 3.35 TB/s, 989 TFLOPS dense BF16, 132 SMs, "
                        "50 MB L2, 228 KB shared per SM, PCIe Gen5 63 GB/s, NVLink 900 GB/s; FP8 1,979 TFLOPS dense (2x; no "
                        "FP4).") +
            gpu_overhead).c_str(),
           {12, 11, 1, 989.0 / 132, (51200 + 132 * 228) / 132.0, 256, 0, 16, 8, 1, 80, 3350, 500, 2, 384, 3, 450, 63,
            2, 2, 2, 0, 70, 0.9, 0.65, HBM_EFF, GPU_COMPUTE_EFF, 1, 1}, "stack.gpu_graphs");
    add_hw(reg, "hw.h200", "NVIDIA H200 SXM", "NVIDIA H200 SXM",
           (std::string("NVIDIA H200 datasheet: 141 GB HBM3e at 4.8 TB/s, 989 TFLOPS dense BF16 (H100 compute), "
                        "132 SMs, NVLink 900 GB/s, PCIe Gen5; FP8 2x BF16, no FP4.") +
            gpu_overhead).c_str(),
           {12, 11, 1, 989.0 / 132, (51200 + 132 * 228) / 132.0, 256, 0, 16, 8, 1, 141, 4800, 500, 2, 512, 3, 450, 63,
            2, 2, 2, 0, 75, 0.9, 0.65, HBM_EFF, GPU_COMPUTE_EFF, 1, 1}, "stack.gpu_graphs");
    add_hw(reg, "hw.b200", "NVIDIA B200", "NVIDIA B200",
           (std::string("NVIDIA HGX B200 datasheet: 8 GPUs with 1,440 GB HBM3e and 64 TB/s, i.e. 180 GB at 8 TB/s "
                        "each; 2.25 PFLOPS dense FP16/BF16 per GPU (half the sparse figure), FP8 4.5 and FP4 9 PFLOPS dense; "
                        "NVLink 5 1.8 TB/s. "
                        "Drawn as 12x12 cores; SRAM per core ~1.3 MB is an assumption.") +
            gpu_overhead).c_str(),
           {12, 12, 1, 2250.0 / 144, 1300, 300, 0, 16, 8, 1, 180, 8000, 500, 2, 768, 3, 900, 63, 2, 2, 2, 4, 140, 0.9,
            0.65, HBM_EFF, GPU_COMPUTE_EFF, 1, 1}, "stack.gpu_graphs");
    add_hw(reg, "hw.h100_pcie", "NVIDIA H100 PCIe", "NVIDIA H100 PCIe",
           (std::string("NVIDIA H100 datasheet (PCIe): 80 GB HBM2e at 2,000 GB/s, 756 TFLOPS dense BF16 (1,513 with "
                        "sparsity), 114 SMs, 50 MB L2, 228 KB shared per SM, PCIe Gen5 128 GB/s both ways, NVLink "
                        "bridge 600 GB/s, 300-350 W; FP8 2x, no FP4. Drawn as 12x10 cores (the totals divided by 120).") +
            gpu_overhead).c_str(),
           {12, 10, 1, 756.0 / 120, (51200 + 114 * 228) / 120.0, 256, 0, 16, 8, 1, 80, 2000, 500, 2, 384, 3, 300, 63,
            2, 2, 2, 0, 50, 0.9, 0.65, HBM_EFF, GPU_COMPUTE_EFF, 1, 1}, "stack.gpu_graphs");
    add_hw(reg, "hw.mi300x", "AMD Instinct MI300X", "AMD Instinct MI300X",
           "AMD Instinct MI300X data sheet (2023): 192 GB HBM3 at 5.3 TB/s, 1,307.4 TFLOPS dense FP16/BF16 (2,614.9 "
           "with sparsity), FP8 2x, 304 compute units, 256 MB Infinity Cache (17 TB/s peak, AMD's launch slides), "
           "64 KB LDS per CU and 4 MB L2 per XCD, Infinity Fabric 896 GB/s to seven peers (448 GB/s each way here), "
           "PCIe Gen5 x16, 750 W. Drawn as 16x19 cores, one a compute unit. Stack: the NVIDIA GPUs' achieved HBM and "
           "compute fractions and overheads stand in (assumptions); the one ROCm figure here, AMD's own Llama-3.1-70B "
           "in FP8 on eight MI300X at batch 1 (vLLM, July 2025), takes 1.8 times the model's time. "
           "The idle power 100 W is an assumption.",
           {16, 19, 1, 1307.4 / 304, (262144 + 8 * 4096 + 304 * 64) / 304.0, 17000.0 / 304, 0, 16, 8, 1, 192, 5300,
            500, 2, 384, 3, 448, 63, 2, 2, 2, 0, 100, 0.9, 0.65, HBM_EFF, GPU_COMPUTE_EFF, 1, 1}, "stack.gpu_graphs");
    const char* geforce =
        " Memory kind GDDR6X: its own achieved fraction (gddr_bw_eff, fitted to the decode of llama.cpp on an RTX "
        "3090 and of MLC LLM and ExLlama on an RTX 4090), the compute fraction as the other GPUs'. Step form per operator; chip links over PCIe 4.0 (5 us, "
        "31.5 GB/s) and the idle power are assumptions; the work "
        "to widen a 4-bit weight (geforce_dequant_flops) is fitted to their 4-bit decodes. SRAM per "
        "core = (L2 + L1 per SM x SMs) / cores drawn.";
    add_hw(reg, "hw.rtx3090", "NVIDIA GeForce RTX 3090", "NVIDIA GeForce RTX 3090",
           (std::string("NVIDIA Ampere GA102 GPU architecture whitepaper (2020): GeForce RTX 3090, 82 SMs, 24 GB GDDR6X "
                        "at 936 GB/s, 6 MB L2, 128 KB L1 per SM, 71 TFLOPS dense FP16 tensor with FP32 accumulate "
                        "(INT8 2x, INT4 4x; no FP8); PCIe 4.0 x16. Drawn as 9x9 cores.") +
            geforce).c_str(),
           {9, 9, 1, 71.0 / 81, (6144 + 82 * 128) / 81.0, 180, 0, 16, 8, 1, 24, 936, 500, 2, 256, 5, 31.5, 31.5, 2, 2,
            2, 4, 30, 0.9, 0.65, GDDR_EFF, GPU_COMPUTE_EFF, 1, 1, GEFORCE_WIDEN, 1}, "stack.gpu_graphs");
    add_hw(reg, "hw.rtx4090", "NVIDIA GeForce RTX 4090", "NVIDIA GeForce RTX 4090",
           (std::string("NVIDIA Ada GPU architecture whitepaper (2022): GeForce RTX 4090, 128 SMs, 24 GB GDDR6X at "
                        "1,008 GB/s, 72 MB L2, 128 KB L1 per SM, 165.2 TFLOPS dense FP16 tensor with FP32 accumulate, "
                        "FP8 2x; PCIe 4.0 x16. Drawn as 16x8 cores.") +
            geforce).c_str(),
           {16, 8, 1, 165.2 / 128, (73728 + 128 * 128) / 128.0, 256, 0, 16, 8, 1, 24, 1008, 500, 2, 256, 5, 31.5,
            31.5, 2, 2, 2, 0, 30, 0.9, 0.65, GDDR_EFF, GPU_COMPUTE_EFF, 1, 1, GEFORCE_WIDEN, 1}, "stack.gpu_graphs");
    add_hw(reg, "hw.l40s", "NVIDIA L40S", "NVIDIA L40S",
           (std::string("NVIDIA L40S datasheet: 48 GB GDDR6 with ECC at 864 GB/s, 362 TFLOPS dense BF16 (733 with "
                        "sparsity), FP8 2x, 142 SMs (Ada), PCIe Gen4 x16 64 GB/s both ways, no NVLink, 350 W. Memory "
                        "kind GDDR6. Drawn as 12x12 cores; 128 KB L1 per SM and a 48 MB L2 (an assumption: the datasheet "
                        "gives none) divided among them.") +
            geforce).c_str(),
           {12, 12, 1, 362.05 / 144, (49152 + 142 * 128) / 144.0, 256, 0, 16, 8, 1, 48, 864, 500, 2, 256, 5, 31.5,
            31.5, 2, 2, 2, 0, 35, 0.9, 0.65, GDDR_EFF, GPU_COMPUTE_EFF, 1, 1, GEFORCE_WIDEN, 4}, "stack.gpu_graphs");
    add_hw(reg, "hw.groq_lpu", "Groq LPU (SRAM only, 576 chips)", "Groq LPU（纯 SRAM，576 颗）",
           "Groq GroqChip (Groq, 2024; TechPowerUp): 230 MB SRAM per chip at 80 TB/s, 188 TFLOPS FP16 and 750 "
           "TOPS INT8 (4x), no DRAM; drawn as 8x8 tiles per chip. 576 chips: the system Groq ran Llama-2-70B on. "
           "Assumptions: weights served in 8 bits (576 x 230 MB = 132 GB does not hold 70B in 16 bits); 8 "
           "pipeline stages (one rack each) of 72 chips in tensor parallel; chip-link latency per "
           "all-reduce round fitted to Groq's Llama-3.1 8B and 70B speeds (Artificial Analysis, 2024), bandwidth "
           "50 GB/s per chip; board power 200 W.",
           {8, 8, 576, 188.0 / 64, 230e6 / 1024 / 64, 80000.0 / 64, 0, 16, 8, 0, 96, 3350, 500, 1, 512, GROQ_LINK_US,
            50, 31.5, 0, 0, 4, 0, 200, 0.9, 0.65, 0.65, 0.6, 8, 1}, "stack.groq");
    const char* wse3 =
        "Cerebras WSE-3 (Cerebras, 2024): 900,000 cores, 44 GB on-chip SRAM, 21 PB/s memory bandwidth, 125 "
        "PFLOPS peak AI compute, 214 Pb/s fabric; a CS-3 system draws about 23 kW. Drawn as 1000x900; per-core "
        "figures are these totals divided by the cores; a fabric link carries 214 Pb/s / (4 x 900,000) = 7.4 "
        "GB/s; one router hop per clock (1.1 GHz, an assumption). Layers are pipelined as Cerebras describes it: each "
        "wafer (system) holds a run of consecutive layers, and on a wafer one layer per region of cores (an "
        "assumption); the wafer count (Chips) places the layers anew. Static power 15 kW per wafer, an assumption.";
    add_hw(reg, "hw.cerebras_wse3", "Cerebras WSE-3", "Cerebras WSE-3",
           (std::string(wse3) + " Cerebras runs Llama-3.1-8B on one system and 70B on four (set Chips to 4); the hop "
                                "between systems 20 us, 100 GB/s (assumption).").c_str(),
           {1000, 900, 1, 125000.0 / 900000, 44.0 * 1024 * 1024 / 900000, 21e6 / 900000, 0, 16, 8, 0, 96, 3350, 500,
            0.9, 7.4, CEREBRAS_HOP_US, 100, 31.5, 0, 0, 0, 0, 15000, 0.9, 0.65, 0.65, 0.6, 1024,
            4096}, "stack.cerebras_2024_08");
    add_hw(reg, "hw.tt_n150", "Tenstorrent Wormhole n150", "Tenstorrent Wormhole n150",
           "Tenstorrent Wormhole n150 specifications (docs.tenstorrent.com, 2024): 72 Tensix cores at 1 GHz, 108 "
           "MB SRAM (1.5 MB per core), 12 GB GDDR6 at 288 GB/s, 74 TFLOPS FP16, 148 TFLOPS BLOCKFP8 (2x; the "
           "format tt-metal serves weights in: 8.5 bits), 160 W board power, PCIe 4.0 x16. Drawn as 8x9; NoC "
           "figures and the idle power 50 W are assumptions; the achieved GDDR fraction 0.83 is tt-metal's own "
           "measurement (tech report Saturating DRAM bandwidth, Sept 2024: decode matmuls reach 239-260 GB/s of 288).",
           {8, 9, 1, 74.0 / 72, 1536, 64, 0, 16, 8, 1, 12, 288, 600, 5, 64, TT_LINK_US, 50, 31.5, 0, 0, 2, 0, 50, 0.9,
            0.65, TT_GDDR_EFF, TT_COMPUTE_EFF, 1, 1, 0, 4}, "stack.tt_metal");
    add_hw(reg, "hw.tt_p150", "Tenstorrent Blackhole p150", "Tenstorrent Blackhole p150",
           "Tenstorrent Blackhole specifications: 140 Tensix cores at 1.35 GHz, 210 MB SRAM (1.5 MB per core), "
           "32 GB GDDR6 at 512 GB/s, PCIe 5.0 x16; 372 TFLOPS FP16 (Hot Chips 2024, per The Register). Drawn as "
           "14x10; NoC figures, BLOCKFP8 at 2x FP16 (as on Wormhole) and the idle power 60 W are assumptions; "
           "the GDDR and compute fractions are the n150's.",
           {14, 10, 1, 372.0 / 140, 1536, 86, 0, 16, 8, 1, 32, 512, 600, 5, 86, TT_LINK_US, 100, 63, 0, 0, 2, 0, 60,
            0.9, 0.65, TT_GDDR_EFF, TT_COMPUTE_EFF, 1, 1, 0, 4}, "stack.tt_metal");
    add_hw(reg, "hw.m3_max", "Apple M3 Max laptop (40-core GPU)", "Apple M3 Max 笔记本（40 核 GPU）",
           "Apple MacBook Pro (Nov 2023) technical specifications: M3 Max with 16-core CPU and 40-core GPU, 400 "
           "GB/s memory bandwidth, unified memory up to 128 GB (48 GB here: the configuration of this chip with "
           "the smallest memory). 14.3 TFLOP/s FP32 (40 GPU cores x 128 lanes x 2 x 1.4 GHz; FP16 at the same "
           "rate; no 8- or 4-bit rate) is an assumption, as is the idle power 10 W and the on-chip SRAM (256 KB "
           "per core: Apple publishes no cache sizes). Memory kind LPDDR5, shared by CPU and GPU: its achieved "
           "fraction (apple_bw_eff) fitted to MLC-LLM's Llama-3.1-8B decode on this laptop (arXiv:2412.15803). "
           "Step form per operator, as the GPUs; a multiply and an add to widen each 4-bit weight (an assumption). "
           "Drawn as 8x5 cores.",
           {8, 5, 1, 14.3 / 40, 256, 200, 0, 16, 8, 1, 48, 400, 500, 2, 256, 5, 31.5, 400, 2, 2, 0, 0, 10, 0.9, 0.65,
            APPLE_EFF, 0.6, 1, 1, 2, 3}, "stack.gpu_graphs");
    // This computer: the stack of a machine known by two measured figures (measured_machine.h
    // replaces the bandwidth, the arithmetic rate and the memory once the page has measured them).
    add_hw(reg, "hw.measured", "This computer (not measured yet)", "本机（尚未测量）",
           "Not measured yet: until the page measures this computer (Help > This computer on the roofline), the "
           "figures of the laptop in the WebLLM paper stand in: Apple M3 Max, the share of its 400 GB/s (Apple's "
           "specification) that MLC-LLM's Llama-3.1-8B decode reaches on it (apple_bw_eff, fitted to arXiv:2412.15803, "
           "as hw.m3_max: about 253 GB/s), so that it compares with the GPU presets at what an engine reaches, as a "
           "measured figure is what this page reached; "
           "14.3 TFLOP/s FP32 (40 GPU cores x 128 lanes x 2 x 1.4 GHz, an assumption), 48 GB (an assumption). "
           "Stack: the roofline of the two figures, a step the longer of its arithmetic and its bytes, at "
           "the achieved fraction 1 (the figures are what was reached, not a peak); per-layer 5 us and per-step "
           "20 us, as the GPU presets (assumptions); drawn as one core: a browser tells nothing of the cores.",
           {1, 1, 1, 14.3, 4096, 4000, 0, 16, 8, 1, 48, 400 * APPLE_EFF, 500, 1, 10000, 3, 300, 16, 2, 0, 0, 0, 0, 1, 1, 1,
            1, 1, 1, 0, 2}, "stack.gpu_graphs");
}

// A model preset: the shape its config.json gives (weights and KV cache in 16 bits).
struct ModelPreset {
    const char* id;
    const char* name;
    const char* source;
    int layers, hidden, heads, kv_heads, head_dim, ffn, vocab, experts, active;
};

const ModelPreset kModelPresets[] = {
    {"model.llama2_7b", "Llama-2-7B",
     "meta-llama/Llama-2-7b-hf config.json: 32 layers, hidden 4096, 32 heads, 32 KV heads, intermediate 11008, "
     "vocab 32000; served in FP16.",
     32, 4096, 32, 32, 128, 11008, 32000, 1, 1},
    {"model.llama31_8b", "Llama-3.1-8B",
     "meta-llama/Llama-3.1-8B config.json: 32 layers, hidden 4096, 32 heads, 8 KV heads, intermediate 14336, "
     "vocab 128256; BF16.",
     32, 4096, 32, 8, 128, 14336, 128256, 1, 1},
    {"model.llama31_70b", "Llama-3.1-70B",
     "meta-llama/Llama-3.1-70B config.json: 80 layers, hidden 8192, 64 heads, 8 KV heads, intermediate 28672, "
     "vocab 128256; BF16.",
     80, 8192, 64, 8, 128, 28672, 128256, 1, 1},
    {"model.llama31_405b", "Llama-3.1-405B",
     "meta-llama/Llama-3.1-405B config.json: 126 layers, hidden 16384, 128 heads, 8 KV heads, intermediate 53248, "
     "vocab 128256; BF16.",
     126, 16384, 128, 8, 128, 53248, 128256, 1, 1},
    {"model.qwen25_7b", "Qwen2.5-7B",
     "Qwen/Qwen2.5-7B config.json: 28 layers, hidden 3584, 28 heads, 4 KV heads, intermediate 18944, vocab "
     "152064; BF16. (Its Q/K/V biases, 0.1% of the weights, are not modelled.)",
     28, 3584, 28, 4, 128, 18944, 152064, 1, 1},
    {"model.mixtral_8x7b", "Mixtral-8x7B (MoE)",
     "mistralai/Mixtral-8x7B-v0.1 config.json: 32 layers, hidden 4096, 32 heads, 8 KV heads, intermediate 14336, "
     "vocab 32000, 8 local experts, 2 experts per token; BF16.",
     32, 4096, 32, 8, 128, 14336, 32000, 8, 2},
    {"model.qwen3_30b_a3b", "Qwen3-30B-A3B (MoE)",
     "Qwen/Qwen3-30B-A3B config.json: 48 layers, hidden 2048, 32 heads, 4 KV heads, head dim 128, expert "
     "intermediate 768, vocab 151936, 128 experts, 8 per token, no shared expert; BF16.",
     48, 2048, 32, 4, 128, 768, 151936, 128, 8},
    {"model.qwen3_235b_a22b", "Qwen3-235B-A22B (MoE)",
     "Qwen/Qwen3-235B-A22B config.json: 94 layers, hidden 4096, 64 heads, 4 KV heads, head dim 128, expert "
     "intermediate 1536, vocab 151936, 128 experts, 8 per token, no shared expert; BF16.",
     94, 4096, 64, 4, 128, 1536, 151936, 128, 8},
};

void add_model_presets(ParamRegistry& reg) {
    for (const ModelPreset& m : kModelPresets)
        reg.preset({m.id, m.name, m.name, "model", m.source,
                    {{"token.model.layers", m.layers},
                     {"token.model.hidden", m.hidden},
                     {"token.model.heads", m.heads},
                     {"token.model.kv_heads", m.kv_heads},
                     {"token.model.head_dim", m.head_dim},
                     {"token.model.ffn", m.ffn},
                     {"token.model.vocab", m.vocab},
                     {"token.model.experts", m.experts},
                     {"token.model.active_experts", m.active},
                     {"token.model.weight_bits", 16},
                     {"token.model.kv_bits", 16}}});
}

// Added after the first release: last in the registry, so earlier parameters keep their places.
void add_tokenizer_choice(ParamRegistry& reg) {
    reg.add({.id = "token.run.tokenizer", .label_en = "Tokenizer", .label_zh = "分词器", .max = 2, .def = 1,
             .integer = true, .structural = true, .group = "token.tokenizer",
             .help_en = "Which tokenizer cuts the answer into tokens. cl100k_base (default) and o200k_base are the real "
                        "byte-level BPE vocabularies, loaded from the cache; while one is missing or still loading, the "
                        "stand-in (which needs no files and splits many Chinese characters) cuts the text instead and the "
                        "metric tokenizer_in_use says so.",
             .help_zh = "用哪个分词器把回答切成词元。cl100k_base（默认）和 o200k_base 是真实的字节级 BPE 词表，从缓存加载；"
                        "词表缺失或尚在加载时，改用不需要任何文件、会切开许多中文字符的简易切分，指标 tokenizer_in_use 会注明。",
             .source = "model choice",
             .choices_en = {"Stand-in (byte splitter)", "cl100k_base (byte-level BPE)", "o200k_base (byte-level BPE)"},
             .choices_zh = {"简易切分（按字节切分）", "cl100k_base（字节级 BPE）", "o200k_base（字节级 BPE）"}});
}


// Serving under load (added after the first release, last so earlier parameters keep
// their places): how KV capacity decides concurrency, the scheduler, request lengths
// and the host's work per step.
void add_serving(ParamRegistry& reg) {
    reg.add({.id = "token.serve.kv_policy", .label_en = "KV cache policy", .label_zh = "KV 缓存策略", .max = 1,
             .def = 0, .integer = true, .structural = true, .group = "token.serve",
             .help_en = "Paged (as vLLM and TensorRT-LLM serve): a request is admitted only while its KV cache fits in device "
                        "memory after the weights and a reserve; when growth overflows, the newest sequence is pre-empted. "
                        "Offload: every request is admitted and the KV cache that does not fit is read over PCIe every step.",
             .help_zh = "分页（vLLM、TensorRT-LLM 的做法）：只有权重和预留之外的设备内存还放得下它的 KV 缓存，请求才被接纳；"
                        "增长溢出时，最新的序列被抢占。卸载：所有请求都接纳，放不下的 KV 缓存每一步都经 PCIe 读取。",
             .source = "model choice",
             .choices_en = {"Paged: admit while the KV cache fits on the device", "Offload: KV that does not fit is read from host memory"},
             .choices_zh = {"分页：KV 缓存放得下才接纳请求", "卸载：放不下的 KV 每步从主机内存读取"}});
    reg.add({.id = "token.serve.mem_util", .label_en = "Device memory the engine may use",
             .label_zh = "引擎可用设备内存比例", .unit = "", .min = 0.1, .max = 1, .def = 0.9, .group = "token.serve",
             .help_en = "Share of device memory for weights, reserve and KV cache together.",
             .help_zh = "权重、预留与 KV 缓存合计可占的设备内存比例。",
             .source = "vLLM's default gpu_memory_utilization, 0.9 (vLLM engine arguments)"});
    reg.add({.id = "token.serve.reserve_gb", .label_en = "Activation reserve", .label_zh = "激活预留", .unit = "GB",
             .min = 0, .max = 1000, .def = 2, .group = "token.serve",
             .help_en = "Device memory kept for activations and runtime buffers, in total; the rest after the weights holds the KV cache.",
             .help_zh = "为激活值与运行时缓冲保留的设备内存（总计）；权重之外的其余部分存放 KV 缓存。",
             .source = "assumption: vLLM measures it with a profiling run; 1-4 GB is typical for an 8B model"});
    reg.add({.id = "token.serve.block_tokens", .label_en = "KV block size", .label_zh = "KV 块大小", .unit = "tok",
             .min = 1, .max = 256, .def = 16, .scale = Scale::Log, .integer = true, .structural = true,
             .group = "token.serve",
             .help_en = "Tokens per KV cache block (paged attention): a sequence holds whole blocks.",
             .help_zh = "每个 KV 缓存块的词元数（分页注意力）：序列按整块占用。",
             .source = "vLLM's default block size, 16"});
    reg.add({.id = "token.serve.preempt", .label_en = "Pre-emption", .label_zh = "抢占方式", .max = 1, .def = 0,
             .integer = true, .group = "token.serve",
             .help_en = "What happens to a pre-empted sequence: its KV cache is dropped and its prompt and answer so far are "
                        "prefilled again when it returns, or its KV cache is copied to host memory and back over PCIe.",
             .help_zh = "被抢占的序列如何处理：丢掉它的 KV 缓存，回来时把提示和已生成的回答重新预填充；或把 KV 缓存经 PCIe 拷到主机内存再拷回。",
             .source = "model choice", .choices_en = {"Recompute", "Swap to host memory"},
             .choices_zh = {"重算", "换出到主机内存"}});
    reg.add({.id = "token.serve.scheduler", .label_en = "Scheduler", .label_zh = "调度器", .max = 1, .def = 1,
             .integer = true, .group = "token.serve",
             .help_en = "Prefill first: while a prompt waits, every decode waits for its prefill. Mixed: each step takes every "
                        "decoding sequence's token first, then prompt chunks up to the per-step token budget (Prefill chunk).",
             .help_zh = "预填充优先：只要有提示在等，所有解码都要等它预填充完。混合：每一步先放进所有解码序列的词元，再按每步词元预算"
                        "（预填充分块）放入提示分块。",
             .source = "default mixed, as current engines serve: vLLM's Optimization and Tuning guide (docs.vllm.ai, "
                       "configuration/optimization, 2025): \"In vLLM V1, chunked prefill is always enabled by default\"; the "
                       "policy batches all pending decodes first, then prefills within max_num_batched_tokens, chunking those "
                       "that do not fit",
             .choices_en = {"Prefill first", "Mixed: chunked prefill rides with decodes"},
             .choices_zh = {"预填充优先", "混合：分块预填充与解码同步"}});
    reg.add({.id = "token.serve.length_dist", .label_en = "Request lengths", .label_zh = "请求长度分布", .max = 2,
             .def = 0, .integer = true, .group = "token.serve",
             .help_en = "How prompt and answer lengths vary around their means (Prompt length, Answer length). Uniform: mean "
                        "+- spread x mean. Lognormal: the spread is the coefficient of variation.",
             .help_zh = "提示与回答长度如何围绕均值（提示长度、回答长度）变化。均匀：均值 ± 离散度 × 均值。对数正态：离散度为变异系数。",
             .source = "model choice", .choices_en = {"Fixed", "Uniform", "Lognormal"},
             .choices_zh = {"固定", "均匀", "对数正态"}});
    reg.add({.id = "token.serve.prompt_spread", .label_en = "Prompt length spread", .label_zh = "提示长度离散度",
             .unit = "", .min = 0, .max = 3, .def = 0.5, .group = "token.serve",
             .help_en = "Uniform: half-width as a share of the mean (at most 1). Lognormal: coefficient of variation.",
             .help_zh = "均匀：半宽占均值的比例（最多 1）。对数正态：变异系数。", .source = ASSUMED});
    reg.add({.id = "token.serve.output_spread", .label_en = "Answer length spread", .label_zh = "回答长度离散度",
             .unit = "", .min = 0, .max = 3, .def = 0.5, .group = "token.serve",
             .help_en = "Uniform: half-width as a share of the mean (at most 1). Lognormal: coefficient of variation.",
             .help_zh = "均匀：半宽占均值的比例（最多 1）。对数正态：变异系数。", .source = ASSUMED});
    const char* host_src =
        "defaults: a compiled engine (assumption). Calibrated to vLLM v0.6.0's release notes (blog.vllm.ai, "
        "2024-09-05): Llama-3-8B on one H100, before overlap the API server took about 33% and scheduling about 29% "
        "of the time, about 2.7x throughput after; tests/fidelity/published.tsv row vllm060_overlap_speedup holds "
        "the fitted per-sequence costs";
    reg.add({.id = "token.serve.host_step_us", .label_en = "Host work per step", .label_zh = "每步主机工作",
             .unit = "us", .min = 0, .max = 100000, .def = 100, .group = "token.serve",
             .help_en = "Fixed host time per step: scheduling the batch and preparing its inputs.",
             .help_zh = "每步固定的主机时间：调度批次、准备输入。", .source = host_src});
    reg.add({.id = "token.serve.host_sched_us", .label_en = "Scheduling per sequence", .label_zh = "每序列调度",
             .unit = "us", .min = 0, .max = 10000, .def = 3, .group = "token.serve",
             .help_en = "Host scheduling and input preparation per sequence in a step.",
             .help_zh = "一步中每个序列的主机调度与输入准备时间。", .source = host_src});
    reg.add({.id = "token.serve.host_output_us", .label_en = "Output handling per sequence",
             .label_zh = "每序列输出处理", .unit = "us", .min = 0, .max = 10000, .def = 3, .group = "token.serve",
             .help_en = "Host time per sequence per step to process and stream its output (the API server's share).",
             .help_zh = "每步每个序列处理并流式发送输出的主机时间（API 服务器的份额）。", .source = host_src});
    reg.add({.id = "token.serve.host_overlap", .label_en = "Host and device", .label_zh = "主机与芯片", .max = 1,
             .def = 1, .integer = true, .group = "token.serve",
             .help_en = "Serial: every step waits for the host's scheduling and output handling. Overlapped: the host prepares "
                        "the next step and streams the last one's output while the device runs (separate processes), so a step "
                        "takes the longest of the device, the scheduler and the output handling.",
             .help_zh = "串行：每一步都等主机完成调度与输出处理。重叠：芯片运行时主机并行准备下一步并发送上一步的输出（分开的进程），"
                        "一步的时间取芯片、调度、输出处理三者中最长的。", .source = "model choice",
             .choices_en = {"Serial: the device waits for the host", "Overlapped"},
             .choices_zh = {"串行：芯片等主机", "重叠"}});
}

// Number formats, pipelines, per-level bandwidth fractions and static power: added
// after the tokenizer choice, so earlier parameters keep their places.
void add_chip_params(ParamRegistry& reg) {
    reg.add({.id = "token.model.act_format", .label_en = "Compute format", .label_zh = "计算格式", .max = 2, .def = 0,
             .integer = true, .structural = true, .group = "token.model",
             .help_en = "Format of the activations, and so of the multiplies (weights narrower than it are widened on the "
                        "fly). Peak FLOP/s follows the format where the chip has it: an H100 doubles in FP8, a B200 "
                        "quadruples in FP4; a chip without the format runs the next wider one.",
             .help_zh = "激活值的格式，也就是乘法运算的格式（比它窄的权重会即时展宽）。峰值算力随格式变化（芯片支持时）："
                        "H100 用 FP8 翻倍，B200 用 FP4 翻两番；芯片不支持的格式就按更宽的格式算。",
             .source = "model choice", .choices_en = {"16-bit (BF16/FP16)", "8-bit (FP8/INT8)", "4-bit (FP4)"},
             .choices_zh = {"16 比特（BF16/FP16）", "8 比特（FP8/INT8）", "4 比特（FP4）"}});
    const char* ill = "illustrative mesh + 3D-DRAM design (assumption)";
    reg.add({.id = "token.mesh.fp8_x", .label_en = "8-bit peak / 16-bit peak", .label_zh = "8 比特峰值 / 16 比特峰值",
             .unit = "x", .min = 0, .max = 8, .def = 2, .group = "token.mesh",
             .help_en = "How many times the 16-bit peak the chip reaches in 8-bit formats (0: none).",
             .help_zh = "芯片在 8 比特格式下的峰值是 16 比特峰值的几倍（0 表示不支持）。", .source = ill});
    reg.add({.id = "token.mesh.fp4_x", .label_en = "4-bit peak / 16-bit peak", .label_zh = "4 比特峰值 / 16 比特峰值",
             .unit = "x", .min = 0, .max = 16, .def = 0, .group = "token.mesh",
             .help_en = "How many times the 16-bit peak the chip reaches in 4-bit formats (0: none).",
             .help_zh = "芯片在 4 比特格式下的峰值是 16 比特峰值的几倍（0 表示不支持）。", .source = ill});
    reg.add({.id = "token.mesh.pp_stages", .label_en = "Pipeline stages (chips)", .label_zh = "流水线级数（芯片）",
             .unit = "", .min = 1, .max = 1024, .def = 1, .scale = Scale::Log, .integer = true, .structural = true,
             .group = "token.mesh",
             .help_en = "The chips split into this many pipeline stages, each holding a slice of the layers; the stage's chips "
                        "work in tensor parallel. A token crosses every stage; several sequences fill the pipeline. More stages than chips: "
                        "every chip its own stage.",
             .help_zh = "芯片分成这么多流水线级，每级持有一段层；同一级的芯片做张量并行。一个词元要穿过每一级；多个序列可以把流水线填满。"
                        "级数多于芯片数时，每颗芯片各为一级。",
             .source = ill});
    reg.add({.id = "token.mesh.regions", .label_en = "Layer regions per chip", .label_zh = "每芯片层区域数",
             .unit = "", .min = 1, .max = 4096, .def = 1, .scale = Scale::Log, .integer = true, .structural = true,
             .group = "token.mesh",
             .help_en = "On-chip layer pipelining (as on a wafer): the mesh splits into this many bands of rows, each holding a "
                        "slice of the layers; reductions stay inside a band and the token streams from band to band. More regions than the "
                        "chip's layers: one layer per region.",
             .help_zh = "片上层流水（如晶圆）：网格按行分成这么多条带，每条带持有一段层；规约只在条带内进行，词元从一条带流向下一条带。"
                        "区域数多于这颗芯片分到的层数时，每个区域一层。",
             .source = ill});
    reg.add({.id = "token.sram.bw_eff", .label_en = "Achieved SRAM bandwidth fraction", .label_zh = "SRAM 带宽达成率",
             .unit = "", .min = 0.05, .max = 1, .def = 0.9, .group = "token.sram",
             .help_en = "Share of the SRAM's peak bandwidth the cores really reach.",
             .help_zh = "核心实际能达到的 SRAM 峰值带宽比例。",
             .source = "assumption: on-core SRAM is read in wide, scheduled bursts"});
    reg.add({.id = "token.dram3d.bw_eff", .label_en = "Achieved 3D DRAM bandwidth fraction",
             .label_zh = "3D DRAM 带宽达成率", .unit = "", .min = 0.05, .max = 1, .def = 0.65,
             .group = "token.dram3d", .help_en = "Share of the stacked DRAM's peak bandwidth the cores really reach.",
             .help_zh = "核心实际能达到的堆叠 DRAM 峰值带宽比例。",
             .source = "assumption: DRAM page and refresh overheads, as HBM's fitted fraction"});
    reg.add({.id = "token.links.bw_eff", .label_en = "Achieved host-link fraction", .label_zh = "主机链路达成率",
             .unit = "", .min = 0.05, .max = 1, .def = 0.8, .group = "token.host_mem",
             .help_en = "Share of the host link's peak bandwidth that reads of spilled data reach.",
             .help_zh = "读取溢出数据时主机链路实际达到的峰值带宽比例。",
             .source = "assumption: PCIe packet overheads (about 80% is typical of large DMA transfers)"});
    reg.add({.id = "token.energy.static_w", .label_en = "Static power per chip", .label_zh = "每芯片静态功耗",
             .unit = "W", .min = 0, .max = 30000, .def = 60, .group = "token.energy",
             .help_en = "Power drawn whatever the load: the board's idle power (leakage, memory refresh, fans, host share). "
                        "Spread over the tokens made, so energy per token falls as the batch grows.",
             .help_zh = "无论负载如何都在消耗的功率：板卡空闲功耗（漏电、存储刷新、风扇、主机分摊）。分摊到生成的词元上，所以批越大，"
                        "每词元能耗越低。", .source = ill});
}

// The serving stack's launches and the widening of narrow weights (added last, so
// earlier parameters keep their places): zero by default, as the compiled engines the
// GPU presets stand for (their launches are in the per-layer overhead).
void add_dispatch(ParamRegistry& reg) {
    reg.add({.id = "token.serve.op_dispatch_us", .label_en = "Launch time per operation",
             .label_zh = "每个算子的启动时间", .unit = "us", .min = 0, .max = 1000, .def = 0, .group = "token.serve",
             .help_en = "Time the serving stack takes to launch one operation (a kernel, a program on the cores).",
             .help_zh = "服务软件栈启动一个算子（一个内核、核心上的一段程序）所需的时间。", .source = ASSUMED});
    reg.add({.id = "token.serve.ops_per_layer", .label_en = "Operations per layer", .label_zh = "每层算子数",
             .unit = "", .min = 0, .max = 200, .def = 16, .integer = true, .group = "token.serve",
             .help_en = "Operations launched per transformer layer: norms, projections, attention, the FFN's matrices, adds. "
                        "Tensor parallelism adds its two all-reduces per layer.",
             .help_zh = "每个 Transformer 层启动的算子数：归一化、投影、注意力、前馈矩阵、加法。张量并行每层再加两次全规约。",
             .source = "assumption: a Llama decoder layer as op-by-op stacks run it (2 norms, QKV, rotary, KV update, attention, "
                       "O, 2 adds, gate, up, multiply, down, plus reshapes)"});
    reg.add({.id = "token.serve.dispatch_overlap", .label_en = "Launches hidden under the device's work",
             .label_zh = "被设备计算掩盖的启动比例", .unit = "", .min = 0, .max = 1, .def = 1, .group = "token.serve",
             .help_en = "1: launches are queued ahead of the device (CUDA graphs, traces), so they cost only what the device's work "
                        "does not cover. 0: each launch waits for the previous operation (op-by-op dispatch) and adds to the step.",
             .help_zh = "1：启动命令提前排入队列（CUDA graph、trace），只有设备计算掩盖不了的部分才算时间。0：每次启动都要等上一个算子"
                        "完成（逐算子派发），时间直接加到这一步上。", .source = ASSUMED});
    reg.add({.id = "token.mesh.dequant_flops", .label_en = "Widening work per weight",
             .label_zh = "每个权重的展宽开销", .unit = "FLOP", .min = 0, .max = 1000, .def = 0, .group = "token.mesh",
             .help_en = "When weights are narrower than the multiplies (4-bit blocks under 16-bit math), each weight read is "
                        "unpacked, scaled and converted first: this many operations at the chip's achieved rate, per weight.",
             .help_zh = "权重比乘法格式窄时（16 比特运算下的 4 比特块格式），每读入一个权重都要先解包、缩放、转换：按芯片实际算力计，每个权重"
                        "这么多次运算。", .source = ASSUMED});
    reg.add({.id = "token.serve.op_floor_us", .label_en = "Least time of one operation",
             .label_zh = "单个算子的最短时间", .unit = "us", .min = 0, .max = 1000, .def = 0, .group = "token.serve",
             .help_en = "However little an operation does, the device takes at least this long to run it (starting its program on "
                        "the cores, setting up, synchronising). A layer's five weight matrices and its attention take the longer of "
                        "this and their share of the layer's work; its other operations (norms, rotary, cache update, adds) take this.",
             .help_zh = "一个算子哪怕几乎不做事，设备也至少要花这么久（在核心上启动程序、准备、同步）。每层的五个权重矩阵和注意力取这个时间与"
                        "它们那份工作时间中的较长者；其余算子（归一化、旋转位置编码、缓存更新、加法）就取这个时间。",
             .source = ASSUMED});
}

// How a stack lays a layer's reductions over a mesh (added after the dispatch).
void add_mesh_reduce(ParamRegistry& reg) {
    reg.add({.id = "token.serve.mesh_reduce", .label_en = "Reductions on the mesh", .label_zh = "网格上的规约",
             .max = 1, .def = 0, .integer = true, .group = "token.serve",
             .help_en = "Whole vector: each of a layer's two reductions sends the whole activation vector through one NoC link "
                        "after another. Split over the rows: the layer's matrices are tiled over the mesh, so each row of cores "
                        "reduces only its slice and a link carries the vector divided by the rows.",
             .help_zh = "整条向量：每层的两次规约都让整条激活向量逐条穿过片上网络链路。按行拆分：这一层的矩阵铺满整个网格，每行核心只规约"
                        "自己那一段，一条链路只传向量除以行数那么多。",
             .source = "model choice (a stack's; see the stack presets)",
             .choices_en = {"Whole vector through a link", "Split over the mesh's rows"},
             .choices_zh = {"整条向量穿过链路", "按网格行拆分"}});
}


}  // namespace

namespace {
ParamRegistry& the_token_registry() {
    // Built once, never freed: every model, value set and link parser may point at it.
    static ParamRegistry reg = [] {
        ParamRegistry r;
        build_token_registry(r);
        return r;
    }();
    return reg;
}
}  // namespace

const ParamRegistry& token_registry() { return the_token_registry(); }

const StationInfo& station_text(int station) { return kStations[station < 0 || station >= kStationCount ? 0 : station]; }
std::vector<StationInfo> station_texts() { return {std::begin(kStations), std::end(kStations)}; }

std::string replace_measured_preset(const Preset& p) {
    if (p.id != "hw.measured") return "only the measured machine's preset changes while the program runs";
    ParamRegistry& reg = the_token_registry();
    const Preset* old = reg.find_preset(p.id);
    if (!old || p.kind != old->kind) return "the measured machine's preset must stay a hardware preset";
    for (auto& [id, v] : p.values) {
        int i = reg.find(id);
        if (i < 0) return "preset " + p.id + ": unknown parameter " + id;
        if (std::string err = validate_param(reg[size_t(i)], v); !err.empty()) return "preset " + p.id + ": " + err;
    }
    // In place, so a pointer to the preset stays good; the registry itself is not const
    // (the_token_registry), so writing through find_preset's pointer is well defined.
    *const_cast<Preset*>(old) = p;
    return "";
}

void build_token_registry(ParamRegistry& reg) {
    add_groups(reg);
    add_run(reg);
    add_model(reg);
    add_mesh(reg);
    add_memories(reg);
    add_links_host(reg);
    add_spec_energy_view(reg);
    add_tokenizer_choice(reg);
    add_serving(reg);
    add_chip_params(reg);
    add_dispatch(reg);
    add_mesh_reduce(reg);
    add_hardware_presets(reg);
    add_model_presets(reg);
    add_stack_presets(reg);
    add_format_presets(reg);
}

}  // namespace tj::token

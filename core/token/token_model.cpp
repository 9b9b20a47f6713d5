// token_model.cpp — the token logistics scene on the Engine. See token_model.h.
//
// Index:
//   the model's shape and hardware from the registry                 shape_from, hardware_from
//   stage names                                                       stage_name … stage_id
//   reset: settings, KV cache, the run's state, the view              TokenModel::reset … TokenModel::seed_arrivals
//   the event loop and the host stages                                TokenModel::advance_to … TokenModel::handle
//   requests in: arrivals, admission, KV swaps and preemption         TokenModel::enqueue … TokenModel::grow_kv
//   a step: its cost, its traffic, its start and end                  TokenModel::record_step … TokenModel::end_step
//   tokens out: the link back, the detokenizer, the screen            TokenModel::emit_tokens … TokenModel::finish
//   the pace of a phase (the bottleneck, pace.h)                      TokenModel::record_pace, TokenModel::pace
//   metrics, one group per function                                  TokenModel::metrics … TokenModel::view_metrics

#include "core/token/token_model.h"

#include "core/detmath.h"
#include "core/text/utf8.h"

#include <algorithm>
#include <utility>
#include <cmath>

#include "core/token/token_params.h"

namespace tj::token {

namespace {

enum EventType : uint32_t { kEvArrival = 1, kEvTokenized, kEvOnDevice, kEvStepEnd, kEvWake };
enum SeqPhase : int { kTokenizing = 0, kReady, kDecoding };
// A step's phase for the bottleneck and the roofline (pace.h): decode steps alone, or
// steps that read prompts in (a mixed step's time is set by its prompt chunks too).
int step_phase(int kind) { return kind == kStepPrefill || kind == kStepMixed ? kPhasePrefill : kPhaseDecode; }

const size_t kMaxWaiting = 10000;     // admission queue cap (open mode); beyond it requests are dropped
const size_t kMaxOnHost = 16384;      // released-text records in flight before the device waits
// Steps: enough for a whole 1,000-token answer, so the staircase chart can show one;
// characters: enough for the watched answer over those steps (a token of the built-in
// answers is rarely more than 8 characters), so the chart's screen lane starts with the
// answer's first character, not partway in.
const size_t kMaxSteps = 1024, kMaxJourneys = 256, kMaxAnswerChars = 8 * kMaxSteps;
const double kTokenIdBytes = 4;       // a token id on the links
const double kLogitBytes = 2;         // one 16-bit logit, for the sampler-on-host round trip
const double kItlMin = 1e-6;          // histogram of inter-token latency: 1 us .. 10 s, 5 bins a decade
const int kItlBinsPerDecade = 5, kItlDecades = 7;

// A finite number: metrics never carry NaN or infinity.
double finite(double x) { return std::isfinite(x) ? x : 0; }

// Labels name the levels and energy parts as the map does (metric ids keep the short names).
const char* const kLevelEn[kLevelCount] = {"SRAM", "3D DRAM", "HBM", "host memory"};
const char* const kLevelZh[kLevelCount] = {"SRAM", "3D DRAM", "HBM", "主机内存"};
const char* const kEnergyEn[kEnergyCount] = {"SRAM", "3D DRAM", "HBM", "host memory", "NoC", "chip links", "compute"};
const char* const kEnergyZh[kEnergyCount] = {"SRAM", "3D DRAM", "HBM", "主机内存", "片上网络", "芯片互连", "计算"};

// The metrics in the order they are listed, every value finite.
struct MetricList {
    std::vector<Metric>& out;
    void operator()(const std::string& id, double v, const char* unit, const std::string& en, const std::string& zh) {
        out.push_back({id, finite(v), unit, en, zh});
    }
};

// Reads one registry value: as it is, or as a whole number (counts, choices).
struct ParamReader {
    const ParamValues& v;
    double operator()(const char* id) const { return v.get(id); }
    int i(const char* id) const { return int(std::lround(v.get(id))); }
};

// The model's shape from the registry's model group.
ModelShape shape_from(const ParamValues& v) {
    ParamReader g{v};
    return sanitized({.layers = g.i("token.model.layers"),
                      .hidden = g.i("token.model.hidden"),
                      .heads = g.i("token.model.heads"),
                      .kv_heads = g.i("token.model.kv_heads"),
                      .head_dim = g.i("token.model.head_dim"),
                      .ffn = g.i("token.model.ffn"),
                      .vocab = g.i("token.model.vocab"),
                      .experts = g.i("token.model.experts"),
                      .active_experts = g.i("token.model.active_experts"),
                      .weight_bits = g("token.model.weight_bits"),
                      .kv_bits = g("token.model.kv_bits")});
}

// The chip, its memories, links and energy costs from the registry (the compute
// format depends on the shape's weight bits).
Hardware hardware_from(const ParamValues& v, const ModelShape& shape) {
    ParamReader g{v};
    Hardware h;
    h.mesh_x = g.i("token.mesh.x");
    h.mesh_y = g.i("token.mesh.y");
    h.chips = g.i("token.mesh.chips");
    // Clamped as a wafer cluster places the layers: at most every chip its own stage, and
    // on a chip at most one layer per region (a run of layers per wafer, one per band of cores).
    h.pp_stages = std::clamp(g.i("token.mesh.pp_stages"), 1, std::max(1, h.chips));
    h.regions = std::clamp(g.i("token.mesh.regions"), 1, std::max(1, (shape.layers + h.pp_stages - 1) / h.pp_stages));
    static const int kFormatBits[3] = {16, 8, 4};
    int act_bits = kFormatBits[std::clamp(g.i("token.model.act_format"), 0, 2)];
    int compute_bits = compute_format_bits(shape.weight_bits, act_bits);
    int native_bits = native_format_bits(compute_bits, g("token.mesh.fp8_x"), g("token.mesh.fp4_x"));
    h.core_flops = g("token.mesh.core_tflops") * 1e12 *
                   format_peak_multiplier(compute_bits, g("token.mesh.fp8_x"), g("token.mesh.fp4_x"));
    h.act_bits = act_bits;
    h.compute_eff = g("token.mesh.compute_eff");
    double cores = h.cores(), chips = h.chips;
    h.level[kSram] = {true, g("token.sram.kb_per_core") * 1024 * cores, g("token.sram.gbs_per_core") * 1e9 * cores,
                      g("token.sram.latency_ns") * 1e-9, g("token.energy.sram_pj"), g("token.sram.bw_eff")};
    h.level[kDram3d] = {g.i("token.dram3d.enabled") == 1, g("token.dram3d.capacity_gb") * 1e9 * chips,
                        g("token.dram3d.bw_tbs") * 1e12 * chips, g("token.dram3d.latency_ns") * 1e-9,
                        g("token.energy.dram3d_pj"), g("token.dram3d.bw_eff")};
    h.level[kHbm] = {g.i("token.hbm.enabled") == 1, g("token.hbm.capacity_gb") * 1e9 * chips,
                     g("token.hbm.bw_gbs") * 1e9 * chips, g("token.hbm.latency_ns") * 1e-9, g("token.energy.hbm_pj"),
                     g("token.mesh.bw_eff")};
    // Host memory: unbounded for this purpose, read across the host link.
    h.level[kHostMem] = {true, 1e18, g("token.links.h2d_gbs") * 1e9, g("token.links.h2d_latency_us") * 1e-6,
                         g("token.energy.host_mem_pj"), g("token.links.bw_eff")};
    h.noc_hop_latency = g("token.mesh.noc_hop_ns") * 1e-9;
    h.noc_link_bw = g("token.mesh.noc_link_gbs") * 1e9;
    h.noc_pj_per_bit_hop = g("token.energy.noc_pj");
    h.mean_edge_hops = mesh_mean_edge_hops(h.mesh_x, h.mesh_y);
    h.chip_link_latency = g("token.mesh.chip_link_us") * 1e-6;
    h.chip_link_bw = g("token.mesh.chip_link_gbs") * 1e9;
    h.chip_link_pj_per_bit = g("token.energy.chip_link_pj");
    h.layer_overhead = g("token.mesh.layer_overhead_us") * 1e-6;
    h.step_overhead = g("token.mesh.step_overhead_us") * 1e-6;
    h.op_dispatch = g("token.serve.op_dispatch_us") * 1e-6;
    h.ops_per_layer = g("token.serve.ops_per_layer");
    h.dispatch_overlap = g("token.serve.dispatch_overlap");
    h.op_floor = g("token.serve.op_floor_us") * 1e-6;
    h.mesh_reduce_split = g.i("token.serve.mesh_reduce") == 1;
    // Weights narrower than the format the multiplies run in are widened as they are read:
    // also FP4 weights on a chip without FP4 multiplies.
    h.dequant_flops = native_bits > weight_format_bits(shape.weight_bits) ? g("token.mesh.dequant_flops") : 0;
    h.pj_per_flop = g("token.energy.flop_pj");
    h.form = StepForm(std::clamp(g.i("token.run.overlap"), 0, 2));
    h.static_watts = g("token.energy.static_w");
    return h;
}

}  // namespace

const char* stage_name(int s) {
    static const char* names[kStageCount] = {"compute", "sram",      "dram3d",    "hbm",   "host memory",
                                             "noc",     "chip link", "overhead",  "h2d link", "d2h link",
                                             "tokenizer", "detokenizer", "sampler"};
    return s >= 0 && s < kStageCount ? names[s] : "?";
}
const char* stage_name_zh(int s) {
    static const char* names[kStageCount] = {"计算",     "SRAM",     "3D DRAM", "HBM",    "主机内存",
                                             "片上网络", "芯片互连", "固定开销", "上行链路", "下行链路",
                                             "分词器",   "逆分词器", "采样器"};
    return s >= 0 && s < kStageCount ? names[s] : "?";
}

namespace {
// A stage as the cards name it (stage_name is also the root of metric ids).
const char* stage_label(int s) {
    static const char* labels[kStageCount] = {"compute", "SRAM", "3D-stacked DRAM", "HBM", "host memory",
                                              "mesh links (NoC)", "chip-to-chip links", "fixed overhead",
                                              "link to the chip", "link back", "tokenizer", "detokenizer", "sampler"};
    return s >= 0 && s < kStageCount ? labels[s] : "?";
}
}  // namespace

std::string stage_id(int s) {
    std::string id = stage_name(s);
    std::replace(id.begin(), id.end(), ' ', '_');
    return id;
}

TokenModel::TokenModel() : Model("token", token_registry(), station_texts(), 1e-3, 600) {
    for (int e = 0; e <= kItlBinsPerDecade * kItlDecades; e++)
        view_.itl_edges.push_back(kItlMin * det_exp(det_log(10.0) * e / kItlBinsPerDecade));
    ParamValues defaults(token_registry());
    reset(defaults, 1);
}

void TokenModel::reset(const ParamValues& v, uint64_t seed) {
    shape_ = shape_from(v);
    hw_ = hardware_from(v, shape_);
    far_kind_ = ParamReader{v}.i("token.hbm.kind");
    policy_ = PlacementPolicy(ParamReader{v}.i("token.run.placement"));
    read_run_settings(v);
    size_kv_cache(v);
    clear_run(seed);
    reset_view();
    seed_arrivals();
}

void TokenModel::read_run_settings(const ParamValues& v) {
    ParamReader g{v};
    mode_ = g.i("token.run.mode");
    batch_ = std::max(1, g.i("token.run.batch"));
    arrival_rate_ = g("token.run.arrival_rate");
    prompt_len_ = std::max(1, g.i("token.run.prompt_tokens"));
    out_len_ = std::max(1, g.i("token.run.output_tokens"));
    chunk_ = std::max(1, g.i("token.run.prefill_chunk"));
    const std::string& answer = answer_override_.empty() ? answer_text(g.i("token.run.answer_lang")) : answer_override_;
    text_ = tokenize_text(answer, g.i("token.run.tokenizer"), &tokenizer_used_, &tokenizer_note_);
    sampler_host_ = g.i("token.run.sampler") == kSamplerOnHost;
    draft_k_ = g.i("token.spec.draft_k");
    alpha_ = g("token.spec.alpha");
    draft_ratio_ = g("token.spec.draft_ratio");
    tokenizer_s_ = g("token.host.tokenizer_us") * 1e-6;
    detok_s_ = g("token.host.detok_us") * 1e-6;
    detok_naive_ = g.i("token.host.detok_mode") == kDetokNaive;
    sampler_dev_s_ = g("token.host.sampler_device_us") * 1e-6;
    sampler_host_s_ = g("token.host.sampler_host_us") * 1e-6;
    host_cv_ = g("token.host.cv");
    hiccup_p_ = g("token.host.hiccup_prob");
    hiccup_s_ = g("token.host.hiccup_ms") * 1e-3;
    flush_s_ = g("token.host.flush_ms") * 1e-3;
    h2d_lat_ = g("token.links.h2d_latency_us") * 1e-6;
    h2d_bw_ = g("token.links.h2d_gbs") * 1e9;
    d2h_lat_ = g("token.links.d2h_latency_us") * 1e-6;
    d2h_bw_ = g("token.links.d2h_gbs") * 1e9;
    host_link_pj_ = g("token.energy.host_link_pj");
    parcel_bytes_ = g("token.view.parcel_mb") * 1e6;
    headline_phase_ = g.i("token.view.headline_phase");
    embed_total_ = embedding_params(shape_) * shape_.weight_bits / 8;
    weight_total_ = weight_bytes(shape_) - embed_total_;
    kv_per_token_ = kv_bytes_per_token(shape_) * kv_replication(hw_, shape_);
    paged_ = g.i("token.serve.kv_policy") == kKvPaged;
    preempt_swap_ = g.i("token.serve.preempt") == kPreemptSwap;
    mixed_ = g.i("token.serve.scheduler") == kMixedChunked;
    length_dist_ = g.i("token.serve.length_dist");
    prompt_spread_ = g("token.serve.prompt_spread");
    output_spread_ = g("token.serve.output_spread");
    block_tokens_ = std::max(1, g.i("token.serve.block_tokens"));
    host_step_s_ = g("token.serve.host_step_us") * 1e-6;
    host_sched_s_ = g("token.serve.host_sched_us") * 1e-6;
    host_output_s_ = g("token.serve.host_output_us") * 1e-6;
    host_overlap_ = g.i("token.serve.host_overlap") == 1;
}

void TokenModel::size_kv_cache(const ParamValues& v) {
    ParamReader g{v};
    // The KV warehouse: device memory the engine may use, less the weights and the
    // reserve, in whole blocks. A request longer than it holds is cut to fit (the
    // engine's longest sequence), with room for a verify step's tokens.
    double device_bytes = 0;
    for (int l : {kSram, kDram3d, kHbm})
        if (hw_.level[l].enabled && !(l == kSram && policy_ == PlacementPolicy::SramAsScratch))
            device_bytes += hw_.level[l].capacity;
    double kv_room = device_bytes * g("token.serve.mem_util") - g("token.serve.reserve_gb") * 1e9 -
                     (weight_total_ + embed_total_);
    kv_device_room_ = std::max(0.0, kv_room);
    double block_bytes = kv_per_token_ * block_tokens_;
    total_blocks_ = kv_room > 0 && block_bytes > 0 ? int(std::min(1e9, std::floor(kv_room / block_bytes))) : 0;
    // In double: a large memory's blocks times their tokens passes an int.
    max_len_ = int(std::clamp(double(total_blocks_) * block_tokens_ - 17, 0.0, 1e9));
}

void TokenModel::clear_run(uint64_t seed) {
    engine_.clear();
    rng_.reseed(seed);
    segments_.clear();
    slots_.assign(size_t(batch_), Seq());
    waiting_.clear();
    preempted_.clear();
    free_blocks_ = total_blocks_;
    swap_s_ = 0;
    admitted_ = preemptions_ = truncated_ = recomputed_tokens_ = 0;
    in_engine_ = 0;
    in_engine_area_ = area_t_ = 0;
    engine_time_.clear();
    host_step_.clear();
    on_host_.clear();
    planned_.clear();
    decoding_.clear();
    next_seq_ = next_parcel_ = 0;
    device_busy_ = device_blocked_ = false;
    step_kind_ = kStepDecode;
    step_start_ = step_end_ = step_compute_s_ = step_memwait_s_ = step_sampler_s_ = step_draft_s_ = step_host_s_ = 0;
    step_bottleneck_ = 0;
    tok_free_ = h2d_free_ = d2h_free_ = detok_free_ = screen_free_ = 0;
    tokens_on_host_ = tokens_held_ = 0;
    tokens_sampled_ = tokens_at_screen_ = decode_tokens_ = decode_steps_ = 0;
    prefill_steps_ = verify_steps_ = seqs_done_ = dropped_ = holds_ = detok_tokens_ = 0;
    prompt_in_ = prompt_prefilled_ = drafts_accepted_ = drafts_rejected_ = text_chars_ = 0;
    for (RunningStats* s : {&ttft_chip_, &ttft_screen_, &tpot_chip_, &tpot_screen_, &queue_wait_, &e2e_,
                            &verify_tokens_, &prefill_time_, &decode_time_, &mixed_time_, &trip_tokenizer_,
                            &trip_h2d_, &trip_step_, &trip_sampler_, &trip_d2h_, &trip_detok_, &trip_flush_})
        s->clear();
    for (Quantiles* q : {&ttft_screen_q_, &tpot_chip_q_, &tpot_screen_q_}) q->clear();
    std::fill(std::begin(decode_bytes_), std::end(decode_bytes_), 0.0);
    std::fill(std::begin(decode_energy_), std::end(decode_energy_), 0.0);
    std::fill(std::begin(step_bytes_), std::end(step_bytes_), 0.0);
    std::fill(std::begin(step_energy_), std::end(step_energy_), 0.0);
    step_byte_hops_ = 0;
    roof_[kPhaseDecode] = roof_[kPhasePrefill] = RoofDot{};
    pace_log_.clear();
    std::fill(std::begin(step_part_), std::end(step_part_), 0.0);
    std::fill(std::begin(pace_host_seen_), std::end(pace_host_seen_), 0.0);
    pace_wait_ = pace_last_end_ = 0;
    pace_samples_ = 0;
    pace_cache_key_ = ~uint64_t(0);
    decode_byte_hops_ = link_energy_pj_ = 0;
    busy_h2d_ = busy_d2h_ = busy_tokenizer_ = busy_detok_ = busy_sampler_ = 0;
    placement_ = place(hw_, weight_total_, 0, policy_, embed_total_);
}

void TokenModel::reset_view() {
    view_.mesh_x = hw_.mesh_x;
    view_.mesh_y = hw_.mesh_y;
    view_.chips = hw_.chips;
    view_.stages = hw_.stage_count();
    view_.regions = std::max(1, hw_.regions);
    view_.chip_stages = view_.stages / view_.regions;
    view_.chips_per_stage = hw_.chips_per_stage();
    view_.mean_edge_hops = hw_.mean_edge_hops;
    view_.core_busy_fraction = view_.core_wait_fraction = 0;
    view_.step_kind_now = -1;
    view_.steps.clear();
    view_.answer.clear();
    view_.journeys.clear();
    view_.watched_seq = 0;
    view_.itl_counts.assign(view_.itl_edges.size(), 0);
    view_.kv_series.assign(kLevelCount, TimeSeries(512));
    update_view_levels(placement_);

    view_.kv_paged = paged_;
    view_.kv_capacity_bytes = paged_ ? total_blocks_ * kv_per_token_ * block_tokens_ : 0;
    view_.kv_used_bytes = 0;
    view_.running = view_.queued = view_.preempted = 0;
    view_.kv_full = false;
}

void TokenModel::seed_arrivals() {
    if (mode_ == kClosedBatch) {
        for (int i = 0; i < batch_; i++) enqueue(0);
        admit();
    } else {
        engine_.schedule(rng_.exponential(arrival_rate_), kEvArrival);
    }
}

double TokenModel::host_time(double mean) {
    if (!(mean > 0)) return 0;
    double x = host_cv_ > 0 ? rng_.lognormal_mean_cv(mean, host_cv_) : mean;
    if (hiccup_p_ > 0 && rng_.bernoulli(hiccup_p_)) x += hiccup_s_;
    return x;
}

void TokenModel::update_view_levels(const Placement& p) {
    for (int l = 0; l < kLevelCount; l++) {
        view_.level_enabled[l] = hw_.level[l].enabled;
        view_.capacity[l] = l == kHostMem ? 0 : hw_.level[l].capacity;  // host memory: no limit drawn
        view_.weights[l] = p.weights[l] + p.embed[l];
        view_.kv[l] = p.kv[l];
    }
}

bool TokenModel::advance_to(double t, uint64_t max_events) {
    engine_.run_until(t, [this](const Event& e) { handle(e); }, max_events);
    drain_host();
    segments_.prune(engine_.now() - natural_time_unit());
    return !(engine_.now() < t);
}

void TokenModel::drain_host() {
    double now = engine_.now();
    while (!on_host_.empty() && on_host_.front().t_screen <= now) {
        const HostRecord& r = on_host_.front();
        tokens_at_screen_ += r.tokens;
        tokens_on_host_ -= r.tokens;
        if (r.ttft >= 0) {
            ttft_screen_.add(r.ttft);
            ttft_screen_q_.add(r.ttft);
        }
        for (uint32_t i = r.ttft >= 0 ? 1 : 0; i < r.tokens; i++) add_screen_gap(i == 0 ? r.first_gap : 0);
        if (r.e2e >= 0) {
            e2e_.add(r.e2e);
            seqs_done_++;
        }
        on_host_.pop_front();
    }
}

void TokenModel::add_screen_gap(double gap) {
    tpot_screen_.add(gap);
    tpot_screen_q_.add(gap);
    // The bin whose edges hold gap, found by comparison (no log: same bins in every build).
    auto edge = std::upper_bound(view_.itl_edges.begin(), view_.itl_edges.end(), gap);
    int bin = std::clamp(int(edge - view_.itl_edges.begin()), 0, int(view_.itl_counts.size()) - 1);
    view_.itl_counts[size_t(bin)]++;
}

void TokenModel::handle(const Event& e) {
    double now = engine_.now();
    switch (e.type) {
    case kEvArrival:
        if (waiting_.size() < kMaxWaiting) enqueue(now);
        else dropped_++;
        engine_.schedule(now + rng_.exponential(arrival_rate_), kEvArrival);
        admit();
        break;
    case kEvTokenized: {
        Seq& s = slots_[e.a];
        double bytes = s.prompt * kTokenIdBytes;
        double t0 = std::max(now, h2d_free_), dur = h2d_lat_ + bytes / h2d_bw_;
        h2d_free_ = t0 + dur;
        busy_h2d_ += dur;
        s.t_tokenized = now;
        s.t_h2d = t0;
        trip_h2d_.add(h2d_free_ - now);
        link_energy_pj_ += bytes * 8 * host_link_pj_;
        segments_.emit({next_parcel_++, kSegPromptTokens, kStTokenizer, kStH2d, now, t0, uint32_t(s.prompt)});
        segments_.emit({next_parcel_++, kSegPromptTokens, kStH2d, kStMesh, t0, h2d_free_, uint32_t(s.prompt)});
        engine_.schedule(h2d_free_, kEvOnDevice, e.a);
        break;
    }
    case kEvOnDevice: {
        Seq& s = slots_[e.a];
        s.phase = kReady;
        s.t_ready = now;
        start_step();
        break;
    }
    case kEvStepEnd:
        end_step();
        break;
    case kEvWake:
        device_blocked_ = false;
        drain_host();
        start_step();
        break;
    }
}

int TokenModel::draw_length(double mean, double spread, int cap) {
    double x = mean;
    if (length_dist_ == kLengthUniform) x = mean * (1 + std::min(1.0, spread) * (2 * rng_.uniform() - 1));
    else if (length_dist_ == kLengthLognormal && spread > 0) x = rng_.lognormal_mean_cv(mean, spread);
    return int(std::clamp(std::round(x), 1.0, double(std::max(1, cap))));
}

void TokenModel::enqueue(double t_arrive) {
    const int kLongest = 1 << 20;  // no request is longer than this, whatever the distribution's tail
    Request r{t_arrive, draw_length(prompt_len_, prompt_spread_, kLongest), draw_length(out_len_, output_spread_, kLongest)};
    if (paged_ && max_len_ >= 2 && r.prompt + r.out_len > max_len_) {  // cut to the longest sequence the KV holds
        truncated_++;
        r.prompt = std::min(r.prompt, max_len_ - 1);
        r.out_len = std::min(r.out_len, max_len_ - r.prompt);
    }
    waiting_.push_back(r);
}

int TokenModel::blocks_for(double tokens) const { return int(std::ceil(std::max(0.0, tokens) / block_tokens_)); }

void TokenModel::count_engine(double now) {
    if (now > area_t_) in_engine_area_ += in_engine_ * (now - area_t_);
    area_t_ = std::max(area_t_, now);
}

void TokenModel::admit() {
    double now = engine_.now();
    view_.kv_full = false;
    for (size_t i = 0; i < slots_.size(); i++) {
        if (slots_[i].active) continue;
        if (!preempted_.empty()) {  // a pre-empted sequence comes back before anyone new
            Seq& p = preempted_.front();
            int need = blocks_for(p.swapped ? p.context() : p.prefill_target());
            if (paged_ && need > free_blocks_) {
                view_.kv_full = true;
                break;
            }
            free_blocks_ -= need;
            p.blocks = need;
            if (p.swapped) {  // its KV crosses back from host memory before the next step
                swap_kv(p, false);
                p.swapped = false;
                p.phase = kDecoding;
            } else {
                p.phase = kReady;
            }
            p.t_ready = now;
            slots_[i] = std::move(p);
            preempted_.pop_front();
            continue;
        }
        if (waiting_.empty()) break;
        const Request& r = waiting_.front();
        int need = blocks_for(r.prompt);
        if (paged_ && (need > free_blocks_ || max_len_ < 2)) {  // the KV warehouse is full: the door stays shut
            view_.kv_full = true;
            break;
        }
        Seq s;
        s.active = true;
        s.phase = kTokenizing;
        s.id = next_seq_++;
        s.t_arrive = r.t_arrive;
        s.prompt = r.prompt;
        s.out_len = r.out_len;
        waiting_.pop_front();
        s.t_admit = now;
        if (paged_) {
            s.blocks = need;
            free_blocks_ -= need;
        }
        count_engine(now);
        in_engine_++;
        admitted_++;
        queue_wait_.add(now - s.t_arrive);
        prompt_in_ += uint64_t(s.prompt);
        double t0 = std::max(now, tok_free_), dur = host_time(s.prompt * tokenizer_s_);
        tok_free_ = t0 + dur;
        busy_tokenizer_ += dur;
        trip_tokenizer_.add(tok_free_ - now);
        segments_.emit({next_parcel_++, kSegPromptTokens, kStPrompt, kStTokenizer, now, tok_free_, uint32_t(s.prompt)});
        engine_.schedule(tok_free_, kEvTokenized, uint32_t(i));
        if (i == 0) {  // the sequence in the first slot is the one whose text the view shows
            view_.watched_seq = s.id;
            if (!view_.answer.empty()) push_answer("\n", now);
        }
        slots_[i] = std::move(s);
    }
    update_view_serving();
}

void TokenModel::update_view_serving() {
    int running = 0;
    for (const Seq& q : slots_) running += q.active ? 1 : 0;
    view_.running = running;
    view_.queued = int(waiting_.size());
    view_.preempted = int(preempted_.size());
    view_.kv_used_bytes = paged_ ? double(total_blocks_ - free_blocks_) * block_tokens_ * kv_per_token_ : 0;
}

// A sequence's KV crosses PCIe (out: to host memory; back: to the device); the next step waits for it.
void TokenModel::swap_kv(const Seq& s, bool out) {
    double now = engine_.now(), bytes = s.context() * kv_per_token_;
    double dur = out ? d2h_lat_ + bytes / d2h_bw_ : h2d_lat_ + bytes / h2d_bw_;
    swap_s_ += dur;
    (out ? busy_d2h_ : busy_h2d_) += dur;
    link_energy_pj_ += bytes * 8 * host_link_pj_;
    uint16_t device = kStMesh, host = kStHostMem;
    segments_.emit({next_parcel_++, uint16_t(int(kSegKvFetch) + int(kHostMem)), out ? device : host, out ? host : device,
                    now, now + dur, uint32_t(std::clamp(std::ceil(bytes / parcel_bytes_), 1.0, 4e9))});
}

// The newest sequence on the device gives up its KV blocks and waits to return.
void TokenModel::preempt(int slot) {
    Seq s = std::move(slots_[size_t(slot)]);
    slots_[size_t(slot)] = Seq();
    preemptions_++;
    free_blocks_ += s.blocks;
    s.blocks = 0;
    if (preempt_swap_ && s.phase == kDecoding) {  // its KV crosses to host memory before the next step
        swap_kv(s, true);
        s.swapped = true;
    } else {  // recompute: the prompt and the answer so far are prefilled again
        s.refill = s.generated;
        s.prefilled = 0;
    }
    preempted_.push_front(std::move(s));  // the last pre-empted returns first, as in vLLM
}

// Before a decode step every decoding sequence needs blocks for its next q tokens; the
// oldest are served first, and while blocks are short the newest sequence on the
// device is pre-empted (possibly the one asking).
void TokenModel::grow_kv(double q) {
    if (!paged_) return;
    std::vector<int> order;
    for (size_t i = 0; i < slots_.size(); i++)
        if (slots_[i].active && slots_[i].phase == kDecoding) order.push_back(int(i));
    auto older = [&](int a, int b) { return slots_[size_t(a)].id < slots_[size_t(b)].id; };
    std::sort(order.begin(), order.end(), older);
    for (int slot : order) {
        Seq& s = slots_[size_t(slot)];
        if (!s.active) continue;  // pre-empted already in this pass
        int need = blocks_for(s.context() + q) - s.blocks;
        while (need > free_blocks_ && s.active) {
            int newest = -1;
            for (size_t i = 0; i < slots_.size(); i++)
                if (slots_[i].active && slots_[i].phase != kTokenizing &&
                    (newest < 0 || slots_[i].id > slots_[size_t(newest)].id))
                    newest = int(i);
            preempt(newest);
        }
        if (s.active && need > 0) {
            s.blocks += need;
            free_blocks_ -= need;
        }
    }
}

void TokenModel::record_step(const StepCost& c, double scale, bool decode) {
    for (int p = 0; p < kPartCount; p++) step_part_[p] += c.part[p] * scale;
    RoofDot& dot = roof_[step_phase(step_kind_)];
    dot.flops += c.flops * scale;
    dot.device_s += c.time * scale;
    for (int l = 0; l < kLevelCount; l++) dot.bytes[l] += c.bytes[l] * scale;
    if (!decode) return;
    for (int l = 0; l < kLevelCount; l++) step_bytes_[l] += c.bytes[l] * scale;
    for (int k = 0; k < kEnergyCount; k++) step_energy_[k] += c.energy_pj[k] * scale;
    step_byte_hops_ += c.byte_hops * scale;
}

void TokenModel::count_step_traffic() {
    for (int l = 0; l < kLevelCount; l++) decode_bytes_[l] += std::exchange(step_bytes_[l], 0.0);
    for (int k = 0; k < kEnergyCount; k++) decode_energy_[k] += std::exchange(step_energy_[k], 0.0);
    decode_byte_hops_ += std::exchange(step_byte_hops_, 0.0);
}

void TokenModel::emit_fetch_segments(const StepCost& c, double t0, double t1) {
    for (int l = 0; l < kLevelCount; l++) {
        uint16_t from = uint16_t(kStSram + l);
        double counts[2] = {c.weight_bytes[l], c.kv_bytes[l]};
        uint16_t kinds[2] = {uint16_t(kSegWeightFetch + l), uint16_t(kSegKvFetch + l)};
        for (int k = 0; k < 2; k++) {
            if (!(counts[k] > 0)) continue;
            double n = std::clamp(std::ceil(counts[k] / parcel_bytes_), 1.0, 4e9);
            segments_.emit({next_parcel_++, kinds[k], from, kStMesh, t0, t1, uint32_t(n)});
        }
    }
}

void TokenModel::start_step() {
    if (device_busy_ || device_blocked_) return;
    double now = engine_.now();
    drain_host();
    if (on_host_.size() >= kMaxOnHost) {  // the host is behind: the device waits for it
        device_blocked_ = true;
        engine_.schedule(on_host_.front().t_screen, kEvWake);
        return;
    }
    StepWork w;
    planned_.clear();
    decoding_.clear();
    double q = draft_k_ > 0 ? draft_k_ + 1 : 1;
    bool prompts_ready = false;
    for (const Seq& s : slots_) prompts_ready = prompts_ready || (s.active && s.phase == kReady);
    // Decodes: every decoding sequence, unless prefill goes first and a prompt waits.
    int budget = chunk_;
    double ctx = 0;
    if (mixed_ || !prompts_ready) {
        grow_kv(q);
        for (size_t i = 0; i < slots_.size(); i++)
            if (slots_[i].active && slots_[i].phase == kDecoding) {
                decoding_.push_back(int(i));
                ctx += slots_[i].context();
            }
        if (!decoding_.empty()) {
            w = decode_work(double(decoding_.size()), q, ctx);
            budget -= int(w.tokens);
        }
    }
    // Prompt chunks, in slot order, up to the step's token budget.
    for (size_t i = 0; i < slots_.size() && budget > 0; i++) {
        const Seq& s = slots_[i];
        if (!s.active || s.phase != kReady) continue;
        int n = std::min(s.prefill_target() - s.prefilled, budget);
        bool last = s.prefilled + n == s.prefill_target();
        add_work(w, prefill_chunk_work(n, s.prefilled, last));
        planned_.push_back({int(i), n, last});
        budget -= n;
    }
    // KV cache now on the device: every sequence that has reached it.
    double kv_tokens = 0;
    for (const Seq& s : slots_)
        if (s.active && s.phase != kTokenizing) kv_tokens += s.context();
    double draft_s = 0, sampler_s = 0;
    int logits = 0;
    StepCost c;
    if (planned_.empty() && decoding_.empty()) {  // nothing to do until a prompt reaches the device
        view_.step_kind_now = -1;
        return;
    }
    bool decode = !decoding_.empty();
    step_kind_ = !decode ? kStepPrefill : !planned_.empty() ? kStepMixed : draft_k_ > 0 ? kStepVerify : kStepDecode;
    // Paged, admission keeps the KV cache in its room; offloaded, what grows past the room
    // lives in host memory (the engine's share of memory and its reserve stay its own).
    placement_ = place(hw_, weight_total_, (kv_tokens + w.kv_write_tokens) * kv_per_token_, policy_, embed_total_,
                       paged_ ? INFINITY : kv_device_room_);
    c = step_cost(hw_, shape_, placement_, w);
    std::fill(std::begin(step_part_), std::end(step_part_), 0.0);
    pace_wait_ = std::max(0.0, now - pace_last_end_);
    record_step(c, 1, decode);
    if (decode && draft_k_ > 0) {  // k steps of a draft model costing draft_ratio of a target step each
        StepCost d = step_cost(hw_, shape_, placement_, decode_work(double(decoding_.size()), 1, ctx));
        double scale = draft_k_ * draft_ratio_;
        draft_s = d.time * scale;
        record_step(d, scale, true);
    }
    logits = int(w.logit_tokens);
    if (logits > 0) {
        if (sampler_host_) {  // logits go to the CPU, the chosen tokens come back
            double down = d2h_lat_ + logits * double(shape_.vocab) * kLogitBytes / d2h_bw_;
            double up = h2d_lat_ + logits * kTokenIdBytes / h2d_bw_;
            double cpu = host_time(logits * sampler_host_s_);
            busy_d2h_ += down;
            busy_h2d_ += up;
            busy_sampler_ += cpu;
            link_energy_pj_ += (logits * double(shape_.vocab) * kLogitBytes + logits * kTokenIdBytes) * 8 * host_link_pj_;
            sampler_s = down + cpu + up;
        } else {
            sampler_s = sampler_dev_s_;
            busy_sampler_ += sampler_s;
        }
    }
    step_start_ = now;
    step_draft_s_ = draft_s;
    step_compute_s_ = std::min(c.part[kPartCompute], c.time);
    step_memwait_s_ = c.time - step_compute_s_;
    step_sampler_s_ = sampler_s;
    step_bottleneck_ = c.bottleneck;
    // The host's work for this step: serial, the device waits for all of it; overlapped,
    // the scheduler and the output handling run beside the device, and the step lasts
    // as long as the longest of the three. KV swaps wait for their transfers.
    double seqs = double(decoding_.size() + planned_.size());
    double sched = host_step_s_ + seqs * host_sched_s_, output = seqs * host_output_s_;
    double device_s = draft_s + c.time + sampler_s;
    double host_s = host_overlap_ ? std::max(0.0, std::max(sched, output) - device_s) : sched + output;
    host_step_.add(sched + output);
    step_host_s_ = host_s + swap_s_;
    double t_dev = now + step_host_s_;
    swap_s_ = 0;
    double device_end = t_dev + draft_s + c.time;
    emit_fetch_segments(c, t_dev + draft_s, device_end);
    double end = device_end + sampler_s;
    // Mixed steps (decodes with prompt chunks riding along) have their own mean, so the
    // decode step's time stays that of decoding alone under either scheduler.
    if (step_kind_ == kStepPrefill) prefill_time_.add(end - now);
    else if (step_kind_ == kStepMixed) mixed_time_.add(end - now);
    else decode_time_.add(end - now);
    for (int l = 0; l < kLevelCount; l++) view_.kv_series[size_t(l)].add(now, placement_.kv[l]);
    update_view_levels(placement_);
    view_.core_busy_fraction = c.time > 0 ? step_compute_s_ / c.time : 0;
    view_.core_wait_fraction = c.time > 0 ? 1 - view_.core_busy_fraction : 0;
    view_.step_kind_now = step_kind_;
    view_.step_t0 = t_dev + draft_s;
    view_.step_t1 = device_end;
    view_.step_seqs = int(decoding_.size() + planned_.size());
    update_view_serving();
    device_busy_ = true;
    step_end_ = end;
    engine_.schedule(end, kEvStepEnd);
}

void TokenModel::end_step() {
    double now = engine_.now();
    device_busy_ = false;
    count_step_traffic();
    TokenStepRecord r;
    r.start = step_start_;
    r.end = now;
    r.kind = step_kind_;
    r.bottleneck = step_bottleneck_;
    r.compute_s = step_compute_s_;
    r.memory_wait_s = step_memwait_s_;
    r.draft_s = step_draft_s_;
    r.sampler_s = step_sampler_s_;
    r.host_s = step_host_s_;

    // Tokens produced per slot this step (the bool: by a decode, not by a prefill's last chunk).
    std::vector<std::pair<int, int>> produced;
    std::vector<bool> by_decode;
    if (!planned_.empty()) {
        prefill_steps_++;
        for (const Planned& p : planned_) {
            Seq& s = slots_[size_t(p.slot)];
            // Tokens past the prompt rebuild a pre-empted answer's KV (recompute).
            int fresh = std::clamp(s.prompt - s.prefilled, 0, p.tokens);
            s.prefilled += p.tokens;
            prompt_prefilled_ += uint64_t(fresh);
            recomputed_tokens_ += uint64_t(p.tokens - fresh);
            r.tokens += p.tokens;
            r.seqs++;
            if (p.last) {
                s.phase = kDecoding;
                produced.push_back({p.slot, 1});
                by_decode.push_back(false);
            }
        }
        r.first_seq = slots_[size_t(planned_[0].slot)].id;
    }
    if (!decoding_.empty()) {
        decode_steps_++;
        if (step_kind_ == kStepVerify) verify_steps_++;
        for (int slot : decoding_) {
            Seq& s = slots_[size_t(slot)];
            int make = 1;
            if (step_kind_ == kStepVerify) {
                int accepted = 0;  // draft tokens accepted until the first rejection
                while (accepted < draft_k_ && rng_.bernoulli(alpha_)) accepted++;
                verify_tokens_.add(accepted + 1);
                drafts_accepted_ += uint64_t(accepted);
                drafts_rejected_ += uint64_t(draft_k_ - accepted);  // their KV entries roll back
                r.accepted += accepted;
                r.rejected += draft_k_ - accepted;
                make = accepted + 1;
            }
            make = std::min(make, s.out_len - s.generated);
            produced.push_back({slot, make});
            by_decode.push_back(true);
            r.tokens += make;
            r.seqs++;
        }
        r.first_seq = slots_[size_t(decoding_[0])].id;
    }

    // The step's tokens travel to the host in one transfer (already there when sampled on the host).
    int total = 0;
    for (auto& pr : produced) {
        total += pr.second;
        if (r.listed < TokenStepRecord::kListed && pr.second > 0) {
            r.seq_id[r.listed] = slots_[size_t(pr.first)].id;
            r.seq_tokens[r.listed++] = pr.second;
        }
    }
    double t_host = now, link_s = 0;
    if (total > 0) {
        segments_.emit({next_parcel_++, kSegOutputToken, kStMesh, kStSampler, now - step_sampler_s_, now, uint32_t(total)});
        if (!sampler_host_) {
            double bytes = total * kTokenIdBytes;
            double t0 = std::max(now, d2h_free_), dur = d2h_lat_ + bytes / d2h_bw_;
            d2h_free_ = t0 + dur;
            busy_d2h_ += dur;
            link_energy_pj_ += bytes * 8 * host_link_pj_;
            t_host = d2h_free_;
            link_s = t_host - now;
        }
        segments_.emit({next_parcel_++, kSegOutputToken, kStSampler, kStD2h, now, now + 0.5 * link_s, uint32_t(total)});
        segments_.emit({next_parcel_++, kSegOutputToken, kStD2h, kStDetok, now + 0.5 * link_s, t_host, uint32_t(total)});
    }
    for (size_t k = 0; k < produced.size(); k++) emit_tokens(produced[k].first, produced[k].second, t_host, link_s, by_decode[k]);
    for (auto& pr : produced)
        if (slots_[size_t(pr.first)].generated >= slots_[size_t(pr.first)].out_len) finish(pr.first);

    view_.steps.push_back(r);
    if (view_.steps.size() > kMaxSteps) view_.steps.pop_front();
    record_pace(now);
    view_.step_kind_now = -1;
    admit();
    start_step();
}

void TokenModel::emit_tokens(int slot, int count, double t_host, double link_s, bool decode) {
    double now = engine_.now();
    Seq& s = slots_[size_t(slot)];
    bool watched = s.id == view_.watched_seq;
    std::vector<std::string> chars;
    for (int j = 0; j < count; j++) {
        s.generated++;
        tokens_sampled_++;
        if (decode) decode_tokens_++;
        TokenJourney jr;
        jr.seq = s.id;
        jr.index = uint32_t(s.generated);
        jr.t_step_start = step_start_;
        jr.t_sampled = now;
        jr.queued_s = std::max(0.0, step_start_ - s.t_ready);
        jr.compute_s = step_compute_s_;
        jr.memory_wait_s = step_memwait_s_;
        jr.draft_s = step_draft_s_;
        jr.sampler_s = step_sampler_s_;
        jr.link_s = link_s;
        jr.t_ready = s.t_ready;
        if (s.generated == 1) {
            jr.t_arrive = s.t_arrive;
            jr.t_admit = s.t_admit;
            jr.t_tokenized = s.t_tokenized;
            jr.t_h2d = s.t_h2d;
        }
        if (s.t_first_chip < 0) {
            s.t_first_chip = now;
            ttft_chip_.add(now - s.t_arrive);
        } else {
            tpot_chip_.add(now - s.t_last_chip);
            tpot_chip_q_.add(now - s.t_last_chip);
        }
        s.t_last_chip = now;

        double cost = detok_s_ * (detok_naive_ ? double(s.generated) : 1.0);
        double t0 = std::max(t_host, detok_free_);
        detok_free_ = t0 + host_time(cost);
        busy_detok_ += detok_free_ - t0;
        detok_tokens_++;
        jr.detok_s = detok_free_ - t_host;

        const std::string& bytes = text_.token_bytes[s.text_pos];
        s.text_pos = (s.text_pos + 1) % text_.token_bytes.size();
        chars.clear();
        std::string shown = s.detok.push(bytes);
        int n_chars = split_chars(shown, watched ? &chars : nullptr);
        bool held = s.detok.held_bytes() > 0;
        // Characters that came out complete every token held before this one. This
        // token is shown with them, unless its own last byte starts a new character:
        // then the earlier ones go now and this one waits.
        if (held && n_chars > 0) release_text(s, watched ? &chars : nullptr, detok_free_);
        if (s.held_tokens < 4) s.pending[s.held_tokens] = jr;
        s.held_tokens++;
        tokens_held_++;
        if (held) holds_++;
        else release_text(s, watched ? &chars : nullptr, detok_free_);
        if (s.generated >= s.out_len) break;
    }
    s.t_ready = now;
}

void TokenModel::push_answer(const std::string& ch, double t) {
    view_.answer.push_back({ch, t});
    if (view_.answer.size() > kMaxAnswerChars) view_.answer.pop_front();
}

// Releases the held tokens of s (and the characters in *chars) at detokenizer time t_detok.
void TokenModel::release_text(Seq& s, const std::vector<std::string>* chars, double t_detok) {
    double t_scr = std::max(screen_free_, t_detok + host_time(flush_s_));
    screen_free_ = t_scr;
    if (chars) {
        for (const std::string& ch : *chars) push_answer(ch, t_scr);
        text_chars_ += chars->size();
    }
    if (s.held_tokens == 0) return;
    int n = s.held_tokens;
    HostRecord rec{t_scr, uint32_t(n)};
    if (s.t_last_screen < 0) rec.ttft = t_scr - s.t_arrive;
    else rec.first_gap = t_scr - s.t_last_screen;
    s.t_last_screen = t_scr;
    for (int i = 0; i < n; i++) {
        if (i < 4) {
            TokenJourney jr = s.pending[i];
            jr.t_screen = t_scr;
            double t_detok_done = jr.t_sampled + jr.link_s + jr.detok_s;
            jr.hold_s = std::max(0.0, t_detok - t_detok_done);
            jr.flush_s = t_scr - t_detok;
            trip_step_.add(jr.queued_s + jr.draft_s + jr.compute_s + jr.memory_wait_s);
            trip_sampler_.add(jr.sampler_s);
            trip_d2h_.add(jr.link_s);
            trip_detok_.add(jr.detok_s + jr.hold_s);
            trip_flush_.add(jr.flush_s);
            view_.journeys.push_back(jr);
            if (view_.journeys.size() > kMaxJourneys) view_.journeys.pop_front();
        }
    }
    segments_.emit({next_parcel_++, kSegText, kStDetok, kStScreen, t_detok, t_scr, uint32_t(n)});
    on_host_.push_back(rec);
    tokens_on_host_ += uint64_t(n);
    tokens_held_ -= uint64_t(n);
    s.held_tokens = 0;
}

void TokenModel::finish(int slot) {
    Seq& s = slots_[size_t(slot)];
    if (s.held_tokens > 0) {  // the answer ended inside a character: show what there is
        std::vector<std::string> chars;
        bool watched = s.id == view_.watched_seq;
        split_chars(s.detok.finish(), watched ? &chars : nullptr);
        release_text(s, watched ? &chars : nullptr, detok_free_);
    }
    // The request is done when its last text reaches the screen: a record of no tokens at
    // that moment, in time order among the others, counts it then.
    HostRecord done{std::max(s.t_last_screen, engine_.now()), 0};
    done.e2e = done.t_screen - s.t_arrive;
    auto later = std::upper_bound(on_host_.begin(), on_host_.end(), done.t_screen,
                                  [](double t, const HostRecord& r) { return t < r.t_screen; });
    on_host_.insert(later, done);
    double now = engine_.now();
    engine_time_.add(now - s.t_admit);
    count_engine(now);
    in_engine_--;
    free_blocks_ += s.blocks;
    s.blocks = 0;
    s.active = false;
    if (mode_ == kClosedBatch) enqueue(now);
}

void TokenModel::record_pace(double now) {
    PaceSample p;
    p.start = step_start_;
    p.end = now;
    p.wait = pace_wait_;
    p.phase = step_phase(step_kind_);
    p.mixed = step_kind_ == kStepMixed;
    p.holder = step_bottleneck_;
    for (int k = 0; k < kPartCount; k++) p.busy[k] = step_part_[k];
    const double host[kStageCount - kStageH2d] = {busy_h2d_, busy_d2h_, busy_tokenizer_, busy_detok_, busy_sampler_};
    for (int k = 0; k < kStageCount - kStageH2d; k++) {
        p.busy[kStageH2d + k] = host[k] - pace_host_seen_[k];
        pace_host_seen_[k] = host[k];
    }
    pace_log_.push_back(p);
    if (pace_log_.size() > kPaceSamples) pace_log_.pop_front();
    pace_last_end_ = now;
    pace_samples_++;
}

const PaceMeasure& TokenModel::pace() const {
    // The step under way, else the last one (step_kind_ keeps it), unless the view keeps
    // to one phase: measured once per new sample and phase, however often it is read.
    const int phase = headline_phase_ > 0 ? headline_phase_ - 1 : step_phase(step_kind_);
    const uint64_t key = pace_samples_ * 2 + uint64_t(phase);
    if (key != pace_cache_key_) {
        pace_cache_ = measure_pace(pace_log_, phase, kPaceWindowS);
        pace_cache_key_ = key;
    }
    return pace_cache_;
}

std::vector<Metric> TokenModel::metrics() const {
    std::vector<Metric> out;
    shape_metrics(out);
    latency_metrics(out);
    traffic_energy_metrics(out);
    stage_metrics(out);
    roofline_metrics(out);
    placement_metrics(out);
    serving_metrics(out);
    trip_metrics(out);
    // Listed after the trip, where it has always been (the order of CSV columns).
    MetricList{out}("prefill_steps", double(prefill_steps_), "", "Prefill steps", "预填充步数");
    speculation_metrics(out);
    text_metrics(out);
    view_metrics(out);
    return out;
}

double TokenModel::decode_bytes_total() const {
    double sum = 0;
    for (int l = 0; l < kLevelCount; l++) sum += decode_bytes_[l];
    return sum;
}

// The model's size and how it is spread over chips.
void TokenModel::shape_metrics(std::vector<Metric>& out) const {
    MetricList add{out};
    add("model_params", param_count(shape_), "", "Parameters", "参数量");
    add("model_active_params", active_param_count(shape_), "", "Active parameters per token", "每词元激活参数量");
    add("weight_bytes", weight_total_ + embed_total_, "B", "Weight bytes", "权重字节数");
    add("kv_bytes_per_token", kv_bytes_per_token(shape_), "B", "KV cache bytes per token", "每词元 KV 缓存字节数");
    add("kv_copies", kv_replication(hw_, shape_), "", "Copies of each KV entry (tensor-parallel chips > KV heads)",
        "每个 KV 条目的副本数（张量并行芯片多于 KV 头时）");
    add("pipeline_stages", hw_.stage_count(), "", "Pipeline stages (chip stages x regions)", "流水线级数（芯片级 × 区域）");
}

// Time to first token, time per token (chip and screen), throughput, request latency.
void TokenModel::latency_metrics(std::vector<Metric>& out) const {
    MetricList add{out};
    const double now = engine_.now();
    add("ttft_s", ttft_screen_.mean(), "s", "Time to first token (screen, mean)", "首词元时间（屏幕，均值）");
    add("ttft_p50_s", ttft_screen_q_.quantile(0.5), "s", "Time to first token p50 (screen)", "首词元时间 p50（屏幕）");
    add("ttft_p99_s", ttft_screen_q_.quantile(0.99), "s", "Time to first token p99 (screen)", "首词元时间 p99（屏幕）");
    add("ttft_chip_s", ttft_chip_.mean(), "s", "Time to first token (chip, mean)", "首词元时间（芯片，均值）");
    add("tpot_chip_mean_s", tpot_chip_.mean(), "s", "Time per output token at the chip (mean)", "芯片端每词元时间（均值）");
    add("tpot_chip_p50_s", tpot_chip_q_.quantile(0.5), "s", "Time per output token at the chip p50", "芯片端每词元时间 p50");
    add("tpot_chip_p99_s", tpot_chip_q_.quantile(0.99), "s", "Time per output token at the chip p99", "芯片端每词元时间 p99");
    add("tpot_screen_mean_s", tpot_screen_.mean(), "s", "Time per output token at the screen (mean)", "屏幕端每词元时间（均值）");
    add("tpot_screen_p50_s", tpot_screen_q_.quantile(0.5), "s", "Time per output token at the screen p50", "屏幕端每词元时间 p50");
    add("tpot_screen_p99_s", tpot_screen_q_.quantile(0.99), "s", "Time per output token at the screen p99", "屏幕端每词元时间 p99");
    add("tok_s_per_seq", tpot_chip_.mean() > 0 ? 1 / tpot_chip_.mean() : 0, "tok/s", "Tokens/s per sequence", "每序列词元/秒");
    add("tok_s_total", now > 0 ? double(tokens_sampled_) / now : 0, "tok/s", "Tokens/s in total", "总词元/秒");
    add("e2e_s", e2e_.mean(), "s", "Request latency, arrival to last text (mean)", "请求延迟：到达至最后文字（均值）");
}

// Bytes and energy per decoded token, by memory level and part.
void TokenModel::traffic_energy_metrics(std::vector<Metric>& out) const {
    MetricList add{out};
    const double now = engine_.now();
    const double dec_tok = double(decode_tokens_);
    auto per_tok = [&](double x) { return dec_tok > 0 ? x / dec_tok : 0; };
    const double bytes_total = decode_bytes_total();
    for (int l = 0; l < kLevelCount; l++) {
        std::string ln = level_name(l);
        add("bytes_per_token_" + ln, per_tok(decode_bytes_[l]), "B", std::string("Bytes per token from ") + kLevelEn[l],
            std::string("每词元来自 ") + kLevelZh[l] + " 的字节");
    }
    add("bytes_per_token_total", per_tok(bytes_total), "B", "Bytes moved per token", "每词元搬运字节");
    add("noc_byte_hops_per_token", per_tok(decode_byte_hops_), "B*hop", "NoC byte-hops per token", "每词元片上网络字节·跳数");
    add("noc_mean_hops", bytes_total > 0 ? decode_byte_hops_ / bytes_total : 0, "hop", "Mean mesh hops per byte", "每字节平均网格跳数");

    double e_total = 0;
    for (int k = 0; k < kEnergyCount; k++) {
        std::string kn = energy_part_name(k);
        e_total += decode_energy_[k];
        add("energy_pj_per_token_" + kn, per_tok(decode_energy_[k]), "pJ", std::string("Energy per token: ") + kEnergyEn[k],
            std::string("每词元能耗：") + kEnergyZh[k]);
    }
    double links_per_tok = tokens_sampled_ > 0 ? link_energy_pj_ / double(tokens_sampled_) : 0;
    add("energy_pj_per_token_links", links_per_tok, "pJ", "Energy per token: host links", "每词元能耗：主机链路");
    double dynamic = per_tok(e_total) + links_per_tok;
    // Static power is drawn whatever the load: spread over every token made so far.
    double static_pj = tokens_sampled_ > 0 ? hw_.static_watts * hw_.chips * now * 1e12 / double(tokens_sampled_) : 0;
    add("energy_pj_per_token_dynamic", dynamic, "pJ", "Energy per token: dynamic (reads, moves, compute)",
        "每词元能耗：动态（读取、搬运、计算）");
    add("energy_pj_per_token_static", static_pj, "pJ", "Energy per token: static (idle power x time / tokens)",
        "每词元能耗：静态（空闲功率 × 时间 ÷ 词元数）");
    add("energy_pj_per_token_total", dynamic + static_pj, "pJ", "Energy per token in total (dynamic + static)",
        "每词元总能耗（动态 + 静态）");
}

// Each stage's busy share and the bottleneck, over the headline's window (pace.h).
void TokenModel::stage_metrics(std::vector<Metric>& out) const {
    MetricList add{out};
    const PaceMeasure& p = pace();
    // The far memory by its kind (token.hbm.kind): a GeForce card's is GDDR6X, a measured
    // computer's its own memory, an Apple laptop's LPDDR5 unified memory, a Tenstorrent board's
    // GDDR6, not HBM.
    static const char* const kind_en[] = {"", "GDDR6X", "this computer's memory", "LPDDR5 unified memory", "GDDR6"};
    static const char* const kind_zh[] = {"", "GDDR6X", "本机内存", "LPDDR5 统一内存", "GDDR6"};
    const bool named = far_kind_ >= 1 && far_kind_ <= 4;
    auto en = [&](int s) { return s != kPartHbm || !named ? stage_label(s) : kind_en[far_kind_]; };
    auto zh = [&](int s) { return s != kPartHbm || !named ? stage_name_zh(s) : kind_zh[far_kind_]; };
    for (int s = 0; s < kStageCount; s++)
        add("share_" + stage_id(s), p.share[s], "", en(s) + std::string(": busy share over the headline's window"),
            zh(s) + std::string("：瓶颈测量窗口内的利用率"));
    add("bottleneck", p.stage, "", std::string("Bottleneck: ") + (p.stage < 0 ? "none named" : en(p.stage)),
        std::string("瓶颈：") + (p.stage < 0 ? "未指明" : zh(p.stage)));
    // Named for no station: a question asking which station limits may show it, held.
    add("bottleneck_share", p.stage < 0 ? 0 : p.share[p.stage], "", "The bottleneck's busy share of the window", "瓶颈在窗口内的利用率");
    add("bottleneck_phase", p.phase, "", "Phase measured (0 decode steps, 1 prefill steps)", "所测阶段（0 解码步，1 预填充步）");
    add("bottleneck_window_s", p.window_s, "s", "Span of the phase's steps measured", "所测该阶段各步的时长");
    add("bottleneck_shifting", p.shifting ? 1 : 0, "", "The bottleneck shifts between two stages", "瓶颈在两个环节之间转移");
}

namespace {
// The roofline's dot of one kind of step: FLOP per byte, attained and attainable FLOP/s.
struct RoofPoint { double intensity = 0, attained = 0; };
}  // namespace

// The roofline: the decode steps' dot and the prompt steps' dot, the slope and the ridge.
void TokenModel::roofline_metrics(std::vector<Metric>& out) const {
    MetricList add{out};
    double peak = hw_.peak_flops();
    // The slope: the bandwidth decode steps achieved over their levels.
    const RoofDot& dec = roof_[kPhaseDecode];
    double stream_max = 0, stream_sum = 0, bytes_total = 0;
    for (int l = 0; l < kLevelCount; l++) {
        double bw = hw_.level[l].bandwidth * hw_.level[l].efficiency;
        double t = bw > 0 ? dec.bytes[l] / bw : 0;
        stream_max = std::max(stream_max, t);
        stream_sum += t;
        bytes_total += dec.bytes[l];
    }
    double eff_bw = bytes_total / (hw_.form == StepForm::Overlapped ? stream_max : stream_sum);
    auto point = [](const RoofDot& d) {
        double bytes = 0;
        for (double b : d.bytes) bytes += b;
        return RoofPoint{bytes > 0 ? d.flops / bytes : 0, d.device_s > 0 ? d.flops / d.device_s : 0};
    };
    const RoofPoint dp = point(dec), pp = point(roof_[kPhasePrefill]);
    add("roofline_flops_per_byte", dp.intensity, "FLOP/B", "Arithmetic intensity of decode steps", "解码步的算术强度");
    add("roofline_attained_flops", dp.attained, "FLOP/s", "Attained FLOP/s in decode steps", "解码步实际达到的 FLOP/s");
    add("roofline_peak_flops", peak, "FLOP/s", "Peak FLOP/s", "峰值 FLOP/s");
    add("roofline_bw_bytes_s", eff_bw, "B/s", "Memory bandwidth attained: the peak × the share serving software reaches (the roofline's slope)",
        "实际达到的存储带宽：峰值 × 推理软件能达到的比例（屋顶线的斜率）");
    add("roofline_compute_roof_flops", peak * hw_.compute_eff, "FLOP/s", "Achieved compute roof (the roofline's flat part)",
        "达成算力上限（屋顶线的平顶）");
    add("roofline_ridge_flops_per_byte", eff_bw > 0 ? peak * hw_.compute_eff / eff_bw : 0, "FLOP/B",
        "Ridge point: intensity where compute starts to bind", "拐点：计算开始成为约束的算术强度");
    add("roofline_attainable_flops", std::min(peak * hw_.compute_eff, dp.intensity * eff_bw), "FLOP/s",
        "Roofline bound at this intensity", "此算术强度下的屋顶线上限");
    add("roofline_prompt_flops_per_byte", pp.intensity, "FLOP/B", "Arithmetic intensity of steps that read prompts in",
        "读入提示的步的算术强度");
    add("roofline_prompt_attained_flops", pp.attained, "FLOP/s", "Attained FLOP/s in steps that read prompts in",
        "读入提示的步实际达到的 FLOP/s");
}

// Where the KV cache and the weights sit.
void TokenModel::placement_metrics(std::vector<Metric>& out) const {
    MetricList add{out};
    double kv = 0;
    for (int l = 0; l < kLevelCount; l++) kv += placement_.kv[l];
    add("kv_bytes", kv, "B", "KV cache, all levels", "KV 缓存（各级合计）");
    for (int l = 0; l < kLevelCount; l++) {
        std::string ln = level_name(l);
        add("kv_bytes_" + ln, placement_.kv[l], "B", std::string("KV cache in ") + kLevelEn[l],
            std::string("KV 缓存位于 ") + kLevelZh[l]);
        add("weight_bytes_" + ln, placement_.weights[l] + placement_.embed[l], "B", std::string("Weights in ") + kLevelEn[l],
            std::string("权重位于 ") + kLevelZh[l]);
    }
}

// The serving engine: the queue, the KV blocks, requests, steps.
void TokenModel::serving_metrics(std::vector<Metric>& out) const {
    MetricList add{out};
    const double now = engine_.now();
    add("queue_len", double(waiting_.size()), "req", "Requests waiting at the door", "在门口等待的请求");
    // Who waits at the door, as the map and the card count them: new requests and
    // pre-empted sequences waiting to return.
    add("requests_waiting", double(waiting_.size() + preempted_.size()), "req",
        "Waiting at the door: new requests and pre-empted sequences", "在门口等待：新请求与被抢占的序列");
    double t_area = std::max(now, area_t_);
    double area = in_engine_area_ + in_engine_ * (t_area - area_t_);
    add("kv_capacity_tokens", paged_ ? double(total_blocks_) * block_tokens_ : 0, "tok",
        "KV cache capacity on the device (paged)", "芯片上的 KV 缓存容量（分页）");
    add("kv_capacity_bytes", view_.kv_capacity_bytes, "B", "KV cache capacity on the device, bytes", "芯片上的 KV 缓存容量（字节）");
    add("kv_used_fraction", paged_ && total_blocks_ > 0 ? 1 - double(free_blocks_) / total_blocks_ : 0, "",
        "Share of KV blocks in use", "在用 KV 块的比例");
    add("requests_running", view_.running, "req", "Requests admitted and running", "已接纳、正在运行的请求");
    add("requests_admitted", double(admitted_), "req", "Requests admitted since reset", "重置以来接纳的请求");
    add("requests_preempted", double(preemptions_), "req", "Pre-emptions (KV cache full)", "抢占次数（KV 缓存满）");
    add("requests_preempted_waiting", double(preempted_.size()), "req", "Pre-empted sequences waiting to return",
        "等待恢复的被抢占序列");
    add("requests_truncated", double(truncated_), "req", "Requests cut to the longest sequence the KV cache holds",
        "被截短到 KV 缓存能容纳长度的请求");
    add("recomputed_tokens", double(recomputed_tokens_), "tok", "Tokens prefilled again after pre-emption",
        "抢占后重新预填充的词元");
    add("engine_requests_mean", t_area > 0 ? area / t_area : 0, "req",
        "Requests in the engine, admitted to finished (time average)", "引擎内的请求数：从接纳到完成（时间平均）");
    add("engine_time_s", engine_time_.mean(), "s", "Time in the engine, admitted to finished (mean)",
        "在引擎内的时间：从接纳到完成（均值）");
    add("requests_done_per_s", now > 0 ? double(seqs_done_) / now : 0, "req/s", "Requests finished per second",
        "每秒完成的请求");
    add("host_step_s", host_step_.mean(), "s", "Host work per step (mean)", "每步主机工作（均值）");
    add("queue_wait_s", queue_wait_.mean(), "s", "Wait before prefill (mean)", "预填充前等待（均值）");
    add("requests_dropped", double(dropped_), "req", "Requests dropped (queue full)", "被丢弃的请求（队列满）");
    add("sequences_done", double(seqs_done_), "seq", "Sequences finished", "已完成序列");
    add("prefill_step_s", prefill_time_.mean(), "s", "Prefill step time (mean)", "预填充步时间（均值）");
    add("decode_step_s", decode_time_.mean(), "s", "Decode step time (mean)", "解码步时间（均值）");
    add("mixed_step_s", mixed_time_.mean(), "s", "Mixed step time: decodes with prompt chunks (mean)",
        "混合步时间：解码带着提示分块（均值）");
    add("decode_steps", double(decode_steps_), "", "Decode steps", "解码步数");
}

// A token's trip, stage by stage (what the guided trip shows at each station).
void TokenModel::trip_metrics(std::vector<Metric>& out) const {
    MetricList add{out};
    add("trip_tokenizer_s", trip_tokenizer_.mean(), "s", "Trip: a prompt at the tokenizer, waiting included (mean)",
        "旅程：提示在分词器（含等待，均值）");
    add("trip_h2d_s", trip_h2d_.mean(), "s", "Trip: a prompt on the link to the chip (mean)", "旅程：提示经链路到芯片（均值）");
    add("trip_step_s", trip_step_.mean(), "s", "Trip: a token in the cores and memories, its step (mean)",
        "旅程：词元在核心与存储中（它的那一步，均值）");
    add("trip_sampler_s", trip_sampler_.mean(), "s", "Trip: a token at the sampler (mean)", "旅程：词元在采样器（均值）");
    add("trip_d2h_s", trip_d2h_.mean(), "s", "Trip: a token on the link back to the CPU (mean)", "旅程：词元经链路回到 CPU（均值）");
    add("trip_detok_s", trip_detok_.mean(), "s", "Trip: a token at the detokenizer, holding included (mean)",
        "旅程：词元在逆分词器（含扣住，均值）");
    add("trip_flush_s", trip_flush_.mean(), "s", "Trip: from the detokenizer to the screen (mean)", "旅程：从逆分词器到屏幕（均值）");
}

// Speculative decoding: tokens per verify step, measured and expected; rollbacks.
void TokenModel::speculation_metrics(std::vector<Metric>& out) const {
    MetricList add{out};
    double a = alpha_, k = draft_k_;
    double expected = draft_k_ > 0 ? (a < 1 ? (1 - det_powi(a, int(k) + 1)) / (1 - a) : k + 1) : 1;
    add("spec_tokens_per_verify", verify_tokens_.count() ? verify_tokens_.mean() : 1, "tok",
        "Tokens per verify step (measured)", "每次核对产出的词元（实测）");
    add("spec_tokens_per_verify_expected", expected, "tok", "Tokens per verify step, expected: (1 − α^(k+1)) ÷ (1 − α)",
        "每次核对的期望词元：(1 − α^(k+1)) ÷ (1 − α)");
    add("kv_rollback_tokens", double(drafts_rejected_), "tok", "KV entries rolled back (rejected drafts)",
        "回滚的 KV 条目（被拒草稿）");
}

// Tokenizer and detokenizer, the text on the screen, token counts.
void TokenModel::text_metrics(std::vector<Metric>& out) const {
    MetricList add{out};
    add("detok_holds", double(holds_), "tok", "Tokens held so far for an incomplete character", "至今因字符不完整被扣住的词元");
    add("detok_hold_share", detok_tokens_ ? double(holds_) / double(detok_tokens_) : 0, "", "Share of tokens held",
        "被扣住的词元比例");
    add("tokenizer_in_use", tokenizer_used_, "", "Tokenizer in use: 0 stand-in, 1 cl100k_base, 2 o200k_base",
        "所用分词器：0 简易切分，1 cl100k_base，2 o200k_base");
    add("answer_tokens", double(text_.token_bytes.size()), "tok", "Tokens in the built-in answer", "内置回答的词元数");
    add("text_chars", double(text_chars_), "char", "Characters shown (watched sequence)", "已显示字符（观察序列）");
    add("tokens_sampled", double(tokens_sampled_), "tok", "Tokens sampled", "已采样词元");
    add("tokens_at_screen", double(tokens_at_screen_), "tok", "Tokens shown on the screen", "已上屏词元");
    add("tokens_in_flight", double(tokens_on_host_ + tokens_held_), "tok", "Tokens on their way to the screen",
        "在去屏幕路上的词元");
    add("prompt_tokens_in", double(prompt_in_), "tok", "Prompt tokens admitted", "已接纳的提示词元");
    add("prompt_tokens_prefilled", double(prompt_prefilled_), "tok", "Prompt tokens prefilled", "已预填充的提示词元");
}

// Summaries of what the view holds (the timeline, the KV series, the parcels).
void TokenModel::view_metrics(std::vector<Metric>& out) const {
    MetricList add{out};
    const TokenStepRecord* last = view_.steps.empty() ? nullptr : &view_.steps.back();
    add("timeline_steps", double(view_.steps.size()), "", "Steps in the timeline", "时间线中的步数");
    add("last_step_kind", last ? last->kind : -1, "", "Last step: 0 prefill, 1 decode, 2 verify",
        "上一步：0 预填充，1 解码，2 验证");
    add("last_step_s", last ? last->end - last->start : 0, "s", "Last step's duration", "最近一步耗时");
    add("last_step_tokens", last ? last->tokens : 0, "tok", "Tokens in the last step", "上一步的词元数");
    add("kv_series_points", double(view_.kv_series.empty() ? 0 : view_.kv_series[0].size()), "",
        "Points in the KV-over-time series", "KV 随时间序列的点数");
    add("segments_live", double(segments_.items().size()), "", "Parcel segments held for drawing", "待绘制的包裹段数");
    add("segments_emitted", double(segments_.emitted()), "", "Parcels emitted since reset", "重置以来发出的包裹数");
}

std::unique_ptr<Model> make_token_model() { return std::make_unique<TokenModel>(); }

void TokenModel::set_answer_override(const std::string& text) {
    // Whole characters only, valid UTF-8 only, bounded: what the screen can show.
    std::string head = text.substr(0, 8192);
    head.resize(utf8_complete_prefix(head));
    answer_override_ = utf8_sanitize(head);
}

}  // namespace tj::token

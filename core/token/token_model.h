// token_model.h — the token logistics scene: tokens as parcels from the prompt to
// the screen, on the discrete-event Engine.
//
// Route: prompt -> tokenizer (CPU) -> host-to-device link -> mesh of cores (with
// SRAM) <-> 3D-stacked DRAM <-> far DRAM/HBM (<-> host memory for what does not
// fit) -> sampler -> device-to-host link -> detokenizer (CPU) -> screen.
//
// What happens, event by event:
//   arrival     a request arrives (closed loop: a user's next request as soon as its
//               answer ends; open: Poisson), with prompt and answer lengths drawn
//               from the chosen distribution, and waits at the door (the queue);
//   admission   with the paged KV policy a request is admitted when a batch slot is
//               free and the KV blocks of its prompt fit in the device memory left
//               after the weights and a reserve; pre-empted sequences come back
//               first. When a decode step's growth finds no free block, the newest
//               sequence on the device is pre-empted (recompute: its KV is dropped
//               and rebuilt by a prefill when it returns; swap: its KV crosses PCIe
//               to host memory and back). With the offload policy every request is
//               admitted to a free slot and KV that does not fit is read from host
//               memory every step;
//   tokenizer   one CPU server, FIFO, prompt length x cost per token (lognormal noise);
//   h2d link    one FIFO link: latency + bytes / bandwidth;
//   device      one step at a time. Prefill first: prompts waiting for prefill go
//               first, in chunks (chunked prefill); otherwise every decoding sequence
//               takes one decode step together (with speculative decoding: k draft
//               steps, then one verify step). Mixed: every decoding sequence's tokens
//               go in first and prompt chunks fill the rest of the step's token
//               budget. The host's work per step (fixed + per sequence) adds to the
//               step, or, overlapped, runs beside it. Step time comes from step_cost() (roofline; see
//               step_cost.h) with the placement recomputed from the KV cache's size
//               at that step (placement.h). The step ends when its tokens are
//               sampled, so token n+1 of a sequence never starts before token n is
//               chosen (with the sampler on the host, the logits' round trip is part
//               of the step);
//   d2h link    the step's tokens travel back in one transfer;
//   detokenizer one CPU server, FIFO, per token (naive mode: cost x tokens so far);
//               each token carries the bytes of the built-in answer as cut by the
//               chosen tokenizer (token_text.h: stand-in or real BPE);
//               bytes that end inside a UTF-8 character are held (text/detokenize.h);
//   screen      released text appears after the flush latency (lognormal), in order.
// The host side is computed when the step ends (it depends only on the past), and
// the tokens wait in a bounded list until their screen time passes; when that list
// is full the device waits (backpressure), so memory stays bounded.
//
// Metrics are listed in metrics(); the scene renderer reads view() for the picture.
// Everything kept is bounded: rings of recent steps, tokens and characters,
// TimeSeries of KV bytes, a capped admission queue.
//
// Usage:
//   std::unique_ptr<Model> m = make_token_model();
//   ParamValues v(m->registry()); v.apply(*m->registry().find_preset("hw.a100_80gb"));
//   m->reset(v, 1); m->advance_to(1.0, 100000);
//   const TokenView& tv = static_cast<TokenModel&>(*m).view();
#pragma once
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "core/engine.h"
#include "core/model.h"
#include "core/rng.h"
#include "core/stats.h"
#include "core/text/detokenize.h"
#include "core/token/hardware.h"
#include "core/token/model_shape.h"
#include "core/token/pace.h"
#include "core/token/placement.h"
#include "core/token/step_cost.h"
#include "core/token/token_params.h"
#include "core/token/token_text.h"

namespace tj::token {

// Segment kinds: tokens, weight and KV fetches per memory level (kind + level), text.
enum TokenSegmentKind : uint16_t {
    kSegPromptTokens = 0, kSegOutputToken = 1, kSegWeightFetch = 2, kSegKvFetch = 2 + kLevelCount,
    kSegText = 2 + 2 * kLevelCount
};
// A stage's name in English ("host memory"), in Chinese, and as metric ids name it
// ("host_memory": share_host_memory); "?" for no stage.
const char* stage_name(int stage);
const char* stage_name_zh(int stage);
std::string stage_id(int stage);

enum TokenStepKind : int { kStepPrefill = 0, kStepDecode = 1, kStepVerify = 2, kStepMixed = 3 };

struct TokenStepRecord {
    static constexpr int kListed = 8;  // sequences whose output a step lists one by one
    double start = 0, end = 0;
    int kind = kStepDecode;
    int seqs = 0, tokens = 0;     // sequences in the step, tokens produced (prefill: prompt tokens)
    int accepted = 0, rejected = 0;  // speculative decoding: draft tokens kept / rolled back
    uint32_t first_seq = 0;
    // The output tokens of the step's first kListed sequences that produced any (a
    // verify step gives each 1 + its accepted drafts; a prefill, 1 to each sequence
    // whose prompt it finished), in slot order: a staircase per sequence.
    int listed = 0;
    uint32_t seq_id[kListed] = {};
    int seq_tokens[kListed] = {};
    int bottleneck = 0;           // StepPart
    double compute_s = 0, memory_wait_s = 0, draft_s = 0, sampler_s = 0;
    double host_s = 0;            // host work the device waited for (serial, or longer than the device step)
};

// One output token's trip, with the time spent at each stage.
struct TokenJourney {
    uint32_t seq = 0, index = 0;  // sequence id, token number within the answer
    double t_step_start = 0, t_sampled = 0, t_screen = 0;
    double queued_s = 0;   // ready on the device, waiting for its step to start
    double compute_s = 0, memory_wait_s = 0, sampler_s = 0;  // its step
    double draft_s = 0;    // speculative decoding: the draft model's steps before the verify
    double link_s = 0;     // device-to-host transfer, queueing included
    double detok_s = 0;    // waiting for and using the detokenizer
    double hold_s = 0;     // bytes held for a character to complete
    double flush_s = 0;    // to the screen
    // The prompt's way to the chip, for the first token of an answer (its trip starts
    // at the keyboard); t_arrive < 0 for the later ones, whose trip starts on the chip.
    double t_arrive = -1;  // the request reaches the door
    double t_admit = 0;    // the server takes it: the prompt goes to the tokenizer
    double t_tokenized = 0, t_h2d = 0;  // cut into tokens; its transfer to the chip starts
    double t_ready = 0;    // on the device (later tokens: their previous token was sampled)
};

struct ScreenChar {
    std::string utf8;
    double t = 0;  // when it appears on the screen (may be later than now: filter t <= now)
};

struct TokenView {
    int mesh_x = 1, mesh_y = 1, chips = 1;
    // The pipeline: stages in all (chip stages x layer regions per chip), chips per stage.
    int stages = 1, chip_stages = 1, regions = 1, chips_per_stage = 1;
    double step_t0 = 0, step_t1 = 0;  // the device step under way (when step_kind_now >= 0)
    int step_seqs = 0;                // sequences in it
    double mean_edge_hops = 1;
    bool level_enabled[kLevelCount] = {};
    double capacity[kLevelCount] = {}, weights[kLevelCount] = {}, kv[kLevelCount] = {};  // bytes
    double core_busy_fraction = 0;   // cores computing during the last step (SPMD: all alike)
    double core_wait_fraction = 0;   // waiting for memory, NoC, reductions, overheads
    int step_kind_now = -1;          // -1: device idle
    std::deque<TokenStepRecord> steps;  // recent steps, oldest first (at most 256)
    std::deque<ScreenChar> answer;      // the watched sequence's text (at most 8192 chars)
    uint32_t watched_seq = 0;
    std::vector<double> itl_edges;      // inter-token latency at the screen: bin edges (s), log-spaced
    std::vector<uint64_t> itl_counts;   // [0]: below edges[0]; [i]: edges[i-1] .. edges[i]; last: and above
    std::deque<TokenJourney> journeys;  // recent tokens (at most 256)
    std::vector<TimeSeries> kv_series;  // KV bytes per level over time (one per level)
    // Serving under load: the KV warehouse (paged policy) and the queue at the door.
    bool kv_paged = true;
    double kv_capacity_bytes = 0, kv_used_bytes = 0;  // device KV blocks: all, and held by sequences
    int running = 0, queued = 0, preempted = 0;       // sequences admitted, waiting at the door, pre-empted and waiting
    bool kv_full = false;                             // the request at the door waits for KV blocks, not for a slot
};

class TokenModel : public Model {
public:
    // Scene "token": time in seconds, 1 ms its natural unit, runs of at most ten minutes
    // of serving (far more than any lesson or benchmark runs).
    TokenModel();
    void reset(const ParamValues& values, uint64_t seed) override;
    bool advance_to(double t, uint64_t max_events = 0) override;
    double now() const override { return engine_.now(); }
    std::vector<Metric> metrics() const override;
    // The whole run is plain values (the engine, the RNG, the ledgers): a copy
    // continues exactly as the original would.
    std::unique_ptr<Model> clone() const override { return std::make_unique<TokenModel>(*this); }

    const TokenView& view() const { return view_; }
    const Hardware& hardware() const { return hw_; }
    const ModelShape& shape() const { return shape_; }
    // The user's own answer text instead of the built-in one ("" restores it). It is
    // kept across resets and takes effect at the next reset; at most 8 KiB is used.
    void set_answer_override(const std::string& text);
    const std::string& answer_override() const { return answer_override_; }
    // Empty, or why the chosen tokenizer could not be used (its vocabulary is missing).
    const std::string& tokenizer_note() const { return tokenizer_note_; }
    // Conservation: tokens sampled = at the screen + on the way (held, in transit).
    uint64_t tokens_sampled() const { return tokens_sampled_; }
    uint64_t tokens_at_screen() const { return tokens_at_screen_; }
    uint64_t tokens_in_flight() const { return tokens_on_host_ + tokens_held_; }
    uint64_t decode_steps() const { return decode_steps_; }
    // The bottleneck of the phase of the step under way (the last step's while the device
    // waits), with every stage's busy share over the same window (pace.h): what the
    // headline names, the cards and the share_* metrics write. No steps before the first.
    const PaceMeasure& pace() const;

private:
    struct Seq {
        bool active = false;
        int phase = 0;
        uint32_t id = 0;
        double t_arrive = 0, t_admit = 0;
        int prompt = 0, prefilled = 0, out_len = 0, generated = 0;
        int refill = 0;              // answer tokens to prefill again (pre-empted, recompute)
        int blocks = 0;              // KV blocks held (paged policy)
        bool swapped = false;        // pre-empted with its KV in host memory
        double t_first_chip = -1, t_last_chip = -1, t_last_screen = -1;
        int held_tokens = 0;
        size_t text_pos = 0;
        double t_ready = 0;          // on the device and waiting for its next step
        double t_tokenized = 0, t_h2d = 0;  // the prompt cut into tokens; its transfer started
        StreamingDetokenizer detok;  // incremental: holds at most one unfinished character
        TokenJourney pending[4];     // held tokens' journeys (a character spans <= 4 bytes)
        int context() const { return prefilled + generated - refill; }
        int prefill_target() const { return prompt + refill; }
    };
    struct Request { double t_arrive; int prompt, out_len; };
    // Tokens released together, reaching the screen at t_screen. Their screen statistics
    // wait for that moment (drain_host): a figure "at the screen" counts only what is there.
    struct HostRecord {
        double t_screen;
        uint32_t tokens;
        double ttft = -1;       // the sequence's first token among them: its time to first token
        double first_gap = -1;  // else the gap before the first of them; the others follow at 0
        double e2e = -1;        // a finished sequence's last text (no tokens): arrival to screen
    };
    struct Planned { int slot; int tokens; bool last; };  // prefill chunk part

    // reset() in its parts, in this order: the settings, the KV cache's size, the run
    // state and statistics, the view, the first arrivals.
    void read_run_settings(const ParamValues& v);
    void size_kv_cache(const ParamValues& v);
    void clear_run(uint64_t seed);
    void reset_view();
    void seed_arrivals();
    void handle(const Event& e);
    void admit();
    void enqueue(double t_arrive);             // a new request at the door, its lengths drawn
    int draw_length(double mean, double spread, int cap);
    int blocks_for(double tokens) const;
    void grow_kv(double q);                    // blocks for the next q tokens of every decoding sequence
    void preempt(int slot);
    void swap_kv(const Seq& s, bool out);
    void count_engine(double now);             // time-weighted count of requests in the engine
    void update_view_serving();
    void start_step();
    void end_step();
    void emit_tokens(int slot, int count, double t_host, double link_s, bool decode);
    void release_text(Seq& s, const std::vector<std::string>* chars, double t_detok);
    void drain_host();
    void add_screen_gap(double gap);  // one token's gap at the screen, into its statistics and the chart's bins
    void push_answer(const std::string& ch, double t);  // keeps the last 8192 characters
    void finish(int slot);
    double host_time(double mean);
    void record_step(const StepCost& c, double scale, bool decode);
    void count_step_traffic();  // the step under way's decode traffic into the totals, with its tokens
    void update_view_levels(const Placement& p);
    void emit_fetch_segments(const StepCost& c, double t0, double t1);
    // metrics() in its parts, in the order they are listed.
    void shape_metrics(std::vector<Metric>& out) const;
    void latency_metrics(std::vector<Metric>& out) const;
    void traffic_energy_metrics(std::vector<Metric>& out) const;
    void stage_metrics(std::vector<Metric>& out) const;
    void roofline_metrics(std::vector<Metric>& out) const;
    void placement_metrics(std::vector<Metric>& out) const;
    void serving_metrics(std::vector<Metric>& out) const;
    void trip_metrics(std::vector<Metric>& out) const;
    void speculation_metrics(std::vector<Metric>& out) const;
    void text_metrics(std::vector<Metric>& out) const;
    void view_metrics(std::vector<Metric>& out) const;
    double decode_bytes_total() const;  // bytes decode read from every level
    void record_pace(double now);       // the step that ends now, for the bottleneck's window (pace.h)

    Engine engine_;
    Rng rng_;
    TokenView view_;

    // Settings from the parameters.
    Hardware hw_;
    int far_kind_ = 0;  // token.hbm.kind: 1 GDDR6X, 2 this computer's memory, 3 LPDDR5, 4 GDDR6 (the cards say so), else HBM or DRAM
    ModelShape shape_;
    PlacementPolicy policy_ = PlacementPolicy::WeightsFirst;
    TokenText text_;
    std::string answer_override_;
    int tokenizer_used_ = 0;
    std::string tokenizer_note_;
    int mode_ = 0, batch_ = 1, prompt_len_ = 1, out_len_ = 1, chunk_ = 1, draft_k_ = 0;
    bool sampler_host_ = false, detok_naive_ = false;
    double arrival_rate_ = 1, alpha_ = 0, draft_ratio_ = 0;
    double tokenizer_s_ = 0, detok_s_ = 0, sampler_dev_s_ = 0, sampler_host_s_ = 0, host_cv_ = 0;
    double hiccup_p_ = 0, hiccup_s_ = 0, flush_s_ = 0;
    double h2d_lat_ = 0, h2d_bw_ = 1, d2h_lat_ = 0, d2h_bw_ = 1, host_link_pj_ = 0, parcel_bytes_ = 1;
    int headline_phase_ = 0;  // token.view.headline_phase: 0 the step under way, 1 decode, 2 prefill
    double weight_total_ = 0, embed_total_ = 0, kv_per_token_ = 0;  // streamed weights, embedding table, KV per token (all copies)
    bool paged_ = true, preempt_swap_ = false, mixed_ = false, host_overlap_ = true;
    int length_dist_ = 0, block_tokens_ = 16, max_len_ = 0;
    double prompt_spread_ = 0, output_spread_ = 0, host_step_s_ = 0, host_sched_s_ = 0, host_output_s_ = 0;
    int total_blocks_ = 0;
    double kv_device_room_ = 0;  // bytes of device memory for the KV cache (the warehouse, paged or not)

    // Run state.
    std::vector<Seq> slots_;
    std::deque<Request> waiting_;  // requests waiting at the door
    std::deque<Seq> preempted_;    // pre-empted sequences, the next to return first
    int free_blocks_ = 0;
    double swap_s_ = 0;            // KV swap transfers the next step waits for
    uint32_t next_seq_ = 0, next_parcel_ = 0;
    bool device_busy_ = false, device_blocked_ = false;
    int step_kind_ = kStepDecode;
    double step_start_ = 0;
    double step_end_ = 0;  // when the device step under way (sampler included) ends
    double step_compute_s_ = 0, step_memwait_s_ = 0, step_sampler_s_ = 0, step_draft_s_ = 0, step_host_s_ = 0;
    int step_bottleneck_ = 0;
    std::vector<Planned> planned_;       // prefill parts of the current step
    std::vector<int> decoding_;          // slots in the current decode step
    double tok_free_ = 0, h2d_free_ = 0, d2h_free_ = 0, detok_free_ = 0, screen_free_ = 0;
    std::deque<HostRecord> on_host_;
    uint64_t tokens_on_host_ = 0, tokens_held_ = 0;

    // Counters and statistics.
    uint64_t tokens_sampled_ = 0, tokens_at_screen_ = 0, decode_tokens_ = 0, decode_steps_ = 0;
    uint64_t prefill_steps_ = 0, verify_steps_ = 0, seqs_done_ = 0, dropped_ = 0, holds_ = 0, detok_tokens_ = 0;
    uint64_t prompt_in_ = 0, prompt_prefilled_ = 0, drafts_accepted_ = 0, drafts_rejected_ = 0;
    uint64_t text_chars_ = 0;
    uint64_t admitted_ = 0, preemptions_ = 0, truncated_ = 0, recomputed_tokens_ = 0;
    int in_engine_ = 0;                 // admitted and not finished (running or pre-empted)
    double in_engine_area_ = 0, area_t_ = 0;  // integral of in_engine_ over time, up to area_t_
    RunningStats engine_time_, host_step_;
    RunningStats ttft_chip_, ttft_screen_, tpot_chip_, tpot_screen_, queue_wait_, e2e_, verify_tokens_;
    RunningStats prefill_time_, decode_time_, mixed_time_;
    // One token's trip, stage by stage (means): a prompt at the tokenizer and on the
    // link to the chip; an output token in its step, at the sampler, on the link back,
    // at the detokenizer (holding included) and on its way to the screen.
    RunningStats trip_tokenizer_, trip_h2d_, trip_step_, trip_sampler_, trip_d2h_, trip_detok_, trip_flush_;
    Quantiles ttft_screen_q_, tpot_chip_q_, tpot_screen_q_;
    double decode_bytes_[kLevelCount] = {}, decode_energy_[kEnergyCount] = {};
    double decode_byte_hops_ = 0, link_energy_pj_ = 0;
    // The step under way's decode traffic, counted when its tokens are (end_step): a step's
    // bytes without its tokens would raise the bytes per token by one step in n.
    double step_bytes_[kLevelCount] = {}, step_energy_[kEnergyCount] = {}, step_byte_hops_ = 0;
    // The roofline's dots, one per kind of step: decode steps alone (decode, verify) and
    // steps that read prompts in (prefill, mixed), each its FLOPs, bytes and device time.
    struct RoofDot {
        double flops = 0, device_s = 0;
        double bytes[kLevelCount] = {};
    };
    RoofDot roof_[2];  // by PacePhase
    double busy_h2d_ = 0, busy_d2h_ = 0, busy_tokenizer_ = 0, busy_detok_ = 0, busy_sampler_ = 0;
    // The bottleneck's window (pace.h): the latest steps, the current step's parts, the
    // device's wait before it and the host stages' busy time at the last step's end.
    std::deque<PaceSample> pace_log_;
    double step_part_[kPartCount] = {};
    double pace_wait_ = 0, pace_last_end_ = 0;
    double pace_host_seen_[kStageCount - kStageH2d] = {};
    uint64_t pace_samples_ = 0;            // samples recorded since reset
    mutable PaceMeasure pace_cache_;       // pace() of ...
    mutable uint64_t pace_cache_key_ = ~uint64_t(0);  // ... these samples and this phase
    Placement placement_;
};

std::unique_ptr<Model> make_token_model();

}  // namespace tj::token

// fab_model.h — the chip-to-server production chain as a tj::Model ("fab" scene).
//
// Builds the line from the registry (fab_params.h): wafer fab (front end -> metal
// layers -> back end) -> die sort -> packaging (kitting compute dies + HBM stacks +
// interposers) -> module test -> tray assembly (GPUs + CPUs) -> rack integration ->
// shipment -> customers; optionally a derivative product beside it (a single die on
// CoWoS-S, sharing the fab's starts and the HBM supply, not the CoWoS-L packaging). With the flaw on, the first masks lower one step's yield
// (packaging by default); the run finds it and respins (respin.h). Two counterfactual
// runs go beside it, each by name: "no flaw" (the same masks without the flaw) and "flaw
// kept" (the flaw, never respun). All three come from the same seed with one random
// stream per station and purpose (common random numbers), so their differences are the
// flaw's and the respin's doing, not chance: "GPUs and weeks lost" are against no flaw
// (never negative), and what the respin won back is against the flaw kept.
// Time is in seconds; one natural unit is a week. Every week it records shipments,
// demand, backlog and WIP, and reads the bottleneck.
//
// The renderer reads FabView (typed, updated after each advance_to); the CLI and panels
// read metrics(), all finite: shipments, cumulative shipped vs demand, backlog, GPUs and
// weeks lost vs no flaw, the respin against the flaw kept, weeks without shipments, respin markers, lead time (mean, p90),
// Little's law for the line (little_line_*) and each buffer (buf_<key>_*), the bottleneck
// now / by nominal rates and its moves, unit conversions, the die-equivalent ledger and the
// side-supply ledgers (<supplier>_scrapped_parts: HBM stacks thrown away with bad packages),
// the first volume week of all three runs, piles above their plausible size, the derivative
// product's shipments and ledgers (deriv_*; its units are not in the GPU counts), and
// per station <key>_{buffer, in_process, busy, starved, blocked, idle (shares of the last 8 weeks),
// yield_loss, reworked, yield_loss_gpus, nominal_gpus_week, bottleneck_weeks}. The bottleneck is
// the active-period method's (active_period.h) over the last 8 weeks (bottleneck_station,
// bottleneck_shifting); suppliers ship to the build plan with fab.line.stock_weeks of stock.
//
// Usage:
//   std::unique_ptr<Model> m = make_fab_model();
//   ParamValues v(m->registry()); m->reset(v, 1);
//   m->advance_to(156 * 604800.0, 5'000'000);
//   auto* fab = dynamic_cast<tj::fab::FabModel*>(m.get()); const FabView& view = fab->view();
#pragma once
#include <array>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "core/fab/active_period.h"
#include "core/fab/fab_params.h"
#include "core/fab/flow_stats.h"
#include "core/fab/line.h"
#include "core/model.h"
#include "core/stats.h"

namespace tj::fab {

// The window of the bottleneck and of every busy share: "busy, last 8 weeks".
constexpr int kBottleneckWindowWeeks = 8;
// The window of the mean weekly shipments (shipments_mean_gpus_week): one week's count
// swings with the racks' lumps.
constexpr int kMeanShipmentWeeks = 20;

struct FabStationView {
    double buffer_units = 0;       // what waits in front (main input), in its own units
    double in_process_units = 0;   // kits being worked on
    double capacity_per_week = 0;  // kits per week
    int64_t lot_kits = 0, lot_asked = 0;  // the lot it starts, and the one set (smaller when folded: line.h)
    // Shares of the bottleneck window (kBottleneckWindowWeeks up to the last week's end):
    // busy is the active-period method's measure (active_period.h), the one number the
    // map, the cards and the headline show; idle is the rest (held, masks, the plan's stock reached).
    double busy = 0, starved = 0, blocked = 0, idle = 0;
    double yield_loss_units = 0;   // output units scrapped (test failures, respin, overflow)
    double yield_loss_gpus = 0;    // the same in GPU equivalents (dies / dies per package)
    double nominal_gpus_per_week = 0;  // the line's rate if only this station limited it
    State state = State::Idle;
    bool held_for_respin = false;
};

// One of the fab's three stages (front end, metal layers, back end).
struct FabStageView {
    double in_process_units = 0;  // wafers being processed in the stage
    double waiting_units = 0;     // wafers waiting in front of it (before the metal layers: the hold pile)
    double cycle_weeks = 0;       // what a lot started now would take (its load sets the queues)
    double raw_weeks = 0;         // the same with empty queues (raw process time)
    double hot_cycle_weeks = 0;   // what a hot lot started now would take
    double load = 0;              // tool load from the recent starts
    bool held = false;            // starts nothing until the fix is qualified
};

// The derivative product's path (fab.deriv), one entry per step (kDerivSteps, fab_params.h).
struct FabDerivView {
    bool on = false;
    std::array<double, kDerivSteps> in_process{}, busy{};  // in process: each step's kits; busy over the window
    std::array<State, kDerivSteps> state{};
    double shipped = 0, last_week = 0;
    double shipped_in_hold = 0;  // from the flaw's discovery to the two-die part's first volume week (so far)
};

struct FabSeries {
    TimeSeries shipments{512};     // GPUs shipped per week, at week ends (t in weeks)
    TimeSeries cum_shipped{512};   // GPUs
    TimeSeries backlog{512};       // GPUs ordered and not shipped
    TimeSeries wip_gpus{512};      // GPU equivalents of compute dies in the line
};

struct FabLittle {
    std::string id;      // buffer key or "line"
    double L = 0;        // time-average content (units; GPU equivalents for the line)
    double lambda_per_week = 0;
    double W_weeks = 0;
    double lambda_W = 0; // = L when Little's law holds
    double residual = 0; // time already spent by what is still inside, / elapsed: L = lambda_W + residual exactly
};

struct FabView {
    double week = 0;
    std::array<FabStationView, kStationCount> stations{};  // the fab's in_process counts its stages and the wafers between them
    std::array<FabStageView, 3> fab_stages{};        // front end, metal layers, back end
    std::array<double, kBufCount> buffer_units{};  // now, in each buffer's units (supplier piles: kBufHbm, kBufSubstrate, kBufCpus)
    std::array<TimeSeries, kBufCount> buffer_wip;  // weekly time series of the above (run only)
    std::array<TimeSeries, kStationCount> station_wip; // weekly kits in process per station (run only)
    // Each station's state week by week (run only; index = the week that ended - 1): the
    // State that took most of the week, summed over the fab's three stages for kStFab,
    // or kWeekHeld for a fab held for masks at the week's end. Recorded by the model, so
    // a jump over many weeks keeps every week.
    static constexpr uint8_t kWeekHeld = kStates;
    std::vector<std::array<uint8_t, kStationCount>> station_states;
    FabSeries run, flaw_kept, no_flaw;  // the run and its two counterfactuals (FabModel::RunKind)
    TimeSeries cum_demand{512};
    // Respin markers in weeks (-1: not happened / not enabled).
    double discovery_week = -1, masks_ready_week = -1, fab_restart_week = -1, ship_resume_week = -1;
    double restart_week = -1;  // when qualified masks restart the held stage (-1: not known until the qualification lots are out)
    double qualification_out_week = -1;  // when the qualification lots came out of the fab (-1: not yet)
    double qualification_wafers = 0;     // qualification wafers on their way through the fab now
    // While the qualification runs (new masks in, volume not restarted): the lots, those
    // already out of the fab, and its length in weeks: until the lots are out, the fab time
    // a lot started with the new masks was expected to take then, plus the tests; after,
    // the exact time from the masks to volume.
    bool qualifying = false;
    int qualification_lots = 0, qualification_lots_out = 0;
    double qualification_weeks = 0;
    // A supplier's pile above its plausible size (weeks of its consumer's use) is flagged.
    std::array<double, kBufCount> pile_plausible{};  // 0: not a supplier's pile
    std::array<bool, kBufCount> pile_flagged{};
    // Volume shipments: the first of kVolumeRunWeeks weeks in a row at volume_gpus_week or more.
    double first_volume_week = -1, flaw_kept_first_volume_week = -1, no_flaw_first_volume_week = -1, volume_gpus_week = 0;
    double peak_backlog_gpus = 0;  // the largest backlog so far (the metric peak_backlog_gpus)
    FabDerivView deriv;
    // The bottleneck by the active-period method over the window: the station it names
    // (-1: none, or shifting between the two stations in shifting_between).
    int bottleneck = -1;
    // Other stations busy through the whole window, as the bottleneck: the method told
    // them from it by nominal rate alone (the slowest binds, the others run ahead).
    std::vector<int> bottleneck_tied;
    bool shifting = false;
    // CONWIP held the wafer starts for more than kCappedShare of the window: the cap on
    // work in the line sets the pace, not a station (bottleneck is then -1).
    bool capped = false;
    std::array<int, 2> shifting_between{-1, -1};
    std::vector<BottleneckChange> bottleneck_log;  // bounded
    int nominal_bottleneck = -1;
    double nominal_rate_gpus_week = 0;
    std::vector<FabLittle> little;             // per buffer, then "line"
    double gpus_per_rack = 0, dies_per_gpu = 0;
};

class FabModel : public Model {
public:
    // Scene "fab": time in seconds, a week its natural unit, runs of at most ten years
    // of production (the chain's lessons and benchmarks need three).
    FabModel();
    void reset(const ParamValues& values, uint64_t seed) override;
    bool advance_to(double t, uint64_t max_events = 0) override;
    double now() const override { return now_; }
    std::vector<Metric> metrics() const override;
    // A deep copy (all three lines, their engines and RNGs): it continues exactly as the
    // original would, drawing into its own segment buffer.
    std::unique_ptr<Model> clone() const override;

    const FabView& view() const { return view_; }
    // The run as configured and its two counterfactuals (the same seed): the masks
    // without the flaw, and the flaw kept without a respin. Without a flaw all three are one run.
    enum RunKind { kRun = 0, kFlawKept = 1, kNoFlaw = 2, kRunKinds = 3 };
    const Line& line(RunKind run = kRun) const { return *runs_[size_t(run)].line; }
    const LineSpec& spec() const { return spec_; }
    // The line station that stands for a model station (the fab: its front end, where
    // wafers start; its metal layers and back end follow at line stations 1 and 2).
    static int line_station(int st) { return st <= kStFab ? 0 : st + 1; }
    // The run (not its twin) follows the next wafer lot the fab starts: Line::lot_marks()
    // of line() records it (lot_follow.h does this on a copy run ahead).
    void follow_next_wafer_lot() { runs_[0].line->follow_next_lot(line_station(kStFab)); }
    int flawed_station() const { return flawed_station_; }  // model station whose yield the flaw lowers
    // The derivative's first line station (its wafers; its sort, HBM, CoWoS-S and test follow), -1: off.
    int deriv_station() const { return deriv_first_; }
    struct Note { std::string en, zh; };
    const std::vector<Note>& notes() const { return notes_; }  // what the model simplified or capped

private:
    struct Action { double t; int kind; };
    // Owns a Line and copies it deeply, so a FabModel copies as a value (rewind snapshots).
    struct LinePtr {
        std::unique_ptr<Line> p;
        LinePtr() = default;
        LinePtr(const LinePtr& o) : p(o.p ? std::make_unique<Line>(*o.p) : nullptr) {}
        LinePtr& operator=(const LinePtr& o) { p = o.p ? std::make_unique<Line>(*o.p) : nullptr; return *this; }
        LinePtr& operator=(std::unique_ptr<Line> q) { p = std::move(q); return *this; }
        Line& operator*() const { return *p; }
        Line* operator->() const { return p.get(); }
        explicit operator bool() const { return p != nullptr; }
    };
    struct Run {
        LinePtr line;
        std::vector<Action> actions;
        size_t next_action = 0;
        int64_t last_de = 0;
        std::vector<double> cum_by_week;  // GPUs shipped by the end of each week (index = week)
        double cum_gpus = 0, last_week_gpus = 0;
        int volume_run = 0;            // weeks in a row at volume rate
        double first_volume_week = -1;
    };
    bool fix_pending() const {
        double v = runs_[0].line ? runs_[0].line->volume_s() : -1;
        return respin_.enabled && now_ >= respin_.discovery_s && (v < 0 || now_ < v);
    }
    bool run_to(Run& r, double t, uint64_t max_events, uint64_t& used);
    void apply(Run& r, const Action& a);
    void record_week();
    void update_view();
    double demand_at(double week) const;
    double deriv_shipped(const Line& line) const;
    double deriv_shipped_in_hold() const;

    LineSpec spec_;
    std::array<Run, kRunKinds> runs_;  // by RunKind
    RespinPlan respin_;
    double first_masks_s_ = 0, masks_ready_s_ = 0;
    int qual_lots_ = 0;
    double qual_expected_s_ = 0;  // qualification length expected when the masks arrived
    int flawed_station_ = kStPack;
    int deriv_first_ = -1;
    std::vector<double> deriv_by_week_;  // derivative units shipped by the end of each week (index = week)
    double volume_gpus_week_ = 0, plausible_pile_weeks_ = 8;
    std::array<double, kBufCount> plan_use_{};  // a supplier's pile: the plan's use of it per week
    double demand_per_week_ = 0, demand_start_week_ = 0;
    double dies_per_gpu_ = 2, gpus_per_rack_ = 72;
    double now_ = 0;
    int64_t weeks_done_ = 0;
    void read_bottleneck();
    // The active-period reading at the last week's end, and each station's starved and
    // blocked time at the ends of the last weeks (the window's shares).
    BottleneckReading reading_;
    std::vector<BottleneckChange> bottleneck_log_;
    std::deque<std::array<std::array<double, 2>, kStationCount>> starved_blocked_at_;
    std::deque<double> front_idle_at_;
    bool capped_ = false;  // the fab front end's time idle (CONWIP's hold) at the last week ends
    std::array<double, kDerivSteps> deriv_busy_{};
    std::array<std::array<double, kStates>, kStationCount> state_time_at_{};  // time in each state at the last week end
    // Weekly bookkeeping of the run for "weeks without shipments".
    double first_ship_week_ = -1, zero_weeks_ = 0, gap_ = 0, longest_gap_ = 0;
    double resume_from_ = -1;  // the first week of the run of shipping weeks under way after a gap
    int resume_run_ = 0;       // its weeks so far
    double lost_year1_ = 0, peak_backlog_ = 0;
    std::array<double, kStationCount> bottleneck_weeks_{};  // weeks each station was the named bottleneck
    std::vector<Note> notes_;
    FabView view_;
};

std::unique_ptr<Model> make_fab_model();

}  // namespace tj::fab

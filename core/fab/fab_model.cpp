// fab_model.cpp — builds the GPU production line from the registry, runs it beside its
// two counterfactuals (no flaw, flaw kept), records weekly series and names every output. See fab_model.h.
//
// Index:
//   helpers: buffers, stations, queueing variability, counts        front_buffer … lost_units
//   reset: the line, its suppliers, the respin, the counterfactuals  FabModel::reset
//   running: actions, the runs to a time, weekly records             FabModel::apply … FabModel::record_week
//   the bottleneck (active_period.h) and the view the map draws      FabModel::read_bottleneck, FabModel::update_view
//   metrics                                                          FabModel::metrics

#include "core/fab/fab_model.h"

#include <algorithm>
#include <cmath>

namespace tj::fab {

namespace {

constexpr size_t kMaxWeeksKept = 20000;  // weekly cumulative history for "weeks lost"
constexpr int kResumeWeeks = 4;  // weeks in a row with shipments that say the line ships again
constexpr size_t kBottleneckLogSize = 64;  // changes of the named bottleneck kept
// The share of the window the CONWIP cap may hold wafer starts before the cap, not a
// station, is said to set the pace (a station that cannot get work is not the limit).
constexpr double kCappedShare = 0.05;
enum RespinAction { kActFirstMasks = 0, kActDiscover, kActNewMasks };
constexpr int kLineFront = 0, kLineMetal = 1, kLineBack = 2;  // the fab's three stages in the line
constexpr FabStages kFab{kLineFront, kLineMetal, kLineBack, kBufMetalHold, kBufBackEnd};
int line_of(int st) { return FabModel::line_station(st); }
// The derivative's step k: its line station's id and the root of its metric ids.
std::string deriv_id(int k) { return std::string("deriv_") + fab_deriv_step_text(k).key; }
constexpr int kLineSort = kStSort + 1;
// Weeks in a row at volume rate that make "volume shipments" (a short burst does not).
constexpr int kVolumeRunWeeks = 4;

// The buffer in front of each station (its main input or, for a supplier, its pile).
int front_buffer(int st) {
    switch (st) {
        case kStSort: return kBufWafers;
        case kStHbmSupply: return kBufHbm;
        case kStSubstrate: return kBufSubstrate;
        case kStPack: return kBufDies;
        case kStModule: return kBufPackages;
        case kStCpuSupply: return kBufCpus;
        case kStSwitchSupply: return kBufSwitchTrays;
        case kStTray: return kBufGpus;
        case kStRack: return kBufTrays;
        case kStShip: return kBufRacks;
        default: return -1;
    }
}

double finite(double x) { return std::isfinite(x) ? x : 0.0; }

// The queues' variability V that makes a fab whose stages take these shares of its cycle
// at these tool loads run at x_full times its raw process time: the raw time
// sum(share / x(V, load)) falls as V grows, so bisection finds where it is 1 / x_full.
double queue_variability(double x_full, const double share[3], const double load[3]) {
    if (!(x_full > 1)) return 0;
    auto raw = [&](double v) {
        double r = 0;
        for (int k = 0; k < 3; k++) r += share[k] / x_factor(v, load[k], 0, false);
        return r;
    };
    double lo = 0, hi = 1;
    while (raw(hi) > 1 / x_full && hi < 1e6) hi *= 2;
    for (int i = 0; i < 60; i++) {
        double mid = 0.5 * (lo + hi);
        (raw(mid) > 1 / x_full ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

// Kits inside a model station; the fab counts its three stages and the wafers waiting between them.
double in_process(const Line& line, int st) {
    if (st != kStFab) return double(line.station(line_of(st)).kits_in_process);
    double n = double(line.buffer(kBufMetalHold).units + line.buffer(kBufBackEnd).units);
    for (int k : {kLineFront, kLineMetal, kLineBack}) n += double(line.station(k).kits_in_process);
    return n;
}

// The line's rate if only this model station limited it (the fab: its slowest stage).
double nominal_of(const std::vector<double>& nominal, int st) {
    if (st != kStFab) return nominal[size_t(line_of(st))];
    return std::min({nominal[kLineFront], nominal[kLineMetal], nominal[kLineBack]});
}

// Everything a station lost: test failures, overflow and what a purge scrapped (output units).
double lost_units(const Station& s) {
    return double(s.units_scrapped + s.units_overflow + s.units_purged + s.kits_purged * s.spec.out_per_kit);
}

}  // namespace

double FabModel::deriv_shipped(const Line& line) const {
    return deriv_first_ < 0 ? 0 : double(line.delivered_parts(line.ledger_of_station(deriv_first_)));
}

double FabModel::deriv_shipped_in_hold() const {
    if (deriv_first_ < 0 || !respin_.enabled || now_ < respin_.discovery_s) return 0;
    auto at = [&](double week) { return deriv_by_week_[std::min(deriv_by_week_.size() - 1, size_t(std::max(0.0, week)))]; };
    double from = at(std::ceil(respin_.discovery_s / kWeek));
    double to = runs_[0].first_volume_week >= 0 ? at(runs_[0].first_volume_week) : deriv_shipped(*runs_[0].line);
    return std::max(0.0, to - from);
}

FabModel::FabModel() : Model("fab", fab_registry(), station_texts(), kWeek, 520 * kWeek) {
    reset(ParamValues(fab_registry()), 1);
}

double FabModel::demand_at(double week) const {
    return demand_per_week_ * std::max(0.0, week - demand_start_week_);
}

void FabModel::reset(const ParamValues& v, uint64_t seed) {
    auto P = [&](int st, const char* name) { return v.get(std::string("fab.") + station_text(st).id + "." + name); };
    auto I = [&](int st, const char* name) { return std::max<int64_t>(1, std::llround(P(st, name))); };
    int64_t gross = I(kStSort, "gross_dies"), dies = I(kStPack, "dies_per_pkg"), hbm = I(kStPack, "hbm_per_pkg");
    int64_t gpt = I(kStTray, "gpus_per_tray"), cpt = I(kStTray, "cpus_per_tray"), tpr = I(kStRack, "trays_per_rack");
    int64_t spr = I(kStRack, "switch_trays_per_rack");
    dies_per_gpu_ = double(dies);
    gpus_per_rack_ = double(gpt * tpr);

    LineSpec spec;
    spec.stations.reserve(kStationCount + 7);  // station() hands out pointers into it (with the derivative's)
    spec.random = v.get("fab.line.variability") > 0.5;
    spec.conwip_de = std::llround(v.get("fab.line.conwip_wafers")) * gross;
    spec.scrap_kind = kSegScrap;
    spec.buffers.resize(kBufCount);
    auto cap = [&](int b, int st) {
        spec.buffers[size_t(b)].id = fab_buffer_key(b);
        spec.buffers[size_t(b)].cap = std::llround(P(st, "buffer_cap"));
    };
    cap(kBufWafers, kStSort); cap(kBufDies, kStPack); cap(kBufHbm, kStHbmSupply); cap(kBufSubstrate, kStSubstrate); cap(kBufPackages, kStModule);
    cap(kBufGpus, kStTray); cap(kBufCpus, kStCpuSupply); cap(kBufTrays, kStRack); cap(kBufRacks, kStShip); cap(kBufSwitchTrays, kStSwitchSupply);
    spec.buffers[kBufMetalHold].id = fab_buffer_key(kBufMetalHold);  // inside the fab: no cap
    spec.buffers[kBufBackEnd].id = fab_buffer_key(kBufBackEnd);

    auto station = [&](int st, int out, uint16_t kind, int to, std::vector<InputSpec> inputs) {
        StationSpec s;
        s.id = station_text(st).id;
        s.kits_per_week = P(st, "capacity");
        s.cycle_weeks = P(st, "cycle_weeks");
        s.cv = P(st, "cv");
        s.lot_kits = I(st, "lot");
        s.yield.base = P(st, "yield");
        s.blocks = P(st, "blocks") > 0.5;
        int rw = fab_registry().find(std::string("fab.") + station_text(st).id + ".rework");
        s.rework = rw >= 0 ? v[size_t(rw)] : 0;
        s.out_buffer = out;
        s.inputs = std::move(inputs);
        s.seg_kind = kind;
        s.seg_from = uint16_t(st);
        s.seg_to = uint16_t(to);
        spec.stations.push_back(s);
        return &spec.stations.back();
    };
    // The fab in three stages: front end, metal layers, back end. Lots in the first two
    // stay drawn at the fab; the back end carries them on to die sort.
    double fab_cycle = P(kStFab, "cycle_weeks"), metal = v.get("fab.fab.metal_share"), back = v.get("fab.fab.back_share");
    double later = metal + back;
    if (later > 0.9) metal *= 0.9 / later, back *= 0.9 / later;  // the front end keeps a tenth at least
    double fab_yield = P(kStFab, "yield"), headroom = v.get("fab.fab.headroom");
    // Load-dependent cycle time. The cycle times above are those of a full fab (starts at
    // capacity): the front end's tools then run at full_load, other products' wafers
    // taking other_load of it; the metal and back-end stages, whose capacity has headroom,
    // run this product's share at 1 / headroom of that. V is chosen so that the whole
    // fab's cycle over its raw process time is the x-factor at full starts; each stage's
    // raw time is its share of the cycle over its own x-factor there.
    const double full_load = v.get("fab.fab.full_load");
    const double other = std::min(v.get("fab.fab.other_load"), 0.9 * full_load);
    const double share[3] = {1 - metal - back, metal, back};
    const double later_load = other + (full_load - other) / headroom;
    const double load[3] = {full_load, later_load, later_load};
    const double queue_v = queue_variability(v.get("fab.fab.x_factor"), share, load);
    // The derivative takes its share of the wafer starts: this product's stages start the
    // rest, and the derivative's wafers stay in the tools' load (other work to them).
    const bool deriv = v.get("fab.deriv.enabled") > 0.5;
    const double wafer_share = deriv ? v.get("fab.deriv.wafer_share") : 0, hbm_share = deriv ? v.get("fab.deriv.hbm_share") : 0;
    StationSpec* fe = station(kStFab, kBufMetalHold, kSegWaferLot, kStFab, {});
    fe->id = "fab_front";
    fe->yield.base = 1;
    fe->de_per_out = gross;
    fe->conwip_release = true;
    fe->halted = true;  // until the first masks
    StationSpec* ml = station(kStFab, kBufBackEnd, kSegWaferLot, kStFab, {{kBufMetalHold, 1}});
    ml->id = "fab_metal";
    ml->kits_per_week *= headroom;
    ml->yield.base = 1;
    StationSpec* be = station(kStFab, kBufWafers, kSegWaferLot, kStSort, {{kBufBackEnd, 1}});
    be->id = "fab_back";
    be->kits_per_week *= headroom;
    be->yield.base = fab_yield;
    for (int k : {kLineFront, kLineMetal, kLineBack}) {
        StationSpec& f = spec.stations[size_t(k)];
        const double tools_kits = f.kits_per_week;  // the gate with every start this product's
        f.kits_per_week *= 1 - wafer_share;
        double gate = double(folded_lot(f.lot_kits, f.kits_per_week)) / f.kits_per_week;  // weeks; the gate is not queued for
        f.cycle_weeks = gate + std::max(0.0, fab_cycle * share[k] - gate) / x_factor(queue_v, load[k], 0, false);
        f.queue_v = queue_v;
        f.base_load = other + wafer_share * (load[k] - other);
        // Its gate at full starts, with the derivative's, fills the tools to the stage's load.
        f.tool_kits_per_week = tools_kits * (1 - f.base_load) / (full_load - other);
        f.hot_share = v.get("fab.fab.hot_share");
        f.hot_seg_kind = kSegHotLot;
    }
    station(kStSort, kBufDies, kSegDieLot, kStPack, {{kBufWafers, 1}})->out_per_kit = gross;
    station(kStHbmSupply, kBufHbm, kSegHbm, kStPack, {});
    station(kStSubstrate, kBufSubstrate, kSegSubstrate, kStPack, {});
    station(kStPack, kBufPackages, kSegPackageLot, kStModule, {{kBufDies, dies}, {kBufHbm, hbm}, {kBufSubstrate, 1}});
    station(kStModule, kBufGpus, kSegPackageLot, kStTray, {{kBufPackages, 1}});
    station(kStCpuSupply, kBufCpus, kSegCpu, kStTray, {});
    station(kStTray, kBufTrays, kSegTray, kStRack, {{kBufGpus, gpt}, {kBufCpus, cpt}});
    station(kStSwitchSupply, kBufSwitchTrays, kSegSwitch, kStRack, {});
    StationSpec* rack = station(kStRack, kBufRacks, kSegRack, kStShip, {{kBufTrays, tpr}, {kBufSwitchTrays, spr}});
    station(kStShip, -1, kSegRack, kStCustomers, {{kBufRacks, 1}});
    spec.stations[size_t(line_of(kStHbmSupply))].kits_per_week *= 1 - hbm_share;
    deriv_first_ = -1;
    if (deriv) {
        // Its own steps after the chain's: wafers through the shared fab (counted as the dies
        // on them: a ledger of its own) and die sort, HBM from the shared supplier, CoWoS-S, test.
        deriv_first_ = int(spec.stations.size());
        StationSpec* dfab = station(kStFab, kBufDerivWafers, kSegDeriv, kStSort, {});
        dfab->id = deriv_id(0);
        dfab->kits_per_week = P(kStFab, "capacity") * wafer_share;
        dfab->out_per_kit = gross;  // a wafer's dies, sorted at the next step
        dfab->yield.base = fab_yield;
        dfab->halted = true;  // until the first masks
        StationSpec* dsort = station(kStSort, kBufDerivDies, kSegDeriv, kDerivPack, {{kBufDerivWafers, gross}});
        dsort->id = deriv_id(1);
        dsort->out_per_kit = gross;
        StationSpec* dhbm = station(kStHbmSupply, kBufDerivHbm, kSegHbm, kDerivPack, {});
        dhbm->id = deriv_id(2);
        dhbm->kits_per_week = P(kStHbmSupply, "capacity") * hbm_share;
        StationSpec* dpack = station(kStPack, kBufDerivPackages, kSegDeriv, kDerivTest,
                                     {{kBufDerivDies, 1}, {kBufDerivHbm, std::max<int64_t>(1, std::llround(v.get("fab.deriv.hbm_per_pkg")))}});
        dpack->id = deriv_id(3);
        dpack->kits_per_week = v.get("fab.deriv.pack_capacity");
        dpack->seg_from = kDerivPack;
        StationSpec* dtest = station(kStModule, -1, kSegDeriv, kStCustomers, {{kBufDerivPackages, 1}});
        dtest->id = deriv_id(4);
        dtest->seg_from = kDerivTest;
        for (int b : {kBufDerivWafers, kBufDerivDies, kBufDerivHbm, kBufDerivPackages}) spec.buffers[size_t(b)].id = fab_buffer_key(b);
        spec.buffers[kBufDerivWafers].cap = spec.buffers[kBufWafers].cap * gross;  // counted in dies
        spec.buffers[kBufDerivDies].cap = spec.buffers[kBufDies].cap;
        spec.buffers[kBufDerivHbm].cap = spec.buffers[kBufHbm].cap;
        spec.buffers[kBufDerivPackages].cap = spec.buffers[kBufPackages].cap;
    }
    if (v.get("fab.dip.enabled") > 0.5) {
        rack->yield.dip_from_s = v.get("fab.dip.start_week") * kWeek;
        rack->yield.dip_to_s = (v.get("fab.dip.start_week") + v.get("fab.dip.weeks")) * kWeek;
        rack->yield.dip_yield = v.get("fab.dip.yield");
    }
    respin_ = RespinPlan{};
    respin_.enabled = v.get("fab.respin.enabled") > 0.5;
    respin_.metal_only = v.get("fab.respin.kind") > 0.5;
    respin_.scrap_past = v.get("fab.respin.past_hold") < 0.5;
    respin_.discovery_s = v.get("fab.respin.discovery_week") * kWeek;
    first_masks_s_ = v.get("fab.design.mask_weeks") * kWeek;
    // A metal-only fix needs new masks for the top metal layers; new base layers need a
    // whole mask set, which takes as long as the first set did.
    const double mask_weeks = respin_.metal_only ? v.get("fab.respin.mask_weeks") : v.get("fab.design.mask_weeks");
    masks_ready_s_ = std::max(first_masks_s_, respin_.discovery_s + mask_weeks * kWeek);
    respin_.masks_s = masks_ready_s_;
    qual_lots_ = int(std::max<int64_t>(1, std::llround(v.get("fab.respin.qual_lots"))));
    respin_.qual_kits = qual_lots_ * folded_lot(spec.stations[kLineMetal].lot_kits, spec.stations[kLineMetal].kits_per_week);
    qual_expected_s_ = 0;
    respin_.qual_test_s = v.get("fab.respin.qual_weeks") * kWeek;
    flawed_station_ = v.get("fab.respin.flaw_at") > 0.5 ? kStSort : kStPack;
    const size_t flawed_line_station = flawed_station_ == kStSort ? size_t(kLineSort) : size_t(line_of(kStPack));
    if (respin_.enabled) {  // the flaw is in the run and the flaw-kept run; only the run fixes it
        YieldPlan& y = spec.stations[flawed_line_station].yield;
        y.flawed = v.get("fab.respin.flawed_yield");
        y.learn_s = v.get("fab.respin.learn_weeks") * kWeek;
    }
    // Suppliers ship to the build plan (a base-stock policy): each starts a lot only while
    // its pile plus what is on its way stays within the plan's use over its lead time plus
    // the target stock. The plan is the line's rate at normal yields (its slowest station),
    // the derivative's its own; volume is a third of the chain's.
    {
        Line probe(spec, seed);
        const std::vector<double> nominal = nominal_exit_rates(probe, 0);
        auto slowest = [&](size_t from, size_t to) { return *std::min_element(nominal.begin() + long(from), nominal.begin() + long(to)); };
        const double chain_rate = slowest(0, size_t(line_of(kStShip) + 1));
        volume_gpus_week_ = chain_rate * gpus_per_rack_ / 3;
        const double stock_weeks = v.get("fab.line.stock_weeks");
        plan_use_.fill(0);
        std::vector<int> suppliers = {line_of(kStHbmSupply), line_of(kStSubstrate), line_of(kStCpuSupply), line_of(kStSwitchSupply)};
        if (deriv) suppliers.push_back(deriv_first_ + 2);
        for (int i : suppliers) {
            StationSpec& sup = spec.stations[size_t(i)];
            const int c = probe.buffer(sup.out_buffer).consumer;
            const StationSpec& use_by = spec.stations[size_t(c)];
            const double plan = i > line_of(kStShip) ? slowest(size_t(deriv_first_), spec.stations.size()) : chain_rate;
            for (const InputSpec& in : use_by.inputs)
                if (in.buffer == sup.out_buffer)
                    plan_use_[size_t(in.buffer)] = use_by.kits_per_week * double(in.per_kit) * std::min(1.0, plan / nominal[size_t(c)]);
            sup.stock_position = std::llround(plan_use_[size_t(sup.out_buffer)] * (sup.cycle_weeks + stock_weeks));
        }
    }
    spec_ = spec;
    demand_per_week_ = v.get("fab.cust.gpus_per_week");
    demand_start_week_ = v.get("fab.cust.start_week");

    segments_.clear();
    for (int k = 0; k < kRunKinds; k++) {
        Run& r = runs_[size_t(k)];
        r = Run{};
        // Hot lots start with the fix: from the new masks in the run, never in the counterfactuals.
        LineSpec line_spec = spec_;
        if (respin_.enabled)
            for (int f : {kLineFront, kLineMetal, kLineBack})
                line_spec.stations[size_t(f)].hot_from_s = k == kRun ? respin_.masks_s : INFINITY;
        if (k == kNoFlaw) line_spec.stations[flawed_line_station].yield.flawed = -1;
        r.line = std::make_unique<Line>(line_spec, seed, k == 0 ? &segments_ : nullptr);
        r.actions.push_back({first_masks_s_, kActFirstMasks});
        if (k == 0 && respin_.enabled) {
            r.actions.push_back({respin_.discovery_s, kActDiscover});
            r.actions.push_back({respin_.masks_s, kActNewMasks});
        }
        std::stable_sort(r.actions.begin(), r.actions.end(), [](const Action& a, const Action& b) { return a.t < b.t; });
        r.cum_by_week.push_back(0);
    }
    now_ = 0;
    weeks_done_ = 0;
    reading_ = BottleneckReading{};
    reading_.busy.assign(kStationCount, 0);
    bottleneck_log_.clear();
    starved_blocked_at_.assign(1, {});  // everything starts at zero at t = 0
    front_idle_at_.assign(1, 0);
    deriv_busy_.fill(0);
    state_time_at_ = {};
    first_ship_week_ = resume_from_ = -1;
    resume_run_ = 0;
    plausible_pile_weeks_ = v.get("fab.line.plausible_pile_weeks");
    zero_weeks_ = gap_ = longest_gap_ = lost_year1_ = peak_backlog_ = 0;
    deriv_by_week_.assign(1, 0);
    bottleneck_weeks_.fill(0);

    notes_.clear();
    notes_.push_back({"Figures are illustrative: a B200-class GPU in GB200 NVL72-class racks, timed on the public 2024 record.",
                      "数字仅为示意：以 B200 级 GPU 和 GB200 NVL72 级机柜为例，时间线参照 2024 年的公开记录。"});
    notes_.push_back({"Test failures are scrapped, or reworked where a station's rework share says so (racks by default).",
                      "测试不合格品报废，或按工站的返修比例返修（默认只有整机柜返修）。"});
    notes_.push_back({"A buffer with no cap is unbounded in units; memory stays bounded by merging waiting chunks.",
                      "不设上限的缓冲在数量上不受限；等待中的批次会合并，因此内存仍有上限。"});
    notes_.push_back({"At most 65536 lots can be inside one station; past that it waits as if blocked.",
                      "一个工站内最多容纳 65536 批；超过后按阻塞处理，等待下游。"});
    notes_.push_back({"The fab's cycle time grows with its tools' load (Kingman's VUT form, an x-factor of 3 at full starts); "
                      "each stage reads its load from its starts of the last few weeks.",
                      "晶圆厂的周期时间随设备负荷增长（金曼 VUT 公式，满负荷投片时 X 因子为 3）；各段按最近几周的开工量估计负荷。"});
    if (spec_.conwip_de > 0)
        notes_.push_back({"CONWIP is on: wafer starts wait while the line holds the limit.",
                          "CONWIP 已开启：产线在制品达到上限时，晶圆投片等待。"});
    view_ = FabView();
    view_.gpus_per_rack = gpus_per_rack_;
    view_.dies_per_gpu = dies_per_gpu_;
    update_view();
}

void FabModel::apply(Run& r, const Action& a) {
    Line& line = *r.line;
    bool respun = &r == &runs_[0] && respin_.enabled;
    switch (a.kind) {
        case kActFirstMasks:
            // A full respin found before the first masks simply replaces them with the fixed set.
            if (!(respun && !respin_.metal_only && respin_.discovery_s <= first_masks_s_)) line.resume(kLineFront, 0);
            if (deriv_first_ >= 0) line.resume(deriv_first_, 0);  // its own masks, without the flaw
            break;
        case kActDiscover: respin_discover(line, kFab, respin_); break;
        case kActNewMasks: {
            respin_qualify(line, kFab, respin_);
            // The lots' expected length: the fab from the held stage on, at its load now, and the tests.
            qual_expected_s_ = respin_.qual_test_s;
            for (int k = respin_.metal_only ? kLineMetal : kLineFront; k <= kLineBack; k++)
                qual_expected_s_ += line.station(k).gate_s + line.station(k).flow_s(a.t, false);
            break;
        }
    }
}

bool FabModel::run_to(Run& r, double t, uint64_t max_events, uint64_t& used) {
    auto left = [&]() -> uint64_t { return max_events == 0 ? 0 : max_events - std::min(used, max_events); };
    while (r.next_action < r.actions.size() && r.actions[r.next_action].t <= t) {
        if (max_events && used >= max_events) return false;
        if (!r.line->run_until(r.actions[r.next_action].t, left(), &used)) return false;
        apply(r, r.actions[r.next_action]);
        r.next_action++;
    }
    if (max_events && used >= max_events && r.line->now() < t) return false;
    return r.line->run_until(t, left(), &used);
}

bool FabModel::advance_to(double t, uint64_t max_events) {
    if (!(t > now_)) return true;    // also refuses NaN
    if (!(t < 1e13)) return false;   // +inf or beyond ~16 million years: refused, nothing done
    uint64_t used = 0;
    while (now_ < t) {
        double week_end = double(weeks_done_ + 1) * kWeek;
        double target = std::min(t, week_end);
        for (Run& r : runs_) {
            if (!run_to(r, target, max_events, used)) {
                now_ = runs_[0].line->now();
                for (const Run& o : runs_) now_ = std::min(now_, o.line->now());
                update_view();
                return false;
            }
        }
        now_ = target;
        if (target == week_end) {
            record_week();
            segments_.prune(now_ - 2 * kWeek);  // keeps the buffer short: full buffers fold slowly
        }
    }
    segments_.prune(now_ - 2 * kWeek);
    update_view();
    return true;
}

void FabModel::record_week() {
    weeks_done_++;
    double week = double(weeks_done_);
    double demand = demand_at(week);
    view_.cum_demand.add(week, demand);
    for (int k = 0; k < kRunKinds; k++) {
        Run& r = runs_[size_t(k)];
        const Line& line = *r.line;
        r.last_week_gpus = double(line.delivered_de() - r.last_de) / dies_per_gpu_;
        r.last_de = line.delivered_de();
        r.volume_run = r.last_week_gpus >= volume_gpus_week_ && volume_gpus_week_ > 0 ? r.volume_run + 1 : 0;
        if (r.volume_run == kVolumeRunWeeks && r.first_volume_week < 0) r.first_volume_week = week - (kVolumeRunWeeks - 1);
        r.cum_gpus = double(line.delivered_de()) / dies_per_gpu_;
        if (r.cum_by_week.size() < kMaxWeeksKept) r.cum_by_week.push_back(r.cum_gpus);
        FabSeries& s = k == kRun ? view_.run : k == kFlawKept ? view_.flaw_kept : view_.no_flaw;
        s.shipments.add(week, r.last_week_gpus);
        s.cum_shipped.add(week, r.cum_gpus);
        s.backlog.add(week, std::max(0.0, demand - r.cum_gpus));
        s.wip_gpus.add(week, double(line.wip_de()) / dies_per_gpu_);
    }
    const Run& run = runs_[0];
    const Line& line = *run.line;
    for (int b = 0; b < kBufCount; b++) view_.buffer_wip[size_t(b)].add(week, double(line.buffer(b).units));
    for (int st = kStFab; st <= kStShip; st++)
        view_.station_wip[size_t(st)].add(week, in_process(line, st));
    std::array<uint8_t, kStationCount> states{};
    for (int st = kStFab; st <= kStShip; st++) {
        std::array<double, kStates> spent{};
        for (int k = 0; k < kStates; k++) {
            double t = 0;
            if (st == kStFab)
                for (int f : {kLineFront, kLineMetal, kLineBack}) t += line.station(f).time_in(State(k), now_);
            else
                t = line.station(line_of(st)).time_in(State(k), now_);
            spent[size_t(k)] = t - state_time_at_[size_t(st)][size_t(k)];
            state_time_at_[size_t(st)][size_t(k)] = t;
        }
        states[size_t(st)] = uint8_t(std::max_element(spent.begin(), spent.end()) - spent.begin());
    }
    if (fix_pending()) states[kStFab] = FabView::kWeekHeld;
    if (view_.station_states.size() < kMaxWeeksKept) view_.station_states.push_back(states);
    peak_backlog_ = std::max(peak_backlog_, demand - run.cum_gpus);
    view_.peak_backlog_gpus = peak_backlog_;

    // Weeks without shipments, counted from the first shipment on.
    if (run.last_week_gpus > 0) {
        if (first_ship_week_ < 0) first_ship_week_ = week;
        // Shipping again, once the flaw is found: the first of kResumeWeeks weeks in a row
        // with shipments after a week without (a lone week's racks is not a restart).
        if (gap_ > 0) resume_from_ = week, resume_run_ = 0;
        resume_run_ += 1;
        if (resume_from_ >= 0 && resume_run_ == kResumeWeeks && respin_.enabled && resume_from_ * kWeek > respin_.discovery_s &&
            view_.ship_resume_week < 0)
            view_.ship_resume_week = resume_from_;
        gap_ = 0;
    } else if (first_ship_week_ >= 0) {
        zero_weeks_ += 1;
        gap_ += 1;
        longest_gap_ = std::max(longest_gap_, gap_);
    }
    if (weeks_done_ == 52) lost_year1_ = std::max(0.0, runs_[kNoFlaw].cum_gpus - run.cum_gpus);
    if (deriv_by_week_.size() < kMaxWeeksKept) deriv_by_week_.push_back(deriv_shipped(line));

    read_bottleneck();
}

// The bottleneck by the active-period method over the last kBottleneckWindowWeeks weeks
// (active_period.h). The fab is active while its front end works and neither later
// stage is held for masks (wafers started into a held stage run ahead, like a supplier
// filling a pile); design is active while any fab stage waits for masks (the first set
// or a fix). The derivative is another product: its steps are not candidates. When the
// CONWIP cap held wafer starts for more than kCappedShare of the window, no station is
// named: every station then runs below what it could, and the cap sets the pace.
void FabModel::read_bottleneck() {
    const Line& line = *runs_[0].line;
    const double t0 = std::max(0.0, now_ - kBottleneckWindowWeeks * kWeek);
    std::vector<Periods> act(kStationCount);
    const Periods later_held = periods_union(line.station(kLineMetal).held.periods(now_), line.station(kLineBack).held.periods(now_));
    act[kStDesign] = periods_union(line.station(kLineFront).held.periods(now_), later_held);
    act[kStFab] = periods_minus(line.station(kLineFront).active.periods(now_), later_held);
    for (int st = kStSort; st <= kStShip; st++) act[size_t(st)] = line.station(line_of(st)).active.periods(now_);
    std::vector<double> nominal = nominal_exit_rates(line, now_), rate(kStationCount, 0);
    for (int st = kStFab; st <= kStShip; st++) rate[size_t(st)] = nominal_of(nominal, st);
    rate[kStDesign] = 1e-9;  // while masks are pending the line's rate is nil: design wins a tie
    reading_ = active_period_bottleneck(act, rate, t0, now_);
    // With CONWIP, the front end is idle only while the cap holds its starts.
    front_idle_at_.push_back(line.station(kLineFront).time_in(State::Idle, now_));
    while (front_idle_at_.size() > size_t(kBottleneckWindowWeeks) + 1) front_idle_at_.pop_front();
    capped_ = spec_.conwip_de > 0 && now_ > t0 &&
              (front_idle_at_.back() - front_idle_at_.front()) / (now_ - t0) > kCappedShare;
    if (capped_) reading_.station = -1, reading_.shifting = false, reading_.tied.clear();
    std::array<std::array<double, 2>, kStationCount> sb{};
    for (int st = kStFab; st <= kStShip; st++) {
        const Station& s = line.station(line_of(st));
        sb[size_t(st)] = {s.time_in(State::Starved, now_), s.time_in(State::Blocked, now_)};
    }
    starved_blocked_at_.push_back(sb);
    while (starved_blocked_at_.size() > size_t(kBottleneckWindowWeeks) + 1) starved_blocked_at_.pop_front();
    for (int k = 0; k < kDerivSteps && deriv_first_ >= 0; k++)
        deriv_busy_[size_t(k)] = periods_length(line.station(deriv_first_ + k).active.periods(now_), t0, now_) /
                                 std::max(1e-9, now_ - t0);
    const int bn = reading_.station;
    if (bn >= 0 && (bottleneck_log_.empty() || bottleneck_log_.back().station != bn)) {
        if (bottleneck_log_.size() >= kBottleneckLogSize) bottleneck_log_.erase(bottleneck_log_.begin());
        bottleneck_log_.push_back({double(weeks_done_), bn});
    }
    if (bn >= 0) bottleneck_weeks_[size_t(bn)] += 1;
}

void FabModel::update_view() {
    const Line& line = *runs_[0].line;
    double t = std::max(now_, 1e-9);
    view_.week = now_ / kWeek;
    std::vector<double> nominal = nominal_exit_rates(line, now_);
    view_.nominal_bottleneck = -1;
    view_.nominal_rate_gpus_week = 0;
    for (int st = kStFab; st <= kStShip; st++) {
        const Station& s = line.station(line_of(st));
        FabStationView& sv = view_.stations[size_t(st)];
        int fb = front_buffer(st);
        sv.buffer_units = fb >= 0 ? double(line.buffer(fb).units) : 0;
        sv.in_process_units = in_process(line, st);
        sv.capacity_per_week = s.spec.kits_per_week;
        sv.lot_kits = s.spec.lot_kits;
        sv.lot_asked = spec_.stations[size_t(line_of(st))].lot_kits;
        const double span = reading_.t1 - reading_.t0;
        const auto& sb0 = starved_blocked_at_.front()[size_t(st)];
        const auto& sb1 = starved_blocked_at_.back()[size_t(st)];
        sv.busy = reading_.busy[size_t(st)];
        sv.starved = span > 0 ? (sb1[0] - sb0[0]) / span : 0;
        sv.blocked = span > 0 ? (sb1[1] - sb0[1]) / span : 0;
        sv.idle = span > 0 ? std::max(0.0, 1 - sv.busy - sv.starved - sv.blocked) : 0;
        sv.yield_loss_units = lost_units(s);
        if (st == kStFab)
            sv.yield_loss_units = lost_units(line.station(kLineMetal)) + lost_units(line.station(kLineBack)) +
                                  double(line.buffer(kBufMetalHold).purged_units + line.buffer(kBufBackEnd).purged_units);
        // GPU equivalents: dies for the main line; a supplier's parts by what one GPU needs.
        double per_gpu = s.de_out > 0 ? dies_per_gpu_ / double(s.de_out) : 0;
        if (st == kStHbmSupply) per_gpu = double(spec_.stations[size_t(line_of(kStPack))].inputs[1].per_kit);
        if (st == kStSubstrate) per_gpu = 1;
        if (st == kStCpuSupply) per_gpu = double(spec_.stations[size_t(line_of(kStTray))].inputs[1].per_kit) /
                                   double(spec_.stations[size_t(line_of(kStTray))].inputs[0].per_kit);
        if (st == kStSwitchSupply) per_gpu = double(spec_.stations[size_t(line_of(kStRack))].inputs[1].per_kit) / gpus_per_rack_;
        sv.yield_loss_gpus = per_gpu > 0 ? sv.yield_loss_units / per_gpu : 0;
        sv.nominal_gpus_per_week = nominal_of(nominal, st) * gpus_per_rack_;
        if (view_.nominal_bottleneck < 0 || sv.nominal_gpus_per_week < view_.nominal_rate_gpus_week) {
            view_.nominal_bottleneck = st;
            view_.nominal_rate_gpus_week = sv.nominal_gpus_per_week;
        }
        sv.state = s.state;
        sv.held_for_respin = st == kStFab && fix_pending();
    }
    for (int k : {kLineFront, kLineMetal, kLineBack}) {
        const Station& s = line.station(k);
        FabStageView& fs = view_.fab_stages[size_t(k)];
        fs.in_process_units = double(s.kits_in_process);
        fs.waiting_units = k == kLineFront ? 0 : double(line.buffer(k == kLineMetal ? kBufMetalHold : kBufBackEnd).units);
        fs.load = s.load(now_);
        fs.raw_weeks = s.spec.cycle_weeks;
        fs.cycle_weeks = (s.gate_s + s.flow_s(now_, false)) / kWeek;
        fs.hot_cycle_weeks = (s.gate_s + s.flow_s(now_, true)) / kWeek;
        fs.held = s.halted && fix_pending();
    }
    for (int b = 0; b < kBufCount; b++) {
        const Buffer& x = line.buffer(b);
        const double need = plan_use_[size_t(b)];  // the plan's use per week (0: not a supplier's pile)
        view_.pile_plausible[size_t(b)] = need * plausible_pile_weeks_;
        view_.pile_flagged[size_t(b)] = need > 0 && double(x.units) > view_.pile_plausible[size_t(b)];
    }
    FabStationView& design = view_.stations[kStDesign];
    design.busy = reading_.busy[kStDesign];
    design.idle = reading_.t1 > reading_.t0 ? 1 - design.busy : 0;
    bool masks_pending = line.station(kLineFront).halted || fix_pending();
    design.state = masks_pending ? State::Working : State::Idle;
    design.held_for_respin = view_.stations[kStFab].held_for_respin;
    FabStationView& cust = view_.stations[kStCustomers];
    cust.buffer_units = std::max(0.0, demand_at(view_.week) - double(line.delivered_de()) / dies_per_gpu_);
    cust.state = line.delivered_de() > 0 ? State::Working : State::Starved;

    for (int b = 0; b < kBufCount; b++) view_.buffer_units[size_t(b)] = double(line.buffer(b).units);
    if (respin_.enabled) {
        view_.discovery_week = respin_.discovery_s / kWeek;
        view_.masks_ready_week = masks_ready_s_ / kWeek;
        view_.restart_week = line.volume_s() >= 0 ? line.volume_s() / kWeek : -1;
        view_.fab_restart_week = line.volume_s() >= 0 && now_ >= line.volume_s() ? view_.restart_week : -1;
        view_.qualification_out_week = line.qualified_s() >= 0 ? line.qualified_s() / kWeek : -1;
        // Qualification wafers started and not yet out of the fab.
        view_.qualification_wafers = 0;
        if (now_ >= masks_ready_s_ && line.qualified_s() < 0)
            view_.qualification_wafers = double(line.qualification_kits() - line.station(kLineBack).kits_done_new_rev);
        view_.qualifying = now_ >= masks_ready_s_ && (line.volume_s() < 0 || now_ < line.volume_s());
        view_.qualification_lots = qual_lots_;
        int64_t lot = std::max<int64_t>(1, line.qualification_kits() / qual_lots_);
        view_.qualification_lots_out = int(std::min<int64_t>(qual_lots_, line.station(kLineBack).kits_done_new_rev / lot));
        view_.qualification_weeks = (line.volume_s() >= 0 ? line.volume_s() - masks_ready_s_ : qual_expected_s_) / kWeek;
    }
    FabDerivView& d = view_.deriv;
    d = FabDerivView{};
    if (deriv_first_ >= 0) {
        d.on = true;
        for (int k = 0; k < kDerivSteps; k++) {
            const Station& s = line.station(deriv_first_ + k);
            d.in_process[k] = double(s.kits_in_process);
            d.busy[k] = deriv_busy_[size_t(k)];
            d.state[k] = s.state;
        }
        d.shipped = deriv_shipped(line);
        d.shipped_in_hold = deriv_shipped_in_hold();
        d.last_week = deriv_by_week_.size() > 1 ? deriv_by_week_.back() - deriv_by_week_[deriv_by_week_.size() - 2] : 0;
    }
    view_.first_volume_week = runs_[0].first_volume_week;
    view_.flaw_kept_first_volume_week = runs_[kFlawKept].first_volume_week;
    view_.no_flaw_first_volume_week = runs_[kNoFlaw].first_volume_week;
    view_.volume_gpus_week = volume_gpus_week_;
    view_.bottleneck = reading_.station;
    view_.bottleneck_tied = reading_.tied;
    view_.shifting = reading_.shifting;
    view_.capped = capped_;
    view_.shifting_between = {reading_.between[0], reading_.between[1]};
    view_.bottleneck_log = bottleneck_log_;
    view_.little.clear();
    for (int b = 0; b < kBufCount; b++) {
        LittleCheck c = little_of_buffer(line.buffer(b), now_);
        view_.little.push_back({fab_buffer_key(b), c.L, c.lambda * kWeek, c.W / kWeek, c.lambda * c.W,
                                residual_area(line.buffer(b), now_) / t});
    }
    LittleCheck c = little_of_line(line, now_);
    double g = dies_per_gpu_;
    view_.little.push_back({"line", c.L / g, c.lambda * kWeek / g, c.W / kWeek, c.lambda * c.W / g,
                            line_residual_area(line, now_) / t / g});
}

std::vector<Metric> FabModel::metrics() const {
    std::vector<Metric> ms;
    auto add = [&](std::string id, double v, std::string unit, std::string en, std::string zh) {
        ms.push_back({std::move(id), finite(v), std::move(unit), std::move(en), std::move(zh)});
    };
    const Line& line = *runs_[0].line;
    const Run& run = runs_[0];
    const Run& kept = runs_[kFlawKept];
    const Run& no_flaw = runs_[kNoFlaw];
    double week = now_ / kWeek, g = dies_per_gpu_;
    double cum = double(line.delivered_de()) / g, demand = demand_at(week);

    add("week", week, "weeks", "Simulated week (week 0 = 1 Jan 2024)", "模拟周（第 0 周 = 2024 年 1 月 1 日）");
    // Beside a derivative product, the line's own figures say which part they count.
    const bool deriv = deriv_first_ >= 0;
    add("shipments_week_gpus", run.last_week_gpus, "GPUs/week", deriv ? "Two-die part shipped last week" : "Shipments last week",
        deriv ? "双晶粒产品上周出货" : "上周出货");
    add("shipments_week_racks", run.last_week_gpus / gpus_per_rack_, "racks/week", "Shipments last week (racks)", "上周出货（机柜）");
    // Racks ship in lumps: one week's count swings by a fifth around the pace a station sets.
    const size_t done = run.cum_by_week.empty() ? 0 : std::min(size_t(weeks_done_), run.cum_by_week.size() - 1);
    const size_t span = std::min(done, size_t(kMeanShipmentWeeks));
    add("shipments_mean_gpus_week", span ? (run.cum_by_week[done] - run.cum_by_week[done - span]) / double(span) : 0,
        "GPUs/week", "Shipments a week, mean of the last 20 weeks", "近 20 周平均每周出货");
    add("cum_shipped_gpus", cum, "GPUs", "Cumulative shipped", "累计出货");
    add("cum_demand_gpus", demand, "GPUs", "Cumulative demand", "累计需求");
    add("backlog_gpus", std::max(0.0, demand - cum), "GPUs", "Backlog (ordered, not shipped)", "积压（已订未发）");
    add("ahead_of_demand_gpus", std::max(0.0, cum - demand), "GPUs", "Shipped ahead of demand", "超前于需求的出货");
    // The weeks' peak, or the backlog now where it is higher (between weeks' ends it grows
    // with demand): a peak below the backlog beside it would read as an error.
    add("peak_backlog_gpus", std::max(peak_backlog_, demand - cum), "GPUs", "Peak backlog", "最大积压");
    add("no_flaw_cum_shipped_gpus", double(no_flaw.line->delivered_de()) / g, "GPUs",
        "Cumulative shipped with masks that had no flaw", "光罩无缺陷时的累计出货");
    add("flaw_kept_cum_shipped_gpus", double(kept.line->delivered_de()) / g, "GPUs",
        "Cumulative shipped keeping the flaw, without a respin", "保留缺陷、不重新流片时的累计出货");
    // A loss is never negative: against no flaw the run can only be ahead by chance, by a rack or so.
    const double lost_now = std::max(0.0, double(no_flaw.line->delivered_de() - line.delivered_de()) / g);
    add("gpus_lost_to_respin", lost_now, "GPUs", "GPUs lost to the flaw and its respin (vs masks without the flaw)",
        "缺陷及重新流片少出的 GPU（与无缺陷光罩对照）");
    add("weeks_lost_to_respin", weeks_behind(no_flaw.cum_by_week, run.cum_gpus, double(weeks_done_)), "weeks",
        "Weeks behind the run with masks that had no flaw", "落后于无缺陷光罩运行的周数");
    add("respin_vs_flaw_kept_gpus", double(line.delivered_de() - kept.line->delivered_de()) / g, "GPUs",
        "GPUs the respin is ahead of keeping the flaw (below 0 while it has not yet won back its hold)",
        "重新流片相对保留缺陷多出的 GPU（尚未补回停工损失时为负）");
    // Until week 52 ends, the same instant as gpus_lost_to_respin; then fixed at week 52's end.
    add("gpus_lost_first_52_weeks", weeks_done_ >= 52 ? lost_year1_ : lost_now, "GPUs",
        "GPUs lost in the first 52 weeks (so far, before week 52)", "前 52 周少出的 GPU（未满 52 周时为当前值）");
    add("weeks_without_shipments", zero_weeks_, "weeks", "Weeks without shipments (after the first)", "首次出货后无出货的周数");
    add("longest_gap_weeks", longest_gap_, "weeks", "Longest run of weeks without shipments", "最长连续无出货周数");
    add("first_ship_week", first_ship_week_, "weeks", "First shipment week (— if none yet)", "首次出货周（尚无时为 —）");
    add("ship_resume_week", view_.ship_resume_week, "weeks", "Shipments resumed in week: the first of 4 in a row with shipments (— if not yet)",
        "恢复出货周：连续 4 周有出货的第一周（尚未时为 —）");
    add("discovery_week", view_.discovery_week, "weeks", "Flaw found in week (— if no respin)", "发现缺陷周（无重新流片时为 —）");
    add("masks_ready_week", view_.masks_ready_week, "weeks", "New masks ready in week", "新光罩就绪周");
    add("fab_restart_week", view_.fab_restart_week, "weeks", "Held stage restarted in week, after qualification (— if not yet)",
        "暂停工序在验证后重启的周（尚未时为 —）");
    add("qualification_out_week", view_.qualification_out_week, "weeks",
        "Qualification lots out of the fab in week; their tests follow (— if not yet)", "验证批次出晶圆厂的周，随后测试（尚未时为 —）");
    add("qualification_wafers_in_fab", view_.qualification_wafers, "wafers", "Qualification wafers still in the fab",
        "仍在晶圆厂中的验证晶圆");
    add("first_volume_week", view_.first_volume_week, "weeks",
        "First week of volume shipments (4 weeks in a row at a third of the nominal rate; — if not yet)",
        "量产出货首周（连续 4 周达到额定速率的三分之一；尚未时为 —）");
    add("no_flaw_first_volume_week", view_.no_flaw_first_volume_week, "weeks",
        "First week of volume shipments with masks that had no flaw", "光罩无缺陷时的量产出货首周");
    add("flaw_kept_first_volume_week", view_.flaw_kept_first_volume_week, "weeks",
        "First week of volume shipments keeping the flaw, without a respin", "保留缺陷、不重新流片时的量产出货首周");
    add("volume_rate_gpus_week", view_.volume_gpus_week, "GPUs/week", "Volume rate (a third of the nominal rate)",
        "量产速率（额定速率的三分之一）");
    add("hold_pile_wafers", double(line.buffer(kBufMetalHold).units), "wafers", "Wafers waiting for the metal layers",
        "等待金属层的晶圆");
    // The fab's load-dependent cycle: for a lot started now at each stage's load, and as measured.
    double cycle_now = 0, hot_now = 0, raw = 0, measured[2] = {0, 0};
    bool measured_all[2] = {true, true};
    for (int k : {kLineFront, kLineMetal, kLineBack}) {
        const FabStageView& fs = view_.fab_stages[size_t(k)];
        cycle_now += fs.cycle_weeks;
        hot_now += fs.hot_cycle_weeks;
        raw += fs.raw_weeks;
        const Station& s = line.station(k);
        for (int h = 0; h < 2; h++) {
            if (s.cycle_lots[h] > 0) measured[h] += s.cycle_area[h] / double(s.cycle_lots[h]) / kWeek;
            else measured_all[h] = false;
        }
    }
    add("fab_cycle_now_weeks", cycle_now, "weeks", "Fab cycle time of a wafer started now, hot lots aside (at each stage's load)",
        "现在投片的晶圆（加急批次除外）的晶圆厂周期时间（按各段当前负荷）");
    add("fab_raw_weeks", raw, "weeks", "Fab raw process time (empty queues)", "晶圆厂纯加工时间（无排队）");
    add("fab_x_factor_now", raw > 0 ? cycle_now / raw : 0, "x", "Fab x-factor now (cycle over raw process time)",
        "晶圆厂当前 X 因子（周期时间 ÷ 纯加工时间）");
    add("fab_load_now", view_.fab_stages[kLineFront].load, "", "Fab front-end tool load from recent starts", "晶圆厂前段设备负荷（按近期投片）");
    add("fab_hot_cycle_now_weeks", hot_now, "weeks", "Fab cycle time of a hot lot started now",
        "现在投片的加急批次的晶圆厂周期时间");
    add("fab_cycle_measured_weeks", measured_all[0] ? measured[0] : -1, "weeks",
        "Fab cycle time, mean over the lots started so far at each stage (— if none yet)",
        "晶圆厂周期时间：各段已开工批次的平均（尚无时为 —）");
    add("fab_hot_cycle_measured_weeks", measured_all[1] ? measured[1] : -1, "weeks",
        "Fab cycle time of hot lots, mean over those started so far (— if none yet)", "加急批次的晶圆厂周期时间：已开工者的平均（尚无时为 —）");
    add("lead_time_mean_weeks", line.lead_time_mean_s() / kWeek, "weeks", "Lead time per GPU, wafer start to customer (mean)",
        "每个 GPU 的交期：投片到客户（均值）");
    add("lead_time_p90_weeks", line.lead_time_quantiles().quantile(0.9) / kWeek, "weeks",
        "Lead time per delivered lot (p90)", "每个交付批次的交期（p90）");
    add("line_wip_gpus", double(line.wip_de()) / g, "GPUs", "Work in process, GPU equivalents of compute dies",
        "在制品（按计算晶粒折合 GPU）");
    add("line_throughput_gpus_week", now_ > 0 ? cum / week : 0, "GPUs/week", "Average shipments since week 0", "第 0 周以来平均出货");
    const FabLittle& ll = view_.little.back();
    add("little_line_L_gpus", ll.L, "GPUs", "Line: time-average WIP (L)", "整线：时间平均在制品（L）");
    add("little_line_lambda_gpus_week", ll.lambda_per_week, "GPUs/week", "Line: departures incl. scrap (lambda)",
        "整线：离开速率，含报废（λ）");
    add("little_line_W_weeks", ll.W_weeks, "weeks", "Line: mean time in line (W)", "整线：平均停留时间（W）");
    add("little_line_lambda_W_gpus", ll.lambda_W, "GPUs", "Line: lambda x W (equals L by Little's law)", "整线：λ × W（按利特尔定律应等于 L）");
    add("little_line_residual_gpus", ll.residual, "GPUs", "Line: share of L from units still inside (L = lambda W + this)",
        "整线：仍在线内单位贡献的 L（L = λW + 此项）");

    auto label = [](int st, bool zh) { const StationInfo& t = station_text(st); return std::string(zh ? t.label_zh : t.label_en); };
    // The unit names the station, so a bare id-value-unit listing still says which.
    add("bottleneck_station", view_.bottleneck,
        "station: " + std::string(view_.bottleneck >= 0 ? station_text(view_.bottleneck).id : "none"),
        "Bottleneck now: " + (view_.bottleneck >= 0 ? label(view_.bottleneck, false) : std::string("none yet")),
        "当前瓶颈：" + (view_.bottleneck >= 0 ? label(view_.bottleneck, true) : std::string("尚无")));
    add("bottleneck_shifting", view_.shifting ? 1 : 0, "",
        "1: the bottleneck is shifting between two stations (active-period method, last 8 weeks)",
        "1：瓶颈在两个工站之间转移（活跃期方法，最近 8 周）");
    add("bottleneck_capped", view_.capped ? 1 : 0, "",
        "1: the CONWIP cap holds wafer starts, so it sets the pace rather than a station (last 8 weeks)",
        "1：CONWIP 上限在卡住晶圆投片，决定节奏的是它而不是某个工站（最近 8 周）");
    add("bottleneck_changes", double(view_.bottleneck_log.size()), "", "Bottleneck changes logged", "已记录的瓶颈变化次数");
    std::string moves_en = "Bottleneck moves:", moves_zh = "瓶颈移动：";
    for (auto& c : view_.bottleneck_log) {
        moves_en += " w" + std::to_string(int(c.week)) + " " + station_text(c.station).id;
        moves_zh += " 第" + std::to_string(int(c.week)) + "周 " + label(c.station, true);
    }
    add("bottleneck_last_change_week", view_.bottleneck_log.empty() ? -1 : view_.bottleneck_log.back().week, "weeks",
        moves_en, moves_zh);
    add("nominal_bottleneck_station", view_.nominal_bottleneck,
        "station: " + std::string(station_text(std::max(0, view_.nominal_bottleneck)).id),
        "Bottleneck by nominal rates: " + label(std::max(0, view_.nominal_bottleneck), false),
        "按额定速率的瓶颈：" + label(std::max(0, view_.nominal_bottleneck), true));
    add("nominal_rate_gpus_week", view_.nominal_rate_gpus_week, "GPUs/week",
        "Bottleneck rate (capacity x yields, in GPUs)", "瓶颈速率（产能 × 良率，折合 GPU）");

    // Conversions between the units that flow (at the die yield in force now).
    const StationSpec& sort = line.station(kLineSort).spec;
    const StationSpec& pack = line.station(line_of(kStPack)).spec;
    double good_dies = double(sort.out_per_kit) * sort.yield.at(now_, 1);
    add("gross_dies_per_wafer", double(sort.out_per_kit), "dies/wafer", "1 wafer = gross dies", "1 片晶圆 = 毛晶粒数");
    add("good_dies_per_wafer", good_dies, "dies/wafer", "1 wafer = good dies (at the die yield now)", "1 片晶圆 = 良品晶粒数（按当前良率）");
    add("gpus_per_wafer", good_dies / g, "GPUs/wafer", "1 wafer = GPUs (before later yields)", "1 片晶圆 = GPU 数（未计后续良率）");
    add("hbm_stacks_per_gpu", double(pack.inputs[1].per_kit), "stacks/GPU", "1 GPU = HBM stacks", "1 个 GPU = HBM 堆栈数");
    add("gpus_per_rack", gpus_per_rack_, "GPUs/rack", "1 rack = GPUs", "1 个机柜 = GPU 数");
    add("wafers_per_rack", good_dies > 0 ? gpus_per_rack_ * g / good_dies : 0, "wafers/rack",
        "1 rack = wafers (at the die yield now)", "1 个机柜 = 晶圆数（按当前良率）");
    add("started_dies", double(line.started_de()), "dies", "Compute dies started (as gross dies on wafers)", "已投入的计算晶粒（按晶圆毛晶粒）");
    add("delivered_dies", double(line.delivered_de()), "dies", "Compute dies delivered in racks", "随机柜交付的计算晶粒");
    add("wip_dies", double(line.count_wip_de()), "dies", "Compute dies in process (counted)", "在制的计算晶粒（清点）");
    add("scrapped_dies", double(line.scrapped_de()), "dies", "Compute dies scrapped", "报废的计算晶粒");
    add("conservation_error_dies",
        double(line.started_de() - line.delivered_de() - line.count_wip_de() - line.scrapped_de()), "dies",
        "Started - delivered - in process - scrapped (must be 0)", "投入 − 交付 − 在制 − 报废（必须为 0）");
    // Side supplies: what each delivered, holds and scrapped, in its own units (bad packages take theirs along).
    for (int st : {kStHbmSupply, kStSubstrate, kStCpuSupply, kStSwitchSupply}) {
        int l = line.ledger_of_station(line_of(st));
        if (l < 0) continue;
        const StationInfo& t = station_text(st);
        std::string k = t.id, u = std::string(t.unit_en) + "s", en = label(st, false) + ": ", zh = label(st, true) + "：";
        add(k + "_scrapped_parts", double(line.scrapped_parts(l)), u, en + "parts scrapped (own tests and bad packages)",
            zh + "报废的零件（自身测试与坏封装）");
        add(k + "_delivered_parts", double(line.delivered_parts(l)), u, en + "parts delivered in racks", zh + "随机柜交付的零件");
        add(k + "_conservation_error", double(line.started_parts(l) - line.delivered_parts(l) - line.count_wip_parts(l) -
                                              line.scrapped_parts(l)),
            u, en + "started - delivered - in process - scrapped (must be 0)", zh + "投入 − 交付 − 在制 − 报废（必须为 0）");
        int tl = kept.line->ledger_of_station(line_of(st));
        add("flaw_kept_" + k + "_scrapped_parts", double(kept.line->scrapped_parts(tl)), u,
            en + "parts scrapped keeping the flaw, without a respin", zh + "保留缺陷、不重新流片时报废的零件");
    }

    if (deriv_first_ >= 0) {
        const FabDerivView& d = view_.deriv;
        add("deriv_shipped_units", d.shipped, "GPUs", "Derivative (single die, CoWoS-S) shipped", "衍生型号（单晶粒、CoWoS-S）累计出货");
        add("deriv_shipped_week", d.last_week, "GPUs/week", "Derivative shipped last week", "衍生型号上周出货");
        add("deriv_shipped_in_hold", d.shipped_in_hold, "GPUs",
            "Derivative shipped from the flaw's discovery to the first volume week of the two-die part (so far)",
            "从发现缺陷到双晶粒产品量产首周，衍生型号的出货（截至目前）");
        for (int k = 0; k < kDerivSteps; k++) {
            const FabDerivStepText& t = fab_deriv_step_text(k);
            std::string id = deriv_id(k), en = std::string(t.label_en) + ": ", zh = std::string(t.label_zh) + "：";
            add(id + "_in_process", d.in_process[size_t(k)], "", en + "in process", zh + "在制");
            add(id + "_busy", d.busy[size_t(k)], "", en + "busy, last 8 weeks", zh + "最近 8 周的忙碌占比");
        }
        for (int k : {0, 2}) {  // its dies and its HBM: a ledger each
            int l = line.ledger_of_station(deriv_first_ + k);
            const FabDerivStepText& t = fab_deriv_step_text(k);
            std::string id = deriv_id(k), en = std::string(t.label_en) + ": ", zh = std::string(t.label_zh) + "：";
            add(id + "_scrapped_parts", double(line.scrapped_parts(l)), "", en + "scrapped", zh + "报废");
            add(id + "_conservation_error",
                double(line.started_parts(l) - line.delivered_parts(l) - line.count_wip_parts(l) - line.scrapped_parts(l)), "",
                en + "started - delivered - in process - scrapped (must be 0)", zh + "投入 − 交付 − 在制 − 报废（必须为 0）");
        }
    }
    for (int st = kStFab; st <= kStShip; st++) {
        const FabStationView& sv = view_.stations[size_t(st)];
        const StationInfo& t = station_text(st);
        std::string k = t.id, en = label(st, false) + ": ", zh = label(st, true) + "：", u = std::string(t.unit_en) + "s";
        if (front_buffer(st) >= 0)
            add(k + "_buffer", sv.buffer_units, "", en + "waiting in front", zh + "前方等待量");
        add(k + "_in_process", sv.in_process_units, u, en + "in process", zh + "在制");
        add(k + "_busy", sv.busy, "", en + "busy (neither starved, blocked nor idle), last 8 weeks",
            zh + "最近 8 周的忙碌占比（既不缺料、不阻塞也不空闲）");
        add(k + "_starved", sv.starved, "", en + "starved, last 8 weeks", zh + "最近 8 周的缺料占比");
        add(k + "_blocked", sv.blocked, "", en + "blocked, last 8 weeks", zh + "最近 8 周的阻塞占比");
        add(k + "_idle", sv.idle, "", en + "idle (masks, respin, CONWIP, the plan's stock reached), last 8 weeks",
            zh + "最近 8 周的空闲占比（光罩、重新流片、CONWIP、计划库存已足）");
        add(k + "_yield_loss", sv.yield_loss_units, "", en + "units scrapped", zh + "报废数量");
        add(k + "_reworked", double(line.station(line_of(st)).units_reworked), u, en + "failures reworked", zh + "返修数量");
        add(k + "_yield_loss_gpus", sv.yield_loss_gpus, "GPUs", en + "scrapped, in GPU equivalents", zh + "报废量（折合 GPU）");
        add(k + "_nominal_gpus_week", sv.nominal_gpus_per_week, "GPUs/week", en + "line rate if only this limited it",
            zh + "若仅受本站限制的整线速率");
    }
    add("design_busy", view_.stations[kStDesign].busy, "", label(kStDesign, false) + ": busy (masks pending), last 8 weeks",
        label(kStDesign, true) + "：最近 8 周的忙碌占比（等待光罩）");
    for (int st = 0; st < kStationCount; st++)
        add(std::string(station_text(st).id) + "_bottleneck_weeks", bottleneck_weeks_[size_t(st)], "weeks",
            label(st, false) + ": weeks as the bottleneck", label(st, true) + "：作为瓶颈的周数");
    for (int b = 0; b < kBufCount; b++) {
        const FabLittle& l = view_.little[size_t(b)];
        std::string k = std::string("buf_") + fab_buffer_key(b), en = std::string(fab_buffer_label(b, false)) + ": ",
                    zh = std::string(fab_buffer_label(b, true)) + "：";
        add(k + "_units", view_.buffer_units[size_t(b)], "", en + "now", zh + "当前");
        add(k + "_L", l.L, "", en + "time-average content (L)", zh + "时间平均存量（L）");
        add(k + "_lambda_week", l.lambda_per_week, "/week", en + "departures per week (lambda)", zh + "每周离开量（λ）");
        add(k + "_W_weeks", l.W_weeks, "weeks", en + "mean wait (W)", zh + "平均等待（W）");
        if (view_.pile_plausible[size_t(b)] > 0) {
            add(k + "_plausible", view_.pile_plausible[size_t(b)], "", en + "largest plausible pile", zh + "合理堆放上限");
            add(k + "_implausible", view_.pile_flagged[size_t(b)] ? 1 : 0, "", en + "1: above its plausible size",
                zh + "1：超过合理堆放量");
        }
        add(k + "_lambda_W", l.lambda_W, "", en + "lambda x W (equals L by Little's law)", zh + "λ × W（按利特尔定律应等于 L）");
    }
    add("segments_in_flight", double(segments_.items().size()), "parcels",
        "Drawn parcels in flight", "正在绘制的包裹");
    double events = 0;
    for (const Run& r : runs_) events += double(r.line->events());
    add("events", events, "events", "Events simulated (all three runs)", "已模拟事件（三次运行）");
    return ms;
}

std::unique_ptr<Model> FabModel::clone() const {
    auto copy = std::make_unique<FabModel>(*this);
    if (copy->runs_[0].line) copy->runs_[0].line->set_segment_buffer(&copy->segments_);
    return copy;
}

std::unique_ptr<Model> make_fab_model() { return std::make_unique<FabModel>(); }

}  // namespace tj::fab

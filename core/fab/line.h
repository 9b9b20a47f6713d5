// line.h — a production line of stations and buffers on the discrete-event Engine.
//
// Parcels are lots. A station starts one lot at a time through its "gate" (the
// capacity: gate time = lot size / capacity, with the chosen variability), then the
// lot spends the rest of the cycle time in flow (a fixed delay: many lots in process
// at once, like wafers in a fab). A station with inputs waits until every input buffer
// holds a whole lot's worth of its parts (kitting: 2 dies + 8 HBM stacks + 1 interposer
// make one package). A station without inputs is a source (wafer starts, suppliers).
// At the end of its cycle a lot's yield is drawn: good units go to the next buffer,
// the rest is scrapped, or a share of it is reworked: it goes through the gate again
// ahead of new work, so failures eat capacity (a leaking rack is fixed and retested). If the next buffer is at its cap, a blocking station holds the
// lot and stops starting; a non-blocking one scraps the overflow.
//
// Counting is exact in integers. Every unit of the main line carries die equivalents
// (a wafer = gross dies, a package = dies per package, ...), so at every moment:
//   die-eq started = die-eq delivered + die-eq in process + die-eq scrapped.
// Each side supply (a source whose units are not die equivalents: HBM stacks,
// interposers, CPUs) has a ledger of its own that holds the same way: a package
// scrapped at test takes its 8 stacks and its interposer with it, counted there.
// Yields are drawn as binomials (normal approximation for large lots) in random mode,
// or as exact expectations with the rounding carried to the next lot in deterministic mode.
// Every station draws from streams of its own, one per purpose (gate times, yields,
// rework), numbered by a hash of its id and the purpose, not by its place in the list:
// two lines built from the same seed draw the same numbers at every station where they
// do the same work (common random numbers), and adding, removing, reordering or
// retuning a station leaves the other stations' draws unchanged. Ids must be unique.
//
// Memory is bounded: a station holds at most kMaxLotsInStation lots (then it waits, as if
// blocked), and a buffer keeps at most kMaxChunks chunks (older arrivals merge; units are
// never lost, only lead-time resolution coarsens). A buffer with "no cap" is therefore
// unbounded in units only.
//
// Work is bounded too: a station starts at most kMaxLotsPerWeek lots a week (one every
// five minutes). A smaller lot at a higher capacity is started as a folded lot of
// folded_lot() kits: its gate (lot / capacity) stays under five minutes, far below what
// a weekly count can show, and a ten-year run stays in the tens of millions of events
// however small the lots and large the capacities (a lot of one at a million a week
// would be a million lots a week at that station alone).
//
// Usage (stations listed producers before consumers; a buffer has one of each):
//   LineSpec spec; spec.buffers = {...}; spec.stations = {...};
//   Line line(spec, seed, &segments);
//   line.run_until(t, max_events, &used);
//   line.station(i).state, line.buffer(b).units, line.delivered_de(), ...
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "core/engine.h"
#include "core/fab/active_period.h"
#include "core/fab/respin.h"
#include "core/rng.h"
#include "core/segments.h"
#include "core/stats.h"

namespace tj::fab {

constexpr double kWeek = 604800.0;
constexpr size_t kMaxLotsInStation = 65536;
constexpr size_t kMaxChunks = 4096;
constexpr double kMaxLotsPerWeek = 2000;

// The lot a station starts: the one asked for, or a bigger one when that many kits a
// week would start more than max_lots_per_week lots.
inline int64_t folded_lot(int64_t lot_kits, double kits_per_week, double max_lots_per_week = kMaxLotsPerWeek) {
    const double fewest = std::ceil(kits_per_week / max_lots_per_week);
    return fewest > double(lot_kits) && fewest < 9e15 ? int64_t(fewest) : lot_kits;
}

enum class State : uint8_t { Working = 0, Starved = 1, Blocked = 2, Idle = 3 };
constexpr int kStates = 4;

struct InputSpec {
    int buffer = -1;
    int64_t per_kit = 1;  // units of this buffer per kit (one start of one output unit's worth)
};

struct StationSpec {
    std::string id;
    double kits_per_week = 1;  // capacity of the gate
    double cycle_weeks = 0;    // mean time a lot spends in the station (at least the gate time)
    double cv = 0;             // coefficient of variation of the gate time
    int64_t lot_kits = 1;      // kits per lot
    YieldPlan yield;
    int64_t out_per_kit = 1;   // output units per kit before yield (die sort: gross dies)
    int64_t de_per_out = 0;    // sources only: die equivalents per output unit (0: side part)
    std::vector<InputSpec> inputs;  // empty: a source
    int out_buffer = -1;       // -1: leaves the line (delivered)
    bool blocks = true;
    double rework = 0;              // share of failed units sent back through the gate (needs out_per_kit 1)
    bool conwip_release = false;    // a source held back by the line's CONWIP limit
    bool halted = false;            // starts halted (e.g. until the first masks)
    // A source that ships to a plan (a base-stock policy, Hopp & Spearman, Factory Physics
    // ch. 2): it starts a lot only while its pile plus what it has on the way stays within
    // this many units, so it delivers what is used and no more. 0: it ships at its rate.
    int64_t stock_position = 0;
    // Load-dependent flow (Kingman's VUT form, Hopp & Spearman's Factory Physics): with
    // queue_v > 0 the flow part of the cycle (cycle_weeks minus the gate) is the raw
    // process time te, and a lot started while the station's recent starts load its
    // tools to u spends te * x_factor(queue_v, u, ...) in flow instead.
    double queue_v = 0;             // V = (ca^2 + ce^2) / 2 of the queues inside; 0: constant cycle time
    double tool_kits_per_week = 0;  // starts per week that would fill the tools' share left to this line
    double base_load = 0;           // load of the tools from other work (other products), in [0, 1)
    double hot_share = 0;           // share of lots started with priority (hot lots), in [0, 0.9]
    double hot_from_s = 0;          // only lots started from then on are made hot (e.g. after a fix)
    uint16_t seg_kind = 0, seg_from = 0, seg_to = 0;  // renderer route of its lots
    uint16_t hot_seg_kind = 0;      // the kind its hot lots are drawn as, so a student sees them pass
};

struct BufferSpec {
    std::string id;
    int64_t cap = 0;  // units; 0 = no cap. Raised to one lot's need so kitting never deadlocks.
};

struct LineSpec {
    std::vector<BufferSpec> buffers;
    std::vector<StationSpec> stations;
    bool random = true;       // false: deterministic times and expected yields
    int64_t conwip_de = 0;    // CONWIP limit in die equivalents; 0 = off
    uint16_t scrap_kind = 0;  // segment kind for scrapped lots
    double max_lots_per_week = kMaxLotsPerWeek;  // lots folded above it (tests compare without)
    double keep_periods_s = 16 * kWeek;  // how far back each station's active and held periods are kept
};

struct Chunk {
    int64_t units = 0;
    double born = 0;     // when its die equivalents started (mean, weighted by units)
    double arrived = 0;  // when it entered the buffer
    uint32_t parcel = 0;
    uint8_t rev = 0;     // mask revision of its dies
};

struct Buffer {
    BufferSpec spec;
    int64_t cap_eff = 0;  // cap actually used (0 = none)
    int producer = -1, consumer = -1;
    int64_t de_per_unit = 0;
    std::vector<int64_t> parts_per_unit;  // side-supply ledgers per unit
    std::deque<Chunk> q;
    int64_t units = 0, in_units = 0, out_units = 0;  // out_units counts purged units too
    int64_t purged_units = 0;  // scrapped where they waited by purge_buffer() (respin)
    TimeWeighted level;     // units over time: Little's L
    double wait_area = 0;   // sum over departed units of their wait (unit * s): Little's W * N
    double short_s = 0;     // time its consumer was starved waiting for this buffer (closed spells)
};

struct Lot {
    uint32_t parcel = 0;
    int64_t kits = 0;
    int64_t good = 0;       // good output units, set when finished
    double born = 0, done = 0;
    EventId ev = 0;
    uint8_t rev = 0;
    bool finished = false;  // yield drawn, waiting for room downstream
    bool hot = false;       // started with priority (a hot lot)
};

// One lot followed through the line (fab/lot_follow.h makes its trip of these): it
// starts at a source, is done (its yield drawn), leaves for the next buffer; there the
// consumer's lot that takes the first of its units carries it on, first in first out
// (lot genealogy: the units merge into chunks and kits, the first unit keeps the line).
// It ends delivered, or lost when none of it is left (all scrapped or purged).
struct LotMark {
    enum Kind : uint8_t { kStart = 0, kDone, kLeave, kDelivered, kLost };
    Kind kind = kStart;
    int station = 0;  // line station (kLost: where it was lost, -1 in a buffer)
    double t = 0;
};

struct Station {
    StationSpec spec;
    double gate_s = 0, delay_s = 0;
    int64_t de_out = 0;     // die equivalents per output unit
    std::deque<Lot> pipe;      // lots in process, in order of completion
    std::deque<Lot> hot_pipe;  // hot lots in process, in order of completion (they pass the others)
    std::deque<Lot> rework_q;  // failed units waiting to go through the gate again (first in line)
    bool gate_busy = false, halted = false;
    uint8_t rev = 0;        // mask revision given to new lots (sources, and stations restarted by resume())
    bool stamps_rev = false;  // a non-source gives its lots rev (it was restarted with new masks)
    int64_t release_kits = 0; // kits it may still start while halted (qualification lots)
    int64_t kits_done_new_rev = 0;  // kits finished made with mask revision 1 or newer
    std::vector<int64_t> parts_out;  // units of each side-supply ledger per output unit
    Rng rng_gate, rng_yield, rng_rework, rng_hot;  // this station's own streams (common random numbers)
    double load_rate = 0, load_t = 0;  // smoothed starts (kits/s) as of load_t, for the load-dependent flow
    double hot_carry = 0;
    double cycle_area[2] = {};         // seconds in the station of the lots started, normal [0] and hot [1]
    int64_t cycle_lots[2] = {};
    State state = State::Idle;
    double since = 0;
    double dur[kStates] = {};
    int64_t kits_started = 0, kits_in_process = 0;
    int64_t units_good = 0, units_scrapped = 0;  // output units drawn at the end of the cycle
    int64_t kits_purged = 0;                     // unfinished kits scrapped by purge() (respin)
    int64_t units_purged = 0;                    // finished good units scrapped by purge()
    int64_t units_overflow = 0;                  // good units dropped by a full buffer (non-blocking)
    int64_t units_reworked = 0;                  // failed units sent back for another pass
    double yield_carry = 0, rework_carry = 0;
    int short_buffer = -1;  // while starved: the first input that is short
    double short_since = 0;
    double halted_s = 0, halted_since = 0;  // time halted (closed spells), start of the current one
    ActiveLog active;  // its periods working (neither starved, blocked nor idle): the bottleneck's measure
    ActiveLog held;    // its periods halted (waiting for masks)
    // Time in each state up to t (includes the current spell).
    double time_in(State s, double t) const;
    // Tool load u at t from the smoothed start rate (0 without queue_v), and the flow
    // time a lot started now would get (normal or hot).
    double load(double t) const;
    double own_rate(double t) const;  // smoothed starts per second
    double flow_s(double t, bool hot) const;
    // Time halted up to t (waiting for masks), whatever its state said meanwhile.
    double time_halted(double t) const { return halted_s + (halted ? std::max(0.0, t - halted_since) : 0); }
};

class Line {
public:
    Line(const LineSpec& spec, uint64_t seed, SegmentBuffer* segments = nullptr);
    // Where this line's parcels go from now on (a copied line points at its new owner's).
    void set_segment_buffer(SegmentBuffer* segments) { seg_ = segments; }

    // Processes events up to time t; at most max_events (0 = no cap), adding the count
    // to *used. Returns true when t was reached.
    bool run_until(double t, uint64_t max_events = 0, uint64_t* used = nullptr);
    double now() const { return eng_.now(); }

    // Respin hooks. halt(): the station starts nothing new (what is inside goes on);
    // work for it waits in its input buffers. purge(): every lot inside the station is
    // scrapped; purge_buffer(): every unit waiting in the buffer is scrapped. resume():
    // it starts again, and what it starts from now on carries mask revision rev.
    void halt(int st);
    void purge(int st);
    void purge_buffer(int b);
    void resume(int st, uint8_t rev);
    // Qualification: the halted station `held` starts `kits` kits with revision rev (the
    // qualification lots) and stays halted otherwise; once station `watch` has finished
    // that many kits of revision rev or newer, the lots are tested for test_s and then
    // `held` resumes (volume). qualified_s(): when the lots came out (-1: not yet);
    // volume_s(): when volume restarts (-1: not known yet).
    void qualify(int held, int watch, int64_t kits, double test_s, uint8_t rev);
    double qualified_s() const { return qual_out_s_; }
    double volume_s() const { return qual_volume_s_; }
    int64_t qualification_kits() const { return qual_kits_; }

    const Station& station(int i) const { return st_[size_t(i)]; }
    const Buffer& buffer(int i) const { return buf_[size_t(i)]; }
    YieldPlan& yield_plan(int st) { return st_[size_t(st)].spec.yield; }
    // Time the consumer of buffer b has been starved waiting for it, up to now (s).
    double short_time(int b) const;
    int station_count() const { return int(st_.size()); }
    int buffer_count() const { return int(buf_.size()); }

    // Main-line die-equivalent ledger.
    int64_t started_de() const { return started_de_; }
    int64_t delivered_de() const { return delivered_de_; }
    int64_t scrapped_de() const { return scrapped_de_; }
    int64_t wip_de() const { return wip_de_; }   // kept live
    int64_t count_wip_de() const;                // summed over buffers and stations (for checks)
    int64_t delivered_units() const { return delivered_units_; }
    // Side-supply ledgers, one per source station whose units are not die equivalents
    // (in station order): started = delivered + in process + scrapped, in its own units.
    int ledger_count() const { return int(ledger_source_.size()); }
    int ledger_of_station(int st) const;  // -1: not a side supply
    int64_t started_parts(int l) const { return part_started_[size_t(l)]; }
    int64_t delivered_parts(int l) const { return part_delivered_[size_t(l)]; }
    int64_t scrapped_parts(int l) const { return part_scrapped_[size_t(l)]; }
    int64_t count_wip_parts(int l) const;
    // Follows the next lot the source station starts from now on; its marks so far
    // (the last is kDelivered or kLost once it is over). Following draws nothing and
    // schedules nothing: the run is the same with it or without.
    void follow_next_lot(int source);
    const std::vector<LotMark>& lot_marks() const { return followed_.marks; }
    // Parcels (lots and chunks): created - destroyed must equal those alive.
    uint64_t parcels_created() const { return parcels_created_; }
    uint64_t parcels_destroyed() const { return parcels_destroyed_; }
    uint64_t count_parcels_alive() const;

    // Lead time of delivered units, from start at a source to delivery (s): the mean
    // weighted by die equivalents, quantiles over delivered lots of the main line (die equivalents).
    double lead_time_mean_s() const { return delivered_de_ ? lead_area_ / double(delivered_de_) : 0; }
    const Quantiles& lead_time_quantiles() const { return lead_q_; }
    // Line-level Little's law in die equivalents: L (time average), departures, sojourn area.
    double line_wip_mean(double t) const { return line_level_.mean(t); }
    double line_sojourn_area() const { return sojourn_area_; }  // de * s over departures
    uint64_t events() const { return eng_.processed(); }

private:
    enum : uint32_t { kEvGate = 1, kEvDone = 2, kEvResume = 3 };
    void handle(const Event& e);
    void try_start(int st);
    void launch(int st, Lot lot, double gate_mean);
    void try_exit(int st);
    void finish_lot(Station& s, Lot& lot);
    void set_state(Station& s, State x);
    void starve(Station& s, int short_buffer);
    void put(int b, int64_t units, double born, uint32_t parcel, uint8_t rev);
    int64_t take(int b, int64_t units, double& born_sum, uint8_t& rev);
    void scrap(const Station& s, int64_t units, double born);  // output units of s, with their parts
    void deliver(Station& s, const Lot& lot);
    int64_t draw_share(Rng& rng, int64_t n, double p, double& carry);
    void wake_conwip();
    uint32_t new_parcel() { parcels_created_++; return next_parcel_++; }
    void destroy_parcel() { parcels_destroyed_++; }
    void emit(uint16_t kind, uint16_t from, uint16_t to, double t0, double t1, uint32_t parcel);
    void mark(LotMark::Kind kind, int station);

    // The followed lot: waiting to start at a source, inside a station as a parcel, or
    // in a buffer as the number of its first unit there (units are numbered as they come in).
    struct Followed {
        int source = -1;
        uint32_t parcel = 0;
        int buffer = -1;
        int64_t unit = 0;
        std::vector<LotMark> marks;
    };
    Followed followed_;

    Engine eng_;
    SegmentBuffer* seg_;
    bool random_;
    int64_t conwip_de_;
    uint16_t scrap_kind_;
    double keep_periods_s_;
    std::vector<Station> st_;
    std::vector<Buffer> buf_;
    uint32_t next_parcel_ = 1;
    uint64_t parcels_created_ = 0, parcels_destroyed_ = 0;
    int64_t started_de_ = 0, delivered_de_ = 0, scrapped_de_ = 0, wip_de_ = 0, delivered_units_ = 0;
    std::vector<int> ledger_source_;  // station of each side-supply ledger
    std::vector<int64_t> part_started_, part_delivered_, part_scrapped_;
    double lead_area_ = 0, sojourn_area_ = 0;
    int qual_held_ = -1, qual_watch_ = -1;
    int64_t qual_kits_ = 0;
    double qual_test_s_ = 0, qual_out_s_ = -1, qual_volume_s_ = -1;
    uint8_t qual_rev_ = 1;
    Quantiles lead_q_;
    TimeWeighted line_level_;
};

// A gate time with mean m and coefficient of variation cv, from one family that is
// continuous in cv: cv = 0 deterministic; 0 < cv <= 1 shifted exponential
// ((1 - cv) m + Exp(cv m)); cv = 1 exactly exponential; cv > 1 balanced two-phase
// hyperexponential.
double sample_time(Rng& rng, double mean, double cv);

// Flow-time multiplier (the x-factor: flow time over raw process time) of a lot started
// at tool load u, with a share h of hot lots (non-preemptive priority, Cobham's form in
// Kingman's VUT scaling): hot lots wait V u / (1 - h u) te, the others
// V u / ((1 - h u)(1 - u)) te; weighted by their shares this is the first-come-first-
// served V u / (1 - u) te, so priority moves waiting time, it does not remove it.
// u is capped at kMaxLoad: a station pushed past its tools waits long, not forever.
constexpr double kMaxLoad = 0.95;
double x_factor(double v, double u, double h, bool hot);

// The random stream of a station's draws for one purpose ("gate", "yield", "rework"),
// from its id alone.
uint64_t station_stream(const std::string& id, const char* purpose);

}  // namespace tj::fab

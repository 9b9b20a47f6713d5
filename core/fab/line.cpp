// line.cpp — stations, buffers, kitting, blocking and starving on the Engine. See line.h.
//
// Index:
//   draws and a station's fab-stage timing                 sample_time, x_factor, Station::flow_s
//   building the line, running it, its events               Line::Line, Line::run_until, Line::handle
//   a lot's life: start, gate, finish, exit                 Line::try_start … Line::try_exit
//   buffers: put, take, scrap, deliver, CONWIP              Line::put … Line::wake_conwip
//   the respin: halt, purge, resume, qualify                Line::halt … Line::qualify
//   counts for the ledgers and the tests                    Line::ledger_of_station … count_parcels_alive
#include "core/fab/line.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "core/detmath.h"
#include "core/hash.h"

namespace tj::fab {

double sample_time(Rng& rng, double mean, double cv) {
    if (!(mean > 0)) return 0;
    if (!(cv > 0)) return mean;
    if (cv <= 1) return (1 - cv) * mean + rng.exponential(1 / (cv * mean));
    double c2 = cv * cv;
    double p1 = 0.5 * (1 + std::sqrt((c2 - 1) / (c2 + 1)));
    return rng.uniform() < p1 ? rng.exponential(2 * p1 / mean) : rng.exponential(2 * (1 - p1) / mean);
}

uint64_t station_stream(const std::string& id, const char* purpose) {
    // FNV-1a over "id/purpose": the same bytes give the same stream in every build.
    uint64_t h = fnv1a(id.data(), id.size());
    h = fnv1a("/", 1, h);
    h = fnv1a(purpose, std::strlen(purpose), h);
    return h >> 1;  // the generator uses 63 bits of the stream number
}

double x_factor(double v, double u, double h, bool hot) {
    if (!(v > 0) || !(u > 0)) return 1;
    u = std::min(u, kMaxLoad);
    h = std::clamp(std::isfinite(h) ? h : 0.0, 0.0, 0.9);
    double wait = v * u / (1 - h * u);
    return 1 + (hot ? wait : wait / (1 - u));
}

double Station::load(double t) const {
    if (!(spec.queue_v > 0) || !(spec.tool_kits_per_week > 0)) return 0;
    double other = std::clamp(spec.base_load, 0.0, 1.0);  // other products' share of the tools
    return other + (1 - other) * own_rate(t) * kWeek / spec.tool_kits_per_week;
}

double Station::own_rate(double t) const {
    double tau = std::max(delay_s, gate_s);  // smoothed over about one passage
    return tau > 0 ? load_rate * det_exp(-std::max(0.0, t - load_t) / tau) : 0;
}

double Station::flow_s(double t, bool hot) const {
    double h = t >= spec.hot_from_s ? spec.hot_share : 0;
    return delay_s * x_factor(spec.queue_v, load(t), h, hot);
}

double Station::time_in(State s, double t) const {
    return dur[int(s)] + (state == s ? std::max(0.0, t - since) : 0);
}

Line::Line(const LineSpec& spec, uint64_t seed, SegmentBuffer* segments)
    : seg_(segments), random_(spec.random), conwip_de_(spec.conwip_de), scrap_kind_(spec.scrap_kind),
      keep_periods_s_(spec.keep_periods_s) {
    for (auto& b : spec.buffers) {
        Buffer x;
        x.spec = b;
        buf_.push_back(x);
    }
    // Stations come in flow order (producers before consumers): die equivalents
    // propagate forward, and an inconsistent recipe is a programming error.
    for (size_t i = 0; i < spec.stations.size(); i++) {
        Station s;
        s.spec = spec.stations[i];
        s.spec.lot_kits = folded_lot(s.spec.lot_kits, s.spec.kits_per_week, spec.max_lots_per_week);
        const StationSpec& p = s.spec;
        if (p.lot_kits < 1 || p.out_per_kit < 1 || !(p.kits_per_week > 0))
            throw std::logic_error("station " + p.id + ": lot, output and capacity must be positive");
        s.gate_s = double(p.lot_kits) / p.kits_per_week * kWeek;
        s.delay_s = std::max(0.0, p.cycle_weeks * kWeek - s.gate_s);
        s.halted = p.halted;
        if (s.halted) s.held.set(true, 0);
        for (size_t j = 0; j < i; j++)
            if (spec.stations[j].id == p.id) throw std::logic_error("station " + p.id + ": two stations share this id");
        s.rng_gate.reseed(seed, station_stream(p.id, "gate"));
        s.rng_yield.reseed(seed, station_stream(p.id, "yield"));
        s.rng_rework.reseed(seed, station_stream(p.id, "rework"));
        s.rng_hot.reseed(seed, station_stream(p.id, "priority"));
        if (p.inputs.empty()) {
            s.de_out = p.de_per_out;
            if (p.de_per_out <= 0) {  // a side supply: a ledger of its own, one part per unit
                for (auto& x : st_) x.parts_out.push_back(0);
                for (auto& b : buf_) b.parts_per_unit.push_back(0);
                ledger_source_.push_back(int(i));
            }
            s.parts_out.assign(ledger_source_.size(), 0);
            if (p.de_per_out <= 0) s.parts_out.back() = 1;
        } else {
            int64_t de_in = 0;
            for (auto& in : p.inputs) {
                Buffer& b = buf_.at(size_t(in.buffer));
                if (b.producer < 0) throw std::logic_error("station " + p.id + ": input buffer has no producer yet");
                b.consumer = int(i);
                de_in += in.per_kit * b.de_per_unit;
                int64_t need = p.lot_kits * in.per_kit;
                b.cap_eff = b.spec.cap > 0 ? std::max(b.spec.cap, need) : 0;
            }
            if (de_in % p.out_per_kit != 0)
                throw std::logic_error("station " + p.id + ": die equivalents do not divide its output");
            s.de_out = de_in / p.out_per_kit;
            s.parts_out.assign(ledger_source_.size(), 0);
            for (size_t l = 0; l < ledger_source_.size(); l++) {
                int64_t n = 0;
                for (auto& in : p.inputs) n += in.per_kit * buf_[size_t(in.buffer)].parts_per_unit[l];
                if (n % p.out_per_kit != 0)
                    throw std::logic_error("station " + p.id + ": supplied parts do not divide its output");
                s.parts_out[l] = n / p.out_per_kit;
            }
        }
        if (p.out_buffer >= 0) {
            Buffer& b = buf_.at(size_t(p.out_buffer));
            b.producer = int(i);
            b.de_per_unit = s.de_out;
            b.parts_per_unit = s.parts_out;
        }
        st_.push_back(s);
    }
    part_started_.assign(ledger_source_.size(), 0);
    part_delivered_.assign(ledger_source_.size(), 0);
    part_scrapped_.assign(ledger_source_.size(), 0);
    for (auto& b : buf_) b.level.clear(0);
    line_level_.clear(0);
    for (int i = 0; i < int(st_.size()); i++) try_start(i);
}

bool Line::run_until(double t, uint64_t max_events, uint64_t* used) {
    uint64_t n = eng_.run_until(t, [this](const Event& e) { handle(e); }, max_events);
    if (used) *used += n;
    return eng_.now() >= t;
}

void Line::handle(const Event& e) {
    Station& s = st_[e.a];
    if (e.type == kEvResume) return resume(int(e.a), qual_rev_);
    if (e.type == kEvGate) {
        s.gate_busy = false;
        try_start(int(e.a));
        return;
    }
    // kEvDone: lots finish in order within each pipe, so this is the first unfinished
    // lot of one of them.
    for (auto* q : {&s.pipe, &s.hot_pipe}) {
        for (auto& lot : *q) {
            if (lot.finished) continue;
            if (lot.parcel == uint32_t(e.b)) {
                lot.ev = 0;
                finish_lot(s, lot);
            }
            break;
        }
    }
    try_exit(int(e.a));
}

void Line::set_state(Station& s, State x) {
    if (s.state == x) return;
    double t = eng_.now();
    if (s.state == State::Starved && s.short_buffer >= 0) buf_[size_t(s.short_buffer)].short_s += t - s.short_since;
    s.dur[int(s.state)] += t - s.since;
    s.since = t;
    s.state = x;
    s.active.set(x == State::Working, t);
    s.active.prune(t - keep_periods_s_);
}

int64_t Line::draw_share(Rng& rng, int64_t n, double p, double& carry) {
    if (n <= 0) return 0;
    p = std::clamp(std::isfinite(p) ? p : 0.0, 0.0, 1.0);
    if (!random_) {
        carry += double(n) * p;
        int64_t k = std::min<int64_t>(n, int64_t(std::floor(carry)));
        carry -= double(k);
        return k;
    }
    if (n <= 64) {
        int64_t k = 0;
        for (int64_t i = 0; i < n; i++) k += rng.uniform() < p ? 1 : 0;
        return k;
    }
    double m = double(n) * p, sd = std::sqrt(double(n) * p * (1 - p));
    double x = std::round(rng.normal(m, sd));
    return int64_t(std::clamp(x, 0.0, double(n)));
}

void Line::emit(uint16_t kind, uint16_t from, uint16_t to, double t0, double t1, uint32_t parcel) {
    if (seg_) seg_->emit(Segment{parcel, kind, from, to, t0, t1, 1});
}

void Line::follow_next_lot(int source) {
    followed_ = Followed{};
    followed_.source = source;
}

void Line::mark(LotMark::Kind kind, int station) { followed_.marks.push_back({kind, station, eng_.now()}); }

void Line::starve(Station& s, int b) {
    if (s.state == State::Starved && s.short_buffer == b) return;
    double t = eng_.now();
    if (s.state == State::Starved && s.short_buffer >= 0) buf_[size_t(s.short_buffer)].short_s += t - s.short_since;
    s.short_buffer = b;
    s.short_since = t;
    s.dur[int(s.state)] += t - s.since;
    s.since = t;
    s.state = State::Starved;
    s.active.set(false, t);
}

double Line::short_time(int b) const {
    const Buffer& x = buf_[size_t(b)];
    double a = x.short_s;
    if (x.consumer >= 0) {
        const Station& s = st_[size_t(x.consumer)];
        if (s.state == State::Starved && s.short_buffer == b) a += eng_.now() - s.short_since;
    }
    return a;
}

void Line::try_start(int i) {
    Station& s = st_[size_t(i)];
    if (s.gate_busy) return;
    if (s.halted && s.release_kits <= 0) return set_state(s, State::Idle);
    if ((!s.pipe.empty() && s.pipe.front().finished) || (!s.hot_pipe.empty() && s.hot_pipe.front().finished) ||
        s.pipe.size() + s.hot_pipe.size() >= kMaxLotsInStation)
        return set_state(s, State::Blocked);
    const StationSpec& p = s.spec;
    double t = eng_.now();
    if (!s.rework_q.empty()) {  // failed units go first: a retest uses the same gate
        Lot lot = s.rework_q.front();
        s.rework_q.pop_front();
        return launch(i, lot, double(lot.kits) / p.kits_per_week * kWeek);
    }
    Lot lot;
    lot.kits = p.lot_kits;
    int64_t lot_de = p.lot_kits * p.out_per_kit * s.de_out;
    bool carries = false;  // it takes the followed lot's first unit
    if (p.inputs.empty()) {
        if (p.conwip_release && conwip_de_ > 0 && wip_de_ > 0 && wip_de_ + lot_de > conwip_de_)
            return set_state(s, State::Idle);
        if (p.stock_position > 0 && p.out_buffer >= 0 &&
            buf_[size_t(p.out_buffer)].units + (s.kits_in_process + p.lot_kits) * p.out_per_kit > p.stock_position)
            return set_state(s, State::Idle);  // the plan's stock is there or on its way
        lot.born = t;
        lot.rev = s.rev;
        for (size_t l = 0; l < s.parts_out.size(); l++) part_started_[l] += p.lot_kits * p.out_per_kit * s.parts_out[l];
        started_de_ += lot_de;
        wip_de_ += lot_de;
        line_level_.set(t, double(wip_de_));
    } else {
        for (auto& in : p.inputs)
            if (buf_[size_t(in.buffer)].units < p.lot_kits * in.per_kit) return starve(s, in.buffer);
        double born_de = 0;
        int64_t de = 0;
        for (auto& in : p.inputs) {
            Buffer& b = buf_[size_t(in.buffer)];
            double born_units = 0;
            const int64_t first = b.out_units;  // the number of the first unit this lot takes
            int64_t n = take(in.buffer, p.lot_kits * in.per_kit, born_units, lot.rev);
            if (in.buffer == followed_.buffer && followed_.unit >= first && followed_.unit < b.out_units)
                carries = true;  // this lot carries the followed one on
            born_de += born_units * double(b.de_per_unit);
            de += n * b.de_per_unit;
        }
        lot.born = de > 0 ? born_de / double(de) : t;
        if (s.stamps_rev) lot.rev = s.rev;
    }
    lot.parcel = new_parcel();
    if (carries || (followed_.source == i && p.inputs.empty())) {
        followed_.source = followed_.buffer = -1;
        followed_.parcel = lot.parcel;
        mark(LotMark::kStart, i);
    }
    if (s.halted) s.release_kits -= lot.kits;
    s.kits_started += lot.kits;
    s.kits_in_process += lot.kits;
    launch(i, lot, s.gate_s);
    // Taking parts may have made room for a blocked supplier, or called for a planned delivery.
    for (auto& in : p.inputs) {
        int prod = buf_[size_t(in.buffer)].producer;
        if (prod < 0) continue;
        try_exit(prod);
        if (st_[size_t(prod)].spec.stock_position > 0) try_start(prod);
    }
}

void Line::launch(int i, Lot lot, double gate_mean) {
    Station& s = st_[size_t(i)];
    double t = eng_.now();
    double gate = random_ ? sample_time(s.rng_gate, gate_mean, s.spec.cv) : gate_mean;
    const StationSpec& p = s.spec;
    lot.hot = false;
    if (p.hot_share > 0 && t >= p.hot_from_s) {
        double h = std::min(p.hot_share, 0.9);
        if (random_) {
            lot.hot = s.rng_hot.uniform() < h;
        } else if ((s.hot_carry += h) >= 1) {  // every 1/h-th lot, exactly
            s.hot_carry -= 1;
            lot.hot = true;
        }
    }
    double flow = s.flow_s(t, lot.hot);
    if (p.queue_v > 0) {  // this start loads the tools too
        double tau = std::max(s.delay_s, s.gate_s);
        s.load_rate = s.own_rate(t) + (tau > 0 ? double(lot.kits) / tau : 0);
        s.load_t = t;
    }
    std::deque<Lot>& q = lot.hot ? s.hot_pipe : s.pipe;
    lot.done = t + gate + flow;
    if (!q.empty()) lot.done = std::max(lot.done, q.back().done);  // keeps completion order within the pipe
    lot.ev = eng_.schedule(lot.done, kEvDone, uint32_t(i), lot.parcel);
    s.cycle_area[lot.hot] += lot.done - t;
    s.cycle_lots[lot.hot] += 1;
    q.push_back(lot);
    s.gate_busy = true;
    eng_.schedule(t + gate, kEvGate, uint32_t(i), 0);
    set_state(s, State::Working);
    emit(lot.hot ? s.spec.hot_seg_kind : s.spec.seg_kind, s.spec.seg_from, s.spec.seg_to, t, lot.done, lot.parcel);
}

void Line::finish_lot(Station& s, Lot& lot) {
    double t = eng_.now();
    int64_t made = lot.kits * s.spec.out_per_kit;
    YieldPlan& y = s.spec.yield;
    if (lot.rev >= 1 && y.flawed >= 0 && !std::isfinite(y.fix_start_s)) y.fix_start_s = t;  // learning starts
    int64_t good = draw_share(s.rng_yield, made, y.at(t, lot.rev), s.yield_carry);
    int64_t bad = made - good;
    if (lot.rev >= 1) s.kits_done_new_rev += lot.kits;
    if (qual_watch_ >= 0 && &s == &st_[size_t(qual_watch_)] && qual_out_s_ < 0 && lot.rev >= qual_rev_ &&
        s.kits_done_new_rev >= qual_kits_) {
        qual_out_s_ = t;  // the qualification lots are out: their tests start
        qual_volume_s_ = t + qual_test_s_;
        eng_.schedule(qual_volume_s_, kEvResume, uint32_t(qual_held_), 0);
    }
    if (bad > 0 && s.spec.rework > 0 && s.spec.out_per_kit == 1) {
        Lot again;
        again.kits = draw_share(s.rng_rework, bad, s.spec.rework, s.rework_carry);
        if (again.kits > 0) {
            bad -= again.kits;
            again.born = lot.born;
            again.rev = lot.rev;
            again.parcel = new_parcel();
            s.units_reworked += again.kits;
            s.kits_in_process += again.kits;
            s.rework_q.push_back(again);
        }
    }
    s.units_good += good;
    s.units_scrapped += bad;
    if (bad > 0) {
        scrap(s, bad, lot.born);
        emit(scrap_kind_, s.spec.seg_from, s.spec.seg_from, t, t + 0.5 * kWeek, lot.parcel);
    }
    lot.good = good;
    lot.finished = true;
    if (followed_.parcel && lot.parcel == followed_.parcel) mark(LotMark::kDone, int(&s - st_.data()));
}

void Line::try_exit(int i) {
    Station& s = st_[size_t(i)];
    int out = s.spec.out_buffer;
    while (true) {
        // Of the finished lots at the heads of the two pipes, the one that finished first leaves first.
        bool normal = !s.pipe.empty() && s.pipe.front().finished;
        bool hot = !s.hot_pipe.empty() && s.hot_pipe.front().finished;
        if (!normal && !hot) break;
        std::deque<Lot>& q = normal && (!hot || s.pipe.front().done <= s.hot_pipe.front().done) ? s.pipe : s.hot_pipe;
        Lot l = q.front();
        if (out >= 0 && l.good > 0) {
            const Buffer& b = buf_[size_t(out)];
            if (b.cap_eff > 0 && b.units >= b.cap_eff) {
                if (s.spec.blocks) {
                    if (!s.gate_busy) set_state(s, State::Blocked);
                    return;
                }
                s.units_overflow += l.good;  // a non-blocking station drops what does not fit
                scrap(s, l.good, l.born);
                l.good = 0;
            }
        }
        q.pop_front();
        s.kits_in_process -= l.kits;
        if (followed_.parcel && l.parcel == followed_.parcel) {
            followed_.parcel = 0;
            if (l.good == 0) {
                mark(LotMark::kLost, i);
            } else if (out >= 0) {  // before put(): the consumer may take it at once
                followed_.buffer = out;
                followed_.unit = buf_[size_t(out)].in_units;
                mark(LotMark::kLeave, i);
            } else {
                mark(LotMark::kDelivered, i);
            }
        }
        if (l.good == 0)
            destroy_parcel();
        else if (out >= 0)
            put(out, l.good, l.born, l.parcel, l.rev);  // the lot lives on as a chunk
        else
            deliver(s, l);
    }
    if (!s.gate_busy) try_start(i);
}

void Line::put(int bi, int64_t units, double born, uint32_t parcel, uint8_t rev) {
    Buffer& b = buf_[size_t(bi)];
    double t = eng_.now();
    if (b.q.size() >= kMaxChunks) {
        // Merge into the newest chunk with unit-weighted times: sums of born and
        // arrival times stay exact, so Little's law and lead times still add up.
        Chunk& c = b.q.back();
        double n0 = double(c.units), n1 = double(units);
        c.born = (c.born * n0 + born * n1) / (n0 + n1);
        c.arrived = (c.arrived * n0 + t * n1) / (n0 + n1);
        c.units += units;
        c.rev = std::max(c.rev, rev);
        destroy_parcel();
    } else {
        b.q.push_back(Chunk{units, born, t, parcel, rev});
    }
    b.units += units;
    b.in_units += units;
    b.level.set(t, double(b.units));
    if (b.consumer >= 0) try_start(b.consumer);
}

int64_t Line::take(int bi, int64_t need, double& born_sum, uint8_t& rev) {
    Buffer& b = buf_[size_t(bi)];
    double t = eng_.now();
    int64_t taken = 0;
    while (need > 0 && !b.q.empty()) {
        Chunk& c = b.q.front();
        int64_t k = std::min(need, c.units);
        born_sum += double(k) * c.born;
        b.wait_area += double(k) * (t - c.arrived);
        rev = std::max(rev, c.rev);
        c.units -= k;
        need -= k;
        taken += k;
        if (c.units == 0) {
            b.q.pop_front();
            destroy_parcel();
        }
    }
    b.units -= taken;
    b.out_units += taken;
    b.level.set(t, double(b.units));
    return taken;
}

void Line::scrap(const Station& s, int64_t units, double born) {
    for (size_t l = 0; l < s.parts_out.size(); l++) part_scrapped_[l] += units * s.parts_out[l];
    int64_t de = units * s.de_out;
    if (de <= 0) return;
    double t = eng_.now();
    scrapped_de_ += de;
    wip_de_ -= de;
    sojourn_area_ += double(de) * (t - born);
    line_level_.set(t, double(wip_de_));
    wake_conwip();
}

void Line::deliver(Station& s, const Lot& l) {
    double t = eng_.now();
    int64_t de = l.good * s.de_out;
    delivered_units_ += l.good;
    for (size_t k = 0; k < s.parts_out.size(); k++) part_delivered_[k] += l.good * s.parts_out[k];
    delivered_de_ += de;
    wip_de_ -= de;
    lead_area_ += double(de) * (t - l.born);
    sojourn_area_ += double(de) * (t - l.born);
    if (de > 0) lead_q_.add(t - l.born);  // the main line's lots (a side product carries none)
    line_level_.set(t, double(wip_de_));
    destroy_parcel();
    wake_conwip();
}

void Line::wake_conwip() {
    if (conwip_de_ <= 0) return;
    for (int i = 0; i < int(st_.size()); i++)
        if (st_[size_t(i)].spec.conwip_release && !st_[size_t(i)].gate_busy) try_start(i);
}

void Line::halt(int i) {
    Station& s = st_[size_t(i)];
    if (!s.halted) s.halted_since = eng_.now();
    s.halted = true;
    s.held.set(true, eng_.now());
    s.held.prune(eng_.now() - keep_periods_s_);
    if (!s.gate_busy) set_state(s, State::Idle);
}

void Line::purge(int i) {
    Station& s = st_[size_t(i)];
    double t = eng_.now();
    for (auto* q : {&s.pipe, &s.hot_pipe}) {
        for (auto& lot : *q) {
            if (lot.ev) eng_.cancel(lot.ev);
            if (followed_.parcel && lot.parcel == followed_.parcel) {
                followed_.parcel = 0;
                mark(LotMark::kLost, i);
            }
            if (seg_) seg_->remove_parcel(lot.parcel);  // its trip ends here
            int64_t units = lot.finished ? lot.good : lot.kits * s.spec.out_per_kit;
            if (lot.finished) s.units_purged += lot.good;
            else s.kits_purged += lot.kits;
            s.kits_in_process -= lot.kits;
            if (units > 0) {
                scrap(s, units, lot.born);
                emit(scrap_kind_, s.spec.seg_from, s.spec.seg_from, t, t + 0.5 * kWeek, lot.parcel);
            }
            destroy_parcel();
        }
    }
    s.pipe.clear();
    s.hot_pipe.clear();
    // The gate may still be busy with the last start; its event only frees the gate.
    if (!s.gate_busy) try_start(i);
}

void Line::purge_buffer(int bi) {
    Buffer& b = buf_[size_t(bi)];
    if (b.units <= 0 || b.producer < 0) return;
    int64_t n = b.units;
    double born_units = 0;
    uint8_t rev = 0;
    take(bi, n, born_units, rev);
    b.purged_units += n;
    if (followed_.buffer == bi) {
        followed_.buffer = -1;
        mark(LotMark::kLost, -1);
    }
    scrap(st_[size_t(b.producer)], n, born_units / double(n));
    try_exit(b.producer);  // room again for a blocked producer
}

void Line::resume(int i, uint8_t rev) {
    Station& s = st_[size_t(i)];
    s.halted_s = s.time_halted(eng_.now());
    s.halted = false;
    s.held.set(false, eng_.now());
    s.release_kits = 0;
    s.rev = rev;
    s.stamps_rev = true;
    try_start(i);
}

void Line::qualify(int held, int watch, int64_t kits, double test_s, uint8_t rev) {
    Station& s = st_[size_t(held)];
    qual_held_ = held;
    qual_watch_ = watch;
    qual_kits_ = std::max<int64_t>(1, kits);
    qual_test_s_ = std::max(0.0, test_s);
    qual_rev_ = rev;
    st_[size_t(watch)].kits_done_new_rev = 0;  // only lots finished from now on count
    s.release_kits = qual_kits_;
    s.rev = rev;
    s.stamps_rev = true;
    if (!s.gate_busy) try_start(held);
}

int Line::ledger_of_station(int st) const {
    for (size_t l = 0; l < ledger_source_.size(); l++)
        if (ledger_source_[l] == st) return int(l);
    return -1;
}

int64_t Line::count_wip_parts(int l) const {
    int64_t n = 0;
    for (auto& b : buf_) n += b.units * b.parts_per_unit[size_t(l)];
    for (auto& s : st_) {
        int64_t per = s.parts_out[size_t(l)];
        for (auto* q : {&s.pipe, &s.hot_pipe})
            for (auto& lot : *q) n += (lot.finished ? lot.good : lot.kits * s.spec.out_per_kit) * per;
        for (auto& lot : s.rework_q) n += lot.kits * s.spec.out_per_kit * per;
    }
    return n;
}

int64_t Line::count_wip_de() const {
    int64_t n = 0;
    for (auto& b : buf_) n += b.units * b.de_per_unit;
    for (auto& s : st_) {
        for (auto* q : {&s.pipe, &s.hot_pipe})
            for (auto& l : *q) n += (l.finished ? l.good : l.kits * s.spec.out_per_kit) * s.de_out;
        for (auto& l : s.rework_q) n += l.kits * s.spec.out_per_kit * s.de_out;
    }
    return n;
}

uint64_t Line::count_parcels_alive() const {
    uint64_t n = 0;
    for (auto& b : buf_) n += b.q.size();
    for (auto& s : st_) n += s.pipe.size() + s.hot_pipe.size() + s.rework_q.size();
    return n;
}

}  // namespace tj::fab

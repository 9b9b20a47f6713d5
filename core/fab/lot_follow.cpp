// lot_follow.cpp — see lot_follow.h.
#include "core/fab/lot_follow.h"

#include <algorithm>
#include <memory>

namespace tj::fab {

namespace {
// The model station a line station stands for (the fab's three stages: the fab).
int model_station(int line_station) { return line_station <= FabModel::line_station(kStFab) + 2 ? kStFab : line_station - 1; }
}  // namespace

LotTrip::LotTrip() {
    for (int s = 0; s < kStationCount; s++) stop_real_s.push_back(lot_stop_seconds(s));
}

double lot_stop_seconds(int station) { return station == kStFab ? 4.5 : 3.0; }

bool lot_trip(const LineSpec& spec, const std::vector<LotMark>& marks, LotTrip* out) {
    LotTrip trip;
    std::vector<TripLeg>& L = trip.legs;
    // Legs of no length are left out (a lot taken at once has no wait); the customers'
    // stop is one, so every stop but theirs has time.
    auto leg = [&L](int stop, int from, int to, double t0, double t1, LotDoing what) {
        if (t1 > t0) L.push_back({stop, uint16_t(from), uint16_t(to), t0, t1, what});
    };
    double last = 0;  // when the lot's last mark was
    for (size_t k = 0; k < marks.size(); k++) {
        const LotMark& m = marks[k];
        if (m.kind == LotMark::kLost) return false;
        if (m.station < 0 || size_t(m.station) >= spec.stations.size()) return false;
        const StationSpec& s = spec.stations[size_t(m.station)];
        const int stop = model_station(m.station);
        switch (m.kind) {
            case LotMark::kStart:
                if (k > 0) leg(stop, s.seg_from, s.seg_from, last, m.t, kLotWaiting);
                break;
            case LotMark::kDone: leg(stop, s.seg_from, s.seg_to, last, m.t, kLotProcessed); break;
            default: leg(stop, s.seg_to, s.seg_to, last, m.t, kLotHeld); break;
        }
        last = m.t;
        if (m.kind == LotMark::kDelivered) {
            L.push_back({kStCustomers, uint16_t(kStCustomers), uint16_t(kStCustomers), m.t, m.t, kLotArrived});
            *out = std::move(trip);
            return true;
        }
    }
    return false;
}

bool find_next_lot_trip(const FabModel& m, double horizon, LotTrip* out) {
    const double until = m.now() + horizon;
    std::unique_ptr<Model> ahead = m.clone();
    FabModel& copy = static_cast<FabModel&>(*ahead);
    copy.follow_next_wafer_lot();
    // A week at a time; a run that keeps hitting the event cap (far too busy) is given up.
    int capped = 0;
    while (copy.now() < until && capped < 20) {
        if (!copy.advance_to(std::min(until, copy.now() + kWeek), 5'000'000)) capped++;
        const std::vector<LotMark>& marks = copy.line().lot_marks();
        if (marks.empty()) continue;
        if (marks.back().kind == LotMark::kLost) copy.follow_next_wafer_lot();  // scrapped: the next lot from then
        else if (marks.back().kind == LotMark::kDelivered) return lot_trip(copy.spec(), marks, out);
    }
    return false;
}

}  // namespace tj::fab

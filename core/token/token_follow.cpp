// token_follow.cpp — see token_follow.h.
#include "core/token/token_follow.h"

#include <algorithm>
#include <memory>

namespace tj::token {

TokenStation trip_stop_station(int stop) {
    static const TokenStation at[kTripStops] = {kStPrompt, kStTokenizer, kStH2d,  kStMesh,
                                                kStSampler, kStD2h,      kStDetok, kStScreen};
    return stop >= 0 && stop < kTripStops ? at[stop] : kStPrompt;
}

TokenTrip::TokenTrip() {
    for (int s = 0; s < kTripStops; s++) stop_real_s.push_back(stop_seconds(s));
}

TokenTrip token_trip(const TokenJourney& j) {
    TokenTrip trip;
    trip.seq = j.seq;
    trip.index = j.index;
    std::vector<TripLeg>& L = trip.legs;
    // Each leg starts where the one before ended; a time out of order (it should not
    // be) gives a leg of no length rather than one that runs backwards.
    auto leg = [&L](int stop, TokenStation from, TokenStation to, double t1) {
        double t0 = L.back().t1;
        L.push_back({stop, uint16_t(from), uint16_t(to), t0, std::max(t0, t1)});
    };
    const double sampling = j.t_sampled - j.sampler_s, at_detok = j.t_sampled + j.link_s;
    if (j.t_arrive >= 0) {  // the first token: from the keyboard, with its prompt
        L.push_back({kStopDoor, kStPrompt, kStPrompt, j.t_arrive, std::max(j.t_arrive, j.t_admit)});
        leg(kStopTokenizer, kStPrompt, kStTokenizer, j.t_tokenized);
        leg(kStopH2d, kStTokenizer, kStH2d, j.t_h2d);
        leg(kStopH2d, kStH2d, kStMesh, j.t_ready);
    } else {
        L.push_back({kStopCores, kStMesh, kStMesh, j.t_ready, j.t_ready});
    }
    leg(kStopCores, kStMesh, kStMesh, sampling);
    leg(kStopSampler, kStMesh, kStSampler, j.t_sampled);
    leg(kStopD2h, kStSampler, kStD2h, j.t_sampled + 0.5 * j.link_s);
    leg(kStopD2h, kStD2h, kStDetok, at_detok);
    leg(kStopDetok, kStDetok, kStDetok, j.t_screen - j.flush_s);
    leg(kStopScreen, kStDetok, kStScreen, j.t_screen);
    // A later token's cores stop is one leg: the empty one that began it goes.
    if (j.t_arrive < 0) L.erase(L.begin());
    return trip;
}

double stop_seconds(int stop) { return stop == kStopCores ? 4.5 : 3.0; }

bool find_next_trip(const TokenModel& m, uint32_t seq, uint32_t index, double horizon, TokenTrip* out) {
    const double from = m.now(), until = from + horizon;
    std::unique_ptr<Model> ahead = m.clone();
    const TokenModel& copy = static_cast<const TokenModel&>(*ahead);
    // Slices short enough that few journeys go by unseen (the view keeps the last 256);
    // a run that keeps hitting the event cap (far too busy to follow) is given up.
    const double slice = std::max(1e-4, horizon / 2000);
    int capped = 0;
    while (copy.now() < until && capped < 40) {
        if (!ahead->advance_to(std::min(until, copy.now() + slice), 200000)) capped++;
        // The sequence's own tokens; once its answer is over, the answer the view shows next.
        const uint32_t watched = copy.view().watched_seq;
        for (const TokenJourney& j : copy.view().journeys) {
            bool wanted = j.seq == seq ? j.index >= index : (watched != seq && j.seq == watched);
            if (!wanted) continue;
            TokenTrip trip = token_trip(j);
            if (trip.start() < from) continue;
            *out = std::move(trip);
            return true;
        }
    }
    return false;
}

}  // namespace tj::token

// fab_follow.cpp — the chain scene's follow mode (Scene::follow): the next wafer lot
// the fab starts, from the fab to the customers, with the camera on it. Its trip comes
// from core/fab/lot_follow.h (first in, first out where lots merge); the clock, the
// camera, the ring and the card are the model scenes' shared follow
// (app/scene/model_scene_follow.cpp); here are each station's caption, what the lot
// is doing there (waiting, processed, held) and the card's lines.
#include <algorithm>
#include <cstdio>
#include <string>

#include "core/fab/lot_follow.h"
#include "app/fab/fab_scene.h"
#include "app/fab/fab_style.h"
#include "app/ui/font.h"
#include "app/ui/format.h"
#include "app/ui/i18n.h"
#include "app/ui/palette.h"

using namespace tj::fab;

namespace {
// How far a copy of the run looks ahead for the lot to reach the customers: three
// years (a lot takes months; a respin can hold it far longer).
constexpr double kFindHorizon = 156 * kWeek;

// What the followed lot is while it waits at a stop: what the station takes in, or,
// held done, what it makes.
uint16_t lot_kind(int stop, bool made) {
    switch (stop) {
        case kStFab: return kSegWaferLot;
        case kStSort: return made ? kSegDieLot : kSegWaferLot;
        case kStPack: return made ? kSegPackageLot : kSegDieLot;
        case kStModule: return kSegPackageLot;
        case kStTray: return made ? kSegTray : kSegPackageLot;
        case kStRack: return made ? kSegRack : kSegTray;
        default: return kSegRack;
    }
}
}  // namespace

std::string FabScene::follow(bool on, const std::vector<tj::Text2>&) {
    if (!on) {
        end_follow();
        return "";
    }
    set_comparing(false);  // one map, one lot
    return start_follow(1);
}

std::string FabScene::start_follow(uint32_t number) {
    LotTrip trip;
    if (!find_next_lot_trip(fab(), kFindHorizon, &trip)) {
        end_follow();
        return tr("fab.follow.none");
    }
    begin_follow(trip, 0, number);
    return "";
}

std::string FabScene::follow_another() { return start_follow(follow_.index + 1); }

std::string FabScene::follow_caption(int stop) const {
    if (stop < 0 || stop >= kStationCount) return "";
    return tr(("fab.follow.cap." + std::string(station_text(stop).id)).c_str());
}

ImU32 FabScene::follow_stop_color(int stop) const { return fabui::kind_color(lot_kind(stop, false)); }

uint16_t FabScene::follow_waiting_kind(const tj::TripPoint& at) const { return lot_kind(at.stop, at.what == kLotHeld); }

ModelScene::FollowCard FabScene::follow_card(const tj::TripShown& p, bool done) const {
    const tj::Trip& trip = follow_.trip;
    const Lang lang = language();
    FollowCard card;
    card.another = tr("fab.follow.another");
    if (done) {
        card.lines.push_back({tr("fab.follow.total") + format_duration(trip.end() - trip.start(), lang), pal::kYellow});
        return card;
    }
    // The station's number among those the lot passes, and what it is doing there now.
    int number = 0, count = 0;
    for (int s = 0; s < trip.stops(); s++)
        if (trip.has_stop(s)) {
            count++;
            if (s <= p.stop) number++;
        }
    const tj::TripPoint at = tj::trip_point(trip, model().now());
    const char* doing = at.what == kLotWaiting ? "fab.follow.waiting" : at.what == kLotHeld ? "fab.follow.held" : "fab.follow.processed";
    char line[160];
    std::snprintf(line, sizeof line, tr("fab.follow.stop_of"), number, count);
    const double elapsed = std::clamp(model().now(), trip.start(), trip.end()) - trip.start();
    std::string words = std::string(line) + " · " + format_duration(elapsed, lang);
    if (double lens_now = tj::trip_lens(trip, p.stop); lens_now > 0)
        words += " · " + describe_time_lens(lens_now, lens_range().where_en, lens_range().where_zh, lang);
    if (at.what != kLotArrived) card.lines.push_back({std::string(tr(doing)), pal::kText});
    card.lines.push_back({words, pal::kTextDim});
    card.lines.push_back({tr("fab.follow.fifo"), pal::kTextDim});
    return card;
}

// token_follow.cpp — the token scene's follow mode (Scene::follow): one token from
// the keyboard to the screen with the camera on its parcel. Which token and its trip
// come from core/token/token_follow.h; the clock, the camera, the ring and the card are
// the model scenes' shared follow (app/scene/model_scene_follow.cpp); here are the
// token's captions, colours and the card's lines.
#include <algorithm>
#include <cstdio>

#include "app/token/token_scene.h"
#include "app/ui/font.h"
#include "app/ui/format.h"
#include "app/ui/i18n.h"
#include "app/ui/palette.h"

using namespace tokenui;

namespace {
// Simulated seconds a copy of the run looks ahead for the token to follow.
constexpr double kFindHorizon = 5.0;
}  // namespace

std::string TokenScene::follow(bool on, const std::vector<tj::Text2>& captions) {
    if (!on) {
        end_follow();
        return "";
    }
    follow_.captions = captions;
    set_comparing(false);  // one map, one token
    reset();  // the first answer's first token: its trip starts at the keyboard
    return start_follow(tv().watched_seq, 1);
}

std::string TokenScene::start_follow(uint32_t seq, uint32_t index) {
    tj::token::TokenTrip trip;
    if (!tj::token::find_next_trip(tm(), seq, index, kFindHorizon, &trip)) {
        end_follow();
        return tr("token.follow.none");
    }
    begin_follow(trip, trip.seq, trip.index);
    return "";
}

std::string TokenScene::follow_another() { return start_follow(follow_.seq, follow_.index + 1); }

std::string TokenScene::follow_caption(int stop) const {
    const bool captioned = stop >= 0 && size_t(stop) < follow_.captions.size();
    return captioned ? pick(follow_.captions[size_t(stop)].en, follow_.captions[size_t(stop)].zh)
                     : std::string(tr(trip_stop_look(stop).name));
}

ImU32 TokenScene::follow_stop_color(int stop) const { return trip_stop_look(stop).color; }

int TokenScene::follow_station(int stop) const { return tj::token::trip_stop_station(stop); }

uint16_t TokenScene::follow_waiting_kind(const tj::TripPoint& at) const {
    return at.stop < tj::token::kStopCores ? tj::token::kSegPromptTokens : tj::token::kSegOutputToken;
}

ModelScene::FollowCard TokenScene::follow_card(const tj::TripShown& p, bool done) const {
    const tj::Trip& trip = follow_.trip;
    const Lang lang = language();
    const double elapsed = std::clamp(model().now(), trip.start(), trip.end()) - trip.start();
    FollowCard card;
    if (done) {
        std::string total = tr(follow_.index == 1 ? "token.follow.total_first" : "token.follow.total_next");
        card.lines.push_back({total + format_duration(trip.end() - trip.start(), lang), pal::kYellow});
    } else {
        char line[160];
        std::snprintf(line, sizeof line, tr("token.follow.stop_of"), p.stop + 1, tj::token::kTripStops);
        double lens_now = tj::trip_lens(trip, p.stop);
        std::string words = std::string(line) + " · " + format_duration(elapsed, lang);
        if (lens_now > 0) words += " · " + describe_time_lens(lens_now, lens_range().where_en, lens_range().where_zh, lang);
        card.lines.push_back({words, pal::kTextDim});
    }
    if (follow_.index > 1 && !done) card.lines.push_back({tr("token.follow.later"), pal::kTextDim});
    card.another = tr("token.follow.another");
    return card;
}

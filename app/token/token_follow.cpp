// token_follow.cpp — the token scene's follow mode (Scene::follow): one token from
// the keyboard to the screen with the camera on its parcel. Which token, where it is
// and the paced clock come from core/token/token_follow.h; here the run is moved on
// that clock, the camera is pointed, and the ring around the token and the card with
// the stop's caption and the per-stop time bar are drawn.
//
// The user's own drag, wheel or pinch lets go of the camera (the trip goes on); it
// comes back when the token reaches its next stop. Play, a restart or a rewind ends
// the follow; so does Stop following on the card.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/render/parcel_geometry.h"
#include "app/token/token_scene.h"
#include "app/ui/font.h"
#include "app/ui/format.h"
#include "app/ui/i18n.h"
#include "app/ui/palette.h"

using namespace tokenui;

namespace {
// How close the camera goes: times the fitted scale, where a station's name and the
// parcels read large and the next station is still in view.
constexpr float kFollowZoom = 2.2f;
// Simulated seconds a copy of the run looks ahead for the token to follow.
constexpr double kFindHorizon = 5.0;
}  // namespace

std::string TokenScene::follow(bool on, const std::vector<tj::Text2>& captions) {
    if (!on) {
        end_follow();
        return "";
    }
    if (!follow_.active) follow_.lens_before = lens();
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
    follow_.active = true;
    follow_.camera = true;
    follow_.trip = std::move(trip);
    follow_.real_s = 0;
    follow_.stop = -1;
    follow_.generation = generation();
    set_playing(false);  // the follow's clock moves the run
    return "";
}

void TokenScene::end_follow() {
    if (!follow_.active) {
        follow_state_ = {};
        return;
    }
    let_go();
    set_playing(true);
    view_.fit();
}

void TokenScene::let_go() {
    follow_.active = false;
    follow_state_ = {};
    set_lens(follow_.lens_before);
}

void TokenScene::follow_update(double real_dt) {
    if (!follow_.active) return;
    // Play, a restart or a rewind takes the clock back: the follow lets go.
    if (playing() || generation() != follow_.generation) {
        let_go();
        return;
    }
    const tj::token::TokenTrip& trip = follow_.trip;
    follow_.real_s += std::max(0.0, real_dt);
    run_to(tj::token::trip_clock(trip, follow_.real_s));
    int stop = tj::token::trip_shown(trip, follow_.real_s).stop;
    if (stop != follow_.stop) {  // a new stop: the camera comes back, the lens says how slow the clock runs
        follow_.stop = stop;
        follow_.camera = true;
        set_lens(tj::token::trip_lens(trip, stop));
    }
}

ImVec2 TokenScene::follow_point() const {
    // Where the parcel shader draws it: eased along its leg, the route bowed.
    tj::token::TripPoint p = tj::token::trip_point(follow_.trip, model().now());
    ImVec2 a = station_position(p.from), b = station_position(p.to), w;
    bowed_route_point(a.x, a.y, b.x, b.y, parcel_ease(float(p.frac)), &w.x, &w.y);
    return w;
}

void TokenScene::follow_camera() {
    if (!follow_.active || !follow_.camera) return;
    ImVec2 w = follow_point();
    view_.track(w.x, w.y, kFollowZoom);
}

void TokenScene::follow_overlay(ImDrawList* dl, const FrameInput& in, ImVec2 vmin, ImVec2 vsize) {
    if (!follow_.active) return;
    const tj::token::TokenTrip& trip = follow_.trip;
    const double now = model().now();
    const tj::token::TripShown p = tj::token::trip_shown(trip, follow_.real_s);
    const bool done = now >= trip.end() && follow_.real_s >= tj::token::trip_real_seconds(trip);
    const ImVec2 w = follow_point(), s = view_.to_screen(w.x, w.y);
    const float fs = ImGui::GetFontSize();

    // A ring around the followed parcel: the one to watch among the many. Where the
    // token waits at a station (the door, the cores, the detokenizer) the model draws
    // no parcel: the token is drawn there as one.
    if (tj::token::TripPoint at = tj::token::trip_point(trip, now); at.from == at.to) {
        ParcelStyle ps = parcel_style(at.stop < tj::token::kStopCores ? tj::token::kSegPromptTokens : tj::token::kSegOutputToken);
        const float h = ps.size_px * in.ui_scale * 0.5f;
        dl->AddRectFilled({s.x - h, s.y - h}, {s.x + h, s.y + h}, ps.rgba);
    }
    dl->AddCircle(s, fs * 1.3f, pal::kYellow, 32, std::max(2.0f, fs * 0.16f));

    FollowState& st = follow_state_;
    st.active = true;
    st.done = done;
    st.camera = follow_.camera;
    st.stop = p.stop;
    st.station = model().stations()[tj::token::trip_stop_station(p.stop)].id;
    st.seq = trip.seq;
    st.index = trip.index;
    st.elapsed_s = std::clamp(now, trip.start(), trip.end()) - trip.start();
    st.total_s = trip.end() - trip.start();
    st.x = s.x;
    st.y = s.y;
    st.centre_x = vmin.x + vsize.x * 0.5f;
    st.centre_y = vmin.y + vsize.y * 0.5f;
    const bool captioned = size_t(p.stop) < follow_.captions.size();
    st.caption = captioned ? pick(follow_.captions[size_t(p.stop)].en, follow_.captions[size_t(p.stop)].zh)
                           : std::string(tr(trip_stop_look(p.stop).name));

    // The card: at the foot of the map, as wide as reads well; on a narrow screen, whose
    // map is too short to share, at the foot of the screen over the panels' sheet.
    const float pad = fs * 0.5f;
    const ImVec2 foot = in.narrow ? ImVec2{in.sheet_min.x + in.sheet_size.x * 0.5f, in.sheet_min.y + in.sheet_size.y - pad}
                                  : ImVec2{vmin.x + vsize.x * 0.5f, vmin.y + vsize.y - pad};
    const float width = in.narrow ? in.sheet_size.x - 2 * pad : std::min(vsize.x - 2 * pad, fs * 36);
    ImGui::SetNextWindowPos(foot, ImGuiCond_Always, {0.5f, 1.0f});
    ImGui::SetNextWindowSizeConstraints({width, 0}, {width, std::max(vsize.y, in.sheet_size.y) * 0.8f});
    ImGui::SetNextWindowBgAlpha(0.97f);
    ImGui::Begin("##follow", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing);
    const float inner = width - 2 * ImGui::GetStyle().WindowPadding.x;
    text_wrapped(st.caption, pal::kText, inner);
    follow_bar(inner);
    const Lang lang = language();
    char line[160];
    if (done) {
        std::string total = tr(trip.index == 1 ? "token.follow.total_first" : "token.follow.total_next");
        text_wrapped(total + format_duration(st.total_s, lang), pal::kYellow, inner);
    } else {
        std::snprintf(line, sizeof line, tr("token.follow.stop_of"), p.stop + 1, tj::token::kTripStops);
        double lens_now = tj::token::trip_lens(trip, p.stop);
        std::string words = std::string(line) + " · " + format_duration(st.elapsed_s, lang);
        if (lens_now > 0) words += " · " + describe_time_lens(lens_now, lens_range().where_en, lens_range().where_zh, lang);
        text_wrapped(words, pal::kTextDim, inner);
    }
    if (trip.index > 1 && !done) text_wrapped(tr("token.follow.later"), pal::kTextDim, inner);
    if (!follow_.camera) text_wrapped(tr("token.follow.camera_free"), pal::kTextDim, inner);
    if (done && ImGui::Button(tr("token.follow.another"))) {
        uint32_t seq = trip.seq, next = trip.index + 1;
        if (std::string why = start_follow(seq, next); !why.empty()) status_ = why;
    }
    if (done) ImGui::SameLine();
    if (ImGui::Button(tr("token.follow.stop"))) end_follow();
    ImGui::End();
}

void TokenScene::follow_bar(float width) {
    // A cell per stop, all of one width (the links' microseconds would not show in
    // proportion to the step's milliseconds): the stops passed full, the one the token
    // is at filling up as it goes, each with its time; stops the trip does not pass dim.
    // Where eight across would leave the times no room (a phone), two rows of four.
    const tj::token::TokenTrip& trip = follow_.trip;
    const double now = model().now();
    const tj::token::TripShown p = tj::token::trip_shown(trip, follow_.real_s);
    const bool past_end = follow_.real_s >= tj::token::trip_real_seconds(trip);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float fs = ImGui::GetFontSize(), small = fs * 0.78f, gap = 3;
    const ImVec2 o = ImGui::GetCursorScreenPos();
    const Lang lang = language();
    ImFont* f = ImGui::GetFont();
    constexpr int kStops = tj::token::kTripStops;
    float widest = 0;  // the widest stop time, known from the trip's start
    for (int k = 0; k < kStops; k++)
        if (trip.has_stop(k)) widest = std::max(widest, f->CalcTextSizeA(small, FLT_MAX, 0, format_duration(trip.stop_time(k), lang).c_str()).x);
    const int across = (width - gap * float(kStops - 1)) / float(kStops) + gap >= widest ? kStops : (kStops + 1) / 2;
    const float cell = (width - gap * float(across - 1)) / float(across), h = fs * 1.1f + small;
    for (int k = 0; k < kStops; k++) {
        ImVec2 a{o.x + float(k % across) * (cell + gap), o.y + float(k / across) * h}, b{a.x + cell, a.y + fs * 0.9f};
        ImU32 c = trip_stop_look(k).color;
        if (!trip.has_stop(k)) {
            dl->AddRect(a, b, with_alpha(pal::kTextDim, 70));
            continue;
        }
        double fill = k < p.stop || past_end ? 1.0 : k == p.stop ? p.frac : 0.0;
        dl->AddRectFilled(a, b, with_alpha(c, 60));
        if (fill > 0) dl->AddRectFilled(a, {a.x + cell * float(fill), b.y}, c);
        dl->AddRect(a, b, k == p.stop ? pal::kText : with_alpha(c, 160), 0, 0, k == p.stop ? 2.0f : 1.0f);
        if (k > p.stop && !past_end) continue;
        double spent = k == p.stop && !past_end ? std::clamp(now - trip.stop_start(k), 0.0, trip.stop_time(k)) : trip.stop_time(k);
        std::string t = format_duration(spent, lang);
        ImVec2 sz = f->CalcTextSizeA(small, FLT_MAX, 0, t.c_str());
        if (sz.x <= cell + gap)
            dl->AddText(f, small, {a.x + (cell - sz.x) * 0.5f, b.y + 1}, k == p.stop ? pal::kText : pal::kTextDim,
                        t.c_str());
    }
    ImGui::Dummy({width, h * float((kStops + across - 1) / across) + 2});
}

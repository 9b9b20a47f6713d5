// model_scene_follow.cpp — following one traveller along its trip (Scene::follow) in a
// model scene: a token from the keyboard to the screen, a wafer lot from the fab to
// the customers. Where it is and the paced clock come from core/trip.h; here the run
// is moved on that clock, the camera is pointed, and the ring around the traveller
// and the card with the stop's caption and the per-stop time bar are drawn. See
// model_scene.h for what the scene supplies.
#include <algorithm>
#include <cfloat>
#include <cmath>

#include "app/render/parcel_geometry.h"
#include "app/scene/model_scene.h"
#include "app/ui/draw.h"
#include "app/ui/font.h"
#include "app/ui/format.h"
#include "app/ui/i18n.h"
#include "app/ui/palette.h"
#include "imgui.h"
#include "imgui_internal.h"  // BringWindowToDisplayFront: the card over the sheet

void ModelScene::begin_follow(tj::Trip trip, uint32_t seq, uint32_t index) {
    if (!follow_.active) follow_.lens_before = lens();
    follow_.active = true;
    follow_.camera = true;
    follow_.trip = std::move(trip);
    follow_.seq = seq;
    follow_.index = index;
    follow_.real_s = 0;
    follow_.stop = -1;
    follow_.generation = generation();
    set_playing(false);  // the follow's clock moves the run
}

void ModelScene::end_follow() {
    if (!follow_.active) {
        seen_.follow = {};
        return;
    }
    let_go();
    set_playing(true);
    view_.fit();
}

void ModelScene::let_go() {
    follow_.active = false;
    seen_.follow = {};
    set_lens(follow_.lens_before);
}

void ModelScene::follow_skip_to(int stop) {
    if (!follow_.active) return;
    const tj::Trip& trip = follow_.trip;
    double real = 0;
    for (int s = 0; s < std::min(stop, trip.stops()); s++)
        if (trip.has_stop(s)) real += trip.stop_real_s[size_t(s)];
    // A little way in: the stop shows for the frames a screenshot run takes to settle.
    if (stop < trip.stops()) real += 0.05 * trip.stop_real_s[size_t(stop)];
    follow_.real_s = real;
}

bool ModelScene::follow_done() const {
    return model().now() >= follow_.trip.end() && follow_.real_s >= tj::trip_real_seconds(follow_.trip);
}

void ModelScene::update(double real_dt) {
    // What the last frame drew for a frame only: this one draws them again if they are up.
    seen_.card_station.clear();
    seen_.ring = false;
    if (!comparing()) seen_.race = {};
    follow_update(real_dt);
    run_.update(real_dt);
}

void ModelScene::follow_update(double real_dt) {
    if (!follow_.active) return;
    // Play, a restart or a rewind takes the clock back: the follow lets go.
    if (playing() || generation() != follow_.generation) {
        let_go();
        return;
    }
    const tj::Trip& trip = follow_.trip;
    follow_.real_s += std::max(0.0, real_dt);
    run_to(tj::trip_clock(trip, follow_.real_s));
    int stop = tj::trip_shown(trip, follow_.real_s).stop;
    if (stop != follow_.stop) {  // a new stop: the camera comes back, the lens says how slow the clock runs
        follow_.stop = stop;
        follow_.camera = true;
        set_lens(tj::trip_lens(trip, stop));
    }
}

ImVec2 ModelScene::follow_point() const {
    // Where the parcel shader draws it: eased along its leg, the route bowed.
    tj::TripPoint p = tj::trip_point(follow_.trip, model().now());
    ImVec2 a = station_position(p.from), b = station_position(p.to), w;
    bowed_route_point(a.x, a.y, b.x, b.y, parcel_ease(float(p.frac)), &w.x, &w.y);
    return w;
}

void ModelScene::follow_camera(float zoom) {
    if (!follow_.active || !follow_.camera) return;
    ImVec2 w = follow_point();
    // Centred in what the card (as last drawn) leaves of the map.
    view_.track(w.x, w.y, zoom, seen_.follow.active ? seen_.follow.card : ImVec4{});
}

void ModelScene::follow_overlay(ImDrawList* dl, const FrameInput& in, ImVec2 vmin, ImVec2 vsize) {
    if (!follow_.active) return;
    if (view_.user_moved()) follow_.camera = false;
    const tj::Trip& trip = follow_.trip;
    const double now = model().now();
    const tj::TripShown p = tj::trip_shown(trip, follow_.real_s);
    const bool done = follow_done();
    const ImVec2 w = follow_point(), s = view_.to_screen(w.x, w.y);
    const float fs = ImGui::GetFontSize();

    // A ring around the followed parcel: the one to watch among the many. Where it
    // waits at a station the model draws no parcel: it is drawn there as one.
    if (tj::TripPoint at = tj::trip_point(trip, now); at.from == at.to) {
        ParcelStyle ps = parcel_style(follow_waiting_kind(at));
        const float h = ps.size_px * in.ui_scale * 0.5f;
        dl->AddRectFilled({s.x - h, s.y - h}, {s.x + h, s.y + h}, ps.rgba);
    }
    dl->AddCircle(s, fs * 1.3f, pal::kYellow, 32, std::max(2.0f, fs * 0.16f));

    FollowState& st = seen_.follow;
    st.active = true;
    st.done = done;
    st.camera = follow_.camera;
    st.stop = p.stop;
    const int station = follow_station(p.stop);
    st.station = station >= 0 && size_t(station) < model().stations().size() ? model().stations()[size_t(station)].id : "";
    st.seq = follow_.seq;
    st.index = follow_.index;
    st.elapsed_s = std::clamp(now, trip.start(), trip.end()) - trip.start();
    st.total_s = trip.end() - trip.start();
    st.x = s.x;
    st.y = s.y;
    // Where the camera holds the traveller: the map's centre, or that of what the card leaves.
    const ImVec2 centre = follow_.camera ? view_.track_centre() : ImVec2{vmin.x + vsize.x * 0.5f, vmin.y + vsize.y * 0.5f};
    st.centre_x = centre.x;
    st.centre_y = centre.y;
    st.caption = follow_caption(p.stop);

    // The card: at the foot of the map, as wide as reads well; on a narrow screen, whose
    // map is too short to share, at the foot of the screen, where the panels' sheet ends
    // above it (App::layout_frame).
    const float pad = fs * 0.5f;
    const float screen_h = ImGui::GetIO().DisplaySize.y;
    const ImVec2 foot = in.narrow ? ImVec2{in.sheet_min.x + in.sheet_size.x * 0.5f, screen_h - pad}
                                  : ImVec2{vmin.x + vsize.x * 0.5f, vmin.y + vsize.y - pad};
    const float width = in.narrow ? in.sheet_size.x - 2 * pad : std::min(vsize.x - 2 * pad, fs * 36);
    ImGui::SetNextWindowPos(foot, ImGuiCond_Always, {0.5f, 1.0f});
    // On a phone the card may rise over the map's lower part (its words keep off it, and the
    // traveller is at the map's centre): a card held to the sheet cut its last button.
    const float most_h = in.narrow ? screen_h - in.sheet_min.y + vsize.y * 0.4f : vsize.y * 0.8f;
    ImGui::SetNextWindowSizeConstraints({width, 0}, {width, most_h});
    ImGui::SetNextWindowBgAlpha(1.0f);  // opaque: no word of the map shows through it
    ImGui::Begin("##follow", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing);
    // Over the narrow screen's sheet it stays in front of the panels (a tap on them would
    // raise their window over it, each drawn through the other), but not over an open menu.
    if (in.narrow && !ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId)) ImGui::BringWindowToDisplayFront(ImGui::GetCurrentWindow());
    const float inner = width - 2 * ImGui::GetStyle().WindowPadding.x;
    const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    st.card = {at.x, at.y, at.x + size.x, at.y + size.y};
    text_wrapped(st.caption, pal::kText, inner);
    follow_bar(inner);
    const FollowCard card = follow_card(p, done);
    for (const auto& [words, colour] : card.lines) text_wrapped(words, colour, inner);
    if (!follow_.camera) text_wrapped(tr("follow.camera_free"), pal::kTextDim, inner);
    if (done && card.another && ImGui::Button(card.another)) {
        if (std::string why = follow_another(); !why.empty()) status_ = why;
    }
    if (done && card.another) ImGui::SameLine();
    if (ImGui::Button(tr("follow.stop"))) end_follow();
    ImGui::End();
}

void ModelScene::keep_words_off_follow_card(MapLabels& labels) const {
    const ImVec4& c = seen_.follow.card;
    if (follow_.active && seen_.follow.active && c.z > c.x && c.w > c.y) labels.keep_out({c.x, c.y}, {c.z, c.w});
}

void ModelScene::follow_bar(float width) {
    // A cell per stop, all of one width (the links' microseconds would not show in
    // proportion to the step's milliseconds, nor a test's days beside the fab's months):
    // the stops passed full, the one the traveller is at filling up as it goes, each
    // with its time; stops the trip does not pass dim, or left out where the scene says so.
    const tj::Trip& trip = follow_.trip;
    const double now = model().now();
    const tj::TripShown p = tj::trip_shown(trip, follow_.real_s);
    const bool past_end = follow_.real_s >= tj::trip_real_seconds(trip);
    std::vector<int> cells;
    for (int k = 0; k < trip.stops(); k++)
        if (follow_bar_cell(k)) cells.push_back(k);
    // Where all in one row would leave the times no room (a phone), two rows.
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float fs = ImGui::GetFontSize(), small = fs * 0.78f, gap = 3;
    const ImVec2 o = ImGui::GetCursorScreenPos();
    const Lang lang = language();
    ImFont* f = ImGui::GetFont();
    const int count = std::max<int>(1, int(cells.size()));
    float widest = 0;  // the widest stop time, known from the trip's start
    for (int k : cells)
        if (trip.has_stop(k)) widest = std::max(widest, f->CalcTextSizeA(small, FLT_MAX, 0, format_duration(trip.stop_time(k), lang).c_str()).x);
    const int across = (width - gap * float(count - 1)) / float(count) + gap >= widest ? count : (count + 1) / 2;
    const float cell = (width - gap * float(across - 1)) / float(across), h = fs * 1.1f + small;
    for (size_t i = 0; i < cells.size(); i++) {
        const int k = cells[i];
        ImVec2 a{o.x + float(int(i) % across) * (cell + gap), o.y + float(int(i) / across) * h}, b{a.x + cell, a.y + fs * 0.9f};
        ImU32 c = follow_stop_color(k);
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
    ImGui::Dummy({width, h * float((count + across - 1) / across) + 2});
}

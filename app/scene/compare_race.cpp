// compare_race.cpp — see compare_race.h.
#include "app/scene/compare_race.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "app/scene/race_pairs.h"
#include "app/ui/draw.h"
#include "app/ui/font.h"
#include "app/ui/format.h"
#include "app/ui/i18n.h"
#include "app/ui/palette.h"

namespace {
constexpr ImU32 kSideColor[2] = {pal::kSky, pal::kOrange};
constexpr ImU32 kWinFill = pal::kGreen;
constexpr ImU32 kRoute = IM_COL32(120, 138, 170, 120);
// Below this width the maps stack even in a wide area: side by side they would be too small to read.
constexpr float kMinSideBySideWidth = 760;

// The box the stations span, with room around it for their labels (world units).
WorldBox station_box(const tj::Model& m, const StationPosition& position) {
    WorldBox b{FLT_MAX, FLT_MAX, -FLT_MAX, -FLT_MAX};
    for (size_t i = 0; i < m.stations().size(); i++) {
        ImVec2 p = position(i);
        b.min_x = std::min(b.min_x, p.x), b.max_x = std::max(b.max_x, p.x);
        b.min_y = std::min(b.min_y, p.y), b.max_y = std::max(b.max_y, p.y);
    }
    if (b.min_x > b.max_x) return {};
    float pad = std::max(b.max_x - b.min_x, b.max_y - b.min_y) * 0.14f + 20;
    return {b.min_x - pad, b.min_y - pad, b.max_x + pad, b.max_y + pad};
}

void text_at(ImDrawList* dl, float px, ImVec2 p, ImU32 col, const std::string& s) {
    dl->AddText(ImGui::GetFont(), px, p, col, s.c_str());
}

float text_width(float px, const std::string& s) {
    return ImGui::GetFont()->CalcTextSizeA(px, FLT_MAX, 0, s.c_str()).x;
}

// A map's header rows, large enough to read from the back of a room: with the map's
// width, within bounds of the text size.
float lane_row_px(float lane_width) {
    const float fs = ImGui::GetFontSize();
    return std::clamp(lane_width / 40, fs * 1.1f, fs * 1.8f);
}

// How far apart A and B are on a headline number, as its metric is written ("211k GPUs").
std::string difference(const RaceHeadline& h, const RaceNumberState& n, const std::vector<tj::Metric>& metrics) {
    std::string unit;
    for (const tj::Metric& m : metrics)
        if (m.id == h.metric) unit = m.unit;
    return join_magnitudes(format_metric(h.metric, std::fabs(n.a - n.b), unit, language()));
}

// The race's end in words: who is ahead on the first headline number and by how much of
// it, or that it ended even, then the clauses of the numbers that add one ("Race over: B
// finished ahead by 211k GPUs (Shipped); A's backlog peaked at 143k GPUs").
std::string finish_words(const std::vector<RaceHeadline>& heads, const std::vector<RaceNumberState>& numbers,
                         const std::vector<tj::Metric>& metrics) {
    const RaceNumberState& first = numbers[0];
    std::string out = tr(first.winner < 0 ? "race.finished_even" : "race.finished");
    out = fill_slot(out, "{w}", first.winner == 0 ? "A" : "B");
    out = fill_slot(out, "{d}", difference(heads[0], first, metrics));
    out = fill_slot(out, "{what}", tr(heads[0].label_key));
    for (size_t k = 1; k < heads.size() && k < numbers.size(); k++) {
        if (!heads[k].verdict_key || numbers[k].winner < 0) continue;
        const std::string clause = fill_slot(tr(heads[k].verdict_key), "{l}", numbers[k].winner == 0 ? "B" : "A");
        out += fill_slot(clause, "{d}", difference(heads[k], numbers[k], metrics));
    }
    return out;
}
}  // namespace

void CompareRace::draw(const FrameInput& in, ImVec2 min, ImVec2 size, const RaceRun& a, const RaceRun& b,
                       uint64_t generation, double now, const StationPosition& position, const ParcelStyleOf& style,
                       const std::vector<RaceHeadline>& heads, const RaceMapLook& look) {
    const RaceRun runs[2] = {a, b};
    if (generation != finish_generation_) finish_ = {}, finished_.clear(), finish_generation_ = generation;
    ended_this_frame_ = false;
    std::vector<RaceNumberState> numbers;
    for (const RaceHeadline& h : heads) {
        RaceNumberState n;
        n.metric = h.metric;
        n.a = tj::metric_value(*a.metrics, h.metric);
        n.b = tj::metric_value(*b.metrics, h.metric);
        // A number that waits for its first token waits for the race's first number too:
        // before both runs had a time per token, one token's static energy over a few
        // microseconds read "A 214× less energy".
        if (h.zero_is_pending && !numbers.empty() && heads[0].zero_is_pending && (numbers[0].a == 0 || numbers[0].b == 0))
            n.a = n.b = 0;
        RaceVerdict v = judge_headline(h, n.a, n.b);
        n.winner = v.winner;
        n.ratio = v.ratio;
        n.words = verdict_words(tr(v.ratio > 0 ? h.win_key : h.zero_key), v);
        n.words = fill_slot(n.words, "{d}", difference(h, n, *a.metrics));  // a tag by how many ("B 211k GPUs more")
        numbers.push_back(n);
        ended_this_frame_ |= race_finish_step(&finish_, h.finish_after, n.a, n.b, now);
    }
    if (end_asked_ && !finish_.over) finish_.over = ended_this_frame_ = true;
    end_asked_ = false;
    if (ended_this_frame_ && !heads.empty())  // who is ahead on the first number, by how much
        finished_ = finish_words(heads, numbers, *a.metrics);
    const std::string labels[2] = {race_side_label(*a.values, *b.values, language()),
                                   race_side_label(*b.values, *a.values, language())};
    const float gap = std::floor(ImGui::GetFontSize() * 0.5f);
    const bool side_by_side = size.x >= size.y && size.x >= kMinSideBySideWidth;
    ImVec2 lane_size = side_by_side ? ImVec2{std::floor((size.x - gap) * 0.5f), size.y}
                                    : ImVec2{size.x, std::floor((size.y - gap) * 0.5f)};
    // Each run's caption, wrapped to its map's width; both maps keep the taller one's room,
    // so they stay the same size.
    LaneCaption captions[2];
    float caption_room = 0;
    for (int s = 0; s < 2 && look.caption; s++) {
        LaneCaption& c = captions[s];
        c.text = look.caption(runs[s]);
        c.px = lane_row_px(lane_size.x) * 0.85f;
        c.wrap = lane_size.x - 2 * std::floor(ImGui::GetFontSize() * 0.6f);
        if (!c.text.empty())
            caption_room = std::max(caption_room, ImGui::GetFont()->CalcTextSizeA(c.px, FLT_MAX, c.wrap, c.text.c_str()).y + c.px * 0.3f);
    }
    for (LaneCaption& c : captions) c.room = caption_room;
    state_ = {};
    state_.numbers = numbers;
    state_.finished = finished_;
    for (int s = 0; s < 2; s++) {
        ImVec2 lmin = side_by_side ? ImVec2{min.x + float(s) * (lane_size.x + gap), min.y}
                                   : ImVec2{min.x, min.y + float(s) * (lane_size.y + gap)};
        int hovered = draw_lane(s, in, lmin, lane_size, runs[s], generation, labels[s], numbers, captions[s], finished_,
                                position, style, heads, look);
        state_.maps.push_back({labels[s], lmin.x, lmin.y, lane_size.x, lane_size.y, lanes_[s].parcels.drawn(),
                               lanes_[s].view.zoom(), lanes_[s].view.pan().x, lanes_[s].view.pan().y,
                               hovered >= 0 ? runs[s].model->stations()[size_t(hovered)].id : std::string(),
                               lanes_[s].points, lanes_[s].labels});
        state_.maps.back().map_area = lanes_[s].area;
    }
}

int CompareRace::draw_lane(int side, const FrameInput& in, ImVec2 min, ImVec2 size, const RaceRun& run, uint64_t generation,
                            const std::string& label, const std::vector<RaceNumberState>& numbers,
                            const LaneCaption& caption, const std::string& finished, const StationPosition& position,
                            const ParcelStyleOf& style, const std::vector<RaceHeadline>& heads, const RaceMapLook& look) {
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    const float fs = ImGui::GetFontSize(), pad = std::floor(fs * 0.6f);
    const ImVec2 max{min.x + size.x, min.y + size.y};
    const ImU32 col = kSideColor[side];
    dl->PushClipRect(min, max, true);
    dl->AddRect(min, max, col, fs * 0.4f, 0, 2);

    // The name, then one row per headline number: its name, the value, the winner's marker.
    const char* letter = side == 0 ? "A" : "B";
    const float row_px = lane_row_px(size.x), name_px = row_px * 1.2f;
    float y = min.y + pad;
    text_at(dl, name_px, {min.x + pad, y}, col,
            std::string(letter) + ": " + (label.empty() ? tr("race.same") : label));
    y += name_px * 1.3f;
    float name_w = 0;
    for (auto& h : heads) name_w = std::max(name_w, text_width(row_px, tr(h.label_key)));
    // Both lanes measure both sides' values, so their rows (and maps) line up.
    float value_w = 0;
    std::vector<std::string> values;
    for (size_t k = 0; k < heads.size() && k < numbers.size(); k++) {
        const tj::Metric* m = nullptr;
        for (auto& x : *run.metrics)
            if (x.id == heads[k].metric) m = &x;
        for (int s : {0, 1}) {
            double v = s == 0 ? numbers[k].a : numbers[k].b;
            std::string text = !m || (v == 0 && heads[k].zero_is_pending)
                                   ? tr("race.pending")
                                   : join_magnitudes(format_metric(m->id, v, m->unit, language()));
            value_w = std::max(value_w, text_width(row_px, text));
            if (s == side) values.push_back(text);
        }
    }
    // A winner's tag on a row of its own takes that row in both lanes, so their maps line
    // up; the lane without it leaves the row under its numbers, not between them.
    float spare = 0;
    for (size_t k = 0; k < values.size(); k++) {
        float x = min.x + pad;
        text_at(dl, row_px, {x, y}, pal::kTextDim, tr(heads[k].label_key));
        x += name_w + fs;
        text_at(dl, row_px, {x, y}, pal::kText, values[k]);
        x += value_w + fs;
        // The marker: a green tag that says who and by how much; on a row of its own, under
        // the value, where the lane is too narrow for it beside the value (a phone).
        const std::string& w = numbers[k].winner >= 0 ? numbers[k].words : std::string();
        const float tw = text_width(row_px, w);
        if (!w.empty() && x + tw + fs * 0.35f > max.x - pad) {
            (numbers[k].winner == side ? y : spare) += row_px * 1.35f;
            x = std::max(min.x + pad + fs * 0.35f, std::min(x - value_w - fs, max.x - pad - fs * 0.35f - tw));
        }
        if (numbers[k].winner == side) {
            dl->AddRectFilled({x - fs * 0.35f, y - fs * 0.1f}, {x + tw + fs * 0.35f, y + row_px + fs * 0.1f}, kWinFill,
                              fs * 0.3f);
            text_at(dl, row_px, {x, y}, IM_COL32(255, 255, 255, 255), w);
        }
        y += row_px * 1.35f;
    }
    if (caption.room > 0) {  // what sets this run apart, in the header where nothing on the map runs over it
        dl->AddText(ImGui::GetFont(), caption.px, {min.x + pad, y}, pal::kText, caption.text.c_str(), nullptr, caption.wrap);
        y += caption.room;
    }
    if (!finished.empty()) {  // the race is over: one line, on the winner's map (A's when even); both keep its room
        const int winner = numbers.empty() || numbers[0].winner < 0 ? 0 : numbers[0].winner;
        const float x = min.x + pad, wrap = size.x - 2 * pad - fs * 0.7f;
        const ImVec2 t = ImGui::GetFont()->CalcTextSizeA(row_px, FLT_MAX, wrap, finished.c_str());
        if (side == winner) {
            dl->AddRectFilled({x - fs * 0.35f, y - fs * 0.1f}, {x + t.x + fs * 0.35f, y + t.y + fs * 0.1f}, kWinFill, fs * 0.3f);
            dl->AddText(ImGui::GetFont(), row_px, {x, y}, IM_COL32(255, 255, 255, 255), finished.c_str(), nullptr, wrap);
        }
        y += t.y + row_px * 0.35f;
    }
    y += spare + pad * 0.5f;
    dl->AddLine({min.x + pad, y}, {max.x - pad, y}, with_alpha(col, 90), 1);

    // The map: the scene's own (bodies, parcels, words), or routes in use, stations and
    // this run's parcels.
    ImVec2 map_min{min.x + pad, y + pad}, map_size{size.x - 2 * pad, max.y - pad - (y + pad)};
    Lane& lane = lanes_[side];
    lane.area = {map_min.x, map_min.y, map_size.x, map_size.y};
    const bool own_map = bool(look.draw);
    lane.view.update(ImGui::GetIO(), in.touch, map_min, map_size, own_map ? look.world : station_box(*run.model, position));  // its own pointer only
    dl->PushClipRect(map_min, {map_min.x + map_size.x, map_min.y + map_size.y}, true);
    const size_t n = run.model->stations().size();
    if (own_map) {
        look.draw(dl, lane.view, run, nullptr);
    } else {  // routes stay once travelled, so the map does not flicker as parcels come and go
        if (lane.routes.size() != n * n) lane.routes.assign(n * n, 0);
        for (const tj::Segment& s : run.model->segments().items())
            if (s.from < n && s.to < n) lane.routes[s.from * n + s.to] = 1;
        for (size_t r = 0; r < lane.routes.size(); r++) {
            if (!lane.routes[r]) continue;
            ImVec2 p = position(r / n), q = position(r % n);
            dl->AddLine(lane.view.to_screen(p.x, p.y), lane.view.to_screen(q.x, q.y), kRoute, 2);
        }
    }
    // Every word on the map goes through one placer: the scene's own map's words, or the
    // simple map's station names (each left out where it would run into an earlier one).
    MapLabels words;
    words.keep_inside(map_min.x, map_min.x + map_size.x);
    // A phone's boxes are narrower than the smallest map text: a name shrinks to fit.
    if (in.narrow) words.narrower_names(kNarrowNameMinPx * text_scale());
    // Nor above or below it, where the map's clip would cut them (a tall pile's count
    // over the run's title and figures): they take another of their places or give way.
    words.keep_out(min, {max.x, map_min.y});
    words.keep_out({min.x, map_min.y + map_size.y}, max);
    const float label_px = std::max(fs * 0.8f, 13.0f);
    lane.points.clear();
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const bool mouse_on_map = mouse.x >= map_min.x && mouse.y >= map_min.y && mouse.x < map_min.x + map_size.x &&
                              mouse.y < map_min.y + map_size.y;
    const float reach = std::max(fs, 16.0f);  // a dot is small: a finger or a pointer this close is on it
    int hovered = -1;
    float hovered_d2 = reach * reach;
    for (size_t i = 0; i < n; i++) {
        ImVec2 p = position(i);
        ImVec2 sp = lane.view.to_screen(p.x, p.y);
        const auto& st = run.model->stations()[i];
        lane.points.push_back({st.id, sp});
        float dx = mouse.x - sp.x, dy = mouse.y - sp.y;
        if (mouse_on_map && dx * dx + dy * dy < hovered_d2) hovered = int(i), hovered_d2 = dx * dx + dy * dy;
        if (own_map) continue;
        dl->AddCircleFilled(sp, fs * 0.3f, pal::kStationEdge, 12);
        words.detail(st.id, {sp.x, std::floor(sp.y + fs * 0.45f) + label_px * 0.5f}, label_px, pal::kTextDim,
                     pick(st.label_en, st.label_zh));
    }
    lane.parcels.draw(*run.model, generation, position, style, lane.view, in);
    if (own_map) look.draw(dl, lane.view, run, &words);  // the words over the parcels, as on the scene's map
    words.draw(dl);
    lane.labels = words.boxes();
    if (!own_map) {  // a pointer on a name is on its station; that station gets a ring, and ModelScene draws its card
        for (const MapLabelBox& b : lane.labels)
            if (hovered < 0 && mouse_on_map && mouse.x >= b.min.x && mouse.x < b.max.x && mouse.y >= b.min.y && mouse.y < b.max.y)
                for (size_t i = 0; i < n; i++)
                    if (run.model->stations()[i].id == b.id) hovered = int(i);
        if (hovered >= 0) {
            ImVec2 p = position(size_t(hovered));
            dl->AddCircle(lane.view.to_screen(p.x, p.y), fs * 0.6f, col, 16, 2);
        }
    }
    dl->PopClipRect();
    dl->PopClipRect();
    return hovered;
}

void compare_details_table(const std::vector<tj::Metric>& a, const std::vector<tj::Metric>& b, float height) {
    if (!ImGui::BeginTable("ab", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp,
                           {0, height}))
        return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(tr("compare.metric"));
    ImGui::TableSetupColumn("A");
    ImGui::TableSetupColumn("B");
    ImGui::TableSetupColumn(tr("compare.b_vs_a"));
    ImGui::TableHeadersRow();
    for (const tj::Metric& m : a) {
        double bv = tj::metric_value(b, m.id, NAN);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(pick(m.label_en.empty() ? m.id : m.label_en, m.label_zh).c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", m.id.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(join_magnitudes(format_metric(m.id, m.value, m.unit, language())).c_str());
        ImGui::TableNextColumn();
        if (std::isfinite(bv)) ImGui::TextUnformatted(join_magnitudes(format_metric(m.id, bv, m.unit, language())).c_str());
        ImGui::TableNextColumn();
        if (m.value != 0 && std::isfinite(bv)) {
            double d = (bv - m.value) / std::fabs(m.value) * 100;
            ImVec4 c = std::fabs(d) < 0.05 ? ImVec4(0.6f, 0.6f, 0.6f, 1) : ImVec4(0.94f, 0.89f, 0.26f, 1);
            ImGui::TextColored(c, "%+.1f%%", d);
        }
    }
    ImGui::EndTable();
}

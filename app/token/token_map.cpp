// token_map.cpp — the token scene's map: host stations on the left (prompt,
// tokenizer, link to the chip, host memory) and right (sampler when on the host,
// link back, detokenizer, screen), the chip large in the middle: the mesh of cores
// as sorting centres with their SRAM warehouses, the 3D-stacked DRAM slab right
// under the mesh, far DRAM/HBM at the chip's edge, each with a fill bar (weights
// vs KV cache). Streams from each warehouse to the cores are as wide as the bytes
// each token needs from it; output tokens on the host are parcels carrying their
// bytes (held ones wait visibly at the detokenizer). All from tj::token::TokenView and
// the metrics at the model's current time.
//
// Index:
//   small drawings and sizes          per_chip, level_size, level_reached, arrow, cell_hash
//   the frame's map, in draw order                              TokenScene::draw_map
//   stations, memory, the door, the mesh, the streams           draw_station_frames … TokenScene::draw_streams
//   the pipeline and the tokens on the host                     TokenScene::draw_pipeline, TokenScene::draw_tokens_on_host
//   headline, captions and labels                               TokenScene::draw_captions … TokenScene::answer_language_key
//   hover cards and lesson markers                              TokenScene::hover_cards, TokenScene::marker_box

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string_view>

#include "app/ui/format.h"
#include "app/ui/i18n.h"
#include "app/ui/palette.h"
#include "app/token/token_scene.h"
#include "app/ui/font.h"
#include "core/text/utf8.h"

using namespace tj;
using namespace tj::token;
using namespace tokenui;

namespace {
// A memory level's figure as its slider gives it: per chip, times the chips ("2 × 8.00
// TB/s"), so the map and the card read as the slider does; host memory is one pool.
std::string per_chip(const Hardware& hw, int l, double total, bool bytes) {
    const int n = l == kHostMem ? 1 : std::max(1, hw.chips);
    return (n > 1 ? std::to_string(n) + " × " : "") + (bytes ? format_bytes(total / n) : format_si(total / n, "B/s"));
}

// A level's capacity and bandwidth ("2 × 16.0 GB · 2 × 8.00 TB/s").
std::string level_size(const Hardware& hw, int l) {
    return per_chip(hw, l, hw.level[l].capacity, true) + " · " + per_chip(hw, l, hw.level[l].bandwidth, false);
}

// Where the machine reaches less than a level's peak, the rate it reaches ("2.04 TB/s
// reached"), "" otherwise: a class dividing bytes by the peak would find steps up to
// 1.6 times faster than the map's own.
std::string level_reached(const Hardware& hw, int l) {
    const MemLevelSpec& m = hw.level[l];
    if (!(m.efficiency < 0.995)) return "";
    char b[96];
    std::snprintf(b, sizeof b, tr("token.map.bw_reached"), per_chip(hw, l, m.bandwidth * m.efficiency, false).c_str());
    return b;
}

// A narrow screen (a phone) fits the stations alone, between bands of their own for
// the headline above (in lines of the headline's size) and the legend below (in
// lines of the legend's): wrapped to the width, they would not fit the margins above.
constexpr WorldBox kWorldNarrow{0, 5, 1000, 695};
constexpr float kNarrowHeadlineLines = 4.4f;
// How close a follow's camera goes: times the fitted scale, where a station's name and
// the parcels read large and the next station is still in view.
constexpr float kFollowZoom = 2.2f;

float headline_px() { return std::max(16.0f, ImGui::GetFontSize() * 1.1f); }
constexpr int kMaxCellsAcross = 16;  // larger meshes are drawn with several cores per square
constexpr float kDetokQueueRow = 22;  // world units at the detokenizer's foot: its queue's row of tokens
constexpr WorldBox kBigCore{645, 215, 790, 400};  // one core, enlarged
constexpr WorldBox kPipelineStrip{225, 512, 790, 538};  // the chips or regions a token crosses, under the mesh
constexpr WorldBox kBigCoreSram{kBigCore.min_x, kBigCore.min_y + 30, kBigCore.min_x + 44, kBigCore.max_y};  // its SRAM
constexpr ImU32 kCompute = pal::kGreen;
constexpr ImU32 kIdleFill = IM_COL32(44, 50, 64, 255);
constexpr ImU32 kBarBack = IM_COL32(20, 24, 32, 255);

void arrow(ImDrawList* dl, const WorldView& v, ImVec2 a, ImVec2 b, ImU32 col, float width) {
    ImVec2 p = v.to_screen(a.x, a.y), q = v.to_screen(b.x, b.y);
    dl->AddLine(p, q, col, width);
    float dx = q.x - p.x, dy = q.y - p.y, len = std::sqrt(dx * dx + dy * dy);
    if (len < 1) return;
    dx /= len;
    dy /= len;
    float s = std::max(6.0f, width * 3);
    dl->AddTriangleFilled(q, {q.x - dx * s - dy * s * 0.6f, q.y - dy * s + dx * s * 0.6f},
                          {q.x - dx * s + dy * s * 0.6f, q.y - dy * s - dx * s * 0.6f}, col);
}

// Moving dashes along a polyline: the flow's direction; phase in [0, 1).
void dashes(ImDrawList* dl, const WorldView& v, const ImVec2* pts, int n, ImU32 col, float width, float phase,
            int count) {
    float total = 0;
    for (int i = 1; i < n; i++) total += std::hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y);
    if (total <= 0 || count <= 0) return;
    float dash = total / float(count) * 0.4f;
    for (int k = 0; k < count; k++) {
        float s0 = (float(k) + phase) / float(count) * total;
        float acc = 0;
        for (int i = 1; i < n; i++) {
            float seg = std::hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y);
            if (s0 <= acc + seg && seg > 0) {
                float t0 = (s0 - acc) / seg, t1 = std::min(1.0f, (s0 - acc + dash) / seg);
                ImVec2 a{pts[i - 1].x + (pts[i].x - pts[i - 1].x) * t0, pts[i - 1].y + (pts[i].y - pts[i - 1].y) * t0};
                ImVec2 b{pts[i - 1].x + (pts[i].x - pts[i - 1].x) * t1, pts[i - 1].y + (pts[i].y - pts[i - 1].y) * t1};
                dl->AddLine(v.to_screen(a.x, a.y), v.to_screen(b.x, b.y), col, width);
                break;
            }
            acc += seg;
        }
    }
}

// Below this many squares each shows the share computing itself (draw_mesh).
constexpr int kMinCellsForShare = 16;

// A box with work: waiting for data, its lower part green by the share of time computing
// (the mesh's few squares, a pipeline's stages).
void share_box(ImDrawList* dl, ImVec2 a, ImVec2 b, float computing, float rounding = 0) {
    dl->AddRectFilled(a, b, kWaitFill, rounding);
    if (computing > 0) dl->AddRectFilled({a.x, b.y - (b.y - a.y) * computing}, b, kCompute, rounding);
}
// A pseudo-random but fixed fraction for a core square: which squares show "computing".
float cell_hash(int i) {
    uint32_t x = uint32_t(i) * 2654435761u;
    x ^= x >> 15;
    x *= 2246822519u;
    x ^= x >> 13;
    return float(x & 0xFFFF) / 65536.0f;
}
}  // namespace

void tokenui::draw_fill_bar(ImDrawList* dl, const WorldView& v, const WorldBox& r, double weights, double kv, double capacity,
                            bool vertical) {
    ImVec2 a = v.to_screen(r.min_x, r.min_y), b = v.to_screen(r.max_x, r.max_y);
    dl->AddRectFilled(a, b, kBarBack);
    double cap = capacity > 0 ? capacity : std::max(1.0, weights + kv);
    float fw = float(std::clamp(weights / cap, 0.0, 1.0)), fk = float(std::clamp(kv / cap, 0.0, 1.0 - fw));
    if (vertical) {  // fills from the bottom
        float h = b.y - a.y, yw = b.y - h * fw, yk = yw - h * fk;
        dl->AddRectFilled({a.x, yw}, b, pal::kOrange);
        dl->AddRectFilled({a.x, yk}, {b.x, yw}, pal::kPurple);
    } else {
        float w = b.x - a.x, xw = a.x + w * fw, xk = xw + w * fk;
        dl->AddRectFilled(a, {xw, b.y}, pal::kOrange);
        dl->AddRectFilled({xw, a.y}, {xk, b.y}, pal::kPurple);
    }
    if (b.x - a.x > 8 && b.y - a.y > 8) dl->AddRect(a, b, pal::kStationEdge);  // tiny bars (one per core) go without
}

void TokenScene::fill_bar(ImDrawList* dl, const WorldBox& r, double weights, double kv, double capacity,
                          bool vertical) {
    // A lesson's question open: what each warehouse holds is the model's output, and may
    // be the answer (the cache spilling outward, a warehouse full), so every bar waits empty.
    if (answer_hidden()) weights = kv = 0;
    draw_fill_bar(dl, view_, r, weights, kv, capacity, vertical);
}

void TokenScene::draw_map(const FrameInput& in) {
    TokenAreas ar = token_areas(in);
    // The view's rectangle: on a narrow screen, between the headline and the legend.
    ImVec2 vmin = ar.map_min, vsize = ar.map_size;
    const LegendLayout legend = legend_layout(in);
    const float above = in.narrow ? std::max(headline_px() * kNarrowHeadlineLines, narrow_head_px_) : 0;
    vmin.y += above;
    vsize.y = std::max(1.0f, ar.map_size.y - above - legend.band);
    follow_camera(kFollowZoom);
    view_.update(ImGui::GetIO(), in.touch, vmin, vsize, in.narrow ? kWorldNarrow : kMapWorld);
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    dl->PushClipRect(ar.map_min, {ar.map_min.x + ar.map_size.x, ar.map_min.y + ar.map_size.y}, true);
    // The stations, their words and parcels stay above the legend's band, and on a phone
    // below the headline's, zoomed or not: neither plate lies over the map (a lesson's
    // zoom on the mesh ran the host memory's box under the legend).
    // (The view fits the stations between bands of a fixed size, so a headline that grows
    // at a reveal does not move the camera; the clip is the bands as last drawn.)
    const ImVec2 clip_min{ar.map_min.x, ar.map_min.y + (in.narrow ? narrow_head_px_ : 0)},
        clip_max{ar.map_min.x + ar.map_size.x, ar.map_min.y + ar.map_size.y - legend.band};
    dl->PushClipRect(clip_min, clip_max, true);
    MapLabels labels;
    // Nor is a word cut by those bands' edges.
    labels.keep_out(ar.map_min, {clip_max.x, clip_min.y});
    labels.keep_out({ar.map_min.x, clip_max.y}, {clip_max.x, ar.map_min.y + ar.map_size.y});
    labels.keep_inside(ar.map_min.x, ar.map_min.x + ar.map_size.x);
    // A phone's boxes are narrower than the smallest map text: a name shrinks to fit.
    if (in.narrow) labels.narrower_names(kNarrowNameMinPx * text_scale());
    station_boxes(labels);
    // No word under the plates drawn over the map (they are sized as drawn, after the
    // words: as last frame), nor under a follow's card.
    for (const ImVec4& p : plates_) labels.keep_out({p.x, p.y}, {p.z, p.w});
    keep_words_off_follow_card(labels);
    seen_.map_min = ar.map_min;
    seen_.map_max = {ar.map_min.x + ar.map_size.x, ar.map_min.y + ar.map_size.y};
    draw_station_frames(dl, view_, lay_);
    draw_memory_levels(dl, view_, lay_, tv(), answer_hidden());
    draw_door(dl, labels);
    draw_mesh(dl);
    draw_streams(dl);
    draw_pipeline(dl, labels);
    // Inside the map's clip: the GL backend leaves the last scissor set when it runs the
    // parcel pass, so parcels stay out of the panels when the map is zoomed or panned.
    draw_parcels(in);
    draw_tokens_on_host(dl, labels);
    const HeadlineText head = headline_text();
    draw_captions(dl, labels, head, in);
    dl->PopClipRect();
    draw_headline_and_legend(dl, head, legend, in);
    follow_overlay(dl, in, vmin, vsize);
    dl->PopClipRect();
    hover_cards(in);
}

// The boxes the words keep to: the host's stations, the door and the two memories under
// the mesh (the mesh and the chip hold many labels of their own, so they are not one).
void TokenScene::station_boxes(MapLabels& labels) const {
    for (int s : {kStPrompt, kStTokenizer, kStH2d, kStHostMem, kStSampler, kStD2h, kStDetok, kStScreen, kStDram3d, kStHbm}) {
        const WorldBox& r = lay_.station[s];
        labels.station_box(model().stations()[size_t(s)].id, view_.to_screen(r.min_x, r.min_y), view_.to_screen(r.max_x, r.max_y));
    }
    labels.station_box("door", view_.to_screen(lay_.door.min_x, lay_.door.min_y), view_.to_screen(lay_.door.max_x, lay_.door.max_y));
    // The SRAM's words are written in the enlarged core, under its title and right of its
    // bar (a half-seen core's words moved in from the map's edge lay over the bar).
    labels.own_area(model().stations()[size_t(kStSram)].id, view_.to_screen(kBigCoreSram.max_x, kBigCore.min_y + 30),
                    view_.to_screen(kBigCore.max_x, kBigCore.max_y));
}

void tokenui::draw_station_frames(ImDrawList* dl, const WorldView& v, const TokenLayout& lay) {
    float z = v.zoom();
    auto box = [&](const WorldBox& r, ImU32 fill, ImU32 edge, float thick) {
        if (fill) dl->AddRectFilled(v.to_screen(r.min_x, r.min_y), v.to_screen(r.max_x, r.max_y), fill, 8 * z);
        dl->AddRect(v.to_screen(r.min_x, r.min_y), v.to_screen(r.max_x, r.max_y), edge, 8 * z, 0, thick);
    };
    // The chip and the two host zones are outlines only: with software GL (projectors
    // driven by laptops, headless browsers) every filled pixel costs frame time.
    box(lay.chip, 0, IM_COL32(110, 124, 150, 255), std::max(1.5f, 3 * z));
    box({8, 10, 182, 690}, 0, IM_COL32(70, 72, 84, 255), 1);
    box({818, 10, 992, 690}, 0, IM_COL32(70, 72, 84, 255), 1);

    // The route, left to right: arrows under the station boxes.
    const ImU32 route = IM_COL32(120, 138, 170, 150);
    float w = std::max(1.5f, 3 * z);
    arrow(dl, v, {95, 140}, {95, 190}, route, w);
    arrow(dl, v, {95, 270}, {95, 320}, route, w);
    arrow(dl, v, {170, 360}, {lay.mesh.min_x, 360}, route, w);
    WorldBox smp = lay.station[kStSampler];
    arrow(dl, v, {lay.mesh.max_x, smp.center().y}, {smp.min_x, smp.center().y}, route, w);
    if (lay.sampler_on_host) arrow(dl, v, {905, 140}, {905, 190}, route, w);
    else arrow(dl, v, {smp.max_x, smp.center().y}, {830, 230}, route, w);
    arrow(dl, v, {905, 270}, {905, 320}, route, w);
    arrow(dl, v, {905, 400}, {905, 475}, route, w);

    // Stations as outlined cards with a filled band behind the name only.
    for (int s : {kStPrompt, kStTokenizer, kStH2d, kStSampler, kStD2h, kStDetok, kStScreen, kStHostMem}) {
        const WorldBox& r = lay.station[s];
        dl->AddRectFilled(v.to_screen(r.min_x, r.min_y), v.to_screen(r.max_x, r.min_y + 34), pal::kStationFill, 8 * z,
                          ImDrawFlags_RoundCornersTop);
        box(r, 0, pal::kStationEdge, std::max(1.0f, 2 * z));
    }
}

tokenui::StationWords tokenui::station_words(int station, const ParamValues& pv, bool sampler_on_host, Lang lang) {
    auto cost = [&](const char* id) { return format_duration(pv.get(id) * 1e-6, lang); };
    switch (station) {
        case kStPrompt: {
            const double prompt = pv.get("token.run.prompt_tokens");
            char buf[96];
            std::snprintf(buf, sizeof buf, "%.0f %s", prompt, tr(prompt == 1 ? "unit.tok_one" : "unit.tok"));
            return {tr("token.map.prompt"), buf, "", ""};
        }
        case kStTokenizer: {
            const std::string c = cost("token.host.tokenizer_us");
            return {tr("token.map.tokenizer"), c + tr("token.unit.per_tok"), "", c};
        }
        case kStH2d: return {tr("token.map.h2d"), format_si(pv.get("token.links.h2d_gbs") * 1e9, "B/s"), tr("token.map.h2d.short"), ""};
        case kStSampler:
            return {tr("token.map.sampler"), cost(sampler_on_host ? "token.host.sampler_host_us" : "token.host.sampler_device_us"), "", ""};
        case kStD2h: {
            const std::string latency = cost("token.links.d2h_latency_us");
            return {tr("token.map.d2h"), latency + " + " + format_si(pv.get("token.links.d2h_gbs") * 1e9, "B/s"), "", latency};
        }
        case kStDetok: {
            // Naive re-decoding pays its cost for every token of the answer so far, each step:
            // the box says so, as a lesson switching the mode needs it seen.
            const std::string c = cost("token.host.detok_us");
            const bool naive = std::lround(pv.get("token.host.detok_mode")) == tj::token::kDetokNaive;
            return {tr("token.map.detok"),
                    naive ? fill_slot(tr("token.map.detok_naive"), "{c}", c) : c + tr("token.unit.per_tok"), tr("token.map.detok.short"),
                    naive ? fill_slot(tr("token.map.detok_naive_short"), "{c}", c) : c, kDetokQueueRow};
        }
        default: return {"", "", "", ""};
    }
}

void tokenui::place_station_words(MapLabels& labels, const WorldView& v, const WorldBox& r, const std::string& id, const StationWords& w) {
    map_name(labels, id, v, {r.center().x, r.min_y + 22}, 19, pal::kText, w.name, 0.5f, w.short_name);
    // Numbers under a station's name are its inputs, tagged so. Wider than the box (中文's
    // units are), they take two lines, broken where the breaker allows, where the box has
    // room for two (lines a text height apart in world units: a phone's floor on the text
    // size makes them taller than the box's 19). Where it has not, the first of these that
    // fits one line: the figure with its tag, the figure, the short figure ("5.00 µs" for
    // "5.00 µs + 31.5 GB/s") with its tag, the short figure (drawn where none fits).
    const float room = (r.max_x - r.min_x - 10) * v.zoom(), px = map_font_px(v, 15);
    const std::string tag = provenance_tag(Provenance::Input);
    std::string text = w.detail + " " + tag;
    std::vector<tj::LineSpan> lines = wrap_lines(px, text, room);
    const float line_h = std::max(19.0f, px * 1.1f / v.zoom());
    const bool two_fit = r.min_y + 46 + line_h * 1.5f <= r.max_y - w.foot;
    if (lines.size() > 1 && !two_fit) {
        for (const std::string& one : {w.detail, w.short_detail.empty() ? "" : w.short_detail + " " + tag, w.short_detail})
            if (!one.empty() && wrap_lines(px, one, room).size() == 1) {
                text = one, lines.resize(1);
                break;
            }
        if (lines.size() > 1 && !w.short_detail.empty()) text = w.short_detail, lines.resize(1);
    }
    if (lines.size() == 1) {
        map_detail(labels, id, v, {r.center().x, r.min_y + 50}, 15, pal::kTextDim, text);
        return;
    }
    for (size_t k = 0; k < 2 && k < lines.size(); k++) {
        const tj::LineSpan& l = lines[k];
        std::string line = text.substr(l.begin, (k == 1 ? text.size() : l.end) - l.begin);  // a third line joins the second
        map_detail(labels, id, v, {r.center().x, r.min_y + 46 + line_h * float(k)}, 15, pal::kTextDim, line);
        if (k == 1 && map_detail_shown(v, 15)) labels.tie_to_previous();  // both lines were given
    }
}

void tokenui::place_host_memory_words(MapLabels& labels, const WorldView& v, const WorldBox& r, const std::string& id,
                                      const TokenView& t, bool held) {
    map_name(labels, id, v, {r.center().x, r.min_y + 22}, 18, pal::kText, tr("token.map.host_mem"), 0.5f, tr("token.map.host_mem.short"));
    // The KV cache and the weights spilled, each as the card (and a lesson's figure) writes it;
    // while a question is open, whether anything spills may be the answer.
    const double kv = held ? 0 : t.kv[kHostMem], weights = held ? 0 : t.weights[kHostMem];
    std::string s = held ? "? " + std::string(provenance_tag(Provenance::Output))
                    : kv > 0 ? "KV " + format_bytes(kv) + " " + tr("token.map.spilled") + " " + provenance_tag(Provenance::Output)
                    : weights > 0 ? "" : std::string(tr("token.map.empty"));
    const ImU32 col = kv + weights > 0 ? pal::kVermillion : pal::kTextDim;
    if (!s.empty()) map_detail(labels, id, v, {r.center().x, r.min_y + 48}, 14, col, s);
    if (weights > 0)
        map_detail(labels, id, v, {r.center().x, r.min_y + (kv > 0 ? 70 : 48)}, 13, col,
                   std::string(tr("token.map.weights")) + " " + format_bytes(weights) + " " + tr("token.map.spilled"));
    map_detail(labels, id, v, {r.center().x, r.min_y + 94}, 13, pal::kTextDim, tr("token.map.over_pcie"));
}

void tokenui::draw_memory_levels(ImDrawList* dl, const WorldView& v, const TokenLayout& lay, const TokenView& t, bool held) {
    // A lesson's question open: the bars wait empty (TokenScene::fill_bar).
    auto fill_bar = [&](ImDrawList* d, const WorldBox& r, double weights, double kv, double capacity, bool vertical) {
        draw_fill_bar(d, v, r, held ? 0 : weights, held ? 0 : kv, capacity, vertical);
    };
    float z = v.zoom();
    // 3D-stacked DRAM: a slab right under the mesh, joined to it by many short vertical paths.
    WorldBox d = lay.station[kStDram3d];
    if (t.level_enabled[kDram3d]) {
        dl->AddRectFilled(v.to_screen(d.min_x, d.min_y), v.to_screen(d.max_x, d.max_y), kStoreFill, 6 * z);
        // Under its name's letters: on a small map, a phone's, the name is set from the
        // slab's top and fills most of it, and the bar moves down and thins (it lay under
        // "3D-stacked DRAM").
        const float name_foot = d.min_y + (name_foot_below_box_top(map_font_px(v, 15)) + 1) / z;
        const float bar_top = std::min(std::max(d.max_y - 20, name_foot), d.max_y - 3 / z);
        fill_bar(dl, {d.min_x + 8, bar_top, d.max_x - 8, std::max(d.max_y - 8, bar_top + 2 / z)}, t.weights[kDram3d], t.kv[kDram3d],
                 t.capacity[kDram3d], false);
    } else {
        dl->AddRect(v.to_screen(d.min_x, d.min_y), v.to_screen(d.max_x, d.max_y), IM_COL32(90, 96, 110, 255), 6 * z, 0, 1);
    }
    // Far DRAM / HBM: stacks along the chip's bottom edge.
    WorldBox h = lay.station[kStHbm];
    if (t.level_enabled[kHbm]) {
        for (int i = 0; i < 4; i++) {
            float x0 = h.min_x + i * (h.max_x - h.min_x) / 4 + 6, x1 = h.min_x + (i + 1) * (h.max_x - h.min_x) / 4 - 6;
            for (int k = 0; k < 4; k++) {  // a stack of dies
                float y0 = h.min_y + 4 + k * 9;
                dl->AddRectFilled(v.to_screen(x0, y0), v.to_screen(x1, y0 + 7), IM_COL32(58, 72, 96, 255), 2 * z);
            }
        }
        fill_bar(dl, {h.min_x + 8, h.max_y - 22, h.max_x - 8, h.max_y - 10}, t.weights[kHbm], t.kv[kHbm], t.capacity[kHbm], false);
    } else {
        dl->AddRect(v.to_screen(h.min_x, h.min_y), v.to_screen(h.max_x, h.max_y), IM_COL32(90, 96, 110, 255), 6 * z, 0, 1);
    }
    // Host memory: whatever does not fit on the device.
    WorldBox m = lay.station[kStHostMem];
    if (t.weights[kHostMem] + t.kv[kHostMem] > 0)
        fill_bar(dl, {m.min_x + 10, m.max_y - 22, m.max_x - 10, m.max_y - 10}, t.weights[kHostMem], t.kv[kHostMem], 0, false);
}

std::string tokenui::waiting_text(const std::vector<tj::Metric>& metrics) {
    char buf[160];
    std::snprintf(buf, sizeof buf, tr("token.map.waiting"), int(tj::metric_value(metrics, "requests_waiting")),
                  int(tj::metric_value(metrics, "requests_preempted_waiting")));
    return buf;
}

void tokenui::place_door_queue(MapLabels& labels, const WorldView& v, const WorldBox& door, const std::vector<tj::Metric>& metrics,
                               int running, float y) {
    const std::string waiting = waiting_text(metrics);
    map_detail(labels, "door", v, {door.center().x, y}, 13,
               tj::metric_value(metrics, "requests_waiting") > 0 ? pal::kVermillion : pal::kTextDim, waiting, 0.5f,
               without_aside(waiting));  // "59 waiting" less "(1 pre-empted)"
    char buf[96];
    std::snprintf(buf, sizeof buf, tr("token.map.running"), running);
    map_detail(labels, "door", v, {door.center().x, y + 15}, 13, pal::kTextDim, buf);
}

// The door between the prompts and the chip: with the paged KV policy a request comes
// in only while the KV warehouse has room for it; the bar is the warehouse (blocks in
// use over all), the squares the requests waiting outside.
void TokenScene::draw_door(ImDrawList* dl, MapLabels& labels) {
    const WorldView& v = view_;
    const TokenView& t = tv();
    float z = v.zoom();
    WorldBox r = lay_.door;
    // A lesson's question open: how full the warehouse is and who waits may be its answer,
    // so the door shows its frame and the warehouse's size, and "?" for the rest.
    const bool held = answer_hidden();
    bool full = t.kv_paged && t.kv_full && !held;
    dl->AddRectFilled(v.to_screen(r.min_x, r.min_y), v.to_screen(r.max_x, r.min_y + 24), pal::kStationFill, 8 * z,
                      ImDrawFlags_RoundCornersTop);
    dl->AddRect(v.to_screen(r.min_x, r.min_y), v.to_screen(r.max_x, r.max_y), full ? pal::kVermillion : pal::kStationEdge, 8 * z, 0,
                std::max(1.0f, (full ? 3 : 2) * z));
    map_name(labels, "door", v, {r.center().x, r.min_y + 12}, 15, pal::kText, tr("token.map.door"), 0.5f, tr("token.map.door.short"));
    char buf[160];
    if (t.kv_paged) {
        WorldBox bar{r.min_x + 10, r.min_y + 30, r.max_x - 10, r.min_y + 40};
        fill_bar(dl, bar, 0, held ? 0 : t.kv_used_bytes, std::max(1.0, t.kv_capacity_bytes), false);
        if (full) dl->AddRect(v.to_screen(bar.min_x, bar.min_y), v.to_screen(bar.max_x, bar.max_y), pal::kVermillion, 0, 0, 2);
        double share = t.kv_capacity_bytes > 0 ? t.kv_used_bytes / t.kv_capacity_bytes : 0;
        std::string used = held ? "?" : format_metric("kv_used_fraction", share, "", language());  // as the card writes it
        std::snprintf(buf, sizeof buf, "%s / %s", used.c_str(), format_bytes(t.kv_capacity_bytes).c_str());
        // Blocks, not bytes: a request holds its prompt's blocks from admission, before its
        // tokens fill them, so this share runs ahead of the KV bytes in HBM. "KV blocks" and
        // the provenance tag are dropped where the door is too narrow for them.
        if (t.kv_capacity_bytes > 0)
            map_detail(labels, "door", v, {r.center().x, r.min_y + 52}, 13, full ? pal::kVermillion : pal::kTextDim,
                       std::string(tr("token.map.door.blocks")) + " " + buf + " " + provenance_tag(Provenance::Output), 0.5f, buf);
        else
            map_detail(labels, "door", v, {r.center().x, r.min_y + 52}, 13, pal::kTextDim, tr("token.map.no_kv_room"));
    } else {
        map_detail(labels, "door", v, {r.center().x, r.min_y + 40}, 13, pal::kTextDim, tr("token.map.offload"));
    }
    if (held) {
        map_detail(labels, "door", v, {r.center().x, r.min_y + 66}, 13, pal::kTextDim, tr("token.map.door_held"));
        return;
    }
    place_door_queue(labels, v, r, metrics_now_, t.running, r.min_y + 66);
    // Up to 10 waiting requests as squares (pre-empted ones purple: they hold an answer
    // begun); more are counted above.
    int shown = std::min(t.queued + t.preempted, 10);
    for (int i = 0; i < shown; i++) {
        float x = r.min_x + 12 + float(i) * 13, y = r.min_y + 91;
        dl->AddRectFilled(v.to_screen(x, y), v.to_screen(x + 9, y + 8), i < t.preempted ? pal::kPurple : pal::kSky);
    }
}

void TokenScene::draw_mesh(ImDrawList* dl) {
    const WorldView& v = view_;
    const TokenView& t = tv();
    int gx = std::min(t.mesh_x, kMaxCellsAcross), gy = std::min(t.mesh_y, kMaxCellsAcross);
    WorldBox m = lay_.mesh;
    float cell = std::min((m.max_x - m.min_x) / float(gx), (m.max_y - m.min_y - 26) / float(gy));
    float ox = m.center().x - cell * gx * 0.5f, oy = m.min_y + 26;
    bool busy = t.step_kind_now >= 0;
    // A question open: how much of the time the cores compute waits with the answer, so
    // the squares, the enlarged core's outline and its bar show no split.
    const bool held = answer_hidden();
    float f = held ? 0.0f : float(t.core_busy_fraction);
    double per_core_cap = t.capacity[kSram] / std::max(1.0, double(t.mesh_x) * t.mesh_y * t.chips);
    double per_core_w = t.weights[kSram] / std::max(1.0, double(t.mesh_x) * t.mesh_y * t.chips);
    double per_core_kv = t.kv[kSram] / std::max(1.0, double(t.mesh_x) * t.mesh_y * t.chips);
    float pad = cell * 0.14f;
    // Too few squares to show a share by their count (one core: green at any share at all),
    // so each square shows it: its lower part green by the share computing.
    const bool split = gx * gy < kMinCellsForShare;
    for (int y = 0; y < gy; y++) {
        for (int x = 0; x < gx; x++) {
            float x0 = ox + x * cell + pad, y0 = oy + y * cell + pad, x1 = ox + (x + 1) * cell - pad,
                  y1 = oy + (y + 1) * cell - pad;
            if (split && busy && !held) {
                share_box(dl, v.to_screen(x0, y0), v.to_screen(x1, y1), f);
            } else {
                // The share of squares shown computing is the cores' share of time computing in the step.
                bool computing = busy && cell_hash(y * gx + x) < f;
                ImU32 fill = !busy || held ? kIdleFill : computing ? kCompute : kWaitFill;
                dl->AddRectFilled(v.to_screen(x0, y0), v.to_screen(x1, y1), fill);
            }
            // Its SRAM warehouse: a small bar in the square's left edge.
            fill_bar(dl, {x0, y0, x0 + (x1 - x0) * 0.28f, y1}, per_core_w, per_core_kv, per_core_cap, true);
        }
    }
    // One core, enlarged: the sorting centre and its warehouse at a readable size.
    WorldBox b = kBigCore;
    // Its state as the colour of a thick outline (a filled card would cost pixels, not meaning).
    ImU32 bstate = !busy ? kIdleFill : f >= 0.5f ? kCompute : kWaitFill;
    dl->AddRect(v.to_screen(b.min_x, b.min_y + 30), v.to_screen(b.max_x, b.max_y), bstate == kWaitFill || held ? pal::kStationEdge : bstate,
                6 * v.zoom(), 0, std::max(2.0f, 4 * v.zoom()));
    fill_bar(dl, {b.min_x + 8, b.min_y + 40, b.min_x + 40, b.max_y - 10}, per_core_w, per_core_kv, per_core_cap, true);
    // The compute/wait split of the last step as a bar.
    WorldBox sb{b.min_x + 50, b.max_y - 24, b.max_x - 8, b.max_y - 12};
    ImVec2 sa = v.to_screen(sb.min_x, sb.min_y), sbb = v.to_screen(sb.max_x, sb.max_y);
    dl->AddRectFilled(sa, sbb, held ? kIdleFill : kWaitFill);
    dl->AddRectFilled(sa, {sa.x + (sbb.x - sa.x) * f, sbb.y}, kCompute);
    dl->AddRect(sa, sbb, pal::kStationEdge);
}

void TokenScene::draw_streams(ImDrawList* dl) {
    const WorldView& v = view_;
    const TokenView& t = tv();
    bool busy = t.step_kind_now >= 0;
    const char* ids[kLevelCount] = {"bytes_per_token_sram", "bytes_per_token_dram3d", "bytes_per_token_hbm",
                                    "bytes_per_token_host"};
    double bytes[kLevelCount], most = 0;
    for (int l = 0; l < kLevelCount; l++) most = std::max(most, bytes[l] = metric(ids[l]));
    if (!(most > 0)) return;
    float phase = playing() && busy ? float(std::fmod(ImGui::GetTime() * 0.8, 1.0)) : 0.25f;
    // A question open: the streams still run from every warehouse the model reads, but all
    // alike and grey, since how wide each is (and how much of it is KV cache) may be the answer.
    const bool held = answer_hidden();
    WorldBox m = lay_.mesh, d = lay_.station[kStDram3d], h = lay_.station[kStHbm], hm = lay_.station[kStHostMem];
    for (int l = 0; l < kLevelCount; l++) {
        if (!(bytes[l] > 0)) continue;
        // Width and dash count in proportion to the level's bytes per token; the dashes
        // split orange/purple as the level's bytes split between weights and KV cache
        // (every decode step reads all of both).
        float share = held ? 0.5f : float(bytes[l] / most);
        float wpx = (1.5f + 9.0f * share) * std::max(0.6f, v.zoom());
        int n = 2 + int(6 * share);
        double stored = t.weights[l] + t.kv[l];
        int n_kv = stored > 0 && !held ? int(std::lround(n * t.kv[l] / stored)) : 0;
        ImU32 base = held ? IM_COL32(120, 128, 144, 60) : l == kHostMem ? IM_COL32(213, 94, 0, 90) : IM_COL32(230, 159, 0, 60);
        auto flow = [&](const ImVec2* pts, int np, float width, int count) {
            for (int i = 1; i < np; i++)
                dl->AddLine(v.to_screen(pts[i - 1].x, pts[i - 1].y), v.to_screen(pts[i].x, pts[i].y), base, width);
            int kv = std::min(count, count * n_kv / std::max(1, n));
            dashes(dl, v, pts, np, held ? pal::kGrey : pal::kOrange, width, phase, count - kv);
            dashes(dl, v, pts, np, pal::kPurple, width, std::fmod(phase + 0.5f / float(count), 1.0f), kv);
        };
        if (l == kSram) {
            // Local to every core: a strip along the top of the mesh.
            ImVec2 pts[2] = {{m.min_x + 6, m.min_y + 21}, {m.max_x - 6, m.min_y + 21}};
            flow(pts, 2, wpx * 0.6f, n * 3);
        } else if (l == kDram3d) {
            for (int k = 0; k < 8; k++) {  // many short vertical paths up into the mesh
                float x = d.min_x + (k + 0.5f) * (d.max_x - d.min_x) / 8;
                ImVec2 pts[2] = {{x, d.min_y}, {x, m.max_y - 4}};
                flow(pts, 2, wpx, 2);
            }
        } else if (l == kHbm) {
            // Up the chip's side edges, in through the mesh edge, then across it (NoC hops).
            for (int side = 0; side < 2; side++) {
                float x = side ? m.max_x + 12 : m.min_x - 12;
                ImVec2 pts[4] = {{side ? h.max_x - 30 : h.min_x + 30, h.min_y},
                                 {x, h.min_y - 20},
                                 {x, m.center().y},
                                 {m.center().x + (side ? 30.0f : -30.0f), m.center().y}};
                flow(pts, 4, wpx, n * 2);
            }
        } else {
            ImVec2 pts[3] = {{hm.max_x, hm.center().y}, {m.min_x - 24, hm.center().y}, {m.min_x - 24, m.max_y - 30}};
            flow(pts, 3, wpx, n);
        }
    }
}

// A pipeline (chip stages, or layer regions on one chip): a row of stages under the
// mesh, joined by the hops that carry activations, with the tokens of the step under
// way crossing them. The micro-batches follow each other one stage apart, as in
// step_cost.h; beyond kMaxStagesDrawn stages each box stands for several.
void TokenScene::draw_pipeline(ImDrawList* dl, MapLabels& labels) {
    const WorldView& v = view_;
    const TokenView& t = tv();
    if (t.stages <= 1) return;
    constexpr int kMaxStagesDrawn = 12;
    const WorldBox strip = kPipelineStrip;
    // Each box the same whole number of stages where a near one divides them (32 layers:
    // 8 boxes of 4, not 12 of "3", which a class multiplies to 36).
    int per = (t.stages + kMaxStagesDrawn - 1) / kMaxStagesDrawn;
    for (int d = per; d <= 2 * per; d++)
        if (t.stages % d == 0) { per = d; break; }
    const int n = (t.stages + per - 1) / per;
    float slot = (strip.max_x - strip.min_x) / float(n), gap = std::min(24.0f, slot * 0.35f);
    float z = v.zoom();
    bool busy = t.step_kind_now >= 0 && t.step_t1 > t.step_t0;
    double now = model().now();
    double u = busy ? std::clamp((now - t.step_t0) / (t.step_t1 - t.step_t0), 0.0, 1.0) : 0;
    float phase = playing() && busy ? float(std::fmod(ImGui::GetTime() * 1.5, 1.0)) : 0.25f;
    // Where each micro-batch is, in stages from the first: the first leads, the others
    // one stage behind each other. Decoding, the pipeline stays full (a micro-batch
    // that leaves the last stage comes back to the first); a prefill fills it from empty.
    int micro = busy ? std::clamp(t.step_seqs, 1, t.stages) : 0;
    bool loop = t.step_kind_now != kStepPrefill;
    const float computing = answer_hidden() ? 0.0f : float(t.core_busy_fraction);  // a question open: no split shown
    std::vector<float> at;
    for (int k = 0; k < micro; k++) {
        double pos = u * t.stages - k;
        if (loop && pos < 0) pos += t.stages;
        if (pos >= 0) at.push_back(float(pos * n / t.stages));
    }
    for (int i = 0; i < n; i++) {
        float x0 = strip.min_x + i * slot, x1 = x0 + slot - gap;
        bool holds = false;
        for (float p : at) holds |= p >= float(i) && p < float(i + 1);
        ImVec2 a = v.to_screen(x0, strip.min_y), b = v.to_screen(x1, strip.max_y);
        // A stage with a micro-batch has work, which is not computing: as the mesh's
        // squares, only its share of time computing is green (the token marks the work).
        if (holds) share_box(dl, a, b, computing, 4 * z);
        else dl->AddRectFilled(a, b, busy ? kWaitFill : kIdleFill, 4 * z);
        dl->AddRect(a, b, pal::kStationEdge, 4 * z, 0, std::max(1.0f, 1.5f * z));
        if (i + 1 < n) {  // the hop to the next stage: activations on the move
            ImVec2 pts[2] = {{x1, strip.center().y}, {x1 + gap, strip.center().y}};
            dl->AddLine(v.to_screen(pts[0].x, pts[0].y), v.to_screen(pts[1].x, pts[1].y), IM_COL32(86, 180, 233, 90),
                        std::max(2.0f, 4 * z));
            if (busy) dashes(dl, v, pts, 2, pal::kSky, std::max(2.0f, 4 * z), phase, 1);
        }
    }
    // The tokens themselves, moving through their stage.
    for (float p : at) {
        float x = strip.min_x + p * slot;
        ImVec2 s = v.to_screen(std::min(x, strip.max_x - 6), strip.center().y);
        float r = std::max(4.0f, 7 * z);
        dl->AddRectFilled({s.x - r, s.y - r * 0.7f}, {s.x + r, s.y + r * 0.7f}, pal::kSky, 2);
        dl->AddRect({s.x - r, s.y - r * 0.7f}, {s.x + r, s.y + r * 0.7f}, pal::kText, 2);
    }
    // What the row is: stages, chips per stage, the hop and the sequences in flight.
    char buf[200];
    const Hardware& hw = tm().hardware();
    std::string head = std::string(tr("token.map.pipeline")) + ": ";
    if (t.chip_stages > 1) {
        std::snprintf(buf, sizeof buf, "%d %s × %d %s", t.chip_stages, tr("token.map.stages"), t.chips_per_stage,
                      tr("token.map.chips"));
        head += buf;
        head += " · " + std::string(tr("token.map.hop")) + " " + format_duration(hw.chip_link_latency, language());
    }
    if (t.regions > 1) {
        std::snprintf(buf, sizeof buf, "%s%d %s", t.chip_stages > 1 ? " · " : "", t.regions, tr("token.map.regions"));
        head += buf;
    }
    // Its short form, where the whole line runs into another name (a phone's map): what the
    // stages are, without the boxes' grouping and the count in flight.
    const std::string short_head = head + " " + provenance_tag(Provenance::Input);
    if (t.stages > n) {
        head += " (";
        std::snprintf(buf, sizeof buf, tr("token.map.each_box"), per);
        head += std::string(buf) + ")";
    }
    head += std::string(" ") + provenance_tag(Provenance::Input);
    if (micro > 0) {
        std::string count = answer_hidden() ? "?" : std::to_string(micro);  // a question open: the model's count waits
        std::snprintf(buf, sizeof buf, " · %s %s %s", tr("token.map.in_flight"), count.c_str(), provenance_tag(Provenance::Output));
        head += buf;
    }
    head = join_magnitudes(head);
    map_name(labels, "pipeline", v, {strip.min_x, strip.min_y - 10}, 14, pal::kText, head, 0, join_magnitudes(short_head));
}

void TokenScene::draw_tokens_on_host(ImDrawList* dl, MapLabels& labels) {
    const WorldView& v = view_;
    const TokenView& t = tv();
    double now = model().now();
    const std::vector<std::string>& toks = answer_tokens();
    ImVec2 smp = lay_.station[kStSampler].center(), d2h = lay_.station[kStD2h].center(),
           det = lay_.station[kStDetok].center(), scr = station_position(kStScreen);
    WorldBox tray{830, 408, 980, 440};  // where held tokens wait, labelled under it
    bool show_text = map_font_px(v, 13, 0) >= 14;  // zoomed in enough to read a token
    // The pile at the detokenizer: whether tokens wait for it or are held until their
    // character is whole, counted over the tokens kept (the drawing stops at 40); how many
    // are on their way written as the card writes it (the model counts them all).
    int waiting_all = 0, held_all = 0;
    for (const TokenJourney& j : t.journeys) {
        double t_det = j.t_sampled + j.link_s + j.detok_s;
        waiting_all += j.t_sampled + j.link_s <= now && now < t_det;
        held_all += t_det <= now && now < t_det + j.hold_s;
    }
    // A question open: how many tokens pile up there may be its answer (a careless
    // detokenizer, a share held), so the tokens still cross the link and the rest waits.
    // Where the answer has held tokens, the line stays and says how many so far: a held
    // token is on the map for a step only, and a caption about holding needs it seen.
    char pile[200] = "?";
    if (!answer_hidden()) {
        const Metric* m = find_metric("tokens_in_flight");
        const Metric* share = find_metric("detok_hold_share");
        const bool holds = share && share->value > 0;
        std::string on_way = m ? format_metric(m->id, m->value, m->unit, language()) : std::to_string(waiting_all + held_all);
        if (waiting_all + held_all == 0 && !holds) pile[0] = 0;
        else {
            int n = std::snprintf(pile, sizeof pile, tr("token.map.detok_pile"), on_way.c_str(), held_all);
            if (holds && n > 0 && size_t(n) < sizeof pile)
                std::snprintf(pile + n, sizeof pile - size_t(n), tr("token.map.detok_held_share"),
                              format_metric(share->id, share->value, share->unit, language()).c_str());
        }
    }
    seen_.piles = {{"detok", pile}};
    // Placed as the map's other words: kept inside the map's edge (a zoomed lesson map
    // centres the detokenizer, and the line is wider than its box), on a plate over the link.
    if (pile[0] && !answer_hidden())
        labels.detail("detok_pile", v.to_screen(tray.center().x, tray.max_y + 12), map_font_px(v, 12), pal::kVermillion, pile,
                      0.5f, true);
    int queued = 0, held = 0, drawn = 0;
    std::vector<ImVec2> labelled;
    for (auto it = t.journeys.rbegin(); it != t.journeys.rend() && drawn < 40; ++it) {
        const TokenJourney& j = *it;
        if (!(j.t_sampled <= now && now < j.t_screen)) continue;
        double t_link = j.t_sampled + j.link_s, t_det = t_link + j.detok_s, t_hold = t_det + j.hold_s;
        if (answer_hidden() && now >= t_link) continue;
        ImVec2 p;
        auto lerp = [](ImVec2 a, ImVec2 b, double u) {
            float f = float(std::clamp(u, 0.0, 1.0));
            return ImVec2{a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f};
        };
        bool is_held = false, in_queue = false;
        if (now < t_link) {
            double u = j.link_s > 0 ? (now - j.t_sampled) / j.link_s : 1;
            p = u < 0.5 ? lerp(smp, d2h, u * 2) : lerp(d2h, det, u * 2 - 1);
        } else if (now < t_det) {  // one row under the detokenizer's figure; the count says the rest
            if (queued++ >= 6) continue;
            p = {det.x - 50 + float(queued - 1) * 20, lay_.station[kStDetok].max_y - kDetokQueueRow * 0.5f};
            in_queue = true;
        } else if (now < t_hold) {
            p = {tray.min_x + 14 + float(held % 7) * 20, tray.center().y};
            held++;
            is_held = true;
        } else {
            double span = j.t_screen - t_hold;
            p = lerp({det.x, tray.max_y}, scr, span > 0 ? (now - t_hold) / span : 1);
        }
        ImVec2 s = v.to_screen(p.x, p.y);
        float r = std::max(4.0f, 7 * v.zoom());
        ImU32 col = is_held ? pal::kVermillion : pal::kSky;
        dl->AddRectFilled({s.x - r, s.y - r * 0.7f}, {s.x + r, s.y + r * 0.7f}, col, 2);
        // Zoomed in, a parcel shows its bytes; where parcels bunch (a queue, the tray,
        // a step's tokens travelling together) only the first one is labelled.
        bool crowded = false;
        for (const ImVec2& q : labelled) crowded |= std::fabs(q.x - p.x) < 60 && std::fabs(q.y - p.y) < 24;
        if (show_text && !toks.empty() && !crowded && !in_queue) {  // the queue's words would cover the figure
            std::string label = tj::utf8_visible(toks[(j.index + toks.size() - 1) % toks.size()]);
            map_text(dl, v, {p.x, p.y - 14}, 11, is_held ? pal::kVermillion : pal::kText, label.c_str());
            labelled.push_back(p);
        }
        drawn++;
    }
    if (held > 0) {
        dl->AddRect(v.to_screen(tray.min_x, tray.min_y), v.to_screen(tray.max_x, tray.max_y), pal::kVermillion, 4, 0, 1.5f);
        map_text(dl, v, {tray.center().x, tray.max_y + 26}, 12, pal::kVermillion, tr("token.map.held"));
    }
}

void TokenScene::draw_captions(ImDrawList* dl, MapLabels& labels, const HeadlineText& head, const FrameInput& in) {
    const WorldView& v = view_;
    const TokenView& t = tv();
    char buf[160];
    auto id = [&](int s) -> const std::string& { return model().stations()[size_t(s)].id; };
    const ParamValues& pv = values();
    Lang lang = language();
    // A question open: what the warehouses hold is an output that may be its answer.
    auto held_bytes = [&](double b) { return answer_hidden() ? std::string("?") : format_bytes(b); };
    // Host side, left.
    map_name(labels, "host_in", v, {95, 35}, 15, pal::kTextDim, tr("token.map.host_in"));
    auto words = [&](int s) { place_station_words(labels, v, lay_.station[s], id(s), station_words(s, pv, lay_.sampler_on_host, lang)); };
    for (int s : {kStPrompt, kStTokenizer, kStH2d}) words(s);
    place_host_memory_words(labels, v, lay_.station[kStHostMem], id(kStHostMem), t, answer_hidden());
    // The chip.
    const Hardware& hw = tm().hardware();
    std::snprintf(buf, sizeof buf, "%s  %d × %d %s", tr("token.map.chip"), t.mesh_x, t.mesh_y, tr("token.map.cores"));
    std::string chip = buf;
    if (t.chips > 1) {
        std::snprintf(buf, sizeof buf, "  × %d %s", t.chips, tr("token.map.chips"));
        chip += buf;
    }
    // The peak rate joins the title where the chip's box has room for it (not on a phone's
    // map) and the longer line runs into no other name (the host's, on a phone's zoomed map).
    const std::string with_peak = chip + "  " + format_si(hw.peak_flops(), "FLOP/s") + " " + provenance_tag(Provenance::Input);
    const float room = (lay_.chip.max_x - lay_.chip.min_x - 28) * v.zoom();
    const bool peak_fits = wrap_lines(map_font_px(v, 19), with_peak, room).size() == 1;
    labels.name_with_figures(id(kStMesh), v.to_screen(lay_.chip.min_x + 14, lay_.chip.min_y + 20), map_font_px(v, 19), pal::kText,
                             chip, peak_fits ? with_peak : "", 0);
    std::string mesh_note = tr("token.map.mesh");
    if (t.mesh_x > kMaxCellsAcross || t.mesh_y > kMaxCellsAcross) {
        double per = double(t.mesh_x) * t.mesh_y / (std::min(t.mesh_x, kMaxCellsAcross) * std::min(t.mesh_y, kMaxCellsAcross));
        std::snprintf(buf, sizeof buf, tr("token.map.each_square"), per);
        mesh_note += buf;
    }
    map_detail(labels, id(kStMesh), v, {lay_.mesh.center().x, lay_.mesh.min_y + 9}, 15, pal::kTextDim, mesh_note);
    // Levels: name, capacity and bandwidth on one line, what they hold on the next.
    auto level_lines = [&](int l, const WorldBox& r, float y_name, float y_fill, const char* name, const char* short_name) {
        std::string head = std::string(name) + "  " +
                           (t.level_enabled[l] ? level_size(hw, l) + " " + provenance_tag(Provenance::Input)
                                               : std::string(tr("token.map.absent")));
        // Centred in the part of the box the map shows (a zoomed map cuts it at its edge).
        const float x0 = std::max(v.to_screen(r.min_x, 0).x, seen_.map_min.x), x1 = std::min(v.to_screen(r.max_x, 0).x, seen_.map_max.x);
        const ImVec2 at{(x0 + x1) * 0.5f, v.to_screen(0, y_name).y};
        ImU32 col = t.level_enabled[l] ? pal::kText : pal::kTextDim;
        // Zoomed far out, or where the whole line would run into another name, the name alone;
        // an absent level's short name still says it is absent ("3D-stacked DRAM: none"), and
        // is all it says where the whole line would run out of the box (and where that would
        // too, the box is mostly off the map: nothing).
        char none[160], none_short[160];
        std::snprintf(none, sizeof none, tr("token.map.level_none"), without_aside(name).c_str());
        std::snprintf(none_short, sizeof none_short, tr("token.map.level_none"), short_name);  // "3D DRAM: none" on a phone
        auto fits = [&](const std::string& text) { return wrap_lines(map_font_px(v, 15), text, x1 - x0 - 10 * v.zoom()).size() == 1; };
        if (!t.level_enabled[l]) {
            for (const char* said : {none, none_short})
                if (fits(said)) return labels.name_with_figures(id(kStSram + l), at, map_font_px(v, 15), col, said, fits(head) ? head : "");
            return;
        }
        if (map_detail_shown(v, 15)) labels.name_with_figures(id(kStSram + l), at, map_font_px(v, 15), col, name, head);
        else labels.name(id(kStSram + l), at, map_font_px(v, 15), col, name);
        std::string fill = std::string(tr("token.map.weights")) + " " + held_bytes(t.weights[l]) + "  +  KV " +
                           held_bytes(t.kv[l]) + " " + provenance_tag(Provenance::Output);
        // Wider than its box (中文 in presenter mode), the line drops what the level reached.
        const std::string reached = level_reached(hw, l), held = fill;
        if (!reached.empty()) fill += "  ·  " + reached;
        map_detail(labels, id(kStSram + l), v, {r.center().x, y_fill}, 14, pal::kTextDim, fill, 0.5f, reached.empty() ? "" : held);
    };
    WorldBox d = lay_.station[kStDram3d], h = lay_.station[kStHbm];
    level_lines(kDram3d, d, d.min_y + 12, d.max_y + 14, tr("token.map.dram3d"), tr("token.level.dram3d"));
    level_lines(kHbm, h, h.min_y + 56, h.min_y + 78, far_memory_word("token.map.hbm"), far_memory_word("token.level.hbm"));

    // The enlarged core: its SRAM's size and bandwidth, what it holds (colours as the bar).
    WorldBox b = kBigCore;
    const std::string& sram = id(kStSram);
    // Over the box, or under it where the sampler's speculative lines come down to its top
    // (and a ring round the sampler would cross the words).
    const bool spec_lines = pv.get("token.spec.draft_k") >= 1;
    map_detail(labels, sram, v, {b.center().x, spec_lines ? b.max_y + 12 : b.min_y + 10}, 14, pal::kTextDim, tr("token.map.one_core"));
    double cores = std::max(1.0, hw.cores());
    float tx = b.min_x + 50;
    // Where the box is narrower than its words (a small map), a figure drops its word: the
    // SRAM's size beside its bar, the share computing over its green bar.
    const std::string per_core = format_bytes_binary(hw.level[kSram].capacity / cores);
    map_detail(labels, sram, v, {tx, b.min_y + 48}, 14, pal::kText, "SRAM " + per_core, 0, per_core);
    map_detail(labels, sram, v, {tx, b.min_y + 70}, 13, pal::kTextDim, format_si(hw.level[kSram].bandwidth / cores, "B/s"), 0);
    auto held_binary = [&](double b) { return answer_hidden() ? std::string("?") : format_bytes_binary(b); };
    map_detail(labels, sram, v, {tx, b.min_y + 94}, 13, pal::kOrange, held_binary(t.weights[kSram] / cores), 0);
    map_detail(labels, sram, v, {tx, b.min_y + 116}, 13, pal::kPurple, held_binary(t.kv[kSram] / cores), 0);
    bool busy = t.step_kind_now >= 0;
    const std::string share = format_metric("core_busy_fraction", t.core_busy_fraction, "", language());  // as the card writes it
    if (answer_hidden()) std::snprintf(buf, sizeof buf, "%s ?", tr("token.map.computing"));
    else std::snprintf(buf, sizeof buf, "%s %s", tr("token.map.computing"), share.c_str());
    map_detail(labels, sram, v, {tx, b.max_y - 38}, 13, busy ? pal::kText : pal::kTextDim,
               busy || answer_hidden() ? buf : tr("token.map.idle"), 0, busy && !answer_hidden() ? share : "");

    // Right side: sampler, link back, detokenizer, screen.
    map_name(labels, "host_out", v, {905, 35}, 15, pal::kTextDim, tr("token.map.host_out"));
    words(kStSampler);
    if (spec_lines) {  // speculative decoding: what a verify step yields
        const int k = int(pv.get("token.spec.draft_k"));
        const WorldBox& r = lay_.station[kStSampler];
        const tj::Metric* m = find_metric("spec_tokens_per_verify");  // written as the card writes it
        const std::string yield = answer_hidden() || !m ? std::string("?") : format_metric(m->id, m->value, m->unit, lang);
        // Under the box, on two short lines: the box's width holds its name and cost only,
        // and a wide line would run into the link's box.
        // The output's tag on the line of its figure ("?" while a question holds it).
        std::snprintf(buf, sizeof buf, tr("token.map.spec"), k, yield.c_str());
        map_detail(labels, id(kStSampler), v, {r.center().x, r.max_y + 12}, 13, pal::kText,
                   std::string(buf) + " " + provenance_tag(Provenance::Output));
        map_detail(labels, id(kStSampler), v, {r.center().x, r.max_y + 29}, 13, pal::kText, tr("token.map.spec_per"));
    }
    words(kStD2h);
    words(kStDetok);
    // The screen: the last characters of the watched answer.
    WorldBox s = lay_.station[kStScreen];
    map_name(labels, id(kStScreen), v, {s.center().x, s.min_y + 18}, 18, pal::kText, tr("token.map.screen"));
    // Its input, as the other host stops show theirs: the time from released text to pixels.
    const bool flush_shown = map_detail_shown(v, 14);
    if (flush_shown) {
        const std::string time = format_duration(pv.get("token.host.flush_ms") * 1e-3, lang), tag = provenance_tag(Provenance::Input);
        char flush[96];
        std::snprintf(flush, sizeof flush, tr("token.map.screen_flush"), time.c_str());
        map_detail(labels, id(kStScreen), v, {s.center().x, s.min_y + 40}, 14, pal::kTextDim, std::string(flush) + " " + tag, 0.5f,
                   time + " " + tag);  // too wide for the box: the figure alone
    }
    {
        double now = model().now();
        std::string tail;
        int n = 0;
        bool cut = false;  // more of the line came before what fits
        for (auto it = t.answer.rbegin(); it != t.answer.rend(); ++it) {
            if (it->t > now) continue;
            if (it->utf8 == "\n") break;
            if (n == 60) { cut = true; break; }
            tail.insert(0, it->utf8);
            n++;
        }
        if (cut) {
            // Start at a sentence where one begins in the first two thirds (a line opening
            // "…in memory; for each" read as text cut at the box's edge); else at a word, not
            // inside one ("hen the token"), saying the line goes on before.
            size_t sentence = std::string::npos, after = 0;
            for (const char* end : {". ", "? ", "! ", "。", "？", "！"})
                if (size_t at = tail.find(end); at < sentence && at < tail.size() * 2 / 3) sentence = at, after = std::strlen(end);
            if (sentence != std::string::npos) {
                tail = tail.substr(sentence + after);
            } else {
                size_t space = tail.find(' ');
                tail = "…" + (space < 24 ? tail.substr(space + 1) : tail);
            }
        }
        float px = map_font_px(v, 14);
        ImVec2 p = v.to_screen(s.min_x + 8, s.min_y + (flush_shown ? 54 : 36));
        // Under the title's letters where they are larger than the map's scale (a phone's
        // map: the title, set from the box's top, ran over the first line).
        p.y = std::max(p.y, v.to_screen(0, s.min_y).y + name_foot_below_box_top(map_font_px(v, 18)) + px * 0.2f);
        float wrap = (s.max_x - s.min_x - 16) * v.zoom();
        // A box cut by the map area's edge (a lesson zoomed on the chip, the card beside it)
        // shows no words: cut mid-word at the edge, they could not be read.
        const bool whole_width = p.x >= seen_.map_min.x && p.x + wrap <= seen_.map_max.x;
        // The wrap breaks inside a word wider than the box ("languag|e" on a phone): the
        // text shrinks until its widest Latin word fits, to three fifths at most; a word
        // still too wide, the line starts after it (the screen's last words, whole).
        struct Word { size_t end; float w; };
        std::vector<Word> latin;
        for (size_t at = 0; at < tail.size();) {
            size_t end = std::min(tail.find(' ', at), tail.size());
            std::string_view word(tail.data() + at, end - at);
            if (std::all_of(word.begin(), word.end(), [](char c) { return (unsigned char)c < 0x80; }))
                latin.push_back({end, ImGui::GetFont()->CalcTextSizeA(px, FLT_MAX, 0, word.data(), word.data() + word.size()).x});
            at = end + 1;
        }
        float widest = 0;
        for (const Word& w : latin) widest = std::max(widest, w.w);
        // (A little under the width: glyphs at a smaller size are not exactly narrower in proportion.)
        const float shrink = widest > wrap ? std::max(0.6f, wrap * 0.95f / widest) : 1.0f;
        px *= shrink;
        for (auto it = latin.rbegin(); it != latin.rend(); ++it)
            if (it->w * shrink > wrap) {
                if (it->end + 1 < tail.size()) tail = "…" + tail.substr(it->end + 1);
                break;
            }
        // An answer in the other language than the interface's says so at the box's foot,
        // with the setting that switches it (the note's lines go up from the bottom).
        // The foot as seen: above the legend's plate (last frame's) where the zoomed box runs under it.
        float bottom = v.to_screen(s.max_x - 6, s.max_y - 6).y;
        if (const ImVec4& lg = seen_.legend; lg.z > lg.x && p.x < lg.z && p.x + wrap > lg.x && bottom > lg.y - 4)
            bottom = lg.y - 4;
        // The answer's words come first: the note only where two lines of them still fit
        // above it (a zoomed box under the legend keeps its words, not the note).
        if (const char* lang_key = answer_language_key(); lang_key && whole_width && map_detail_shown(v, 12)) {
            std::string note = std::string(tr(lang_key)) + "\n" + tr("token.map.answer_lang_switch");
            float npx = map_font_px(v, 12), note_h = wrapped_text_size(npx, note, wrap).y;
            if (bottom - note_h - p.y >= 2 * px) {
                bottom -= note_h;
                draw_text_wrapped(dl, npx, {p.x, bottom}, pal::kTextDim, note, wrap);
            }
        }
        // A question open: the answer's words wait too (the built-in answer speaks of what
        // limits decoding); its tokens still arrive as parcels. Only whole lines, as many
        // as fit above the foot.
        std::string words = answer_hidden() ? std::string(held_words("token.map.screen_held", "token.map.screen_held_next")) : tail;
        std::vector<tj::LineSpan> lines = wrap_lines(px, words, wrap);
        const size_t room = size_t(std::max(0.0f, (bottom - p.y) / px));
        // The held note whole or not at all: "(the answer's words" cut at a phone's box
        // read as broken; there "?" says the same.
        if (answer_hidden() && lines.size() > room) words = "?", lines = wrap_lines(px, words, wrap);
        lines.resize(whole_width ? std::min(lines.size(), room) : 0);
        draw_lines(dl, px, p, answer_hidden() ? pal::kTextDim : pal::kYellow, words, lines);
    }

    labels.draw(dl);
    seen_.labels = labels.boxes();
    seen_.station_boxes = labels.station_boxes();

    // Bottleneck: outlined where it is, and named in words at the top of the map
    // (draw_headline_and_legend; headline_text: the same words the page's mirror reads).
    const int stage = head.stage;
    int st = answer_hidden() ? -1 : station_of_stage(stage);  // a question open: no outline
    if (st >= 0) {
        WorldBox r = st == kStSram || st == kStMesh ? lay_.mesh : lay_.station[st];
        if (stage == kPartChipLink) r = lay_.chip;  // chip link: the whole chip
        dl->AddRect(v.to_screen(r.min_x - 4, r.min_y - 4), v.to_screen(r.max_x + 4, r.max_y + 4), pal::kBottleneck, 10 * v.zoom(),
                    0, std::max(2.5f, 4 * v.zoom()));
    }
}

void TokenScene::draw_headline_and_legend(ImDrawList* dl, const HeadlineText& head, const LegendLayout& lg,
                                          const FrameInput& in) {
    const char* line = head.line.c_str();
    TokenAreas ar = token_areas(in);
    ImFont* font = ImGui::GetFont();
    float px = headline_px();
    ImVec2 p{ar.map_min.x + 10, ar.map_min.y + 6};
    // On a plate: a zoomed map lies under the headline.
    plates_.clear();
    auto plate = [&](ImVec2 at, ImVec2 size) {
        dl->AddRectFilled({at.x - 4, at.y - 2}, {at.x + size.x + 4, at.y + size.y + 2}, pal::kShade, 4);
        plates_.push_back({at.x - 4, at.y - 2, at.x + size.x + 4, at.y + size.y + 2});
    };
    const char* why = head.why.c_str();  // what the bottleneck means, once named
    // Both lines wrapped to the map's width. A wide map's lines are first made smaller, to
    // three quarters at most, where the map is narrower than them (the window phrase must
    // not run off its edge); a phone's keep their size and wrap.
    const float w = ar.map_size.x - 20;
    auto fit = [&](const char* s, float size) {
        const float full = font->CalcTextSizeA(size, FLT_MAX, 0, s).x;
        return in.narrow || full <= w ? size : std::max(size * 0.75f, size * w / full);
    };
    const float lpx = fit(line, px), wpx = fit(why, px * 0.85f);
    plate(p, wrapped_text_size(lpx, line, w));
    const float first_h = draw_text_wrapped(dl, lpx, p, pal::kBottleneck, line, w);
    ImVec2 second{p.x, p.y + std::max(first_h + px * 0.1f, in.narrow ? 0.0f : px * 1.2f)};
    if (*why) plate(second, wrapped_text_size(wpx, why, w));
    second.y += draw_text_wrapped(dl, wpx, second, pal::kText, why, w);
    if (in.narrow) narrow_head_px_ = second.y + px * 0.3f - ar.map_min.y;

    // Legend: what the colours mean, along the bottom of the map, on its own band.
    const float x0 = lg.x0, fs = lg.fs;
    plate({x0, lg.top}, {lg.width, lg.bottom - lg.top});
    seen_.legend = {x0 - 4, lg.top - 2, x0 + lg.width + 4, lg.bottom + 2};  // the plate
    for (const LegendLayout::Key& k : lg.keys) {
        dl->AddRectFilled({k.at.x, k.at.y + fs * 0.2f}, {k.at.x + fs * 0.8f, k.at.y + fs}, k.col, 2);
        dl->AddText(font, fs, {k.at.x + fs, k.at.y}, pal::kText, k.text);
    }
    draw_text_wrapped(dl, lg.rule_fs, {x0, lg.rule_y}, pal::kTextDim, tr("token.map.provenance"), lg.wrap);
    if (!lg.lens.empty()) dl->AddText(font, fs, {x0, lg.top}, pal::kText, lg.lens.c_str());
}

// The legend's place: the time lens (presenter mode), the rule for the map's numbers and
// the colour keys in as many rows as the map's width needs, along the map's bottom; band:
// how much of the map's height it takes, which the stations are fitted above.
TokenScene::LegendLayout TokenScene::legend_layout(const FrameInput& in) const {
    const TokenAreas ar = token_areas(in);
    ImFont* font = ImGui::GetFont();
    LegendLayout lg;
    const float px = headline_px();
    lg.fs = px * 0.8f;
    lg.x0 = ar.map_min.x + 10;
    lg.wrap = ar.map_size.x - 20;
    lg.rule_fs = lg.fs * 0.9f;
    const float fs = lg.fs, x0 = lg.x0, right = ar.map_min.x + ar.map_size.x - 10;
    const std::pair<ImU32, const char*> keys[] = {
        {pal::kSky, tr("token.legend.token")},     {pal::kOrange, tr("token.legend.weights")},
        {pal::kPurple, tr("token.legend.kv")},     {pal::kYellow, tr("token.legend.text")},
        {kCompute, tr("token.legend.computing")}, {kWaitFill, tr("token.legend.waiting")}};
    // The keys' rows, from the first at 0; then moved under the rule.
    float x = x0, y = 0, keys_w = 0;
    for (const auto& [col, text] : keys) {
        const float kw = fs * 1.4f + font->CalcTextSizeA(fs, FLT_MAX, 0, text).x;
        if (x > x0 && x + kw > right + fs * 0.4f) { x = x0; y += fs * 1.3f; }
        lg.keys.push_back({col, text, {x, y}});
        x += kw;
        keys_w = std::max(keys_w, x - x0);
    }
    const float ly = ar.map_min.y + ar.map_size.y - px * 1.3f - y;  // the first row's top
    for (LegendLayout::Key& k : lg.keys) k.at.y += ly;
    lg.bottom = ly + y + fs * 1.3f;
    const ImVec2 rule = wrapped_text_size(lg.rule_fs, tr("token.map.provenance"), lg.wrap);
    lg.rule_y = ly - rule.y - fs * 0.2f;
    if (!in.panels)
        lg.lens = describe_time_lens(lens(), lens_range().where_en, lens_range().where_zh, language());
    lg.top = ly - rule.y - fs * (lg.lens.empty() ? 0.2f : 1.5f);
    lg.width = std::max({keys_w, rule.x, font->CalcTextSizeA(fs, FLT_MAX, 0, lg.lens.c_str()).x});
    lg.band = ar.map_min.y + ar.map_size.y - lg.top + fs * 0.4f;
    return lg;
}

const char* TokenScene::answer_language_key() const {
    if (!tm().answer_override().empty()) return nullptr;  // the user's own answer, in whatever language
    bool english = values().get("token.run.answer_lang") < 0.5;
    if (english == (language() == Lang::En)) return nullptr;
    return english ? "token.map.answer_in_en" : "token.map.answer_in_zh";
}

std::vector<std::string> TokenScene::station_lines(const tj::Model& run, const std::vector<tj::Metric>& metrics,
                                                  size_t station) const {
    const auto& model = static_cast<const tj::token::TokenModel&>(run);
    const TokenView& t = model.view();
    const Hardware& hw = model.hardware();
    auto metric = [&](const char* id) { return tj::metric_value(metrics, id); };
    const int s = int(station);
    Lang lang = language();
    std::vector<std::string> out;
    // A busy share over the bottleneck's window, written as the headline writes it.
    const std::string window = pace_window_words(model.pace(), lang == Lang::Zh);
    auto share = [&](const char* id, const char* label = "token.card.busy") {
        char b[320];
        std::snprintf(b, sizeof b, tr("token.card.busy_in"), tr(label), window.c_str(), format_metric(id, metric(id), "", lang).c_str());
        return std::string(b) + " " + tr("token.tag.out");
    };
    auto level = [&](int l) {
        const std::string reached = level_reached(hw, l);
        out.push_back(std::string(tr("token.card.capacity_bandwidth")) + ": " + level_size(hw, l) + " " + tr("token.tag.in") +
                      (reached.empty() ? "" : ", " + reached));
        out.push_back(std::string(tr("token.map.weights")) + ": " + format_bytes(t.weights[l]) + ", KV: " + format_bytes(t.kv[l]) + " " + tr("token.tag.out"));
        static const char* ids[kLevelCount] = {"bytes_per_token_sram", "bytes_per_token_dram3d", "bytes_per_token_hbm", "bytes_per_token_host"};
        out.push_back(std::string(tr("token.card.bytes_per_token")) + ": " + format_bytes(metric(ids[l])) + " " + tr("token.tag.out"));
        out.push_back(share(("share_" + stage_id(kPartSram + l)).c_str(), "token.card.busy_level"));
    };
    switch (s) {
        case kStPrompt:
            out.push_back(waiting_text(metrics) + " " + tr("token.tag.out"));
            out.push_back(std::string(tr("token.card.running")) + ": " + format_metric("requests_running", metric("requests_running"), "req", lang) + " " + tr("token.tag.out"));
            out.push_back(std::string(tr("token.card.preempted")) + ": " + format_metric("requests_preempted", metric("requests_preempted"), "req", lang) + " " + tr("token.tag.out"));
            out.push_back(std::string(tr("token.card.queue_wait")) + ": " + format_duration(metric("queue_wait_s"), lang) + " " + tr("token.tag.out"));
            break;
        case kStTokenizer: out.push_back(share("share_tokenizer")); break;
        case kStH2d: out.push_back(share("share_h2d_link")); break;
        case kStMesh:
            out.push_back(std::string(tr("token.card.peak")) + ": " + format_si(hw.peak_flops(), "FLOP/s") + " " + tr("token.tag.in"));
            out.push_back(std::string(tr("token.card.computing_now")) + ": " + format_metric("core_busy_fraction", t.core_busy_fraction, "", lang) + " " + tr("token.tag.out"));
            out.push_back(share("share_compute", "token.card.busy_compute"));
            out.push_back(share("share_noc", "token.card.busy_noc"));
            if (hw.chips > 1) out.push_back(share("share_chip_link", "token.card.busy_chip_link"));
            out.push_back(share("share_overhead", "token.card.busy_overhead"));
            break;
        case kStSram: case kStDram3d: case kStHbm: case kStHostMem: level(s - kStSram); break;
        case kStSampler: out.push_back(share("share_sampler")); break;
        case kStD2h: out.push_back(share("share_d2h_link")); break;
        case kStDetok:
            out.push_back(share("share_detokenizer"));
            out.push_back(std::string(tr("token.card.held_share")) + ": " + format_metric("detok_hold_share", metric("detok_hold_share"), "", lang) + " " + tr("token.tag.out"));
            break;
        case kStScreen:
            if (const char* lang_key = answer_language_key())
                out.push_back(std::string(tr(lang_key)) + ". " + tr("token.card.answer_lang"));
            out.push_back(std::string("TTFT p50: ") + format_duration(metric("ttft_p50_s"), lang) + " " + tr("token.tag.out"));
            out.push_back(std::string("TPOT p50 / p99: ") + format_duration(metric("tpot_screen_p50_s"), lang) + " / " +
                          format_duration(metric("tpot_screen_p99_s"), lang) + " " + tr("token.tag.out"));
            break;
        default: break;
    }
    if (answer_hidden()) {  // a question open: the card keeps its inputs, and the model's outputs wait
        const std::string tag = tr("token.tag.out");
        std::erase_if(out, [&](const std::string& l) { return l.find(tag) != std::string::npos; });
    }
    return out;
}

void TokenScene::hover_cards(const FrameInput& in) {
    const ImGuiIO& io = ImGui::GetIO();
    TokenAreas ar = token_areas(in);
    ImVec2 m = io.MousePos;
    if (!hover_wanted() || m.x < ar.map_min.x || m.y < ar.map_min.y || m.x > ar.map_min.x + ar.map_size.x ||
        m.y > ar.map_min.y + ar.map_size.y)
        return;
    ImVec2 w = view_.to_world(m);
    // SRAM first (the warehouse bar in the enlarged core or the top strip of the mesh), then the rest.
    if (kBigCoreSram.contains(w)) { station_card(kStSram, station_lines(model(), metrics_now_, kStSram)); return; }
    if (kBigCore.contains(w)) { station_card(kStMesh, station_lines(model(), metrics_now_, kStMesh)); return; }
    for (int s = 0; s < kStationCount; s++) {
        if (s == kStSram) continue;
        if (lay_.station[s].contains(w)) { station_card(size_t(s), station_lines(model(), metrics_now_, size_t(s))); return; }
    }
}

bool TokenScene::marker_box(const std::string& place_id, WorldBox* box) const {
    WorldBox r;
    if (place_id == "door") r = lay_.door;  // see tj::lesson_places()
    else if (place_id == "pipeline") r = {kPipelineStrip.min_x, kPipelineStrip.min_y - 20, kPipelineStrip.max_x, kPipelineStrip.max_y};  // with its label
    else {
        int i = station_index(place_id);
        if (i < 0) return false;
        // The SRAM is drawn in the enlarged core, with its size and what it holds.
        r = i == kStSram ? kBigCore : lay_.station[i];
        if (i == kStDram3d) r.max_y += 24;  // what it holds is written under it
    }
    *box = {r.min_x, r.min_y, r.max_x, r.max_y};
    return true;
}

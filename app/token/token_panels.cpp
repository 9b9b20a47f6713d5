// token_panels.cpp — the token scene's windows: controls (run, presets, every
// parameter) on the left; numbers and charts on the right (latency at chip and
// screen, where the time goes, bytes and energy per token by level, the roofline,
// KV cache over time, the inter-token latency histogram, a token's blame); the
// staircase of recent steps and the streamed answer under the map.
// Every number carries its provenance tag: model output, input or assumption.
//
// Index:
//   provenance tags and rows                                    tag, row
//   the hardware preset's published checks                      TokenScene::preset_note
//   the windows, the prompt and the numbers                     TokenScene::draw_panels … TokenScene::key_numbers
//   charts: where the time goes, bytes, roofline, KV, gaps, trip TokenScene::charts … TokenScene::draw_lesson_chart
//   a token's blame                                             TokenScene::gap_before … TokenScene::blame
//   the staircase and the streamed answer                       TokenScene::staircase_window … TokenScene::answer_text
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/scene/panel_window.h"
#include "app/token/measured_card.h"
#include "app/ui/format.h"
#include "app/ui/i18n.h"
#include "app/ui/palette.h"
#include "app/ui/plots.h"
#include "app/token/token_scene.h"
#include "app/ui/font.h"
#include "core/text/utf8.h"
#include "core/token/published_checks.h"

using namespace tj;
using namespace tj::token;
using namespace tokenui;

namespace {
// Text, then its provenance tag on the same line where both fit the width left, else
// the text wrapped and the tag under it: nothing runs past a narrow panel's edge.
void text_tagged(const std::string& text, Provenance p, bool dim = false) {
    const float room = ImGui::GetContentRegionAvail().x, gap = ImGui::GetStyle().ItemSpacing.x;
    const bool one_line = ImGui::CalcTextSize(text.c_str()).x + gap + ImGui::CalcTextSize(provenance_tag(p)).x <= room;
    text_wrapped(text, dim ? ImGui::GetColorU32(ImGuiCol_TextDisabled) : 0);  // keeps "6.32 ms" on one line
    if (one_line) ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(provenance_color(p)), "%s", provenance_tag(p));
}

// A table of rows (below), its label column label_share times as wide as its values':
// a column's words wrap rather than push the other past the panel's edge.
bool begin_rows(const char* id, float label_share = 1) {
    if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingStretchSame)) return false;
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthStretch, label_share);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    return true;
}

// A figure measured over tokens or steps is 0 until the first has come: "not yet" (the
// race's word), not "0 s" for a first token still on its way.
std::string measured(double value, const std::string& text) { return value > 0 ? text : tr("race.pending"); }

// One row of a two-column table: label, value and its provenance tag, each wrapped
// inside its column.
void row(const std::string& label, const std::string& value, Provenance p) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    text_wrapped(label);
    ImGui::TableNextColumn();
    text_tagged(value, p);
}

// The parts of a token's trip, in order, with their colours (shared by the
// "where the time goes" bar and the blame of one token).
struct TripPart {
    const char* key;
    ImU32 color;
    double TokenJourney::*field;
};
// The memory levels' names and colours, in the order of tj's levels.
const char* const kLevelKey[kLevelCount] = {"token.level.sram", "token.level.dram3d", "token.level.hbm", "token.level.host"};
const ImU32 kLevelCol[kLevelCount] = {pal::kGreen, pal::kSky, pal::kBlue, pal::kVermillion};

const TripPart kTrip[] = {
    {"token.trip.queued", pal::kGrey, &TokenJourney::queued_s},
    {"token.trip.draft", pal::kPurple, &TokenJourney::draft_s},
    {"token.trip.compute", pal::kGreen, &TokenJourney::compute_s},
    {"token.trip.memory", pal::kOrange, &TokenJourney::memory_wait_s},
    {"token.trip.sampler", pal::kBlue, &TokenJourney::sampler_s},
    {"token.trip.link", pal::kSky, &TokenJourney::link_s},
    {"token.trip.detok", pal::kYellow, &TokenJourney::detok_s},
    {"token.trip.hold", pal::kVermillion, &TokenJourney::hold_s},
    {"token.trip.flush", IM_COL32(200, 200, 200, 255), &TokenJourney::flush_s},
};
}  // namespace

// A board is the board whatever its chip count: published figures of one often ran several.
const tj::Preset* TokenScene::preset_in_use(const std::string& kind) const {
    if (kind != "hardware") return ModelScene::preset_in_use(kind);
    for (const tj::Preset& p : values().registry().presets())
        if (p.kind == kind && values().matches(p, "token.mesh.chips")) return &p;
    return nullptr;
}

std::string TokenScene::preset_note(const std::string& kind) const {
    const bool stack = kind == "stack";
    if (kind != "hardware" && !stack) return "";
    const tj::Preset* in_use = preset_in_use(kind);
    if (!in_use) return tr(stack ? "token.checks.stack_moved" : "token.checks.moved");
    const tj::PublishedCheck* c = tj::published_check(in_use->id);
    char line[320];
    if (!c) return tr(stack ? "token.checks.stack_none" : "token.checks.none");
    if (c->validation == 0) std::snprintf(line, sizeof line, tr("token.checks.fitted_only"), c->fitted);
    else if (c->validation == 1) std::snprintf(line, sizeof line, tr("token.checks.validated_one"), format_share(c->median_abs_error).c_str());
    else std::snprintf(line, sizeof line, tr("token.checks.validated"), c->validation, format_share(c->median_abs_error).c_str());
    std::string note = line;
    const char* gap = language() == Lang::Zh ? "" : " ";  // Chinese sentences follow each other unspaced
    if (c->cross_validated > 0) {
        std::snprintf(line, sizeof line, tr("token.checks.cross_validated"), c->validation + c->fitted,
                      format_share(c->cross_validated).c_str());
        note += gap + std::string(line);
    }
    // A run outside the batches or chips the figures ran: the error above does not reach it.
    auto outside = [&](const char* key, double now, double lo, double hi) {
        if (now >= lo && now <= hi) return;
        char range[64], what[240];
        if (lo == hi) std::snprintf(range, sizeof range, "%g", lo);
        else std::snprintf(range, sizeof range, tr("token.checks.range"), lo, hi);
        std::snprintf(what, sizeof what, tr(key), now, range);
        note += gap + std::string(what);
    };
    outside("token.checks.batch_outside", values().get("token.run.batch"), c->batch_lo, c->batch_hi);
    outside("token.checks.chips_outside", values().get("token.mesh.chips"), c->chips_lo, c->chips_hi);
    // A board under a stack its figures never ran (or a stack on such a board): a what-if.
    if (const tj::Preset* other = preset_in_use(stack ? "hardware" : "stack")) {
        if ((" " + c->ran_with + " ").find(" " + other->id + " ") == std::string::npos) {
            char what[400];
            std::snprintf(what, sizeof what, tr(stack ? "token.checks.other_board" : "token.checks.other_stack"),
                          pick(other->label_en, other->label_zh).c_str());
            note += gap + std::string(what);
        }
    }
    return note;
}

void TokenScene::draw_panels(const FrameInput& in) {
    TokenAreas ar = token_areas(in);
    // Section headers as text with an arrow, not filled bars (fewer pixels to fill;
    // hovering still lights them up).
    ImGui::PushStyleColor(ImGuiCol_Header, IM_COL32(0, 0, 0, 0));
    if (begin_panel(in, 0, tr("token.panel.controls"), "token_controls", ar.left_min, ar.left_size)) {
        transport_controls();
        ImGui::Separator();
        prompt_section();
        parameter_controls();
        ImGui::End();
    }
    numbers_window(in);
    staircase_window(in);
    ImGui::PopStyleColor();
}

// "Your own prompt": typed text as real tokens; its length can become the prompt
// length, and the user's answer can replace the built-in one (the run restarts).
void TokenScene::prompt_section() {
    if (!ImGui::CollapsingHeader(tr("token.prompt.title"), ImGuiTreeNodeFlags_DefaultOpen)) return;
    PromptPanelResult r = prompt_panel(prompt_, int(values().get("token.run.tokenizer")));
    if (r.tokenizer >= 0) set_param("token.run.tokenizer", r.tokenizer);
    if (r.prompt_tokens > 0) set_param("token.run.prompt_tokens", r.prompt_tokens);
    if (r.answer_changed) {
        model_as_mut<TokenModel>().set_answer_override(r.answer);
        reset();
        status_ = tr("token.prompt.restarted");
    }
}

void TokenScene::numbers_window(const FrameInput& in) {
    TokenAreas ar = token_areas(in);
    if (!begin_panel(in, 1, tr("token.panel.numbers"), "token_numbers", ar.right_min, ar.right_size)) return;
    // The provenance legend.
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(provenance_color(Provenance::Output)), "%s", tr("token.tag.out"));
    ImGui::SameLine();
    ImGui::TextUnformatted(tr("token.tag.out_means"));
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(provenance_color(Provenance::Input)), "%s", tr("token.tag.in"));
    ImGui::SameLine();
    ImGui::TextUnformatted(tr("token.tag.in_means"));
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(provenance_color(Provenance::Assumption)), "%s",
                       tr("token.tag.assumed"));
    ImGui::SameLine();
    ImGui::TextUnformatted(tr("token.tag.assumed_means"));
    key_numbers();
    charts();
    if (ImGui::CollapsingHeader(tr("token.chart.all"))) metrics_table();
    ImGui::End();
}

void TokenScene::key_numbers() {
    if (!begin_rows("key")) return;
    Lang lang = language();
    auto d = [&](const char* id) { return measured(metric(id), format_duration(metric(id), lang)); };
    row(tr("token.num.ttft_p50"), d("ttft_p50_s"), Provenance::Output);
    row(tr("token.num.ttft_p99"), d("ttft_p99_s"), Provenance::Output);
    row(tr("token.num.ttft_chip"), d("ttft_chip_s"), Provenance::Output);
    row(tr("token.num.tpot_chip"), d("tpot_chip_p50_s") + " / " + d("tpot_chip_p99_s"), Provenance::Output);
    row(tr("token.num.tpot_screen"), d("tpot_screen_p50_s") + " / " + d("tpot_screen_p99_s"), Provenance::Output);
    auto m = [&](const char* id, const char* unit) { return measured(metric(id), format_metric(id, metric(id), unit, lang)); };
    row(tr("token.num.tok_s"), m("tok_s_per_seq", "tok/s") + ", " + m("tok_s_total", "tok/s"), Provenance::Output);
    row(tr("token.num.step"), d("decode_step_s"), Provenance::Output);
    // The inputs these numbers come from, in one line.
    const ParamValues& pv = values();
    char buf[160];
    std::snprintf(buf, sizeof buf, "%.0f / %.0f / %.0f", pv.get("token.run.batch"), pv.get("token.run.prompt_tokens"),
                  pv.get("token.run.output_tokens"));
    row(tr("token.num.batch_prompt_answer"), buf, Provenance::Input);
    row(tr("token.num.weights"), format_bytes(metric("weight_bytes")), Provenance::Output);
    ImGui::EndTable();
}

void TokenScene::charts() {
    const TokenView& t = tv();
    double now = model().now();
    float fs = ImGui::GetFontSize();
    float w = ImGui::GetContentRegionAvail().x;

    // Where the time goes: the mean trip of the recent tokens that reached the screen.
    if (ImGui::CollapsingHeader(tr("token.chart.where"), ImGuiTreeNodeFlags_DefaultOpen)) {
        std::vector<BarPart> parts;
        double sum[sizeof kTrip / sizeof kTrip[0]] = {}, total = 0;
        int n = 0;
        for (const TokenJourney& j : t.journeys) {
            if (j.t_screen > now) continue;
            for (size_t k = 0; k < sizeof kTrip / sizeof kTrip[0]; k++) sum[k] += j.*kTrip[k].field;
            n++;
        }
        for (size_t k = 0; k < sizeof kTrip / sizeof kTrip[0]; k++) {
            parts.push_back({tr(kTrip[k].key), n ? sum[k] / n : 0, kTrip[k].color});
            total += n ? sum[k] / n : 0;
        }
        stacked_bar("where", parts, tr("token.chart.no_data"));
        text_tagged(join_magnitudes(std::string(tr("token.chart.where_note")) + " " + format_duration(total, language())),
                    Provenance::Output, true);
    }
    // Bytes and energy per token, by level.
    if (ImGui::CollapsingHeader(tr("token.chart.bytes"), ImGuiTreeNodeFlags_DefaultOpen)) {
        std::vector<BarPart> bytes;
        for (int l = 0; l < kLevelCount; l++) {
            std::string id = std::string("bytes_per_token_") + level_name(l);
            double b = metric(id.c_str());
            bytes.push_back({std::string(far_memory_word(kLevelKey[l])) + " " + format_bytes(b), b, kLevelCol[l]});
        }
        stacked_bar("bytes", bytes, tr("token.chart.no_data"));
        text_tagged(std::string(tr("token.chart.bytes_total")) + ": " + format_bytes(metric("bytes_per_token_total")),
                    Provenance::Output);
        std::vector<BarPart> energy;
        static const char* energy_key[kEnergyCount] = {"token.level.sram", "token.level.dram3d", "token.level.hbm",
                                                       "token.level.host", "token.energy.noc", "token.energy.chip_link",
                                                       "token.energy.compute"};
        static const ImU32 energy_col[kEnergyCount] = {pal::kGreen, pal::kSky,    pal::kBlue,  pal::kVermillion,
                                                       pal::kPurple, pal::kYellow, pal::kOrange};
        for (int k = 0; k < kEnergyCount; k++) {
            std::string id = std::string("energy_pj_per_token_") + energy_part_name(k);
            energy.push_back({tr(energy_key[k]), metric(id.c_str()), energy_col[k]});
        }
        energy.push_back({tr("token.energy.links"), metric("energy_pj_per_token_links"), pal::kGrey});
        energy.push_back({tr("token.energy.static"), metric("energy_pj_per_token_static"), pal::kPale});
        stacked_bar("energy", energy, tr("token.chart.no_data"));
        auto joules = [&](const char* id) { return format_metric(id, metric(id), "pJ", language()); };
        text_tagged(std::string(tr("token.chart.energy_total")) + ": " + joules("energy_pj_per_token_total") + " (" +
                        tr("token.energy.dynamic") + " " + joules("energy_pj_per_token_dynamic") + ")",
                    Provenance::Output);
    }
    // The roofline with the decode's operating point.
    if (ImGui::CollapsingHeader(tr("token.chart.roofline"), ImGuiTreeNodeFlags_DefaultOpen)) {
        roofline_chart({w, fs * 11});
        // Both come from the decode steps run so far (the bytes they read where).
        auto flops_per_byte = [&](const char* id) { return measured(metric(id), format_si(metric(id), "FLOP/B")); };
        text_tagged(std::string(tr("token.chart.intensity")) + " " + flops_per_byte("roofline_flops_per_byte") + ", " +
                        tr("token.chart.ridge") + " " + flops_per_byte("roofline_ridge_flops_per_byte"),
                    Provenance::Output, true);
    }
    // KV cache bytes per level over time.
    if (ImGui::CollapsingHeader(tr("token.chart.kv"), ImGuiTreeNodeFlags_DefaultOpen)) kv_chart({w, fs * 8});
    // Inter-token latency at the screen: click a bar to blame its slowest token.
    if (ImGui::CollapsingHeader(tr("token.chart.itl"), ImGuiTreeNodeFlags_DefaultOpen) && itl_chart({w, fs * 7}, true))
        text_wrapped(tr("token.chart.itl_click"), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    if (ImGui::CollapsingHeader(tr("token.blame.title"), ImGuiTreeNodeFlags_DefaultOpen)) blame();
}

void TokenScene::roofline_chart(ImVec2 size) {
    const TokenView& t = tv();
    const Hardware& hw = tm().hardware();
    std::vector<RoofLevel> roofs;
    for (int l = 0; l < kLevelCount; l++)
        if (hw.level[l].enabled && t.weights[l] + t.kv[l] > 0)
            roofs.push_back({far_memory_word(kLevelKey[l]), hw.level[l].bandwidth * hw.level[l].efficiency, kLevelCol[l]});
    std::vector<RoofPoint> pts = {{metric("roofline_flops_per_byte"), metric("roofline_attained_flops"),
                                   tr("token.chart.decode_point")}};
    // The steps that read prompts in are their own dot: their intensity is not decode's
    // (a prompt of one token is a decode step: its dot would sit on decode's, named twice).
    if (metric("roofline_prompt_flops_per_byte") > 1.2 * metric("roofline_flops_per_byte"))
        pts.push_back({metric("roofline_prompt_flops_per_byte"), metric("roofline_prompt_attained_flops"),
                       tr("token.chart.prompt_point")});
    const double ridge = metric("roofline_ridge_flops_per_byte");
    // The compute roof is the peak times the share engines reach, as the slopes are the
    // bandwidths times theirs: the ridge is one over the other, so the roof says its value.
    // Below the listed peak, it says of how much (an RTX 4090's 117 TFLOP/s is 71% of 165).
    const double roof = hw.peak_flops() * hw.compute_eff;
    std::string roof_label = std::string(tr("token.chart.roof")) + " " + format_si(roof, "FLOP/s");
    if (hw.compute_eff < 0.995) {
        char b[200];
        const std::string share = format_share(hw.compute_eff), peak = format_si(hw.peak_flops(), "FLOP/s");
        std::snprintf(b, sizeof b, tr("token.chart.roof_share"), roof_label.c_str(), share.c_str(), peak.c_str());
        roof_label = b;
    }
    roofline("roof", size, roof, roofs, pts, ridge, std::string(tr("token.chart.ridge")) + " " + format_si(ridge, "FLOP/B"), roof_label);
}

void TokenScene::kv_chart(ImVec2 size) {
    const TokenView& t = tv();
    std::vector<LineSeries> series;
    for (int l = 0; l < kLevelCount && l < int(t.kv_series.size()); l++) {
        if (!t.level_enabled[l] && l != kHostMem) continue;
        series.push_back({far_memory_word(kLevelKey[l]), &t.kv_series[size_t(l)].times(), &t.kv_series[size_t(l)].values(), kLevelCol[l]});
    }
    ChartOptions opt;
    opt.y_unit = "B";
    line_chart("kv", size, series, opt, &chart_axes_);
}

bool TokenScene::itl_chart(ImVec2 size, bool zeros_note) {
    const TokenView& t = tv();
    double now = model().now();
    // Only the bins from the first to the last non-empty one, so the bars are wide enough to
    // click. Count i holds gaps in [edges[i-1], edges[i]); count 0 the gaps below edges[0]
    // (1 µs): tokens that reach the screen with the one before (a held token's character
    // comes with the next one). They get a bar of their own at the left, "0", rather than
    // stretching the log axis over decades where no gap is.
    size_t lo = t.itl_counts.size(), hi = 0;
    for (size_t i = 1; i < t.itl_counts.size(); i++)
        if (t.itl_counts[i] > 0) { lo = std::min(lo, i); hi = i; }
    const bool zeros = !t.itl_counts.empty() && t.itl_counts[0] > 0;
    if ((lo > hi && !zeros) || t.itl_edges.size() < 2) {
        text_wrapped(tr("token.chart.no_data"), ImGui::GetColorU32(ImGuiCol_TextDisabled));
        return false;
    }
    if (lo > hi) lo = hi = 1;  // only zeros so far
    hi = std::min(hi, t.itl_edges.size() - 1);
    const double data_lo = t.itl_edges[lo - 1], data_hi = t.itl_edges[hi];
    // At least two decades around them (5 bins a decade): gaps that are all alike stay a narrow bar.
    for (bool down = true; hi - lo + 1 < 10 && (lo > 1 || hi + 1 < t.itl_edges.size()); down = !down) {
        if (down && lo > 1) lo--;
        else if (hi + 1 < t.itl_edges.size()) hi++;
    }
    std::vector<double> edges, counts;
    if (zeros) counts.push_back(double(t.itl_counts[0])), edges.push_back(0);
    for (size_t i = lo; i <= hi; i++) counts.push_back(double(t.itl_counts[i]));
    for (size_t i = lo - 1; i <= hi; i++) edges.push_back(t.itl_edges[i]);
    // Bar k of the chart is the model's bin `lo + k` (after the zeros' bar, when shown).
    const int shift = int(lo) - (zeros ? 1 : 0);
    int hl = zeros && selected_bin_ == 0                            ? 0
             : selected_bin_ >= int(lo) && selected_bin_ <= int(hi) ? selected_bin_ - shift
                                                                    : -1;
    double top = 0;
    for (double c : counts) top = std::max(top, c);
    chart_axes_ = {true, t.itl_edges[lo - 1], t.itl_edges[hi], 0, top, data_lo, data_hi, 0, top,
                   int(counts.size()), int(counts.size())};
    Lang lang = language();
    // The median white, the slow tail orange, the mean yellow (rare long waits lift it
    // above the p99): a label may sit beside another's line.
    std::vector<ChartMarker> marks = {{metric("tpot_screen_p50_s"), "p50 " + format_duration(metric("tpot_screen_p50_s"), lang), pal::kPale},
                                      {metric("tpot_screen_p99_s"), "p99 " + format_duration(metric("tpot_screen_p99_s"), lang), pal::kVermillion},
                                      {metric("tpot_screen_mean_s"), std::string(tr("token.chart.mean")) + " " +
                                       format_duration(metric("tpot_screen_mean_s"), lang), pal::kYellow}};
    int clicked = histogram("itl", size, edges, counts, "s", hl, marks, "< " + format_duration(t.itl_edges[0], lang));
    // The panel says what the bar left of the break holds; a lesson card keeps the chart's size.
    if (zeros && zeros_note) text_wrapped(tr("token.chart.itl_zeros"), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    if (clicked >= 0) {
        int bin = zeros && clicked == 0 ? 0 : clicked + shift;
        // The slowest recent token whose gap falls in the bin.
        double worst = -1;
        for (size_t i = 0; i < t.journeys.size(); i++) {
            if (t.journeys[i].t_screen > now || itl_bin_of(t.journeys[i]) != bin) continue;
            double g = gap_before(i);
            if (g > worst) { worst = g; selected_ = t.journeys[i]; has_selection_ = true; blame_too_old_ = false; }
        }
        selected_bin_ = bin;
    }
    return true;
}

void TokenScene::trip_chart(ImVec2 size) {
    // One token's trip, station by station, in the model's mean times: a bar whose parts
    // fill up to the station a lesson points at (all of them when it points nowhere on
    // the way), and a row per stop with its time and the running total.
    constexpr int kStops = tj::token::kTripStops;
    // The memories are part of the cores' stop.
    int at = station_index(highlight_);  // -1 for none, or a place that is no station
    if (at >= kStSram && at <= kStHostMem) at = kStMesh;
    int reached = kStops - 1;
    double time[kStops], total = 0;  // each stop's time, looked up once a frame
    for (int k = 0; k < kStops; k++) {
        if (tj::token::trip_stop_station(k) == at) reached = k;
        time[k] = std::max(0.0, metric(trip_stop_look(k).metric));
        total += time[k];
    }
    float fs = ImGui::GetFontSize();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImVec2 p = ImGui::GetCursorScreenPos();
    float bar_h = fs * 1.1f, x = p.x;
    for (int k = 0; k < kStops; k++) {
        float w = total > 0 ? float(time[k] / total) * size.x : 0;
        ImU32 c = trip_stop_look(k).color;
        if (k <= reached) dl->AddRectFilled({x, p.y}, {x + w, p.y + bar_h}, k == reached ? c : with_alpha(c, 150));
        else dl->AddRect({x, p.y}, {x + w, p.y + bar_h}, with_alpha(c, 120));
        x += w;
    }
    dl->AddRect(p, {p.x + size.x, p.y + bar_h}, ImGui::GetColorU32(ImGuiCol_Border));
    ImGui::Dummy({size.x, bar_h + fs * 0.3f});
    // The rows: as many as the size leaves room for, the reached one bright.
    double run = 0;
    Lang lang = language();
    float row_h = ImGui::GetTextLineHeight();
    int rows = std::clamp(int((size.y - bar_h - fs * 0.3f) / row_h), 1, kStops);
    int first = std::clamp(reached - rows + 2, 0, kStops - rows);
    for (int k = 0; k < kStops; k++) {
        run += time[k];
        if (k < first || k >= first + rows) continue;
        ImU32 col = k == reached ? pal::kText : k < reached ? pal::kTextDim : with_alpha(pal::kTextDim, 110);
        ImVec2 r = ImGui::GetCursorScreenPos();
        dl->AddRectFilled({r.x, r.y + row_h * 0.25f}, {r.x + row_h * 0.5f, r.y + row_h * 0.75f}, trip_stop_look(k).color);
        dl->AddText({r.x + row_h * 0.8f, r.y}, col, tr(trip_stop_look(k).name));
        std::string times = format_duration(time[k], lang) + "   " + tr("token.chart.trip_total") + " " + format_duration(run, lang);
        float tw = ImGui::CalcTextSize(times.c_str()).x;
        dl->AddText({r.x + size.x - tw, r.y}, col, times.c_str());
        ImGui::Dummy({size.x, row_h});
    }
}

bool TokenScene::draw_lesson_chart(const std::string& id, ImVec2 size) {
    if (id == "measured") {  // this computer's figures and prediction card (measured_card.h)
        measured_computer().draw_card(true, answer_hidden());  // compact: the method is on the Help card
        return true;
    }
    static const std::pair<const char*, const char*> titles[] = {{"roofline", "token.chart.roofline"},
                                                                 {"staircase", "token.panel.staircase"},
                                                                 {"kv", "token.chart.kv"},
                                                                 {"gaps", "token.chart.itl"},
                                                                 {"trip", "token.chart.trip"}};
    const char* title = nullptr;
    for (auto& [chart, key] : titles)
        if (id == chart) title = key;
    if (!title) return false;
    text_wrapped(tr(title), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    chart_axes_ = {};  // the charts with axes to check say what they drew
    size.y = std::max(size.y - ImGui::GetTextLineHeightWithSpacing(), ImGui::GetFontSize() * 4);
    if (id == "roofline") roofline_chart(size);
    else if (id == "staircase") staircase(size, true);
    else if (id == "kv") kv_chart(size);
    else if (id == "trip") trip_chart(size);
    else itl_chart(size);
    return true;
}

double TokenScene::gap_before(size_t i) const {
    const auto& js = tv().journeys;
    if (i >= js.size()) return -1;
    for (size_t k = i; k-- > 0;)
        if (js[k].seq == js[i].seq && js[k].index + 1 == js[i].index) return js[i].t_screen - js[k].t_screen;
    return -1;
}

int TokenScene::itl_bin_of(const TokenJourney& j) const {
    const auto& js = tv().journeys;
    for (size_t i = 0; i < js.size(); i++) {
        if (js[i].seq != j.seq || js[i].index != j.index) continue;
        double g = gap_before(i);
        if (g < 0) return -1;
        const auto& e = tv().itl_edges;
        auto it = std::upper_bound(e.begin(), e.end(), g);  // the model's own rule for bins
        return std::clamp(int(it - e.begin()), 0, int(tv().itl_counts.size()) - 1);
    }
    return -1;
}

void TokenScene::blame() {
    if (!has_selection_) {
        text_wrapped(tr(blame_too_old_ ? "token.blame.too_old" : "token.blame.none"));
        return;
    }
    const TokenJourney& j = selected_;
    Lang lang = language();
    const std::vector<std::string>& toks = answer_tokens();
    std::string text = toks.empty() ? "" : toks[(j.index + toks.size() - 1) % toks.size()];
    char buf[200];
    std::snprintf(buf, sizeof buf, tr("token.blame.head"), unsigned(j.index), unsigned(j.seq));
    ImGui::TextUnformatted(buf);
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal::kYellow), "%s", tj::utf8_visible(text).c_str());
    std::vector<BarPart> parts;
    double total = 0;
    for (const TripPart& p : kTrip) {
        parts.push_back({tr(p.key), j.*p.field, p.color});
        total += j.*p.field;
    }
    stacked_bar("blame", parts, tr("token.chart.no_data"));
    if (!begin_rows("blame_t", 2)) return;  // a long reason beside a short time
    for (const TripPart& p : kTrip) {
        double v = j.*p.field;
        if (!(v > 0)) continue;
        std::string why = std::string(tr(p.key)) + " — " + tr((std::string(p.key) + "_why").c_str());
        row(why, format_duration(v, lang), Provenance::Output);
    }
    row(tr("token.blame.total"), format_duration(total, lang), Provenance::Output);
    ImGui::EndTable();
    if (j.hold_s > 0) text_wrapped(std::string(tr("token.blame.hold_cost")) + " " + format_duration(j.hold_s, lang));
}

void TokenScene::staircase_window(const FrameInput& in) {
    TokenAreas ar = token_areas(in);
    float split = std::floor(ar.bottom_size.x * 0.58f);
    if (begin_panel(in, 2, tr("token.panel.staircase"), "token_staircase", ar.bottom_min, {split, ar.bottom_size.y})) {
        staircase(ImGui::GetContentRegionAvail());
        ImGui::End();
    }
    if (begin_panel(in, 3, tr("token.panel.answer"), "token_answer", {ar.bottom_min.x + split, ar.bottom_min.y},
                    {ar.bottom_size.x - split, ar.bottom_size.y})) {
        answer_text();
        ImGui::End();
    }
}

void TokenScene::staircase(ImVec2 size, bool from_prefill) {
    const TokenView& t = tv();
    double now = model().now();
    float fs = ImGui::GetFontSize();
    if (size.x < fs * 4 || size.y < fs * 4) return;
    ImVec2 p0 = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("stairs", size);
    bool hovered = ImGui::IsItemHovered();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRect(p0, {p0.x + size.x, p0.y + size.y}, IM_COL32(60, 68, 84, 255), 4);
    if (t.steps.empty()) {
        dl->AddText({p0.x + fs, p0.y + fs}, pal::kTextDim, tr("token.chart.no_data"));
        return;
    }
    // The steps [first, last) that fit at a readable width: the last ones, ending now;
    // or, from the prefill, the first request the steps hold (from its prefill to the next
    // prefill, or now): its first steps, few enough that each stair shows, with the whole
    // request above them as a bar, the window marked on it, and its size in tokens and time.
    constexpr size_t kStairWindow = 20;
    size_t first = t.steps.size() > 16 ? t.steps.size() - 16 : 0, last = t.steps.size();
    size_t whole_last = last;  // the request's end, when the window shows only its first steps
    if (from_prefill) {
        auto is_prefill = [](const TokenStepRecord& r) { return r.kind == kStepPrefill; };
        auto prefill = std::find_if(t.steps.begin(), t.steps.end(), is_prefill);
        if (prefill != t.steps.end()) {
            first = size_t(prefill - t.steps.begin());
            whole_last = size_t(std::find_if(prefill + 1, t.steps.end(), is_prefill) - t.steps.begin());
        }
        last = std::min(whole_last, first + kStairWindow);
    }
    auto end_of = [&](size_t end) { return end == t.steps.size() ? std::max(now, t.steps.back().end) : t.steps[end - 1].end; };
    double t0 = t.steps[first].start, t1 = end_of(last), whole_t1 = end_of(whole_last);
    if (!(t1 > t0)) t1 = t0 + 1e-9;
    if (!(whole_t1 > t0)) whole_t1 = t1;
    float label_w = 0;
    for (const char* k : {"token.stairs.chip", "token.stairs.screen", "token.stairs.tokens", "token.stairs.whole"})
        label_w = std::max(label_w, ImGui::CalcTextSize(tr(k)).x);
    float left = p0.x + label_w + fs * 0.8f, right = p0.x + size.x - fs * 0.4f;
    // A short chart with the whole request's bar (a card on a phone) leaves the screen's
    // lane out: the stairs keep room to show.
    const bool screen_lane = !from_prefill || size.y >= fs * 9;
    const float lanes = screen_lane ? fs * 1.3f : 0;
    float lane_chip_y0 = p0.y + size.y - fs * 1.6f - lanes, lane_chip_y1 = p0.y + size.y - fs * 0.3f - lanes;
    float lane_scr_y = p0.y + size.y - fs * 1.3f;
    // The legend of the lane colours and the staircases, in as many rows as it needs.
    struct LegendKey {
        ImU32 colour;
        const char* key;
        bool line;
        ImVec2 at = {};
    };
    // The sequence drawn in yellow: the one whose answer is shown, or, when the window
    // holds an earlier request without it, that request's first sequence.
    uint32_t watched = t.watched_seq;
    bool watched_in = false;
    for (size_t i = first; i < last; i++)
        for (int k = 0; k < t.steps[i].listed; k++) watched_in |= t.steps[i].seq_id[k] == watched;
    for (size_t i = first; i < last && !watched_in; i++)
        if (t.steps[i].listed > 0) watched = t.steps[i].seq_id[0], watched_in = true;
    // Only the keys of what the window shows: a kind of step, a drafted run, other sequences.
    bool prefill_in = false, decode_in = false, drafts_in = false, others_in = false;
    for (size_t i = first; i < last; i++) {
        const TokenStepRecord& r = t.steps[i];
        prefill_in |= r.kind == kStepPrefill || r.kind == kStepMixed;
        decode_in |= r.kind != kStepPrefill;
        drafts_in |= r.kind == kStepVerify;
        for (int k = 0; k < r.listed; k++) others_in |= r.seq_id[k] != watched;
    }
    std::vector<LegendKey> legend;
    if (prefill_in) legend.push_back({pal::kSky, "token.stairs.prefill", false});
    if (decode_in) legend.push_back({pal::kGreen, "token.stairs.decode", false});
    if (drafts_in) {
        legend.push_back({pal::kPurple, "token.trip.draft", false});
        legend.push_back({pal::kVermillion, "token.stairs.rejected", false});
    }
    legend.push_back({pal::kYellow, "token.stairs.watched", true});
    if (others_in) legend.push_back({pal::kTextDim, "token.stairs.others", true});
    ImVec2 at{p0.x + fs * 0.4f, p0.y + fs * 0.2f};
    for (LegendKey& k : legend) {
        float w = fs * 1.6f + ImGui::CalcTextSize(tr(k.key)).x;
        if (at.x + w > p0.x + size.x && at.x > p0.x + fs) at = {p0.x + fs * 0.4f, at.y + fs * 1.3f};
        k.at = at;
        at.x += w;
    }
    float stair_y0 = at.y + fs * 1.3f, stair_y1 = lane_chip_y0 - fs * 0.3f;
    auto X = [&](double tt) { return left + float((tt - t0) / (t1 - t0)) * (right - left); };
    if (from_prefill) {
        // The whole request as a bar, its steps coloured as in the chip lane, the window
        // outlined, and what the whole climb comes to written over it.
        const float y0 = stair_y0, y1 = stair_y0 + fs * 0.9f;
        auto WX = [&](double tt) { return left + float((tt - t0) / (whole_t1 - t0)) * (right - left); };
        for (size_t i = first; i < whole_last; i++) {
            const TokenStepRecord& r = t.steps[i];
            dl->AddRectFilled({WX(r.start), y0}, {std::max(WX(r.end), WX(r.start) + 1), y1},
                              with_alpha(r.kind == kStepPrefill ? pal::kSky : pal::kGreen, 150));
        }
        dl->AddRect({WX(t0) - 1, y0 - 2}, {std::max(WX(t1), WX(t0) + 3) + 1, y1 + 2}, pal::kText, 0, 0, 2);
        int whole_tokens = 0;  // the watched sequence's tokens over the whole request
        for (size_t i = first; i < whole_last; i++)
            for (int k = 0; k < t.steps[i].listed; k++)
                if (t.steps[i].seq_id[k] == watched) whole_tokens += t.steps[i].seq_tokens[k];
        std::string whole = format_metric("", whole_tokens, "tok", language()) + " · " + format_duration(whole_t1 - t0, language());
        ImVec2 ws = ImGui::CalcTextSize(whole.c_str());
        ImVec2 wa{right - ws.x - fs * 0.2f, (y0 + y1 - ws.y) * 0.5f};
        dl->AddRectFilled({wa.x - fs * 0.2f, wa.y}, {wa.x + ws.x + fs * 0.2f, wa.y + ws.y}, IM_COL32(24, 28, 36, 220), 3);
        dl->AddText(wa, pal::kText, whole.c_str());
        dl->AddText({p0.x + fs * 0.4f, (y0 + y1 - fs) * 0.5f}, pal::kTextDim, tr("token.stairs.whole"));
        stair_y0 = y1 + fs * 0.3f;
    }
    dl->AddText({p0.x + fs * 0.4f, (lane_chip_y0 + lane_chip_y1 - fs) * 0.5f}, pal::kTextDim, tr("token.stairs.chip"));
    dl->AddText({p0.x + fs * 0.4f, (stair_y0 + stair_y1 - fs) * 0.5f}, pal::kTextDim, tr("token.stairs.tokens"));
    if (screen_lane) dl->AddText({p0.x + fs * 0.4f, lane_scr_y}, pal::kTextDim, tr("token.stairs.screen"));

    // One staircase per sequence the steps list (at most kListed): each step's end
    // lifts a sequence by the tokens it got. Plain decode steps lift them all by one,
    // in lockstep; a verify step lifts each by 1 + the drafts it accepted.
    struct Stair {
        uint32_t seq;
        int level = 0;               // its tokens so far in the window
        std::vector<ImVec2> points;  // its line: x, and the level as y until it is drawn
    };
    std::vector<Stair> stairs;
    int climb = 1;  // the highest level: the staircases' scale
    int hover_step = -1;
    for (size_t i = first; i < last; i++) {
        const TokenStepRecord& r = t.steps[i];
        float xa = X(r.start), xb = std::max(X(r.end), xa + 1.5f);
        // The chip lane: one block per step, coloured by kind; a verify step shows its
        // draft time, then accepted (green) over rejected (vermillion) tokens.
        ImU32 col = r.kind == kStepPrefill ? pal::kSky : pal::kGreen;
        if (r.kind == kStepVerify) {
            float xd = xa + float(r.draft_s / std::max(1e-12, r.end - r.start)) * (xb - xa);
            dl->AddRectFilled({xa, lane_chip_y0}, {xd, lane_chip_y1}, pal::kPurple);
            int all = std::max(1, r.accepted + r.rejected);
            float ym = lane_chip_y0 + (lane_chip_y1 - lane_chip_y0) * float(r.accepted) / float(all);
            dl->AddRectFilled({xd, lane_chip_y0}, {xb, ym}, pal::kGreen);
            dl->AddRectFilled({xd, ym}, {xb, lane_chip_y1}, pal::kVermillion);
        } else if (r.kind == kStepMixed) {  // decodes (green) with prompt chunks riding along (sky)
            float ym = (lane_chip_y0 + lane_chip_y1) * 0.5f;
            dl->AddRectFilled({xa, lane_chip_y0}, {xb, ym}, pal::kGreen);
            dl->AddRectFilled({xa, ym}, {xb, lane_chip_y1}, pal::kSky);
        } else {
            dl->AddRectFilled({xa, lane_chip_y0}, {xb, lane_chip_y1}, col);
        }
        dl->AddLine({xb, lane_chip_y0}, {xb, lane_chip_y1}, IM_COL32(24, 28, 36, 255));
        if (hovered && ImGui::GetIO().MousePos.x >= xa && ImGui::GetIO().MousePos.x < xb) hover_step = int(i);
        // The staircases: flat while the step runs, up when its tokens are sampled. A
        // sequence's line starts with the first step that gives it a token.
        for (int k = 0; k < r.listed; k++) {
            auto it = std::find_if(stairs.begin(), stairs.end(), [&](const Stair& st) { return st.seq == r.seq_id[k]; });
            if (it == stairs.end()) {
                if (stairs.size() == size_t(TokenStepRecord::kListed)) continue;
                it = stairs.insert(stairs.end(), Stair{r.seq_id[k], 0, {{xa, 0}}});
            }
            it->points.push_back({X(r.end), float(it->level)});
            it->level += r.seq_tokens[k];
            it->points.push_back({X(r.end), float(it->level)});
            climb = std::max(climb, it->level);
        }
    }
    // The request's scales: tokens climbed (lines at round counts) and the time it took.
    if (from_prefill) {
        for (double y : nice_ticks(0, climb, stair_y1 - stair_y0 < fs * 4 ? 2 : 4)) {
            if (!(y > 0)) continue;
            float yy = stair_y1 - float(y / climb) * (stair_y1 - stair_y0);
            dl->AddLine({left, yy}, {right, yy}, IM_COL32(60, 68, 84, 255));
            if (yy - fs >= stair_y0 - fs * 0.3f)  // its count above the line, where there is room
                dl->AddText({left + fs * 0.2f, yy - fs}, pal::kTextDim, format_count(y, language()).c_str());
        }
        std::string span = format_metric("", climb, "tok", language()) + " · " + format_duration(t1 - t0, language());
        // Top left, where the stairs have not yet climbed, where they leave it room.
        if (stair_y1 - stair_y0 >= fs * 2.5f) dl->AddText({left + fs * 2, stair_y0}, pal::kText, span.c_str());
    }
    chart_axes_ = {true, t0, t1, 0, double(climb), t.steps[first].start, t.steps[last - 1].end, 0, double(climb),
                   int(last - first), int(whole_last - first)};
    // The other sequences in grey, the one whose answer is shown on top in yellow.
    std::stable_partition(stairs.begin(), stairs.end(), [&](const Stair& st) { return st.seq != watched; });
    for (Stair& st : stairs) {
        st.points.push_back({X(t1), float(st.level)});
        for (ImVec2& q : st.points) q.y = stair_y1 - q.y / float(climb) * (stair_y1 - stair_y0);
        bool yellow = st.seq == watched;
        dl->AddPolyline(st.points.data(), int(st.points.size()), yellow ? pal::kYellow : pal::kTextDim, 0,
                        yellow ? 2.5f : 1.5f);
    }
    // The screen lane: when each character of the watched answer appeared.
    for (const ScreenChar& c : t.answer)
        if (screen_lane && c.t >= t0 && c.t <= std::min(now, t1)) dl->AddLine({X(c.t), lane_scr_y}, {X(c.t), lane_scr_y + fs * 0.9f}, pal::kYellow, 2);
    if (now <= t1) dl->AddLine({X(now), stair_y0}, {X(now), p0.y + size.y}, IM_COL32(255, 255, 255, 90));
    if (hover_step >= 0) {
        const TokenStepRecord& r = t.steps[size_t(hover_step)];
        static const char* kinds[] = {"token.stairs.prefill", "token.stairs.decode", "token.stairs.verify",
                                      "token.stairs.mixed"};
        ImGui::BeginTooltip();
        ImGui::Text("%s: %s", tr(kinds[std::clamp(r.kind, 0, 3)]), format_duration(r.end - r.start, language()).c_str());
        ImGui::Text("%s: %d, %s: %d", tr("token.stairs.seqs"), r.seqs, tr("token.stairs.tokens"), r.tokens);
        if (r.kind == kStepVerify) ImGui::Text("%s: %d / %d", tr("token.stairs.acc_rej"), r.accepted, r.rejected);
        if (r.listed > 0) {
            std::string per_seq;
            for (int k = 0; k < r.listed; k++) per_seq += " +" + std::to_string(r.seq_tokens[k]);
            if (r.seqs > r.listed) per_seq += " ...";
            ImGui::Text("%s:%s", tr("token.stairs.per_seq"), per_seq.c_str());
        }
        ImGui::Text("%s %s, %s %s", tr("token.trip.compute"), format_duration(r.compute_s, language()).c_str(),
                    tr("token.trip.memory"), format_duration(r.memory_wait_s, language()).c_str());
        ImGui::Text("%s: %s", tr("token.stairs.limit"), part_name(r.bottleneck));
        ImGui::EndTooltip();
    }
    for (const LegendKey& k : legend) {
        if (k.line) dl->AddLine({k.at.x, k.at.y + fs * 0.55f}, {k.at.x + fs * 0.7f, k.at.y + fs * 0.55f}, k.colour, 2.5f);
        else dl->AddRectFilled({k.at.x, k.at.y + fs * 0.2f}, {k.at.x + fs * 0.7f, k.at.y + fs * 0.9f}, k.colour);
        dl->AddText({k.at.x + fs * 0.9f, k.at.y}, pal::kText, tr(k.key));
    }
}

void TokenScene::answer_text() {
    const TokenView& t = tv();
    double now = model().now();
    // Where a student watches the answer arrive, one of its tokens can be followed on the map.
    if (ImGui::Button(tr("welcome.follow"))) follow_asked_ = true;
    text_wrapped(tr("token.answer.hint"), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    ImGui::BeginChild("answer_scroll", {0, 0}, false);
    ImFont* font = ImGui::GetFont();
    float fs = ImGui::GetFontSize();
    float width = ImGui::GetContentRegionAvail().x;
    ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    double slow = std::max(metric("tpot_screen_p99_s"), 2 * metric("tpot_screen_p50_s"));
    float x = 0, y = 0;
    double prev_t = -1;
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    bool window_hovered = ImGui::IsWindowHovered();
    // Only the last characters: the answer window is a tail, and the frame stays cheap.
    size_t first = t.answer.size() > 300 ? t.answer.size() - 300 : 0;
    for (size_t i = first; i < t.answer.size(); i++) {
        const ScreenChar& c = t.answer[i];
        if (c.t > now) break;  // not on the screen yet
        if (c.utf8 == "\n") {
            x = 0;
            y += fs * 1.6f;
            prev_t = -1;
            continue;
        }
        float cw = font->CalcTextSizeA(fs, FLT_MAX, 0, c.utf8.c_str()).x;
        // Wrap before a word that would not fit (a run of ASCII letters); other characters break anywhere.
        float need = cw;
        if (c.utf8.size() == 1 && c.utf8[0] != ' ' && (i == first || t.answer[i - 1].utf8 == " ")) {
            for (size_t k = i + 1; k < t.answer.size() && t.answer[k].utf8.size() == 1 && t.answer[k].utf8[0] != ' ' &&
                                   t.answer[k].utf8[0] != '\n' && t.answer[k].t <= now;
                 k++)
                need += font->CalcTextSizeA(fs, FLT_MAX, 0, t.answer[k].utf8.c_str()).x;
        }
        if (x + need > width && x > 0) {
            x = 0;
            y += fs * 1.25f;
        }
        if (x == 0 && c.utf8 == " ") continue;  // no space at the start of a line
        ImVec2 p{origin.x + x, origin.y + y};
        double gap = prev_t >= 0 ? c.t - prev_t : 0;
        ImU32 col = gap > slow && slow > 0 ? pal::kVermillion : pal::kText;
        bool over = window_hovered && mouse.x >= p.x && mouse.x < p.x + cw && mouse.y >= p.y && mouse.y < p.y + fs;
        if (over) {
            dl->AddRectFilled(p, {p.x + cw, p.y + fs}, IM_COL32(80, 90, 120, 255));
            ImGui::BeginTooltip();
            ImGui::Text("%s %s", tr("token.answer.arrived"), format_duration(c.t, language()).c_str());
            if (prev_t >= 0) ImGui::Text("%s %s", tr("token.answer.gap"), format_duration(gap, language()).c_str());
            text_wrapped(tr("token.answer.click"), ImGui::GetColorU32(ImGuiCol_TextDisabled));
            ImGui::EndTooltip();
            if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
                // The token released with this character (same screen time), the watched
                // sequence first; the model keeps only the recent tokens' journeys.
                has_selection_ = false;
                blame_too_old_ = true;
                for (auto it = t.journeys.rbegin(); it != t.journeys.rend(); ++it) {
                    if (it->t_screen != c.t) continue;
                    selected_ = *it;
                    has_selection_ = true;
                    blame_too_old_ = false;
                    selected_bin_ = itl_bin_of(*it);
                    if (it->seq == t.watched_seq) break;
                }
            }
        }
        dl->AddText(font, fs, p, col, c.utf8.c_str());
        x += cw;
        prev_t = c.t;
    }
    bool at_bottom = ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 1;
    ImGui::Dummy({width, y + fs * 1.4f});
    if (at_bottom) ImGui::SetScrollHereY(1.0f);
    ImGui::EndChild();
}

// fab_panels.cpp — the production chain's numbers and charts window: the bottleneck
// in words, what the respin cost against the same run without it, shipments per
// week, the cumulative-flow chart (its vertical gap is the backlog, its horizontal
// gap the delay), WIP per buffer, each station's working / starved / blocked / idle
// shares, and Little's law with live numbers. Every number carries a tag saying
// whether it is a model output or an input.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "app/fab/fab_style.h"
#include "app/ui/i18n.h"
#include "app/ui/draw.h"
#include "app/ui/palette.h"
#include "app/ui/plots.h"
#include "app/fab/fab_scene.h"
#include "app/scene/panel_window.h"
#include "app/ui/format.h"
#include "app/ui/font.h"

using namespace tj::fab;

namespace {

constexpr ImU32 kNoFlawLine = IM_COL32(200, 200, 200, 255);

double metric_of(const std::vector<tj::Metric>& ms, const char* id) {
    for (auto& m : ms)
        if (m.id == id) return m.value;
    return 0;
}

// One row of the key-numbers table: label, value, and its kind (output / input).
void number_row(const char* label, const std::string& value, bool input) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(label);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(value.c_str());
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", input ? tr("fab.tag.input") : tr("fab.tag.output"));
}

std::string with_unit(double v, const char* unit) { return join_magnitudes(fabui::count_text(v) + " " + unit); }

std::string weeks_text(double w) {
    char b[48];
    std::snprintf(b, sizeof b, "%.1f %s", w, tr("unit.weeks"));
    return b;
}

}  // namespace

void FabScene::numbers_window(const FrameInput& in) {
    const FabView& v = fab().view();
    const std::vector<tj::Metric>& ms = metrics();
    float w = fabui::right_panel_width(in);
    if (!begin_panel(in, 1, tr("fab.win.numbers"), "fab_numbers", {in.origin.x + in.size.x - w - 6, in.origin.y + 6},
                     {w, in.size.y - 12}))
        return;
    ImGui::PushTextWrapPos(0);

    // The bottleneck, in words (the map's headline), with the reason.
    text_wrapped(headline(), pal::kBottleneck);
    // The reason waits with the headline's name while a question holds it (shown_bottleneck).
    const int bn = shown_bottleneck(v);
    if (bn == kStDesign) text_wrapped(tr("fab.why.design"), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    else if (bn >= 0) text_wrapped(tr("fab.why.busiest"), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    if (bn > kStDesign && !v.bottleneck_tied.empty()) {  // others busy 100% too: the rate told them apart
        std::string names;
        double next = 0;
        for (int st : v.bottleneck_tied) {
            names += (names.empty() ? "" : tr("fab.why.tied_sep")) + std::string(fabui::station_short(st));
            const double r = v.stations[size_t(st)].nominal_gpus_per_week;
            next = next > 0 ? std::min(next, r) : r;
        }
        char b[400];
        std::snprintf(b, sizeof b, tr("fab.why.tied"), names.c_str(),
                      fabui::count_text(v.stations[size_t(bn)].nominal_gpus_per_week).c_str(), fabui::count_text(next).c_str());
        text_wrapped(join_magnitudes(b), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    }
    if (v.nominal_bottleneck >= 0) {
        char b[200];
        std::snprintf(b, sizeof b, tr("fab.why.nominal"), fabui::station_short(v.nominal_bottleneck),
                      fabui::count_text(v.nominal_rate_gpus_week).c_str());
        text_wrapped(join_magnitudes(b), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    }
    if (!v.bottleneck_log.empty()) {
        std::string moves = tr("fab.why.moves");
        for (size_t i = 0; i < v.bottleneck_log.size(); i++) {
            char b[96];
            std::snprintf(b, sizeof b, tr("fab.why.move"), v.bottleneck_log[i].week,
                          fabui::station_short(v.bottleneck_log[i].station));
            moves += b;
            moves += tr(i + 1 < v.bottleneck_log.size() ? "fab.why.move_sep" : "fab.why.move_end");
        }
        text_wrapped(moves, ImGui::GetColorU32(ImGuiCol_TextDisabled));
    }
    ImGui::Separator();

    charts();
    if (ImGui::CollapsingHeader(tr("fab.sec.stations"), ImGuiTreeNodeFlags_DefaultOpen)) {
        state_history();
        station_bars();
    }
    // Key numbers.
    if (ImGui::BeginTable("key", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
        ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 0.8f);
        ImGui::TableSetupColumn("kind", ImGuiTableColumnFlags_WidthFixed,
                                std::max(ImGui::CalcTextSize(tr("fab.tag.output")).x, ImGui::CalcTextSize(tr("fab.tag.input")).x));
        const char* gpus = tr("unit.gpus");
        double gpw = metric_of(ms, "shipments_week_gpus");
        number_row(tr("fab.num.shipped_week"),
                   with_unit(gpw, gpus) + " (" + with_unit(metric_of(ms, "shipments_week_racks"), tr("unit.racks")) + ")", false);
        number_row(tr("fab.num.mean_week"), with_unit(metric_of(ms, "shipments_mean_gpus_week"), gpus) + "/" + tr("unit.week"), false);
        number_row(tr("fab.num.demand"), with_unit(values().get("fab.cust.gpus_per_week"), gpus) + "/" + tr("unit.week"), true);
        number_row(tr("fab.num.cum"), with_unit(metric_of(ms, "cum_shipped_gpus"), gpus), false);
        number_row(tr("fab.num.backlog"), with_unit(metric_of(ms, "backlog_gpus"), gpus), false);
        number_row(tr("fab.num.delay"), weeks_text(cumulative_delay_weeks()), false);
        number_row(tr("fab.num.lost"), with_unit(metric_of(ms, "gpus_lost_to_respin"), gpus), false);
        number_row(tr("fab.num.behind"), weeks_text(metric_of(ms, "weeks_lost_to_respin")), false);
        number_row(tr("fab.num.vs_kept"), with_unit(metric_of(ms, "respin_vs_flaw_kept_gpus"), gpus), false);
        number_row(tr("fab.num.lost52"), with_unit(metric_of(ms, "gpus_lost_first_52_weeks"), gpus), false);
        number_row(tr("fab.num.lead"), weeks_text(metric_of(ms, "lead_time_mean_weeks")), false);
        number_row(tr("fab.num.wip"), with_unit(metric_of(ms, "line_wip_gpus"), gpus), false);
        ImGui::EndTable();
    }
    text_wrapped(tr("fab.tag.legend"), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    if (ImGui::CollapsingHeader(tr("fab.sec.little"), ImGuiTreeNodeFlags_DefaultOpen)) little_table();
    if (ImGui::CollapsingHeader(tr("fab.sec.all"))) metrics_table();
    if (ImGui::CollapsingHeader(tr("fab.sec.notes")))
        for (auto& n : fab().notes()) ImGui::BulletText("%s", (language() == Lang::Zh ? n.zh : n.en).c_str());
    ImGui::PopTextWrapPos();
    ImGui::End();
}

// The horizontal gap of the cumulative-flow chart: cumulative demand reached
// today's cumulative shipments this many weeks ago (0 while shipments lead).
double FabScene::cumulative_delay_weeks() const {
    double rate = values().get("fab.cust.gpus_per_week"), start = values().get("fab.cust.start_week");
    double week = fab().view().week;
    if (!(rate > 0) || week < start) return 0;
    return std::max(0.0, week - (start + metric_of(metrics(), "cum_shipped_gpus") / rate));
}

namespace {
// A line with an arrowhead at each end (the gaps of the cumulative-flow chart).
void double_arrow(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float head) {
    dl->AddLine(a, b, col, 2);
    float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
    if (len < head * 2) return;
    dx /= len;
    dy /= len;
    for (int end = 0; end < 2; end++) {
        ImVec2 t = end ? b : a;
        float sx = end ? -dx : dx, sy = end ? -dy : dy;  // pointing outward
        dl->AddTriangleFilled(t, {t.x + sx * head - sy * head * 0.5f, t.y + sy * head + sx * head * 0.5f},
                              {t.x + sx * head + sy * head * 0.5f, t.y + sy * head - sx * head * 0.5f}, col);
    }
}
}  // namespace

// The cumulative-flow chart: GPUs ordered and shipped since week 0 (and shipped by
// the no-respin run). At the latest week a vertical arrow spans the backlog and a
// horizontal one the delay: how many weeks ago the orders reached what has shipped.
void FabScene::cumulative_flow_chart(ImVec2 size) {
    const FabView& v = fab().view();
    float fs = ImGui::GetFontSize();
    ImVec2 p = ImGui::GetCursorScreenPos();
    float w = size.x, height = size.y;
    ImGui::InvisibleButton("cumflow", {w, height});
    bool hovered = ImGui::IsItemHovered();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(p, {p.x + w, p.y + height}, IM_COL32(24, 28, 36, 255), 4);
    struct Line { const char* label; const tj::TimeSeries* ts; ImU32 col; };
    // The counterfactuals first, so the run's own shipments are drawn over them where they agree.
    std::vector<Line> lines = {{tr("fab.series.cum_demand"), &v.cum_demand, pal::kSky}};
    if (counterfactuals_drawn()) {
        lines.push_back({tr("fab.series.no_flaw"), &v.no_flaw.cum_shipped, kNoFlawLine});
        lines.push_back({tr("fab.series.flaw_kept"), &v.flaw_kept.cum_shipped, pal::kPurple});
    }
    lines.push_back({tr("fab.series.cum_shipped"), &v.run.cum_shipped, pal::kOrange});
    // The legend's keys in rows across the top (a narrow card takes two), the plot under them.
    std::vector<ImVec2> key_at;
    const float key_x0 = p.x + fs * 0.6f;
    ImVec2 key{key_x0, p.y + fs * 0.15f};
    for (auto& l : lines) {
        const float kw = fs * 1.6f + ImGui::CalcTextSize(l.label).x;
        if (key.x > key_x0 && key.x + kw > p.x + w - fs * 0.3f) key = {key_x0, key.y + fs * 1.2f};
        key_at.push_back(key);
        key.x += kw;
    }
    ImVec2 a{p.x + fs * 4.2f, key.y + fs * 1.35f}, b{p.x + w - fs * 0.6f, p.y + height - fs * 1.3f};
    // The weeks shown start a little before orders or shipments do (flat zeros
    // before that would squeeze the gaps into a corner).
    double first_ship = metric_of(metrics(), "first_ship_week"), start = values().get("fab.cust.start_week");
    double x0 = std::max(0.0, (first_ship >= 0 ? std::min(start, first_ship) : start) - 4);
    if (v.week < x0 + 8) x0 = 0;
    double x1 = std::max(x0 + 1, v.week), y1 = 1;
    for (auto& l : lines)
        for (double y : l.ts->values()) y1 = std::max(y1, y * 1.05);
    auto X = [&](double wk) { return a.x + float((wk - x0) / (x1 - x0)) * (b.x - a.x); };
    auto Y = [&](double g) { return b.y - float(g / y1) * (b.y - a.y); };
    // Every line on screen (grid, events, series, arrows), so the gaps' words go where none crosses them.
    std::vector<std::vector<ImVec2>> drawn;
    for (double t : nice_ticks(0, y1, int(std::clamp((b.y - a.y) / (fs * 1.6f), 2.0f, 4.0f)))) {  // labels a line apart
        drawn.push_back({{a.x, Y(t)}, {b.x, Y(t)}});
        dl->AddLine({a.x, Y(t)}, {b.x, Y(t)}, IM_COL32(60, 68, 84, 255));
        std::string s = t >= 1000 ? fabui::count_text(t) : format_axis_value(t, "");
        dl->AddText({a.x - ImGui::CalcTextSize(s.c_str()).x - fs * 0.3f, Y(t) - fs * 0.5f}, pal::kTextDim, s.c_str());
    }
    std::vector<std::pair<float, std::string>> weeks;
    for (double t : nice_ticks(x0, x1, 5)) weeks.push_back({X(t), format_axis_value(t, "week")});
    draw_x_labels(dl, weeks, a.x, b.x, b.y + fs * 0.15f);
    dl->AddRect(a, b, IM_COL32(110, 120, 140, 255));
    dl->PushClipRect(a, b, true);
    const std::vector<ChartMarker> events = fabui::event_markers(v, values(), true);
    const size_t grid_and_events = drawn.size() + events.size();
    for (const ChartMarker& m : events) {
        drawn.push_back({{X(m.x), a.y}, {X(m.x), b.y}});
        dl->AddLine(drawn.back()[0], drawn.back()[1], with_alpha(pal::kVermillion, 150), 1.5f);
    }
    for (auto& l : lines) {
        const auto& t = l.ts->times();
        const auto& y = l.ts->values();
        std::vector<ImVec2>& pts = drawn.emplace_back();
        for (size_t i = 0; i < std::min(t.size(), y.size()); i++) pts.push_back({X(t[i]), Y(y[i])});
        if (pts.size() > 1) dl->AddPolyline(pts.data(), int(pts.size()), l.col, 0, 2);
    }
    dl->PopClipRect();
    // The gaps at the latest recorded week, each named beside its arrow where no line
    // or other word is in the way (above or below it, to one side or the other), else as a
    // key with the arrow's shape, in its colour, in the plot's top band (the rising lines
    // leave it empty) between the events' lines.
    const LabelBox plot{a, b};
    std::vector<LabelBox> taken;
    if (!v.cum_demand.values().empty() && !v.run.cum_shipped.values().empty()) {
        double wk = v.cum_demand.times().back(), ordered = v.cum_demand.values().back();
        double shipped = v.run.cum_shipped.values().back();
        double rate = values().get("fab.cust.gpus_per_week");
        auto name_arrow = [&](const char* word, const char* shape, ImU32 col, const std::vector<ImVec2>& beside) {
            const std::string key = std::string(shape) + " " + word;
            const ImVec2 ws = ImGui::CalcTextSize(word), ks = ImGui::CalcTextSize(key.c_str());
            std::vector<LabelBox> spots;
            for (ImVec2 p : beside) spots.push_back({p, {p.x + ws.x, p.y + ws.y}});
            for (int row = 0; row < 2; row++)
                for (float x = a.x + fs * 0.4f; x + ks.x < b.x; x += fs * 0.5f)
                    spots.push_back({{x, a.y + fs * (0.2f + 1.1f * float(row))}, {x + ks.x, a.y + fs * (1.2f + 1.1f * float(row))}});
            int k = clearest_label_box(spots, plot, taken, drawn);
            if (k < 0) return;
            taken.push_back(spots[size_t(k)]);
            dl->AddText(spots[size_t(k)].min, col, size_t(k) < beside.size() ? word : key.c_str());
        };
        std::vector<ImVec2> backlog_arrow, delay_arrow;
        if (ordered - shipped > y1 * 0.02) {
            backlog_arrow = {{X(wk) - 3, Y(shipped)}, {X(wk) - 3, Y(ordered)}};
            double_arrow(dl, backlog_arrow[0], backlog_arrow[1], pal::kVermillion, fs * 0.35f);
        }
        double caught_up = rate > 0 ? start + shipped / rate : wk;  // when the orders reached today's shipments
        if (wk - caught_up > (x1 - x0) * 0.02) {
            delay_arrow = {{X(caught_up), Y(shipped) + 3}, {X(wk), Y(shipped) + 3}};
            double_arrow(dl, delay_arrow[0], delay_arrow[1], pal::kYellow, fs * 0.35f);
        }
        for (const auto& arrow : {backlog_arrow, delay_arrow})
            if (!arrow.empty()) drawn.push_back(arrow);
        if (!backlog_arrow.empty()) {
            const char* s = tr("fab.chart.backlog_arrow");
            float w = ImGui::CalcTextSize(s).x, mid = (Y(shipped) + Y(ordered)) * 0.5f - fs * 0.5f;
            name_arrow(s, "↕", pal::kVermillion, {{X(wk) - w - fs * 0.4f, mid}, {X(wk) - w - fs * 0.4f, Y(ordered) + fs * 0.2f},
                                             {X(wk) - w - fs * 0.4f, Y(shipped) - fs * 1.2f},
                                             {X(wk) - w - fs * 0.4f, Y(ordered) - fs * 1.3f}});
        }
        if (!delay_arrow.empty()) {
            const char* s = tr("fab.chart.delay_arrow");
            float w = ImGui::CalcTextSize(s).x, l = X(caught_up), r = X(wk), mid = (l + r) * 0.5f - w * 0.5f;
            float above = Y(shipped) - fs * 1.1f, below = Y(shipped) + fs * 0.6f;  // clear of the arrowheads
            name_arrow(s, "↔", pal::kYellow, {{mid, above}, {mid, below}, {r - w - fs * 0.5f, above}, {l + fs * 0.3f, above},
                                         {r - w - fs * 0.5f, below}, {l + fs * 0.3f, below}, {l - w - fs * 0.3f, Y(shipped) - fs * 0.5f}});
        }
    }
    // The events' lines named beside them ("flaw", "masks"), each at the first height
    // where its words touch no series, arrow or word (a grid line or a neighbouring
    // event's line may pass under them); else unnamed (the map's timeline names them too).
    const std::vector<std::vector<ImVec2>> series_and_arrows(drawn.begin() + long(grid_and_events), drawn.end());
    for (const ChartMarker& m : events) {
        const float x = X(m.x), w = ImGui::CalcTextSize(m.label.c_str()).x;
        if (x < a.x || x > b.x) continue;
        std::vector<LabelBox> spots;
        for (float y = a.y + fs * 0.2f; y + fs < b.y; y += fs * 0.55f)
            for (float left : {x + fs * 0.25f, x - fs * 0.25f - w}) spots.push_back({{left, y}, {left + w, y + fs}});
        long crossings = 0;
        int k = clearest_label_box(spots, plot, taken, series_and_arrows, &crossings);
        if (k < 0 || crossings > 0) continue;
        taken.push_back(spots[size_t(k)]);
        dl->AddText(spots[size_t(k)].min, pal::kVermillion, m.label.c_str());
    }
    // The legend; a readout on hover.
    for (size_t i = 0; i < lines.size(); i++) {
        const ImVec2 k = key_at[i];
        dl->AddRectFilled({k.x, k.y + fs * 0.2f}, {k.x + fs * 0.7f, k.y + fs * 0.9f}, lines[i].col);
        dl->AddText({k.x + fs * 0.9f, k.y}, pal::kText, lines[i].label);
    }
    if (hovered) {
        double wk = x0 + (ImGui::GetIO().MousePos.x - a.x) / (b.x - a.x) * (x1 - x0);
        ImGui::BeginTooltip();
        ImGui::TextUnformatted(format_axis_value(wk, "week").c_str());
        for (auto& l : lines) {
            auto it = std::lower_bound(l.ts->times().begin(), l.ts->times().end(), wk);
            if (it == l.ts->times().end()) continue;
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(l.col), "%s: %s", l.label,
                               with_unit(l.ts->values()[size_t(it - l.ts->times().begin())], tr("unit.gpus")).c_str());
        }
        ImGui::EndTooltip();
    }
}

bool FabScene::draw_lesson_chart(const std::string& id, ImVec2 size) {
    if (id != "flow") return false;
    text_wrapped(tr("fab.sec.cumflow"), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    cumulative_flow_chart({size.x, std::max(size.y - ImGui::GetTextLineHeightWithSpacing(), ImGui::GetFontSize() * 4)});
    return true;
}

void FabScene::charts() {
    const FabView& v = fab().view();
    float fs = ImGui::GetFontSize();
    ChartOptions opt;
    opt.x_unit = "week";
    opt.markers = fabui::event_markers(v, values(), true);
    ImVec2 size{0, fs * 7.5f};
    const char* no_flaw = tr("fab.series.no_flaw");

    if (ImGui::CollapsingHeader(tr("fab.sec.cumflow"), ImGuiTreeNodeFlags_DefaultOpen)) {
        cumulative_flow_chart({ImGui::GetContentRegionAvail().x, size.y * 1.15f});
        char gaps[200];
        std::snprintf(gaps, sizeof gaps, tr("fab.chart.gaps"), fabui::count_text(metric_of(metrics(), "backlog_gpus")).c_str(),
                      cumulative_delay_weeks());
        text_wrapped(join_magnitudes(gaps));  // the line breaker keeps "0.0 周" whole
        text_wrapped(tr("fab.chart.cumflow"), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    }
    if (ImGui::CollapsingHeader(tr("fab.sec.shipments"), ImGuiTreeNodeFlags_DefaultOpen)) {
        // Demand per week as a series on the same weeks, for the eye.
        std::vector<double>& demand = demand_series_;
        const auto& t = v.run.shipments.times();
        demand.assign(t.size(), 0);
        double rate = values().get("fab.cust.gpus_per_week"), start = values().get("fab.cust.start_week");
        for (size_t i = 0; i < t.size(); i++) demand[i] = t[i] > start ? rate : 0;
        std::vector<LineSeries> s = {{tr("fab.series.demand"), &t, &demand, pal::kSky},
                                     {tr("fab.series.shipped"), &t, &v.run.shipments.values(), pal::kOrange}};
        if (counterfactuals_drawn()) s.push_back({no_flaw, &v.no_flaw.shipments.times(), &v.no_flaw.shipments.values(), kNoFlawLine});
        opt.y_unit = "";
        line_chart("ship", size, s, opt);
        text_wrapped(tr("fab.chart.shipments"), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    }
    if (ImGui::CollapsingHeader(tr("fab.sec.wip"))) {
        std::vector<LineSeries> s;
        for (int b = 0; b < kBufCount; b++) {
            ImGui::PushID(b);
            ImGui::PushStyleColor(ImGuiCol_CheckMark, fabui::buffer_color(b));
            ImGui::Checkbox(fabui::buffer_unit(b), &wip_shown_[b]);
            ImGui::PopStyleColor();
            ImGui::PopID();
            if (b % 3 != 2) ImGui::SameLine();
            if (wip_shown_[b])
                s.push_back({fabui::buffer_unit(b), &v.buffer_wip[size_t(b)].times(), &v.buffer_wip[size_t(b)].values(),
                             fabui::buffer_color(b)});
        }
        opt.log_y = true;
        line_chart("wip", size, s, opt);
        opt.log_y = false;
        text_wrapped(tr("fab.chart.wip"), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    }
}

void FabScene::station_bars() {
    const FabView& v = fab().view();
    float fs = ImGui::GetFontSize();
    // Legend.
    for (State s : {State::Working, State::Starved, State::Blocked, State::Idle}) {
        ImVec2 c = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddRectFilled({c.x, c.y + fs * 0.2f}, {c.x + fs * 0.8f, c.y + fs}, fabui::state_color(s), 2);
        ImGui::Dummy({fs, fs});
        ImGui::SameLine(0, fs * 0.2f);
        ImGui::TextUnformatted(fabui::state_word(s));
        ImGui::SameLine(0, fs * 0.8f);
    }
    ImGui::NewLine();
    if (!ImGui::BeginTable("stations", 2, ImGuiTableFlags_SizingStretchProp)) return;
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthFixed, fs * 7.5f);
    ImGui::TableSetupColumn("bar", ImGuiTableColumnFlags_WidthStretch);
    for (int st = kStFab; st <= kStShip; st++) {
        const FabStationView& sv = v.stations[size_t(st)];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (st == v.bottleneck) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal::kBottleneck), "%s", fabui::station_short(st));
        else ImGui::TextUnformatted(fabui::station_short(st));
        ImGui::TableNextColumn();
        ImVec2 p = ImGui::GetCursorScreenPos();
        float w = ImGui::GetContentRegionAvail().x, h = fs * 0.95f;
        ImGui::PushID(st);
        ImGui::InvisibleButton("bar", {w, h});
        ImGui::PopID();
        ImDrawList* dl = ImGui::GetWindowDrawList();
        double shares[4] = {sv.busy, sv.starved, sv.blocked, sv.idle};
        State states[4] = {State::Working, State::Starved, State::Blocked, State::Idle};
        double total = shares[0] + shares[1] + shares[2] + shares[3];
        float x = p.x;
        for (int k = 0; k < 4; k++) {
            float sw = total > 0 ? float(shares[k] / total) * w : 0;
            dl->AddRectFilled({x, p.y + 2}, {x + sw, p.y + h}, fabui::state_color(states[k]));
            x += sw;
        }
        if (st == v.bottleneck) dl->AddRect({p.x - 1, p.y + 1}, {p.x + w + 1, p.y + h + 1}, pal::kBottleneck, 0, 0, 2);
        if (ImGui::IsItemHovered()) {
            char b[160];
            std::snprintf(b, sizeof b, tr("fab.card.shares"), format_share(sv.busy).c_str(), format_share(sv.starved).c_str(),
                          format_share(sv.blocked).c_str(), format_share(sv.idle).c_str());
            ImGui::SetTooltip("%s\n%s", b, tr("fab.lesson.shares"));
        }
    }
    ImGui::EndTable();
}

// A row per station, a column per week, coloured by the state that dominated the
// week: after the respin the starvation runs down the line, row after row.
void FabScene::state_history() {
    const FabView& v = fab().view();
    float fs = ImGui::GetFontSize();
    ImGui::TextUnformatted(tr("fab.hist.title"));
    const auto& state_weeks = v.station_states;
    size_t weeks = std::max<size_t>(52, state_weeks.size());
    int rows = kStShip - kStFab + 1;
    // Each row's name whole, a gap before its bars ("Interposer and substrate" ran into them).
    const float label_px = fs * 0.85f, row_h = fs;
    float w = ImGui::GetContentRegionAvail().x, label_w = 0;
    for (int r = 0; r < rows; r++)
        label_w = std::max(label_w, ImGui::GetFont()->CalcTextSizeA(label_px, FLT_MAX, 0, fabui::station_short(kStFab + r)).x);
    label_w = std::min(label_w + fs * 0.5f, w * 0.5f);
    ImVec2 p = ImGui::GetCursorScreenPos();
    float plot_w = std::max(10.0f, w - label_w);
    ImGui::InvisibleButton("history", {w, row_h * float(rows) + fs * 1.2f});
    bool hovered = ImGui::IsItemHovered();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    float x0 = p.x + label_w, col_w = plot_w / float(weeks);
    for (int r = 0; r < rows; r++) {
        int st = kStFab + r;
        float y = p.y + row_h * float(r);
        dl->AddText(ImGui::GetFont(), label_px, {p.x, y + (row_h - label_px) * 0.5f}, st == v.bottleneck ? pal::kBottleneck : pal::kTextDim,
                    fabui::station_short(st));
        // One rectangle per run of weeks in the same state.
        for (size_t k = 0, end = 0; k < state_weeks.size(); k = end) {
            uint8_t s = state_weeks[k][size_t(st)];
            for (end = k + 1; end < state_weeks.size() && state_weeks[end][size_t(st)] == s;) end++;
            ImU32 c = s == FabView::kWeekHeld ? pal::kVermillion : fabui::state_color(State(s));
            dl->AddRectFilled({x0 + col_w * float(k), y + 1}, {x0 + col_w * float(end), y + row_h - 1}, c);
        }
    }
    float bottom = p.y + row_h * float(rows);
    for (const ChartMarker& m : fabui::event_markers(v, values(), true)) {
        float x = x0 + float(m.x) * col_w;
        if (x > x0 + plot_w) continue;
        dl->AddLine({x, p.y}, {x, bottom}, pal::kText, 1.5f);
        dl->AddText(ImGui::GetFont(), fs * 0.75f, {x + 2, bottom}, pal::kVermillion, m.label.c_str());
    }
    if (hovered) {
        ImVec2 mp = ImGui::GetIO().MousePos;
        int r = int((mp.y - p.y) / row_h);
        size_t k = mp.x > x0 ? size_t((mp.x - x0) / col_w) : weeks;
        if (r >= 0 && r < rows && k < state_weeks.size()) {
            uint8_t s = state_weeks[k][size_t(kStFab + r)];
            ImGui::SetTooltip("%s, %s %zu: %s\n%s", fabui::station_short(kStFab + r), tr("unit.week"), k,
                              s == FabView::kWeekHeld ? tr("fab.hist.held") : fabui::state_word(State(s)), tr("fab.lesson.shares"));
        }
    }
    text_wrapped(tr("fab.hist.lesson"), ImGui::GetColorU32(ImGuiCol_TextDisabled));
}

void FabScene::little_table() {
    const FabView& v = fab().view();
    if (v.little.empty()) return;
    const FabLittle& line = v.little.back();
    char b[256];
    std::snprintf(b, sizeof b, tr("fab.little.line"), fabui::count_text(line.L).c_str(),
                  fabui::count_text(line.lambda_per_week).c_str(), line.W_weeks, fabui::count_text(line.lambda_W).c_str());
    ImGui::TextUnformatted(join_magnitudes(b).c_str());
    text_wrapped(tr("fab.little.lesson"), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    if (!ImGui::BeginTable("little", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    for (const char* h : {tr("fab.little.buffer"), "L", tr("fab.little.lambda"), tr("fab.little.w"), "λ × W"}) ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (int bi = 0; bi < kBufCount && bi < int(v.little.size()); bi++) {
        const FabLittle& l = v.little[size_t(bi)];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(fabui::buffer_color(bi)), "%s", fabui::buffer_unit(bi));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(fabui::count_text(l.L).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(fabui::count_text(l.lambda_per_week).c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%.2f", l.W_weeks);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(fabui::count_text(l.lambda_W).c_str());
    }
    ImGui::EndTable();
}

// plots.cpp — see plots.h. Every chart reserves its rectangle with an invisible
// button (so it takes hover and clicks), then draws with the window's draw list.
#include "app/ui/plots.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/ui/font.h"
#include "app/ui/format.h"
#include "app/ui/i18n.h"
#include "app/ui/palette.h"

namespace {
constexpr ImU32 kAxis = IM_COL32(110, 120, 140, 255);
constexpr ImU32 kGrid = IM_COL32(60, 68, 84, 255);
constexpr ImU32 kChartBg = IM_COL32(24, 28, 36, 255);  // a chart's ground, and the plates of words over its lines

struct Frame {
    ImVec2 min, max;  // plot area (inside the axes)
    ImDrawList* dl;
    bool hovered;
};

Frame begin_chart(const char* id, ImVec2 size, float left_margin) {
    ImVec2 avail = ImGui::GetContentRegionAvail();
    if (size.x <= 0) size.x = avail.x;
    if (size.y <= 0) size.y = ImGui::GetFontSize() * 8;
    ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton(id, size);
    float fs = ImGui::GetFontSize();
    Frame f{{p.x + left_margin, p.y + fs * 0.4f}, {p.x + size.x - fs * 0.4f, p.y + size.y - fs * 1.3f},
            ImGui::GetWindowDrawList(), ImGui::IsItemHovered()};
    f.dl->AddRectFilled(p, {p.x + size.x, p.y + size.y}, kChartBg, 4);
    return f;
}

double to_unit_y(double v, double lo, double hi, bool log) {
    if (log) {
        v = std::max(v, lo);
        return (std::log10(v) - std::log10(lo)) / std::max(1e-12, std::log10(hi) - std::log10(lo));
    }
    return (v - lo) / std::max(1e-300, hi - lo);
}

// The markers' labels, each on its own row of three from top (row apart), on an opaque
// plate over every line (drawn after the lines and series: a label drawn before the next
// line or the data was crossed by it, "新光罩" read "七罩"); left of its line where the
// right has no room, pointing at it (a reader pairs a label with the line it touches).
template <class XOf>
void marker_labels(ImDrawList* dl, const std::vector<ChartMarker>& markers, XOf x_of, float top, float row, float max_x) {
    const float fs = ImGui::GetFontSize();
    int shown = 0;
    for (const ChartMarker& m : markers) {
        const float x = x_of(m.x);
        if (std::isnan(x)) continue;
        const float y = top + row * float(shown++ % 3);
        const bool right = x + 3 + ImGui::CalcTextSize(m.label.c_str()).x <= max_x;
        const std::string label = right ? m.label : m.label + " →";
        const float tw = ImGui::CalcTextSize(label.c_str()).x, tx = right ? x + 3 : x - 3 - tw;
        dl->AddRectFilled({tx - 1, y}, {tx + tw + 1, y + fs}, kChartBg);
        dl->AddText({tx, y}, m.color, label.c_str());
    }
}
}  // namespace

std::string format_axis_value(double v, const std::string& unit) {
    if (unit == "s") return format_duration(v, language());
    if (unit == "week") {
        char b[32];
        std::snprintf(b, sizeof b, language() == Lang::Zh ? "第 %.0f 周" : "wk %.0f", v);
        return b;
    }
    if (unit == "B") return format_bytes(v);
    if (unit.empty()) {
        char b[32];
        double a = std::fabs(v);
        std::snprintf(b, sizeof b, a >= 1e5 || (a < 1e-2 && a > 0) ? "%.2g" : a >= 100 ? "%.0f" : "%.3g", v);
        return b;
    }
    return format_si(v, unit.c_str());
}

namespace {
// Whether the segment p-q passes through the box (Liang-Barsky clipping).
bool crosses(ImVec2 p, ImVec2 q, const LabelBox& b) {
    float t0 = 0, t1 = 1, dx = q.x - p.x, dy = q.y - p.y;
    const float ps[4] = {-dx, dx, -dy, dy}, qs[4] = {p.x - b.min.x, b.max.x - p.x, p.y - b.min.y, b.max.y - p.y};
    for (int i = 0; i < 4; i++) {
        if (ps[i] == 0) {
            if (qs[i] < 0) return false;
            continue;
        }
        float t = qs[i] / ps[i];
        if (ps[i] < 0) t0 = std::max(t0, t);
        else t1 = std::min(t1, t);
        if (t0 > t1) return false;
    }
    return true;
}
bool overlap(const LabelBox& a, const LabelBox& b) {
    return a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y;
}
}  // namespace

int clearest_label_box(const std::vector<LabelBox>& candidates, LabelBox plot, const std::vector<LabelBox>& taken,
                       const std::vector<std::vector<ImVec2>>& lines, long* crossings) {
    int best = -1;
    long best_score = 0;
    for (size_t c = 0; c < candidates.size(); c++) {
        const LabelBox& b = candidates[c];
        if (b.min.x < plot.min.x || b.min.y < plot.min.y || b.max.x > plot.max.x || b.max.y > plot.max.y) continue;
        // A line or label that grazes the words crowds them too: a few pixels around them count.
        const LabelBox room{{b.min.x - 3, b.min.y - 3}, {b.max.x + 3, b.max.y + 3}};
        if (std::any_of(taken.begin(), taken.end(), [&](const LabelBox& t) { return overlap(room, t); })) continue;
        long score = 0;
        for (const auto& line : lines)
            for (size_t i = 1; i < line.size(); i++) score += crosses(line[i - 1], line[i], room);
        if (best < 0 || score < best_score) best = int(c), best_score = score;
    }
    if (crossings) *crossings = best_score;
    return best;
}

void draw_x_labels(ImDrawList* dl, const std::vector<std::pair<float, std::string>>& labels, float left, float right,
                   float y) {
    const float gap = ImGui::GetFontSize() * 0.5f;
    float last_right = -FLT_MAX;
    for (const auto& [x, s] : labels) {
        const float w = ImGui::CalcTextSize(s.c_str()).x, at = std::clamp(x - w * 0.5f, left, right - w);
        if (at < last_right + gap) continue;
        dl->AddText({at, y}, pal::kTextDim, s.c_str());
        last_right = at + w;
    }
}

std::vector<double> nice_ticks(double lo, double hi, int n) {
    std::vector<double> t;
    if (!(hi > lo) || !std::isfinite(lo) || !std::isfinite(hi) || n < 1) return t;
    double raw = (hi - lo) / n, mag = std::pow(10.0, std::floor(std::log10(raw)));
    double step = mag;
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * mag) { step = m * mag; break; }
    for (double v = std::ceil(lo / step) * step; v <= hi + step * 1e-9 && t.size() < 64; v += step) t.push_back(v);
    return t;
}

void line_chart(const char* id, ImVec2 size, const std::vector<LineSeries>& series, const ChartOptions& opt,
                ChartAxes* axes) {
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    for (auto& s : series) {
        size_t n = std::min(s.x->size(), s.y->size());
        for (size_t i = 0; i < n; i++) {
            double x = (*s.x)[i], y = (*s.y)[i];
            if (!std::isfinite(x) || !std::isfinite(y)) continue;
            x0 = std::min(x0, x); x1 = std::max(x1, x);
            if (opt.log_y && y <= 0) continue;
            y0 = std::min(y0, y); y1 = std::max(y1, y);
        }
    }
    float fs = ImGui::GetFontSize();
    Frame f = begin_chart(id, size, fs * 4.2f);
    const double data[4] = {x0, x1, y0, y1};
    // The legend's rows along the top: each key where it fits on the row, else on the next.
    std::vector<ImVec2> keys;
    float row = fs * 1.15f, lx = f.min.x + fs * 0.4f, ly = f.min.y + fs * 0.1f;
    for (auto& s : series) {
        float w = fs * 1.6f + ImGui::CalcTextSize(s.label.c_str()).x;
        if (lx > f.min.x + fs * 0.4f && lx + w > f.max.x) lx = f.min.x + fs * 0.4f, ly += row;
        keys.push_back({lx, ly});
        lx += w;
    }
    const float plot_h = f.max.y - f.min.y;
    const float legend_h = std::min(series.empty() ? 0.0f : ly + row - f.min.y, plot_h * 0.5f);
    // The data's top is drawn under the legend's band, a little clear of it.
    const double room = plot_h / std::max(1.0f, plot_h - legend_h) * 1.03;
    if (!(x1 > x0)) { x0 = std::isfinite(x0) ? x0 : 0; x1 = x0 + 1; }
    if (!std::isfinite(y0)) { y0 = 0; y1 = 1; }
    if (opt.y_from_zero && !opt.log_y) y0 = std::min(0.0, y0);
    if (opt.log_y) {
        y0 = std::max(y0, y1 * 1e-6);
        y0 = std::pow(10, std::floor(std::log10(y0)));
        y1 = std::pow(10, std::log10(y0) + (std::log10(y1) - std::log10(y0)) * room);
    }
    if (!(y1 > y0)) y1 = y0 + 1;
    else if (!opt.log_y) y1 = y0 + (y1 - y0) * room;
    if (axes) *axes = {true, x0, x1, y0, y1, data[0], data[1], data[2], data[3]};
    auto px = [&](double x, double y) {
        return ImVec2(f.min.x + float((x - x0) / (x1 - x0)) * (f.max.x - f.min.x),
                      f.max.y - float(to_unit_y(y, y0, y1, opt.log_y)) * (f.max.y - f.min.y));
    };
    // Grid and labels.
    std::vector<double> yt;
    if (opt.log_y) for (double v = y0; v <= y1 * 1.001; v *= 10) yt.push_back(v);
    else yt = nice_ticks(y0, y1, 4);
    for (double v : yt) {
        ImVec2 a = px(x0, v);
        f.dl->AddLine({f.min.x, a.y}, {f.max.x, a.y}, kGrid);
        std::string s = format_axis_value(v, opt.y_unit);
        ImVec2 ts = ImGui::CalcTextSize(s.c_str());
        f.dl->AddText({f.min.x - ts.x - fs * 0.3f, a.y - ts.y * 0.5f}, pal::kTextDim, s.c_str());
    }
    // A time axis reads in one unit, its end's, with ticks nice in it ("1, 2, 3 min", not
    // "50.0 s, 1.67 min, 2.50 min").
    const bool time_axis = opt.x_unit == "s";
    const double time_unit = time_axis ? duration_unit(std::max(std::fabs(x0), std::fabs(x1))) : 1;
    std::vector<double> xt = nice_ticks(x0 / time_unit, x1 / time_unit, 5);
    for (double& v : xt) v *= time_unit;
    if (opt.x_unit == "week")  // weeks are whole: no "wk 2, wk 2" from half-week ticks
        xt.erase(std::remove_if(xt.begin(), xt.end(), [](double v) { return v != std::floor(v); }), xt.end());
    std::vector<std::pair<float, std::string>> xl;
    for (double v : xt)
        xl.push_back({px(v, y0).x, time_axis ? format_duration_in(v, time_unit, language()) : format_axis_value(v, opt.x_unit)});
    // Not left of the plot: there the y axis's lowest label reaches down ("0" over "第 1 周").
    draw_x_labels(f.dl, xl, f.min.x, f.max.x, f.max.y + fs * 0.15f);
    f.dl->AddRect(f.min, f.max, kAxis);
    f.dl->PushClipRect(f.min, f.max, true);
    auto marker_x = [&](double x) { return x < x0 || x > x1 ? NAN : px(x, y0).x; };
    for (auto& m : opt.markers)
        if (float x = marker_x(m.x); !std::isnan(x)) f.dl->AddLine({x, f.min.y}, {x, f.max.y}, m.color, 2);
    for (auto& s : series) {
        size_t n = std::min(s.x->size(), s.y->size());
        ImVec2 prev;
        bool have = false;
        for (size_t i = 0; i < n; i++) {
            double y = (*s.y)[i];
            if (!std::isfinite(y) || (opt.log_y && y <= 0)) { have = false; continue; }
            ImVec2 p = px((*s.x)[i], y);
            if (have) f.dl->AddLine(prev, p, s.color, 2.0f);
            prev = p;
            have = true;
        }
    }
    // Below the legend, stepping down so neighbours do not overlap.
    marker_labels(f.dl, opt.markers, marker_x, f.min.y + legend_h + fs * 0.1f, fs, f.max.x);
    f.dl->PopClipRect();
    // Legend along the top, readout on hover.
    for (size_t i = 0; i < series.size(); i++) {
        const LineSeries& s = series[i];
        const ImVec2 k = keys[i];
        f.dl->AddRectFilled({k.x, k.y + fs * 0.25f}, {k.x + fs * 0.7f, k.y + fs * 0.95f}, s.color);
        f.dl->AddText({k.x + fs * 0.9f, k.y}, pal::kText, s.label.c_str());
    }
    if (f.hovered && !series.empty()) {
        double mx = x0 + (ImGui::GetIO().MousePos.x - f.min.x) / (f.max.x - f.min.x) * (x1 - x0);
        ImGui::BeginTooltip();
        ImGui::TextUnformatted(format_axis_value(mx, opt.x_unit).c_str());
        for (auto& s : series) {
            auto it = std::lower_bound(s.x->begin(), s.x->end(), mx);
            if (it == s.x->end()) continue;
            size_t i = size_t(it - s.x->begin());
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(s.color), "%s: %s", s.label.c_str(),
                               format_axis_value((*s.y)[i], opt.y_unit).c_str());
        }
        ImGui::EndTooltip();
    }
}

void stacked_bar(const char* id, const std::vector<BarPart>& parts, const char* empty_note, float height) {
    double total = 0;
    for (auto& p : parts) total += std::max(0.0, p.value);
    float fs = ImGui::GetFontSize();
    if (height <= 0) height = fs * 1.6f;
    ImVec2 p0 = ImGui::GetCursorScreenPos();
    float w = ImGui::GetContentRegionAvail().x;
    ImGui::InvisibleButton(id, {w, height});
    bool hovered = ImGui::IsItemHovered();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    float x = p0.x;
    for (auto& p : parts) {
        if (!(total > 0) || p.value <= 0) continue;
        float pw = float(p.value / total) * w;
        dl->AddRectFilled({x, p0.y}, {x + pw, p0.y + height}, p.color);
        char pct[16];
        std::snprintf(pct, sizeof pct, "%.0f%%", 100 * p.value / total);
        ImVec2 ts = ImGui::CalcTextSize(pct);
        if (ts.x + 4 < pw) dl->AddText({x + (pw - ts.x) / 2, p0.y + (height - ts.y) / 2}, IM_COL32(10, 10, 10, 255), pct);
        if (hovered && ImGui::GetIO().MousePos.x >= x && ImGui::GetIO().MousePos.x < x + pw)
            ImGui::SetTooltip("%s: %.1f%%", p.label.c_str(), 100 * p.value / total);
        x += pw;
    }
    if (!(total > 0)) {  // an outline and why it is empty, not a blank gap
        dl->AddRect(p0, {p0.x + w, p0.y + height}, ImGui::GetColorU32(ImGuiCol_Border));
        ImVec2 ts = ImGui::CalcTextSize(empty_note);
        dl->PushClipRect(p0, {p0.x + w, p0.y + height}, true);
        dl->AddText({p0.x + std::max(fs * 0.4f, (w - ts.x) / 2), p0.y + (height - ts.y) / 2},
                    ImGui::GetColorU32(ImGuiCol_TextDisabled), empty_note);
        dl->PopClipRect();
    }
    // Legend, wrapped.
    float lx = 0;
    for (auto& p : parts) {
        float item = fs * 1.2f + ImGui::CalcTextSize(p.label.c_str()).x + fs;
        if (lx > 0 && lx + item < w) ImGui::SameLine(0, 0);
        else lx = 0;
        ImVec2 c = ImGui::GetCursorScreenPos();
        dl->AddRectFilled({c.x, c.y + fs * 0.2f}, {c.x + fs * 0.8f, c.y + fs}, p.color);
        ImGui::Dummy({fs, fs});
        ImGui::SameLine(0, fs * 0.2f);
        ImGui::TextUnformatted(p.label.c_str());
        ImGui::SameLine(0, fs);
        ImGui::Dummy({0, 0});
        lx += item;
    }
}

int histogram(const char* id, ImVec2 size, const std::vector<double>& edges, const std::vector<double>& counts,
              const char* x_unit, int highlight, const std::vector<ChartMarker>& markers,
              const std::string& zero_label) {
    float fs = ImGui::GetFontSize();
    Frame f = begin_chart(id, size, fs * 0.5f);
    size_t n = std::min(counts.size(), edges.size() > 0 ? edges.size() - 1 : 0);
    double top = 0;
    for (size_t i = 0; i < n; i++) top = std::max(top, counts[i]);
    int clicked = -1;
    if (n == 0 || top <= 0) return -1;
    float bw = (f.max.x - f.min.x) / float(n);
    const bool zeros = edges.front() == 0 && n > 1;
    auto bin_range = [&](size_t i) {
        return zeros && i == 0 ? zero_label
                               : format_axis_value(edges[i], x_unit) + " – " + format_axis_value(edges[i + 1], x_unit);
    };
    // The markers' labels get rows of their own above the tallest bar.
    float bars_top = f.min.y + fs * 1.1f * float(std::min<size_t>(markers.size(), 3));
    struct BarCount { ImVec2 at; float width; double count; std::string text; };
    std::vector<BarCount> bar_counts;
    for (size_t i = 0; i < n; i++) {
        // A bin with any count shows (3 px at least), its count written over it (inside a
        // bar that reaches the markers' rows): a few long waits are what lifts a mean, and
        // the counts let a class check a p99.
        const float h = counts[i] > 0 ? std::max(3.0f, float(counts[i] / top) * (f.max.y - bars_top)) : 0;
        ImVec2 a{f.min.x + bw * float(i) + 1, f.max.y - h}, b{f.min.x + bw * float(i + 1) - 1, f.max.y};
        if (counts[i] > 0) {
            std::string c = format_count(counts[i], language());
            const float tw = ImGui::CalcTextSize(c.c_str()).x, x = std::clamp((a.x + b.x - tw) * 0.5f, f.min.x, f.max.x - tw);
            const bool inside = a.y - fs * 1.05f < bars_top;
            bar_counts.push_back({{x, inside ? a.y + fs * 0.05f : a.y - fs * 1.05f}, tw, counts[i], std::move(c)});
        }
        bool in = f.hovered && ImGui::GetIO().MousePos.x >= a.x - 1 && ImGui::GetIO().MousePos.x < b.x + 1;
        f.dl->AddRectFilled(a, b, int(i) == highlight ? pal::kVermillion : in ? pal::kYellow : pal::kSky);
        if (in) {
            ImGui::SetTooltip("%s: %.0f", bin_range(i).c_str(), counts[i]);
            if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) clicked = int(i);
        }
    }
    // Bins are equally wide on screen: a value sits in its bin by its share of the bin.
    auto x_of = [&](double v) {
        auto it = std::upper_bound(edges.begin(), edges.begin() + long(n) + 1, v);
        if (!std::isfinite(v) || it == edges.begin() || it == edges.begin() + long(n) + 1) return NAN;
        size_t i = size_t(it - edges.begin()) - 1;
        return f.min.x + bw * (float(i) + float((v - edges[i]) / (edges[i + 1] - edges[i])));
    };
    // The axis: the powers of ten inside (the model's bins are log-spaced), else both ends;
    // a bin of zeros first stands behind a break (two slashes) with its own label.
    std::vector<double> ticks;
    if (zeros) {
        ticks.push_back(0);
        for (float dx : {-0.12f, 0.12f})
            f.dl->AddLine({f.min.x + bw + dx * fs - fs * 0.15f, f.max.y + fs * 0.25f},
                          {f.min.x + bw + dx * fs + fs * 0.15f, f.max.y - fs * 0.25f}, kAxis, 1.5f);
    }
    if (const double lo = zeros ? edges[1] : edges.front(); lo > 0)
        for (double v = std::pow(10, std::ceil(std::log10(lo) - 1e-9)); v <= edges[n] * (1 + 1e-9) && ticks.size() < 12; v *= 10)
            ticks.push_back(v);
    if (ticks.size() < 2) ticks = {edges.front(), edges[n]};
    float last_right = -INFINITY;
    for (double v : ticks) {
        float x = v >= edges[n] ? f.max.x : v == 0 ? f.min.x + bw * 0.5f : x_of(std::max(v, edges[zeros ? 1 : 0]));
        if (std::isnan(x)) continue;
        std::string s = zeros && v == 0 ? zero_label : format_axis_value(v, x_unit);
        float tw = ImGui::CalcTextSize(s.c_str()).x, tx = std::clamp(x - tw * 0.5f, f.min.x, f.max.x - tw);
        if (tx < last_right + fs * 0.5f) continue;  // no label over its neighbour
        f.dl->AddLine({x, f.max.y}, {x, f.max.y + fs * 0.2f}, kAxis);
        f.dl->AddText({tx, f.max.y + fs * 0.15f}, pal::kTextDim, s.c_str());
        last_right = tx + tw;
    }
    // Markers: every line first, then each label on its own row on the side with room, on
    // a plate over the lines (a label drawn before the next line was crossed by it).
    for (const ChartMarker& m : markers)
        if (float x = x_of(m.x); !std::isnan(x)) f.dl->AddLine({x, f.min.y}, {x, f.max.y}, m.color, 2);
    // The counts, the largest first, each where it clears those written (the tallest bar's
    // is the one a class checks a share against), on plates over the markers' lines.
    std::stable_sort(bar_counts.begin(), bar_counts.end(), [](const BarCount& p, const BarCount& q) { return p.count > q.count; });
    std::vector<ImVec4> written;
    for (const BarCount& c : bar_counts) {
        const ImVec4 r{c.at.x - fs * 0.15f, c.at.y, c.at.x + c.width + fs * 0.15f, c.at.y + fs};
        if (std::any_of(written.begin(), written.end(), [&](const ImVec4& w) { return r.x < w.z && w.x < r.z && r.y < w.w && w.y < r.w; }))
            continue;
        written.push_back(r);
        f.dl->AddRectFilled({c.at.x - 1, c.at.y}, {c.at.x + c.width + 1, c.at.y + fs}, kChartBg);
        f.dl->AddText(c.at, pal::kSky, c.text.c_str());
    }
    marker_labels(f.dl, markers, x_of, f.min.y, fs * 1.1f, f.max.x);
    return clicked;
}

void roofline(const char* id, ImVec2 size, double peak, const std::vector<RoofLevel>& levels,
              const std::vector<RoofPoint>& points, double ridge, const std::string& ridge_label,
              const std::string& roof_label) {
    float fs = ImGui::GetFontSize();
    Frame f = begin_chart(id, size, fs * 5.5f);  // room for "500 TFLOP/s"
    if (!(peak > 0)) return;
    double ai0 = 0.1, ai1 = 1e4;  // FLOPs per byte
    for (auto& p : points)
        if (p.flops_per_byte > 0) { ai0 = std::min(ai0, p.flops_per_byte / 3); ai1 = std::max(ai1, p.flops_per_byte * 3); }
    if (ridge > 0) ai0 = std::min(ai0, ridge / 3), ai1 = std::max(ai1, ridge * 3);
    // The rate axis from under the lowest roof's left end (or point) to over the compute
    // roof: a machine whose ridge is low (one CPU thread) fills the plot, not its top decade.
    double y0 = peak;
    for (auto& l : levels)
        if (l.bytes_per_s > 0) y0 = std::min(y0, ai0 * l.bytes_per_s);
    for (auto& p : points)
        if (p.flops_per_s > 0) y0 = std::min(y0, p.flops_per_s);
    y0 = std::max(y0 / 3, peak * 1e-6);
    // Over the roof, a third of a decade or its label's lines (wrapped at the plot's width),
    // whichever is more.
    const std::vector<tj::LineSpan> roof_lines = wrap_lines(fs, roof_label, f.max.x - f.min.x - 8);
    const float roof_label_h = fs * (0.5f + float(std::max<size_t>(1, roof_lines.size())));
    const double below = std::log10(peak / y0), room = std::min(0.45, double(roof_label_h) / std::max(1.0f, f.max.y - f.min.y));
    const double y1 = peak * std::pow(10, std::max(std::log10(3.0), below * room / (1 - room)));
    auto px = [&](double ai, double fl) {
        double u = (std::log10(ai) - std::log10(ai0)) / (std::log10(ai1) - std::log10(ai0));
        double v = to_unit_y(fl, y0, y1, true);
        return ImVec2(f.min.x + float(u) * (f.max.x - f.min.x), f.max.y - float(v) * (f.max.y - f.min.y));
    };
    const double y_step = std::log10(y1 / y0) > 4 ? 100 : 10;  // a label every decade or two
    for (double v = std::pow(10, std::ceil(std::log10(y0))); v <= y1; v *= y_step) {
        ImVec2 a = px(ai0, v);
        f.dl->AddLine({f.min.x, a.y}, {f.max.x, a.y}, kGrid);
        std::string s = format_si(v, "FLOP/s");
        f.dl->AddText({f.min.x - ImGui::CalcTextSize(s.c_str()).x - 4, a.y - fs * 0.5f}, pal::kTextDim, s.c_str());
    }
    std::vector<std::pair<float, std::string>> xl;  // decades; a label with no room is left out
    for (double v = std::pow(10, std::ceil(std::log10(ai0))); v <= ai1; v *= 10) {
        ImVec2 a = px(v, y0);
        f.dl->AddLine({a.x, f.min.y}, {a.x, f.max.y}, kGrid);
        xl.push_back({a.x, format_axis_value(v, "")});
    }
    draw_x_labels(f.dl, xl, f.min.x, f.max.x, f.max.y + fs * 0.15f);
    f.dl->AddRect(f.min, f.max, kAxis);
    f.dl->PushClipRect(f.min, f.max, true);
    std::vector<LabelBox> taken;  // the words written in the plot, so later ones go where none is
    std::vector<std::vector<ImVec2>> slopes;  // each level's slanted roof, on screen
    for (auto& l : levels) {
        if (!(l.bytes_per_s > 0)) continue;
        const double knee = peak / l.bytes_per_s;  // where this level's roof meets compute
        slopes.push_back({px(ai0, ai0 * l.bytes_per_s), px(knee, peak)});
        f.dl->AddLine(slopes.back()[0], slopes.back()[1], l.color, 2);
    }
    f.dl->AddLine(px(ai0, peak), px(ai1, peak), pal::kOrange, 2);
    if (!roof_label.empty()) {  // over the roof's right end: the dots and the slopes stay under it
        const ImVec2 t = wrapped_text_size(fs, roof_label, f.max.x - f.min.x - 8);
        const ImVec2 at{f.max.x - 4 - t.x, px(ai1, peak).y - fs * 0.2f - t.y};
        draw_lines(f.dl, fs, at, pal::kOrange, roof_label, roof_lines);
        taken.push_back({at, {at.x + t.x, at.y + t.y}});
    }
    const std::string x_title = tr("plot.flops_per_byte");  // the x axis's title, inside the plot's foot
    const ImVec2 x_title_at{f.max.x - ImGui::CalcTextSize(x_title.c_str()).x - 4, f.max.y - fs * 1.2f};
    // (a word's width clear of it, so no label reads on into the title)
    taken.push_back({{x_title_at.x - fs, x_title_at.y}, {f.max.x - 4, x_title_at.y + ImGui::GetTextLineHeight()}});
    // Each level's name beside its own line, as near its left end as reads clearly: over
    // it and to the left (the line rises to the right, away from the words), the lowest
    // line's under it, so no name sits between two lines where it would read as either's;
    // clear of the names already written and crossing the fewest lines.
    const float roof_y = px(ai0, peak).y;
    double lowest_bw = DBL_MAX;
    for (auto& l : levels)
        if (l.bytes_per_s > 0) lowest_bw = std::min(lowest_bw, l.bytes_per_s);
    size_t own = 0;
    for (auto& l : levels) {
        if (!(l.bytes_per_s > 0)) continue;
        std::vector<std::vector<ImVec2>> others = slopes;
        others.erase(others.begin() + std::ptrdiff_t(own++));
        others.push_back({px(ai0, peak), px(ai1, peak)});  // the flat roof
        const ImVec2 size = ImGui::CalcTextSize(l.label.c_str());
        std::vector<LabelBox> at, other_side;
        const bool lowest = l.bytes_per_s <= lowest_bw;  // no other line under it: its name goes under
        for (double ai = ai0 * 1.3; ai < peak / l.bytes_per_s; ai *= 1.6) {  // up to where it meets the roof
            const ImVec2 a = px(ai, ai * l.bytes_per_s);
            const LabelBox under{{a.x, a.y + fs * 0.2f}, {a.x + size.x, a.y + fs * 0.2f + size.y}};
            const LabelBox over{{a.x - size.x, a.y - fs * 0.2f - size.y}, {a.x, a.y - fs * 0.2f}};
            if ((lowest ? under : over).min.y > roof_y) at.push_back(lowest ? under : over);  // under the flat roof
            if ((lowest ? over : under).min.y > roof_y) other_side.push_back(lowest ? over : under);
        }
        at.insert(at.end(), other_side.begin(), other_side.end());  // its side first, anywhere along the line
        if (at.empty()) {  // its roof meets compute at the plot's left edge: under that end
            const ImVec2 a = px(ai0 * 1.3, ai0 * 1.3 * l.bytes_per_s);
            at.push_back({{a.x, a.y + fs * 0.2f}, {a.x + size.x, a.y + fs * 0.2f + size.y}});
        }
        const int k = clearest_label_box(at, {f.min, f.max}, taken, others);
        const LabelBox& b = at[k < 0 ? 0 : size_t(k)];
        f.dl->AddText(b.min, l.color, l.label.c_str());
        taken.push_back(b);
    }
    // The dots next, so no label lands on one: the ridge's label used to sit under decode's dot.
    const float dot_r = fs * 0.35f;
    const size_t first_dot = taken.size();
    for (auto& p : points)
        if (p.flops_per_byte > 0 && p.flops_per_s > 0) {
            const ImVec2 c = px(p.flops_per_byte, p.flops_per_s);
            taken.push_back({{c.x - dot_r, c.y - dot_r}, {c.x + dot_r, c.y + dot_r}});
        }
    const size_t dots_end = taken.size();
    std::vector<std::vector<ImVec2>> roofs = slopes;  // the lines a label should not be read across
    roofs.push_back({px(ai0, peak), px(ai1, peak)});
    const ImVec2 top = px(ridge > 0 ? ridge : ai0, peak);  // the ridge, where the slanted roof meets the flat one
    if (ridge > 0) {  // dashes up from the axis to it
        // Above the x axis's title where the line would cross it.
        const float title_x0 = f.max.x - ImGui::CalcTextSize(tr("plot.flops_per_byte")).x - 8;
        for (float y = top.x >= title_x0 ? f.max.y - fs * 1.3f : f.max.y; y > top.y; y -= fs * 0.6f)
            f.dl->AddLine({top.x, y}, {top.x, std::max(top.y, y - fs * 0.35f)}, pal::kTextDim, 1.5f);
    }
    // Each point's label right of it, else below, left or above, else on a slant: the one
    // the fewest roofs and dashes cross (prefill's dot on the flat roof, right of the ridge:
    // the roof ran through "prompt" beside it, the dashes under it). Two points that nearly
    // meet (decode and a one-token prompt) keep both labels readable. Before the ridge's
    // label, which has more places to go.
    std::vector<std::vector<ImVec2>> lines = roofs;
    if (ridge > 0) lines.push_back({top, {top.x, f.max.y}});
    for (auto& p : points) {
        if (!(p.flops_per_byte > 0 && p.flops_per_s > 0)) continue;
        ImVec2 c = px(p.flops_per_byte, p.flops_per_s);
        f.dl->AddCircleFilled(c, dot_r, pal::kYellow);
        f.dl->AddCircle(c, dot_r, IM_COL32(0, 0, 0, 255));
        ImVec2 t = ImGui::CalcTextSize(p.label.c_str());
        const float r = fs * 0.5f, d = r * 0.7f;  // d: a slant's step, as far off as r straight
        std::vector<LabelBox> at = {{{c.x + r, c.y - t.y * 0.5f}, {c.x + r + t.x, c.y + t.y * 0.5f}},
                                    {{c.x - t.x * 0.5f, c.y + r}, {c.x + t.x * 0.5f, c.y + r + t.y}},
                                    {{c.x - r - t.x, c.y - t.y * 0.5f}, {c.x - r, c.y + t.y * 0.5f}},
                                    {{c.x - t.x * 0.5f, c.y - r - t.y}, {c.x + t.x * 0.5f, c.y - r}},
                                    {{c.x + d, c.y + d}, {c.x + d + t.x, c.y + d + t.y}},
                                    {{c.x - d - t.x, c.y + d}, {c.x - d, c.y + d + t.y}},
                                    {{c.x + d, c.y - d - t.y}, {c.x + d + t.x, c.y - d}},
                                    {{c.x - d - t.x, c.y - d - t.y}, {c.x - d, c.y - d}}};
        // Every dot and label but its own dot and any dot all but on it (decode and a
        // one-token prompt), which its candidates sit beside: counted, they block every place.
        std::vector<LabelBox> others;
        for (size_t i = 0; i < taken.size(); i++) {
            const bool own = i >= first_dot && i < dots_end && std::fabs(taken[i].min.x + dot_r - c.x) < 2 * dot_r &&
                             std::fabs(taken[i].min.y + dot_r - c.y) < 2 * dot_r;
            if (!own) others.push_back(taken[i]);
        }
        int k = clearest_label_box(at, {f.min, f.max}, others, lines);
        const LabelBox& b = at[size_t(k < 0 ? 0 : k)];
        taken.push_back(b);
        f.dl->AddText(b.min, pal::kText, p.label.c_str());
    }
    if (ridge > 0) {
        const ImVec2 t = ImGui::CalcTextSize(ridge_label.c_str());
        // At the dashes' foot, left of them, where it reads as the ridge's and not as a
        // dot's; else right of the dashes, under the flat roof; else left of them, under
        // the slanted roof that leads to the ridge (it falls to the left, so the label's
        // left end sets how low): the line never crosses its words. Lower where a dot is.
        const float y_right = top.y + fs * 0.3f;
        const float x_left = top.x - fs * 0.3f - t.x;
        const double u = (x_left - f.min.x) / std::max(1.0f, f.max.x - f.min.x);
        const double ai_left = std::pow(10, std::log10(ai0) + u * (std::log10(ai1) - std::log10(ai0)));
        const float y_left = std::max(y_right, px(ai_left, ai_left * peak / ridge).y + fs * 0.3f);
        const float foot = f.max.y - fs * 0.2f - t.y;
        std::vector<LabelBox> at = {{{x_left, foot}, {top.x - fs * 0.3f, foot + t.y}}};
        for (float down : {0.0f, 1.2f, 2.4f}) {
            at.push_back({{top.x + fs * 0.3f, y_right + fs * down}, {top.x + fs * 0.3f + t.x, y_right + fs * down + t.y}});
            at.push_back({{x_left, y_left + fs * down}, {top.x - fs * 0.3f, y_left + fs * down + t.y}});
        }
        // None clear: beside the dashes, on the side with room. Of the clear ones, the one
        // that the fewest roofs cross (a memory's slanted roof ran through "ridge point").
        const size_t beside = at[1].max.x > f.max.x ? 2 : 1;
        const int k = clearest_label_box(at, {f.min, f.max}, taken, roofs);
        f.dl->AddText(at[k < 0 ? beside : size_t(k)].min, pal::kTextDim, ridge_label.c_str());
    }
    f.dl->PopClipRect();
    f.dl->AddText(x_title_at, pal::kTextDim, x_title.c_str());
}

// plots.h — the charts both scenes need, drawn with ImGui's draw list (ImPlot is
// not in Debian bookworm): line charts with markers, a stacked "where the time
// goes" bar, a histogram you can click, and a roofline. Each takes its data by
// reference and the space it may use; each shows values on hover.
//
// Usage (inside an ImGui window):
//   line_chart("kv", {0, 160}, {{"SRAM", &t, &y, pal::kSky}}, {.y_unit = "B"});
//   stacked_bar("time", {{"compute", 0.2, pal::kOrange}, {"HBM", 0.7, pal::kSky}});
//   int bin = histogram("itl", {0, 120}, edges, counts, "s");   // clicked bin or -1
//   histogram("itl", {0, 120}, edges, counts, "s", -1, {{p99, "p99 16 ms"}});
//   roofline("roof", {0, 200}, peak_flops, {{"HBM", 3.35e12}}, {ai, attained});
#pragma once
#include <string>
#include <vector>

#include "imgui.h"
#include "app/ui/palette.h"

struct LineSeries {
    std::string label;
    const std::vector<double>* x;
    const std::vector<double>* y;
    ImU32 color;
};

struct ChartMarker {
    double x;
    std::string label;
    ImU32 color = pal::kVermillion;  // the line's and its label's: two markers whose labels may sit
                                     // beside the other's line need two
};

struct ChartOptions {
    std::string x_unit = "s";   // "s" formats times, "week" weeks, "" plain numbers
    std::string y_unit;         // "B" bytes, "s" times, "" plain, else SI with the unit
    bool log_y = false;
    bool y_from_zero = true;
    std::vector<ChartMarker> markers;  // vertical lines with labels (e.g. the respin)
};

// What a chart's axes span and where its data lies, as last drawn (for tests: the axes
// must hold the data, and not much more): x0..x1 and y0..y1 the axes, data_* the data's
// extent; a chart with a window (the staircase) also counts what it shows and what there is.
struct ChartAxes {
    bool drawn = false;
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    double data_x0 = 0, data_x1 = 0, data_y0 = 0, data_y1 = 0;
    int shown = 0, total = 0;
};

// The legend runs along the plot's top, in as many rows as it needs; the y axis leaves
// that band to it, so no series runs under its words.
void line_chart(const char* id, ImVec2 size, const std::vector<LineSeries>& series, const ChartOptions& opt,
                ChartAxes* axes = nullptr);

struct BarPart {
    std::string label;
    double value;
    ImU32 color;
};
// One horizontal bar split by share, with a legend; values are shown as shares. With
// nothing above zero, an outline holding empty_note (why there is nothing yet).
void stacked_bar(const char* id, const std::vector<BarPart>& parts, const char* empty_note, float height = 0);

// Bars over bins [edges[i], edges[i+1]); returns the clicked bin or -1.
// highlight marks one bin (e.g. the selected token's); markers are labelled vertical
// lines at values (e.g. p50 and p99), placed within their bin in proportion.
// A first edge of 0 makes the first bin the values too small for the log axis (say, tokens
// that arrive with the one before): it stands apart, behind a break, labelled zero_label
// ("< 1 µs"); the axis's powers of ten start after it.
int histogram(const char* id, ImVec2 size, const std::vector<double>& edges, const std::vector<double>& counts,
              const char* x_unit, int highlight = -1, const std::vector<ChartMarker>& markers = {},
              const std::string& zero_label = "0");

struct RoofLevel {
    std::string label;
    double bytes_per_s;
    ImU32 color;
};
struct RoofPoint {
    double flops_per_byte;
    double flops_per_s;
    std::string label;
};
// Log-log roofline: the compute roof, one slanted roof per memory level, the points;
// with a ridge (FLOP per byte, > 0) a dashed line up to the compute roof there, labelled;
// roof_label, when given, over the compute roof's right end (its value, what it is).
void roofline(const char* id, ImVec2 size, double peak_flops, const std::vector<RoofLevel>& levels,
              const std::vector<RoofPoint>& points, double ridge = 0, const std::string& ridge_label = "",
              const std::string& roof_label = "");

// Where a label of a chart reads cleanly: the first of the candidate boxes (min, max) that
// stays inside the plot, off every box already taken and crossed by the fewest lines
// (polylines on screen); ties keep the earlier candidate. -1 when there is none.
// crossings: where given, how many line segments the chosen box's words touch.
struct LabelBox {
    ImVec2 min, max;
};
int clearest_label_box(const std::vector<LabelBox>& candidates, LabelBox plot, const std::vector<LabelBox>& taken,
                       const std::vector<std::vector<ImVec2>>& lines, long* crossings = nullptr);

// "Nice" axis ticks: about n round values covering [lo, hi].
std::vector<double> nice_ticks(double lo, double hi, int n);
// The labels under an x axis: each centred on its tick's x and kept within [left, right];
// one that would run into the one before it (中文's "第 5 周" is wider than "wk 5") is
// left out, and the next that clears it says where the axis is.
void draw_x_labels(ImDrawList* dl, const std::vector<std::pair<float, std::string>>& labels, float left, float right,
                   float y);
// A value with its unit as the axes show it (times, bytes, SI).
std::string format_axis_value(double v, const std::string& unit);

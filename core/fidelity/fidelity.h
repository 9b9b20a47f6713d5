// fidelity.h — the model against published measurements: a table of cases, each
// run headless and compared with what was published.
//
// The table (tests/fidelity/published.tsv) is tab-separated text, one case a line;
// lines starting with '#' and blank lines are skipped, the first other line is the
// header. Columns, in this order:
//   case       a short name
//   presets    preset ids applied in order, comma-separated ("-" for none)
//   settings   parameter settings id=value, comma-separated ("-" for none). A ratio
//              of two runs is written "A // B": the metric with settings A divided
//              by the metric with settings B (both on top of the presets)
//   time_s     simulated seconds to run before reading the metric
//   metric     a metric id of the scene (metrics() of the model)
//   published  the published value, in `unit`
//   unit       s, ms, us, tok/s, tok, B, GB, GiB, x (a plain ratio)
//   band       the relative band the model must stay in, e.g. 0.25 for +-25%
//   role       fit (a constant was fitted to this row) or validation
//   expect     in, or out when the model is known to miss (the row says why in its
//              source column); the test holds each row to its expectation, so a
//              change that brings an "out" row inside makes the test say so
//   family     one vendor's hardware under one serving stack ("nvidia/tensorrt-llm"):
//              cross-validation leaves one family out at a time (calibration.h).
//              Optional: a table whose header has no family column gets "-"
//   source     where the published value comes from, with its date
// Adding a case is adding one line.
//
// Usage:
//   std::vector<FidelityRow> rows; std::string err = parse_fidelity_table(text, rows);
//   FidelityResult r = run_fidelity_row(rows[0]);   // r.model, r.ratio, r.inside
//   r = run_fidelity_row(rows[0], {{"token.mesh.bw_eff", {"hw.a100_80gb"}, 0.7}});  // a trial constant
//   double med = median_abs_error(results, "validation");
#pragma once
#include <string>
#include <vector>

#include "core/token/published_checks.h"

namespace tj {

struct FidelityRow {
    int line = 0;  // line number in the table, for messages
    std::string name, presets, settings, metric, unit, role, expect, family, source;
    double time_s = 0, published = 0, band = 0;
};

struct FidelityResult {
    double model = 0;      // the model's value, in the row's unit
    double ratio = 0;      // model / published
    bool inside = false;   // |ratio - 1| <= band
    std::string error;     // non-empty when the row could not be run
};

// A value set right after any of `presets` is applied, before the row's settings:
// a fitted constant on trial (see calibration.h).
struct ConstantSetting {
    std::string param;
    std::vector<std::string> presets;
    double value = 0;
};

// Parses the whole table; returns "" or the first problem (with its line number).
std::string parse_fidelity_table(const std::string& text, std::vector<FidelityRow>& rows);
// The fitted constants as the code has them now (core/token/fitted_constants.h).
std::vector<ConstantSetting> current_constants();
// Runs the row's configuration(s) on a fresh token model and compares: with the
// current constants, or with trial values for them.
FidelityResult run_fidelity_row(const FidelityRow& row);
FidelityResult run_fidelity_row(const FidelityRow& row, const std::vector<ConstantSetting>& constants);
// Whether one of the row's presets is among `presets`.
bool row_uses_presets(const FidelityRow& row, const std::vector<std::string>& presets);
// Median of |ratio - 1| over the results whose row has this role (0 when none).
double median_abs_error(const std::vector<FidelityRow>& rows, const std::vector<FidelityResult>& results,
                        const std::string& role);
// Per hardware or stack preset (an "hw." or "stack." id) that rows use, in order of first use: its validation
// and fit rows, and the median |error| over the validation rows (published_checks.h);
// given the rows' cross-validated results too (calibration.h), their median over all
// the preset's rows.
std::vector<PublishedCheck> published_checks_of(const std::vector<FidelityRow>& rows,
                                                const std::vector<FidelityResult>& results,
                                                const std::vector<FidelityResult>& cross_validated = {});
// The checks as the lines of core/token/published_checks_table.inc.
std::string published_checks_source(const std::vector<PublishedCheck>& checks);

}  // namespace tj

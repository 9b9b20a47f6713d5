// calibration.h — the fitted constants refitted by least squares, and cross-validated
// by leaving one family of published rows out at a time.
//
// The fit: over the rows marked fit (those of the left-out family excepted), each
// constant in turn takes the value in its parameter's range that minimises the sum of
// squared log ratios (model / published) of the fit rows that use it (a scan of the
// log of the value over the parameter's whole range, refined by golden section), sweeping the
// constants until none moves. A row counts for a constant only where its log ratio
// moves with the constant's log by at least a tenth, at the current values or with
// the constant near the top of its range (asked again every sweep); a
// constant that no row counts for takes its prior. The sweeps start from the priors,
// so no value set by hand enters the fit.
// Cross-validation: for every family, the constants are refitted without its rows and
// all its rows (fit and validation) are run with those values; the left-out errors
// tell how the model does on hardware and stacks it was not fitted to.
//
// Usage:
//   std::vector<FitConstant> cs = model_constants();
//   FitOutcome fit = fit_constants(rows, cs, "");          // fit.values[i] for cs[i]
//   CrossValidation cv = cross_validate(rows, cs);         // cv.results[i] for rows[i]
#pragma once
#include <string>
#include <vector>

#include "core/fidelity/fidelity.h"

namespace tj {

struct FitConstant {
    std::string name, param;
    std::vector<std::string> presets;
    double value = 0, prior = 0;  // as in the code now; without measurements
    double lo = 0, hi = 0;        // the parameter's range (lo at least a thousandth of hi)
};

struct FitOutcome {
    std::vector<double> values;  // one per constant
    std::vector<int> fit_rows;   // fit rows that constrained each constant (0: it took its prior)
    double sum_sq = 0;           // sum of squared log ratios over the fit rows used
};

struct CrossValidation {
    std::vector<std::string> families;      // in order of first appearance
    std::vector<FitOutcome> folds;          // one per family: the fit without it
    std::vector<FidelityResult> results;    // one per row, from the fold that left its family out
};

// The token model's fitted constants (core/token/fitted_constants.h) with their ranges.
std::vector<FitConstant> model_constants();
std::vector<ConstantSetting> constant_settings(const std::vector<FitConstant>& cs, const std::vector<double>& values);
// Least squares over the fit rows outside `left_out_family` ("" leaves none out).
FitOutcome fit_constants(const std::vector<FidelityRow>& rows, const std::vector<FitConstant>& cs,
                         const std::string& left_out_family);
CrossValidation cross_validate(const std::vector<FidelityRow>& rows, const std::vector<FitConstant>& cs);
// Median |ratio - 1| over results without an error (0 when none), and counts of
// those within `band` and off by more than a factor of two.
struct ErrorSummary {
    int rows = 0, within_25 = 0, over_2x = 0;
    double median = 0;
};
ErrorSummary summarize(const std::vector<FidelityResult>& results);

}  // namespace tj

// calibration.cpp — least-squares refit and leave-one-family-out. See calibration.h.
#include "core/fidelity/calibration.h"

#include <algorithm>
#include <cmath>

#include "core/token/fitted_constants.h"
#include "core/token/token_params.h"

namespace tj {

namespace {

// A failed or non-positive run counts as a miss by a factor of e^10.
double log_ratio(const FidelityResult& r) {
    return r.error.empty() && r.ratio > 0 && std::isfinite(r.ratio) ? std::log(r.ratio) : 10.0;
}

bool in_training(const FidelityRow& row, const std::string& left_out) {
    return row.role == "fit" && (left_out.empty() || row.family != left_out);
}

double sum_sq(const std::vector<const FidelityRow*>& rows, const std::vector<ConstantSetting>& settings) {
    double s = 0;
    for (const FidelityRow* r : rows) {
        double e = log_ratio(run_fidelity_row(*r, settings));
        s += e * e;
    }
    return s;
}

// Whether the row's log ratio moves with constant k: by at least a tenth of the
// constant's own log change, at the current values or with k at the top of its range
// (an additive cost, a launch or a link's latency, shows only when it is large). A
// compute-bound prefill says nothing of a bandwidth fraction, and fitting the
// fraction to it would run it to the end of its range.
bool responds(const FidelityRow& row, const std::vector<FitConstant>& cs, const std::vector<double>& values, size_t k) {
    const double step = 0.1;
    for (double at : {values[k], cs[k].hi * std::exp(-2 * step)}) {
        // Both probes inside the range: a value the registry refuses is no response.
        std::vector<double> up = values, down = values;
        up[k] = std::min(cs[k].hi, at * std::exp(step));
        down[k] = std::max(cs[k].lo, at * std::exp(-step));
        if (!(up[k] > down[k])) continue;
        double slope = (log_ratio(run_fidelity_row(row, constant_settings(cs, up))) -
                        log_ratio(run_fidelity_row(row, constant_settings(cs, down)))) / std::log(up[k] / down[k]);
        if (std::fabs(slope) >= 0.1) return true;
    }
    return false;
}

}  // namespace

std::vector<FitConstant> model_constants() {
    std::vector<FitConstant> out;
    const ParamRegistry& reg = token::token_registry();
    for (const token::FittedConstant& c : token::fitted_constants()) {
        int i = reg.find(c.param);
        double lo = i >= 0 ? reg[size_t(i)].min : c.value, hi = i >= 0 ? reg[size_t(i)].max : c.value;
        // The search runs on the log of the value: a range from 0 starts a thousandth of the way up.
        out.push_back({c.name, c.param, c.presets, c.value, c.prior, std::max(lo, hi * 1e-3), hi});
    }
    return out;
}

std::vector<ConstantSetting> constant_settings(const std::vector<FitConstant>& cs, const std::vector<double>& values) {
    std::vector<ConstantSetting> out;
    for (size_t i = 0; i < cs.size() && i < values.size(); i++) out.push_back({cs[i].param, cs[i].presets, values[i]});
    return out;
}

FitOutcome fit_constants(const std::vector<FidelityRow>& rows, const std::vector<FitConstant>& cs,
                         const std::string& left_out_family) {
    FitOutcome fit;
    std::vector<std::vector<const FidelityRow*>> uses(cs.size());
    for (const FitConstant& c : cs) fit.values.push_back(c.prior);  // from the priors: no hand-set start
    // Which rows respond to which constant is asked again at every sweep's values: an
    // additive cost can matter only once another constant has moved.
    auto find_uses = [&] {
        for (size_t k = 0; k < cs.size(); k++) {
            uses[k].clear();
            for (const FidelityRow& r : rows)
                if (in_training(r, left_out_family) && row_uses_presets(r, cs[k].presets) &&
                    responds(r, cs, fit.values, k))
                    uses[k].push_back(&r);
        }
    };
    // Coordinate descent; each step a scan and a golden-section search on log(value) over the range.
    const double phi = (std::sqrt(5.0) - 1) / 2;
    for (int sweep = 0; sweep < 6; sweep++) {
        find_uses();
        double moved = 0;
        for (size_t k = 0; k < cs.size(); k++) {
            if (uses[k].empty() || !(cs[k].lo > 0) || !(cs[k].hi > cs[k].lo)) continue;
            std::vector<double> trial = fit.values;
            auto cost = [&](double log_v) {
                trial[k] = std::exp(log_v);
                return sum_sq(uses[k], constant_settings(cs, trial));
            };
            // A coarse scan first: a launch cost is flat until it exceeds the device's
            // work, then dips, and a bare golden section could step past the dip.
            const int grid = 24;
            double lo = std::log(cs[k].lo), hi = std::log(cs[k].hi), width = (hi - lo) / grid;
            int best = 0;
            double best_cost = 0;
            for (int g = 0; g <= grid; g++) {
                double c = cost(lo + g * width);
                if (g == 0 || c < best_cost) best = g, best_cost = c;
            }
            double a = lo + std::max(0, best - 1) * width, b = lo + std::min(grid, best + 1) * width;
            double x1 = b - phi * (b - a), x2 = a + phi * (b - a), f1 = cost(x1), f2 = cost(x2);
            while (b - a > 1e-5) {
                if (f1 <= f2) {
                    b = x2, x2 = x1, f2 = f1, x1 = b - phi * (b - a), f1 = cost(x1);
                } else {
                    a = x1, x1 = x2, f1 = f2, x2 = a + phi * (b - a), f2 = cost(x2);
                }
            }
            double v = std::exp((a + b) / 2);
            moved = std::max(moved, std::fabs(std::log(v / fit.values[k])));
            fit.values[k] = v;
        }
        if (moved < 1e-4) break;
    }
    find_uses();
    fit.fit_rows.clear();
    for (size_t k = 0; k < cs.size(); k++) {
        fit.fit_rows.push_back(int(uses[k].size()));
        if (uses[k].empty()) fit.values[k] = cs[k].prior;
    }
    std::vector<const FidelityRow*> used;
    for (const FidelityRow& r : rows)
        if (in_training(r, left_out_family)) used.push_back(&r);
    fit.sum_sq = sum_sq(used, constant_settings(cs, fit.values));
    return fit;
}

CrossValidation cross_validate(const std::vector<FidelityRow>& rows, const std::vector<FitConstant>& cs) {
    CrossValidation cv;
    for (const FidelityRow& r : rows)
        if (std::find(cv.families.begin(), cv.families.end(), r.family) == cv.families.end())
            cv.families.push_back(r.family);
    cv.results.resize(rows.size());
    // A family without fit rows leaves the training set whole: its fold is the full fit.
    FitOutcome full;
    bool have_full = false;
    for (const std::string& fam : cv.families) {
        bool has_fit = false;
        for (const FidelityRow& r : rows) has_fit = has_fit || (r.family == fam && r.role == "fit");
        if (!has_fit && !have_full) full = fit_constants(rows, cs, ""), have_full = true;
        cv.folds.push_back(has_fit ? fit_constants(rows, cs, fam) : full);
        std::vector<ConstantSetting> settings = constant_settings(cs, cv.folds.back().values);
        for (size_t i = 0; i < rows.size(); i++)
            if (rows[i].family == fam) cv.results[i] = run_fidelity_row(rows[i], settings);
    }
    return cv;
}

ErrorSummary summarize(const std::vector<FidelityResult>& results) {
    ErrorSummary s;
    std::vector<double> e;
    for (const FidelityResult& r : results) {
        if (!r.error.empty() || !(r.ratio > 0)) continue;
        s.rows++;
        e.push_back(std::fabs(r.ratio - 1));
        s.within_25 += std::fabs(r.ratio - 1) <= 0.25;
        s.over_2x += r.ratio > 2 || r.ratio < 0.5;
    }
    if (e.empty()) return s;
    std::sort(e.begin(), e.end());
    size_t n = e.size();
    s.median = n % 2 ? e[n / 2] : 0.5 * (e[n / 2 - 1] + e[n / 2]);
    return s;
}

}  // namespace tj

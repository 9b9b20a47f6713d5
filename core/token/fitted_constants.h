// fitted_constants.h — the token model's constants that were fitted to published
// measurements, in one list, so one command can refit them all
// (token-journey-cli fidelity --fit) and cross-validate them (--cv).
//
// A fitted constant is the value one parameter takes under some presets: the HBM3
// GPUs' achieved bandwidth fraction is token.mesh.bw_eff under hw.h100_sxm, hw.h200
// and hw.b200. The presets read their figure from here (fitted_value), and the
// fidelity runner sets it right after applying any of those presets, so a trial
// value reaches every row that uses the constant. The rows it was fitted to are
// the rows of tests/fidelity/published.tsv marked fit whose presets include one of
// the constant's presets. A constant that no training row constrains (its family is
// left out in cross-validation) takes its prior, the value one would assume without
// the measurement, stated with its reason.
//
// Usage:
//   for (const FittedConstant& c : fitted_constants()) ... c.name, c.param, c.presets, c.value
//   double eff = fitted_value("hbm_bw_eff");
#pragma once
#include <string>
#include <vector>

namespace tj::token {

struct FittedConstant {
    std::string name;                  // short id, e.g. "hbm_bw_eff"
    std::string param;                 // the parameter it sets
    std::vector<std::string> presets;  // the presets that carry it
    double value = 0;                  // as last fitted (token-journey-cli fidelity --fit)
    double prior = 0;                  // without any measurement
    std::string prior_reason;
};

const std::vector<FittedConstant>& fitted_constants();
// The value of the constant with this name (0 when there is none).
double fitted_value(const std::string& name);

}  // namespace tj::token

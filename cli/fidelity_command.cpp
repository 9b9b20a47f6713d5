// fidelity_command.cpp — the published-measurement table, run, refitted and
// cross-validated. See fidelity_command.h.
#include "cli/fidelity_command.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/fidelity/calibration.h"
#include "core/fidelity/fidelity.h"

namespace {

void print_summary(const char* what, const std::vector<tj::FidelityResult>& results) {
    tj::ErrorSummary s = tj::summarize(results);
    std::printf("%s: %d rows, median |error| %.1f%%, %d within 25%%, %d off by more than 2x\n", what, s.rows,
                100 * s.median, s.within_25, s.over_2x);
}

// The results of the rows with this role.
std::vector<tj::FidelityResult> of_role(const std::vector<tj::FidelityRow>& rows,
                                        const std::vector<tj::FidelityResult>& results, const std::string& role) {
    std::vector<tj::FidelityResult> out;
    for (size_t i = 0; i < rows.size(); i++)
        if (rows[i].role == role) out.push_back(results[i]);
    return out;
}

int print_table(const std::vector<tj::FidelityRow>& rows, const std::string& only_role) {
    std::vector<tj::FidelityRow> shown;
    std::vector<tj::FidelityResult> results;
    int failed = 0;
    std::printf("%-44s %-22s %-10s %12s %12s %-6s %7s %6s %s\n", "case", "family", "role", "model", "published", "unit",
                "ratio", "band", "state");
    for (const tj::FidelityRow& row : rows) {
        if (!only_role.empty() && row.role != only_role) continue;
        tj::FidelityResult r = tj::run_fidelity_row(row);
        shown.push_back(row);
        results.push_back(r);
        if (!r.error.empty()) {
            std::printf("%-44s %-22s %-10s error: %s\n", row.name.c_str(), row.family.c_str(), row.role.c_str(),
                        r.error.c_str());
            failed++;
            continue;
        }
        // "as expected" when the row is where the table says it is (in or, knowingly, out of its band).
        bool as_expected = r.inside == (row.expect == "in");
        if (!as_expected) failed++;
        std::printf("%-44s %-22s %-10s %12.4g %12.4g %-6s %7.3f %5.0f%% %s%s\n", row.name.c_str(), row.family.c_str(),
                    row.role.c_str(), r.model, row.published, row.unit.c_str(), r.ratio, 100 * row.band,
                    r.inside ? "inside" : "OUTSIDE",
                    as_expected ? (row.expect == "out" ? " (known, see source)" : "") : "  <- not as the table expects");
    }
    for (const char* role : {"fit", "validation"}) {
        size_t n = 0;
        for (auto& r : shown) n += r.role == role;
        if (n) std::printf("median |error| of %zu %s rows: %.1f%%\n", n, role,
                           100 * tj::median_abs_error(shown, results, role));
    }
    print_summary("all rows", results);
    return failed ? 1 : 0;
}

int print_fit(const std::vector<tj::FidelityRow>& rows) {
    std::vector<tj::FitConstant> cs = tj::model_constants();
    std::vector<double> before;
    for (auto& c : cs) before.push_back(c.value);
    double before_sq = 0;
    for (const tj::FidelityRow& row : rows)
        if (row.role == "fit") {
            tj::FidelityResult r = tj::run_fidelity_row(row);
            double e = r.error.empty() && r.ratio > 0 ? std::log(r.ratio) : 10.0;
            before_sq += e * e;
        }
    tj::FitOutcome fit = tj::fit_constants(rows, cs, "");
    std::printf("%-20s %-30s %5s %10s %10s\n", "constant", "parameter", "rows", "before", "after");
    for (size_t k = 0; k < cs.size(); k++)
        std::printf("%-20s %-30s %5d %10.4g %10.4g%s\n", cs[k].name.c_str(), cs[k].param.c_str(), fit.fit_rows[k],
                    before[k], fit.values[k], fit.fit_rows[k] ? "" : "  (no fit row: its prior)");
    std::printf("sum of squared log ratios over the fit rows: before %.6f, after %.6f\n", before_sq, fit.sum_sq);
    std::printf("to keep the fit, write the after column into core/token/fitted_constants.cpp\n");
    return 0;
}

int print_cv(const std::vector<tj::FidelityRow>& rows) {
    std::vector<tj::FitConstant> cs = tj::model_constants();
    tj::CrossValidation cv = tj::cross_validate(rows, cs);
    for (size_t f = 0; f < cv.families.size(); f++) {
        std::printf("left out: %s  (refitted:", cv.families[f].c_str());
        for (size_t k = 0; k < cs.size(); k++)
            std::printf(" %s=%.3g%s", cs[k].name.c_str(), cv.folds[f].values[k], cv.folds[f].fit_rows[k] ? "" : "*");
        std::printf(")\n");
        for (size_t i = 0; i < rows.size(); i++) {
            if (rows[i].family != cv.families[f]) continue;
            const tj::FidelityResult& r = cv.results[i];
            if (!r.error.empty())
                std::printf("  %-44s %-10s error: %s\n", rows[i].name.c_str(), rows[i].role.c_str(), r.error.c_str());
            else
                std::printf("  %-44s %-10s %12.4g %12.4g %-6s %7.3f\n", rows[i].name.c_str(), rows[i].role.c_str(),
                            r.model, rows[i].published, rows[i].unit.c_str(), r.ratio);
        }
    }
    std::printf("(* a constant no remaining fit row constrains: its prior)\n");
    std::vector<tj::FidelityResult> in_sample;
    for (const tj::FidelityRow& row : rows) in_sample.push_back(tj::run_fidelity_row(row));
    print_summary("cross-validated, all rows", cv.results);
    print_summary("cross-validated, validation rows", of_role(rows, cv.results, "validation"));
    print_summary("cross-validated, fit rows", of_role(rows, cv.results, "fit"));
    print_summary("fitted (in sample), fit rows", of_role(rows, in_sample, "fit"));
    return 0;
}

}  // namespace

int run_fidelity_command(int argc, char** argv) {
    std::string path = "tests/fidelity/published.tsv", only_role, mode;
    for (int i = 1; i < argc; i++) {
        std::string arg = argv[i];
        if ((arg == "--table" || arg == "--role") && i + 1 < argc) {
            (arg == "--table" ? path : only_role) = argv[++i];
        } else if ((arg == "--fit" || arg == "--cv" || arg == "--checks") && mode.empty()) {
            mode = arg;
        } else {
            std::fprintf(stderr,
                         "usage: token-journey-cli fidelity [--table FILE] [--role fit|validation] [--fit | --cv | --checks]\n");
            return 2;
        }
    }
    std::ifstream f(path);
    if (!f) {
        std::fprintf(stderr, "token-journey-cli fidelity: cannot open '%s'\n", path.c_str());
        return 2;
    }
    std::stringstream text;
    text << f.rdbuf();
    std::vector<tj::FidelityRow> rows;
    std::string err = tj::parse_fidelity_table(text.str(), rows);
    if (!err.empty()) {
        std::fprintf(stderr, "token-journey-cli fidelity: %s: %s\n", path.c_str(), err.c_str());
        return 2;
    }
    if (mode == "--fit") return print_fit(rows);
    if (mode == "--cv") return print_cv(rows);
    if (mode == "--checks") {  // the table of core/token/published_checks_table.inc
        std::vector<tj::FidelityResult> results;
        for (const tj::FidelityRow& row : rows) results.push_back(tj::run_fidelity_row(row));
        tj::CrossValidation cv = tj::cross_validate(rows, tj::model_constants());
        std::fputs(tj::published_checks_source(tj::published_checks_of(rows, results, cv.results)).c_str(), stdout);
        return 0;
    }
    return print_table(rows, only_role);
}

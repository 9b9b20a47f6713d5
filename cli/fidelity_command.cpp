// fidelity_command.cpp — the published-measurement table, run and printed. See fidelity_command.h.
#include "fidelity_command.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fidelity/fidelity.h"

int run_fidelity_command(int argc, char** argv) {
    std::string path = "tests/fidelity/published.tsv", only_role;
    for (int i = 1; i < argc; i++) {
        std::string arg = argv[i];
        if ((arg == "--table" || arg == "--role") && i + 1 < argc) {
            (arg == "--table" ? path : only_role) = argv[++i];
        } else {
            std::fprintf(stderr, "usage: token-journey-cli fidelity [--table FILE] [--role fit|validation]\n");
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
    std::vector<tj::FidelityRow> shown;
    std::vector<tj::FidelityResult> results;
    int failed = 0;
    std::printf("%-44s %-10s %12s %12s %-6s %7s %6s %s\n", "case", "role", "model", "published", "unit", "ratio",
                "band", "state");
    for (const tj::FidelityRow& row : rows) {
        if (!only_role.empty() && row.role != only_role) continue;
        tj::FidelityResult r = tj::run_fidelity_row(row);
        shown.push_back(row);
        results.push_back(r);
        if (!r.error.empty()) {
            std::printf("%-44s %-10s error: %s\n", row.name.c_str(), row.role.c_str(), r.error.c_str());
            failed++;
            continue;
        }
        // "as expected" when the row is where the table says it is (in or, knowingly, out of its band).
        bool as_expected = r.inside == (row.expect == "in");
        if (!as_expected) failed++;
        std::printf("%-44s %-10s %12.4g %12.4g %-6s %7.3f %5.0f%% %s%s\n", row.name.c_str(), row.role.c_str(),
                    r.model, row.published, row.unit.c_str(), r.ratio, 100 * row.band, r.inside ? "inside" : "OUTSIDE",
                    as_expected ? (row.expect == "out" ? " (known, see source)" : "") : "  <- not as the table expects");
    }
    for (const char* role : {"fit", "validation"}) {
        size_t n = 0;
        for (auto& r : shown) n += r.role == role;
        if (n) std::printf("median |error| of %zu %s rows: %.1f%%\n", n, role,
                           100 * tj::median_abs_error(shown, results, role));
    }
    return failed ? 1 : 0;
}

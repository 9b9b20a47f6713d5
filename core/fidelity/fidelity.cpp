// fidelity.cpp — published measurements against the model. See fidelity.h.
#include "core/fidelity/fidelity.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/scenario.h"
#include "core/scenes/scenes.h"
#include "core/token/fitted_constants.h"
#include "core/token/token_params.h"

namespace tj {

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (c == sep) {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}

std::string trim(const std::string& s) {
    size_t a = s.find_first_not_of(" \r"), b = s.find_last_not_of(" \r");
    return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// How many SI units (seconds, bytes, tokens) one of the table's units is.
bool unit_scale(const std::string& unit, double& scale) {
    static const std::pair<const char*, double> units[] = {
        {"s", 1}, {"ms", 1e-3}, {"us", 1e-6}, {"tok/s", 1}, {"tok", 1}, {"B", 1},
        {"GB", 1e9}, {"GiB", 1073741824.0}, {"x", 1}};
    for (auto& u : units)
        if (unit == u.first) {
            scale = u.second;
            return true;
        }
    return false;
}

// A row's settings as run: one side, or the two of a ratio "A // B".
std::vector<std::string> settings_sides(const std::string& settings) {
    size_t slash = settings.find("//");
    if (slash == std::string::npos) return {settings};
    return {settings.substr(0, slash), settings.substr(slash + 2)};
}

// A row's parameters: its presets (each with the constants that belong to it), then the
// settings "id=value,..." ("-" for none).
std::string apply_row(const FidelityRow& row, const std::string& settings, const std::vector<ConstantSetting>& constants,
                      ParamValues& v) {
    if (row.presets != "-")
        for (const std::string& raw : split(row.presets, ',')) {
            std::string id = trim(raw);
            const Preset* p = v.registry().find_preset(id);
            if (!p) return "unknown preset '" + id + "'";
            std::string err = v.apply(*p);
            for (const ConstantSetting& c : constants)
                if (err.empty() && std::find(c.presets.begin(), c.presets.end(), id) != c.presets.end())
                    err = v.set(c.param, c.value);
            if (!err.empty()) return err;
        }
    std::string s = trim(settings);
    if (s != "-" && !s.empty())
        for (const std::string& raw : split(s, ',')) {
            std::string kv = trim(raw);
            size_t eq = kv.find('=');
            double x = 0;
            if (eq == std::string::npos || !parse_decimal(trim(kv.substr(eq + 1)), x))
                return "setting '" + kv + "' is not id=number";
            std::string err = v.set(trim(kv.substr(0, eq)), x);
            if (!err.empty()) return err;
        }
    return "";
}

// One run of a row's settings; the metric at time row.time_s.
std::string run_metric(const FidelityRow& row, const std::string& settings, const std::vector<ConstantSetting>& constants,
                       double& value) {
    std::unique_ptr<Model> model = make_model("token");
    if (!model) return "the token scene is not built in";
    ParamValues v(model->registry());
    std::string err = apply_row(row, settings, constants, v);
    if (!err.empty()) return err;
    model->reset(v, 1);
    // Bounded slices: a configuration that makes no progress cannot hang the table.
    int stalled = 0;
    for (double before = model->now(); !model->advance_to(row.time_s, 1 << 20); before = model->now()) {
        stalled = model->now() > before ? 0 : stalled + 1;
        if (stalled > 1000) return "the run stopped advancing";
    }
    bool found = false;
    for (auto& m : model->metrics())
        if (m.id == row.metric) {
            value = m.value;
            found = true;
        }
    return found ? "" : "unknown metric '" + row.metric + "'";
}

// The median of |ratio - 1| over results that ran (0 when none did).
double median_error(const std::vector<const FidelityResult*>& results) {
    std::vector<double> e;
    for (const FidelityResult* r : results)
        if (r->error.empty()) e.push_back(std::fabs(r->ratio - 1));
    if (e.empty()) return 0;
    std::sort(e.begin(), e.end());
    size_t n = e.size();
    return n % 2 ? e[n / 2] : 0.5 * (e[n / 2 - 1] + e[n / 2]);
}

}  // namespace

std::string parse_fidelity_table(const std::string& text, std::vector<FidelityRow>& rows) {
    rows.clear();
    std::istringstream in(text);
    std::string line;
    bool header = true, family = false;
    for (int n = 1; std::getline(in, line); n++) {
        if (trim(line).empty() || line[0] == '#') continue;
        auto at = [&](const std::string& what) { return "line " + std::to_string(n) + ": " + what; };
        std::vector<std::string> f = split(line, '\t');
        size_t columns = family ? 12 : 11;
        if (!header && f.size() != columns)
            return at("expected " + std::to_string(columns) + " tab-separated columns, found " + std::to_string(f.size()));
        for (auto& x : f) x = trim(x);
        if (header) {
            family = f.size() == 12 && f[10] == "family";
            if (f.size() != (family ? 12 : 11) || f[0] != "case" || f.back() != "source")
                return at("the header must name case ... expect, optionally family, then source");
            header = false;
            continue;
        }
        FidelityRow r;
        r.line = n;
        r.name = f[0];
        r.presets = f[1];
        r.settings = f[2];
        r.metric = f[4];
        r.unit = f[6];
        r.role = f[8];
        r.expect = f[9];
        r.family = family ? f[10] : "-";
        r.source = f.back();
        double scale = 0;
        if (!parse_decimal(f[3], r.time_s) || !(r.time_s > 0)) return at("time_s must be a positive number");
        if (!parse_decimal(f[5], r.published) || !(r.published > 0)) return at("published must be a positive number");
        if (!parse_decimal(f[7], r.band) || !(r.band > 0)) return at("band must be a positive number");
        if (!unit_scale(r.unit, scale)) return at("unknown unit '" + r.unit + "'");
        if (r.role != "fit" && r.role != "validation") return at("role must be fit or validation");
        if (r.expect != "in" && r.expect != "out") return at("expect must be in or out");
        if (r.name.empty() || r.metric.empty() || r.source.empty() || r.family.empty())
            return at("case, metric, family and source are required");
        rows.push_back(r);
    }
    return header ? "the table has no header" : "";
}

bool row_uses_presets(const FidelityRow& row, const std::vector<std::string>& presets) {
    if (row.presets == "-") return false;
    for (const std::string& raw : split(row.presets, ','))
        if (std::find(presets.begin(), presets.end(), trim(raw)) != presets.end()) return true;
    return false;
}

std::vector<ConstantSetting> current_constants() {
    std::vector<ConstantSetting> out;
    for (const token::FittedConstant& c : token::fitted_constants()) out.push_back({c.param, c.presets, c.value});
    return out;
}

FidelityResult run_fidelity_row(const FidelityRow& row) {
    static const std::vector<ConstantSetting> now = current_constants();
    return run_fidelity_row(row, now);
}

FidelityResult run_fidelity_row(const FidelityRow& row, const std::vector<ConstantSetting>& constants) {
    FidelityResult r;
    double scale = 1;
    unit_scale(row.unit, scale);
    const std::vector<std::string> sides = settings_sides(row.settings);
    double num = 0, den = 1;
    r.error = run_metric(row, sides[0], constants, num);
    if (sides.size() == 2) {
        if (r.error.empty()) r.error = run_metric(row, sides[1], constants, den);
        if (r.error.empty() && !(den != 0)) r.error = "the denominator run gave 0";
    }
    if (!r.error.empty()) return r;
    r.model = num / den / scale;
    r.ratio = r.model / row.published;
    r.inside = std::isfinite(r.ratio) && std::fabs(r.ratio - 1) <= row.band;
    return r;
}

double median_abs_error(const std::vector<FidelityRow>& rows, const std::vector<FidelityResult>& results,
                        const std::string& role) {
    std::vector<const FidelityResult*> of_role;
    for (size_t i = 0; i < rows.size() && i < results.size(); i++)
        if (rows[i].role == role) of_role.push_back(&results[i]);
    return median_error(of_role);
}

std::vector<PublishedCheck> published_checks_of(const std::vector<FidelityRow>& rows,
                                                const std::vector<FidelityResult>& results,
                                                const std::vector<FidelityResult>& cross_validated) {
    std::vector<PublishedCheck> out;
    std::vector<std::pair<std::vector<FidelityRow>, std::vector<FidelityResult>>> used;  // per check
    std::vector<std::vector<const FidelityResult*>> left_out;  // per check: its rows' cross-validated results
    for (size_t i = 0; i < rows.size() && i < results.size(); i++) {
        if (rows[i].presets == "-") continue;
        for (const std::string& raw : split(rows[i].presets, ',')) {
            const std::string id = trim(raw);
            if (id.rfind("hw.", 0) != 0 && id.rfind("stack.", 0) != 0) continue;
            size_t k = 0;
            while (k < out.size() && out[k].preset != id) k++;
            if (k == out.size()) out.push_back({id}), used.emplace_back(), left_out.emplace_back();
            (rows[i].role == "fit" ? out[k].fitted : out[k].validation)++;
            // The other kind's presets it ran with: a board's stacks, a stack's boards.
            const char* other = id.rfind("hw.", 0) == 0 ? "stack." : "hw.";
            for (const std::string& raw_with : split(rows[i].presets, ',')) {
                const std::string with = trim(raw_with);
                const std::string padded = " " + out[k].ran_with + " ";
                if (with.rfind(other, 0) == 0 && padded.find(" " + with + " ") == std::string::npos)
                    out[k].ran_with += (out[k].ran_with.empty() ? "" : " ") + with;
            }
            // The batches and chips its rows ran (each side of a ratio row).
            for (const std::string& side : settings_sides(rows[i].settings)) {
                ParamValues v(token::token_registry());
                if (!apply_row(rows[i], side, {}, v).empty()) continue;
                double batch = v.get("token.run.batch"), chips = v.get("token.mesh.chips");
                bool first = out[k].batch_hi == 0;
                out[k].batch_lo = first ? batch : std::min(out[k].batch_lo, batch);
                out[k].batch_hi = first ? batch : std::max(out[k].batch_hi, batch);
                out[k].chips_lo = first ? chips : std::min(out[k].chips_lo, chips);
                out[k].chips_hi = first ? chips : std::max(out[k].chips_hi, chips);
            }
            used[k].first.push_back(rows[i]);
            used[k].second.push_back(results[i]);
            if (i < cross_validated.size()) left_out[k].push_back(&cross_validated[i]);
        }
    }
    for (size_t k = 0; k < out.size(); k++) {
        out[k].median_abs_error = median_abs_error(used[k].first, used[k].second, "validation");
        out[k].cross_validated = median_error(left_out[k]);
    }
    return out;
}

std::string published_checks_source(const std::vector<PublishedCheck>& checks) {
    std::string s = "// Generated by: token-journey-cli fidelity --checks (published_checks.h). Do not edit.\n";
    char line[400];
    for (const PublishedCheck& c : checks) {
        std::snprintf(line, sizeof line, "{\"%s\", %d, %d, %.4f, %g, %g, %g, %g, %.4f, \"%s\"},\n", c.preset.c_str(),
                      c.validation, c.fitted, c.median_abs_error, c.batch_lo, c.batch_hi, c.chips_lo, c.chips_hi,
                      c.cross_validated, c.ran_with.c_str());
        s += line;
    }
    return s;
}

}  // namespace tj

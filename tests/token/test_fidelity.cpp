// The fidelity table: every published case inside its band (or knowingly outside,
// as the row says), the table's format enforced, and the cases the project promises
// present.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include "core/fidelity/calibration.h"
#include "core/fidelity/fidelity.h"

using namespace tj;

namespace {

std::vector<FidelityRow> load_table() {
    std::ifstream f(std::string(TJ_SOURCE_DIR) + "/tests/fidelity/published.tsv");
    REQUIRE(f);
    std::stringstream text;
    text << f.rdbuf();
    std::vector<FidelityRow> rows;
    REQUIRE(parse_fidelity_table(text.str(), rows) == "");
    return rows;
}

const char* kHeader = "case\tpresets\tsettings\ttime_s\tmetric\tpublished\tunit\tband\trole\texpect\tsource\n";

}  // namespace

TEST_CASE("fidelity: every published case is where the table says (inside its band, or knowingly out)",
          "[token][fidelity]") {
    std::vector<FidelityRow> rows = load_table();
    REQUIRE(rows.size() >= 10);
    std::vector<FidelityResult> results;
    for (const FidelityRow& row : rows) {
        FidelityResult r = run_fidelity_row(row);
        results.push_back(r);
        INFO(row.name << ": model " << r.model << " " << row.unit << ", published " << row.published << ", ratio "
                      << r.ratio << ", band " << row.band << ", expected " << row.expect);
        CHECK(r.error == "");
        CHECK(r.inside == (row.expect == "in"));
    }
    // Issue 14's rows, whatever their role now, keep a median |error| of at most 15%: the bar
    // issue 32 sets for figures a fit has not seen. (Issue 14 held its validation rows to 12%
    // with an HBM fraction per GPU, each fitted to one figure beside them, a fit issue 32
    // calls overfitted; with one fraction for the memory kind, fitted to six figures, the
    // 14 rows' median is 12.5%.)
    std::set<std::string> issue14 = {
        "gptfast_a100_llama2_7b_b1", "gptfast_a100_llama31_8b_b1", "nemo_h100_llama2_7b_e2e",
        "trtllm_a100_llama7b_b256_tput", "trtllm_a100_llama7b_ttft128", "nim_2xh100_70b_fp8_c1_ttft",
        "nim_2xh100_70b_fp8_c1_itl", "nim_2xh100_70b_fp8_c50_itl", "nim_2xh100_70b_fp8_c50_tput",
        "nim_2xh100_70b_fp8_c100_itl", "nim_2xh100_70b_fp8_c100_tput", "groq_lpu_llama31_8b_user",
        "cerebras_wse3x4_llama31_70b_user", "vllm_h100_llama31_8b_kv_capacity"};
    std::vector<FidelityRow> old_rows;
    std::vector<FidelityResult> old_results;
    for (size_t i = 0; i < rows.size(); i++)
        if (issue14.count(rows[i].name)) old_rows.push_back(rows[i]), old_results.push_back(results[i]);
    CHECK(old_rows.size() == issue14.size());
    ErrorSummary issue14_summary = summarize(old_results);
    INFO("issue 14's rows: median |error| " << issue14_summary.median);
    CHECK(issue14_summary.median <= 0.15);

    // What the app writes beside each hardware preset is what the table gives now.
    const std::vector<PublishedCheck> now = published_checks_of(rows, results);
    INFO("if the rows or the model changed: token-journey-cli fidelity --checks > core/token/published_checks_table.inc");
    REQUIRE(now.size() == published_checks().size());
    for (size_t i = 0; i < now.size(); i++) {
        const PublishedCheck& kept = published_checks()[i];
        INFO(now[i].preset << ": " << now[i].validation << " validation, " << now[i].fitted << " fit rows, median "
                           << now[i].median_abs_error);
        CHECK(kept.preset == now[i].preset);
        CHECK(kept.validation == now[i].validation);
        CHECK(kept.fitted == now[i].fitted);
        CHECK(std::fabs(kept.median_abs_error - now[i].median_abs_error) < 1e-4);
        CHECK(kept.batch_lo == now[i].batch_lo);
        CHECK(kept.batch_hi == now[i].batch_hi);
        CHECK(kept.chips_lo == now[i].chips_lo);
        CHECK(kept.chips_hi == now[i].chips_hi);
        CHECK(kept.ran_with == now[i].ran_with);
    }
    // A board's figures ran under its stacks, a stack's on its boards.
    CHECK(published_check("hw.tt_n150")->ran_with == "stack.tt_metal stack.tt_galaxy");
    CHECK(published_check("stack.cerebras_2024_10")->ran_with == "hw.cerebras_wse3");
    CHECK(published_check("hw.h100_sxm") != nullptr);
    CHECK(published_check("hw.b200") == nullptr);  // no published row uses it yet
    // The H100's figures ran one user to 100 (NIM's concurrency) on one and two GPUs.
    CHECK(published_check("hw.h100_sxm")->batch_lo == 1);
    CHECK(published_check("hw.h100_sxm")->batch_hi == 100);
    CHECK(published_check("hw.h100_sxm")->chips_hi == 2);
}

TEST_CASE("fidelity: every row names its family, the fitted constants are where the code has them",
          "[token][fidelity]") {
    std::vector<FidelityRow> rows = load_table();
    std::set<std::string> families;
    for (const FidelityRow& r : rows) {
        INFO(r.name);
        CHECK(r.family != "-");
        families.insert(r.family);
    }
    CHECK(families.size() >= 8);
    // Issue 32's table: at least 45 rows, at least half of them validation only.
    size_t validation = 0;
    for (const FidelityRow& r : rows) validation += r.role == "validation";
    CHECK(rows.size() >= 45);
    CHECK(2 * validation >= rows.size());
    // Every fitted constant is carried by presets that exist, and reaches a row through them.
    std::vector<FitConstant> cs = model_constants();
    REQUIRE(!cs.empty());
    for (const FitConstant& c : cs) {
        INFO(c.name);
        CHECK(c.lo > 0);
        CHECK(c.value >= c.lo);
        CHECK(c.value <= c.hi);
        CHECK(c.prior >= c.lo);
        CHECK(c.prior <= c.hi);
        bool used = false;
        for (const FidelityRow& r : rows) used = used || row_uses_presets(r, c.presets);
        CHECK(used);
    }
}

TEST_CASE("fidelity: a trial constant reaches the rows of its presets and no other", "[token][fidelity]") {
    std::vector<FidelityRow> rows;
    REQUIRE(parse_fidelity_table(std::string(kHeader) +
                                     "a\thw.a100_80gb,model.llama2_7b\ttoken.run.batch=1,token.run.output_tokens=50\t1\t"
                                     "tok_s_per_seq\t100\ttok/s\t0.25\tfit\tin\tself, 2026\n"
                                     "h\thw.h100_sxm,model.llama2_7b\ttoken.run.batch=1,token.run.output_tokens=50\t1\t"
                                     "tok_s_per_seq\t100\ttok/s\t0.25\tfit\tin\tself, 2026\n",
                                 rows) == "");
    std::vector<ConstantSetting> half = {{"token.mesh.bw_eff", {"hw.a100_80gb"}, 0.325}};
    FidelityResult a = run_fidelity_row(rows[0]), a_half = run_fidelity_row(rows[0], half);
    FidelityResult h = run_fidelity_row(rows[1]), h_half = run_fidelity_row(rows[1], half);
    REQUIRE(a.error == "");
    REQUIRE(a_half.error == "");
    // Decode at batch 1 is bound by the weights' reads: half the bandwidth, about half the speed.
    CHECK(a_half.model < 0.6 * a.model);
    CHECK(a_half.model > 0.4 * a.model);
    CHECK(h_half.model == h.model);
}

TEST_CASE("fidelity: the fit recovers a constant from rows made with it, and cross-validation leaves each family out",
          "[token][fidelity]") {
    // Rows whose published figures are the model's own with the A100 fraction at 0.5:
    // the fit must find 0.5 from any start; leaving their family out gives the prior.
    std::vector<FitConstant> cs;
    for (const FitConstant& c : model_constants())
        if (c.name == "hbm_bw_eff") cs.push_back(c);
    REQUIRE(cs.size() == 1);
    std::string header = "case\tpresets\tsettings\ttime_s\tmetric\tpublished\tunit\tband\trole\texpect\tfamily\tsource\n";
    auto row = [](const char* name, const char* settings, const char* family, double published) {
        return std::string(name) + "\thw.a100_80gb,model.llama2_7b\t" + settings + "\t1\ttok_s_per_seq\t" +
               std::to_string(published) + "\ttok/s\t0.25\tfit\tin\t" + family + "\tself, 2026\n";
    };
    std::vector<FidelityRow> probe;
    REQUIRE(parse_fidelity_table(header + row("p", "token.run.batch=1,token.run.output_tokens=50", "f", 1), probe) == "");
    double truth = run_fidelity_row(probe[0], {{"token.mesh.bw_eff", {"hw.a100_80gb"}, 0.5}}).model;
    REQUIRE(truth > 0);
    std::vector<FidelityRow> rows;
    REQUIRE(parse_fidelity_table(header + row("p", "token.run.batch=1,token.run.output_tokens=50", "f", truth) +
                                     row("q", "token.run.batch=1,token.run.output_tokens=50", "g", truth),
                                 rows) == "");
    CHECK(rows[0].family == "f");
    FitOutcome fit = fit_constants(rows, cs, "");
    CHECK(fit.fit_rows[0] == 2);
    CHECK(fit.values[0] == Approx(0.5).epsilon(0.002));
    CHECK(fit.sum_sq < 1e-5);
    FitOutcome without_f = fit_constants(rows, cs, "f");
    CHECK(without_f.fit_rows[0] == 1);
    CHECK(without_f.values[0] == Approx(0.5).epsilon(0.002));
    CrossValidation cv = cross_validate(rows, cs);
    REQUIRE(cv.families.size() == 2);
    CHECK(cv.results[0].ratio == Approx(1).epsilon(0.003));
    // With one family only, leaving it out leaves nothing to fit: the prior, and its error shows.
    std::vector<FidelityRow> lone(rows.begin(), rows.begin() + 1);
    CrossValidation cv1 = cross_validate(lone, cs);
    CHECK(cv1.folds[0].fit_rows[0] == 0);
    CHECK(cv1.folds[0].values[0] == cs[0].prior);
    CHECK(std::fabs(cv1.results[0].ratio - 1) > 0.1);
    ErrorSummary s = summarize(cv1.results);
    CHECK(s.rows == 1);
    CHECK(s.median == Approx(std::fabs(cv1.results[0].ratio - 1)));
}

TEST_CASE("fidelity: the table holds the cases the project promises, each with a dated source", "[token][fidelity]") {
    std::set<std::string> names;
    for (const FidelityRow& r : load_table()) {
        names.insert(r.name);
        INFO(r.name);
        CHECK(r.source.find("20") != std::string::npos);  // a year
    }
    for (const char* id : {"lmdeploy_a100_llama2_7b_b1", "gptfast_a100_llama2_7b_b1", "gptfast_a100_llama31_8b_b1",
                           "nemo_h100_llama2_7b_tpot", "trtllm_a100_llama7b_b256_tput", "trtllm_a100_llama7b_ttft128",
                           "trtllm_a100_llama7b_ttft2048", "nim_2xh100_70b_fp8_c1_ttft", "nim_2xh100_70b_fp8_c100_itl",
                           "nim_2xh100_70b_fp8_c100_tput", "vllm_h100_llama31_8b_kv_capacity"}) {
        INFO(id);
        CHECK(names.count(id) == 1);
    }
}

TEST_CASE("fidelity: the table's format is enforced line by line", "[token][fidelity]") {
    std::vector<FidelityRow> rows;
    std::string good = "a\thw.a100_80gb\t-\t1\ttok_s_total\t10\ttok/s\t0.25\tvalidation\tin\tsomewhere, 2024\n";
    CHECK(parse_fidelity_table(std::string("# comment\n") + kHeader + good, rows) == "");
    CHECK(rows.size() == 1);
    CHECK(rows[0].line == 3);
    CHECK(parse_fidelity_table(kHeader + std::string("a\tb\n"), rows).find("line 2") != std::string::npos);
    std::string bad_unit = good;
    bad_unit.replace(bad_unit.find("tok/s"), 5, "furlongs");
    CHECK(parse_fidelity_table(kHeader + bad_unit, rows).find("unit") != std::string::npos);
    std::string bad_role = good;
    bad_role.replace(bad_role.find("validation"), 10, "guess");
    CHECK(parse_fidelity_table(kHeader + bad_role, rows).find("role") != std::string::npos);
    CHECK(parse_fidelity_table("", rows) != "");
    // A run that cannot be made says why instead of giving a number.
    CHECK(parse_fidelity_table(kHeader + good, rows) == "");
    rows[0].presets = "hw.nonesuch";
    CHECK(run_fidelity_row(rows[0]).error.find("preset") != std::string::npos);
    rows[0].presets = "-";
    rows[0].metric = "no_such_metric";
    CHECK(run_fidelity_row(rows[0]).error.find("metric") != std::string::npos);
}

TEST_CASE("fidelity: a ratio of two runs divides their metrics", "[token][fidelity]") {
    std::vector<FidelityRow> rows;
    REQUIRE(parse_fidelity_table(std::string(kHeader) +
                                     "r\t-\ttoken.run.batch=8 // token.run.batch=1\t0.5\ttok_s_total\t1\tx\t100\t"
                                     "validation\tin\tself, 2026\n",
                                 rows) == "");
    FidelityResult r = run_fidelity_row(rows[0]);
    REQUIRE(r.error == "");
    CHECK(r.model > 2);  // eight sequences at once make more tokens per second than one
}

// Hidden: leaving each family out refits the constants thirteen times, about two minutes
// in a release build (tests/token/extra.cmake runs it there, not under the sanitizers).
TEST_CASE("fidelity: the app's cross-validated error per preset is what leaving each family out gives now", "[.cv]") {
    std::vector<FidelityRow> rows = load_table();
    std::vector<FidelityResult> results;
    for (const FidelityRow& row : rows) results.push_back(run_fidelity_row(row));
    CrossValidation cv = cross_validate(rows, model_constants());
    const std::vector<PublishedCheck> now = published_checks_of(rows, results, cv.results);
    INFO("if the rows or the model changed: token-journey-cli fidelity --checks > core/token/published_checks_table.inc");
    REQUIRE(now.size() == published_checks().size());
    for (size_t i = 0; i < now.size(); i++) {
        INFO(now[i].preset << ": cross-validated median " << now[i].cross_validated);
        CHECK(now[i].cross_validated > 0);
        CHECK(std::fabs(published_checks()[i].cross_validated - now[i].cross_validated) < 1e-4);
    }
}

// The fidelity table: every published case inside its band (or knowingly outside,
// as the row says), the table's format enforced, and the cases the project promises
// present.
#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <sstream>

#include "fidelity/fidelity.h"

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
    // Issue 14's promise: the validation rows' median |error| is at most 12%.
    INFO("validation median |error| " << median_abs_error(rows, results, "validation"));
    CHECK(median_abs_error(rows, results, "validation") <= 0.12);
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

// The numbers the chip and serving lessons quote (SRAM, stacked DRAM, the mesh, the pipeline
// of chips) and the step times of the others, recomputed: each step of assets/lessons.json is replayed with its own
// settings, and the quoted figure must be in the step's text and within 5% of the
// model. A model change that makes a caption false fails here.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "lesson.h"
#include "token/token_model.h"

using namespace tj;

namespace {

struct Quote {
    const char* lesson;
    int step;           // the step whose settings give the number
    int shown;          // the step whose text or explanation quotes it
    const char* metric;
    double scale;       // metric x scale = the quoted unit
    const char* text;   // as written in the English text or explanation
    double value;       // the quoted value
};

const Quote kQuotes[] = {
    {"decode-is-logistics", 1, 1, "decode_step_s", 1e3, "8.0 ms", 8.0},
    {"decode-is-logistics", 3, 3, "decode_step_s", 1e3, "8.2 ms", 8.2},
    {"decode-is-logistics", 4, 4, "roofline_ridge_flops_per_byte", 1, "ridge near 380", 380},
    {"judge-continuity", 3, 3, "tpot_chip_mean_s", 1e3, "5.6 ms", 5.6},
    {"speculative-decoding", 1, 1, "tpot_chip_mean_s", 1e3, "3.8 ms", 3.8},
    {"sram-too-small", 0, 1, "decode_step_s", 1e3, "6.9 ms", 6.9},
    {"sram-too-small", 1, 1, "weight_bytes_sram", 1e-9, "0.54 GB", 0.54},
    {"sram-too-small", 1, 1, "decode_step_s", 1e3, "6.8 ms", 6.8},
    {"sram-too-small", 2, 2, "decode_step_s", 1e3, "0.37 ms", 0.37},
    {"sram-too-small", 3, 3, "decode_step_s", 1e3, "1.7 ms", 1.7},
    {"sram-too-small", 3, 3, "tok_s_per_seq", 1, "600 tokens per second", 600},
    {"sram-too-small", 4, 4, "weight_bytes_host", 1e-9, "3.9 GB", 3.9},
    {"sram-too-small", 4, 4, "decode_step_s", 1, "0.17 s", 0.17},
    {"stacked-dram", 0, 0, "decode_step_s", 1e3, "3.0 ms", 3.0},
    {"stacked-dram", 0, 0, "energy_pj_per_token_dynamic", 1e-12, "0.14 J", 0.14},
    {"stacked-dram", 0, 0, "energy_pj_per_token_static", 1e-12, "0.18 J", 0.18},
    {"stacked-dram", 1, 1, "decode_step_s", 1e3, "6.9 ms", 6.9},
    {"stacked-dram", 2, 2, "energy_pj_per_token_dynamic", 1e-12, "0.52 J", 0.52},
    {"stacked-dram", 3, 3, "decode_step_s", 1e3, "1.5 ms", 1.5},
    {"stacked-dram", 4, 4, "decode_step_s", 1e3, "28 ms", 28},
    {"mesh-brings-work", 0, 0, "noc_mean_hops", 1, "3.1 hops", 3.1},
    {"mesh-brings-work", 1, 1, "decode_step_s", 1e3, "29 ms", 29},
    {"mesh-brings-work", 2, 2, "decode_step_s", 1e3, "3.1 ms", 3.1},
    {"mesh-brings-work", 1, 3, "noc_byte_hops_per_token", 1e-9, "48 GB", 48},
    {"mesh-brings-work", 2, 3, "noc_byte_hops_per_token", 1e-9, "15 GB", 15},
    {"one-token-at-a-time", 2, 2, "prefill_step_s", 1e3, "42 ms", 42},
    {"history-weighs", 0, 0, "decode_step_s", 1e3, "3.2 ms", 3.2},
    {"history-weighs", 1, 1, "decode_step_s", 1e3, "4.7 ms", 4.7},
    {"token-crosses-pipeline", 0, 0, "decode_step_s", 1e3, "8.0 ms", 8.0},
    {"token-crosses-pipeline", 0, 0, "tok_s_per_seq", 1, "125 tokens per second", 125},
    {"token-crosses-pipeline", 1, 1, "decode_step_s", 1e3, "0.61 ms", 0.61},
    {"token-crosses-pipeline", 1, 1, "tok_s_per_seq", 1, "1,600 tokens per second", 1600},
    {"token-crosses-pipeline", 2, 2, "tok_s_per_seq", 1, "1,600 tokens per second", 1600},
    {"token-crosses-pipeline", 2, 2, "tok_s_total", 1, "41,000", 41000},
    {"token-crosses-pipeline", 3, 3, "tok_s_per_seq", 1, "600 tokens per second", 600},
    {"token-crosses-pipeline", 3, 4, "energy_pj_per_token_total", 1e-12, "190 J", 190},
    {"token-crosses-pipeline", 1, 4, "energy_pj_per_token_total", 1e-12, "10 J", 10},
    {"token-crosses-pipeline", 0, 4, "energy_pj_per_token_total", 1e-12, "1.1 J", 1.1},
    // Serving under load: the KV warehouse fills; prefill first vs mixed.
    {"kv-warehouse-full", 0, 0, "weight_bytes", 1e-9, "about 71 GB", 71},
    {"kv-warehouse-full", 0, 0, "kv_capacity_tokens", 1e-3, "about 218,000 tokens", 218},
    {"kv-warehouse-full", 0, 0, "ttft_chip_s", 1, "about 1.1 s", 1.1},
    {"kv-warehouse-full", 1, 1, "kv_used_fraction", 100, "about 99.8%", 99.8},
    {"kv-warehouse-full", 1, 1, "ttft_chip_s", 1, "about 51 s", 51},
    {"kv-warehouse-full", 1, 1, "tpot_chip_mean_s", 1e3, "about every 80 ms", 80},
    {"kv-warehouse-full", 2, 2, "kv_bytes_host", 1e-9, "about 79 GB", 79},
    {"kv-warehouse-full", 2, 2, "tpot_chip_mean_s", 1, "about 1.0 s", 1.0},
    {"prefill-first-vs-mixed", 0, 0, "ttft_chip_s", 1, "about 7.3 s", 7.3},
    {"prefill-first-vs-mixed", 0, 0, "tpot_chip_mean_s", 1e3, "about every 44 ms", 44},
    {"prefill-first-vs-mixed", 1, 1, "ttft_chip_s", 1, "About 1.8 s", 1.8},
    {"prefill-first-vs-mixed", 1, 1, "tpot_chip_mean_s", 1e3, "about every 53 ms", 53},
    {"prefill-first-vs-mixed", 1, 1, "tpot_chip_p99_s", 1, "about 0.23 s", 0.23},
    {"prefill-first-vs-mixed", 2, 2, "tpot_chip_p99_s", 1e3, "about 70 ms", 70},
    {"prefill-first-vs-mixed", 2, 2, "ttft_chip_s", 1, "after about 1.8 s", 1.8},
};

const std::vector<Lesson>& lessons() {
    static std::vector<Lesson> all = [] {
        std::ifstream f(std::filesystem::path(TJ_SOURCE_DIR) / "assets/lessons.json");
        std::stringstream ss;
        ss << f.rdbuf();
        std::vector<Lesson> out;
        REQUIRE(parse_lessons(ss.str(), out) == "");
        return out;
    }();
    return all;
}

}  // namespace

TEST_CASE("lesson captions: the chip lessons' numbers are the model's", "[token][lessons]") {
    for (const Quote& q : kQuotes) {
        const Lesson* lesson = nullptr;
        for (const Lesson& l : lessons())
            if (l.id == q.lesson) lesson = &l;
        REQUIRE(lesson);
        REQUIRE(size_t(q.step) < lesson->steps.size());
        REQUIRE(size_t(q.shown) < lesson->steps.size());
        const LessonStep& st = lesson->steps[size_t(q.step)];
        const LessonStep& shown = lesson->steps[size_t(q.shown)];
        INFO(q.lesson << " step " << q.step << ": " << q.metric << " quoted as " << q.text);
        std::string text = shown.text.en + " " + shown.predict.explain.en;
        CHECK(text.find(q.text) != std::string::npos);
        TokenModel m;
        ParamValues start(m.registry()), at(m.registry());
        REQUIRE(lesson_values_at(*lesson, size_t(q.step), start, at) == "");
        m.reset(at, 1);
        m.advance_to(std::max(1.0, st.run), 2000000);
        double model = metric_value(m.metrics(), q.metric, NAN) * q.scale;
        INFO("model " << model);
        CHECK(model == Approx(q.value).epsilon(0.05));
    }
}

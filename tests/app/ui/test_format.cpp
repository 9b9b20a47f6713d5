// test_format.cpp — counts as each language reads them: English by thousands, Chinese
// by ten thousands (万) and hundred millions (亿), and 万/亿 joined to a measure word;
// a model's metric as a lesson card shows it.
#include <catch2/catch.hpp>

#include <limits>

#include "app/ui/format.h"

TEST_CASE("format_count: English groups by thousands") {
    CHECK(format_count(0, Lang::En) == "0");
    CHECK(format_count(950, Lang::En) == "950");
    CHECK(format_count(69000, Lang::En) == "69.0k");
    CHECK(format_count(142000, Lang::En) == "142k");
    CHECK(format_count(1.234e6, Lang::En) == "1.23M");
    CHECK(format_count(3.5e8, Lang::En) == "350M");
    CHECK(format_count(-12345, Lang::En) == "-12.3k");
}

TEST_CASE("format_count: Chinese groups by 万 and 亿, never k or M") {
    CHECK(format_count(950, Lang::Zh) == "950");
    CHECK(format_count(9500, Lang::Zh) == "9500");
    CHECK(format_count(69000, Lang::Zh) == "6.9 万");
    CHECK(format_count(142000, Lang::Zh) == "14.2 万");
    CHECK(format_count(20000, Lang::Zh) == "2 万");
    CHECK(format_count(3.0e6, Lang::Zh) == "300 万");
    CHECK(format_count(3.5e8, Lang::Zh) == "3.5 亿");
    CHECK(format_count(1.6e10, Lang::Zh) == "160 亿");
    CHECK(format_count(9.89e14, Lang::Zh) == "989 万亿");
    CHECK(format_count(-142000, Lang::Zh) == "-14.2 万");
    CHECK(format_count(9999.7, Lang::Zh) == "1 万");  // rounds up into the next magnitude
    CHECK(format_count(std::numeric_limits<double>::infinity(), Lang::Zh) == "—");
    // One style per language: no Latin prefix in any Chinese count, no 万 in English.
    for (double v = 1; v < 1e13; v *= 3.7) {
        std::string zh = format_count(v, Lang::Zh), en = format_count(v, Lang::En);
        INFO(v << ": " << zh << " / " << en);
        CHECK(zh.find_first_of("kMG") == std::string::npos);
        CHECK(en.find("万") == std::string::npos);
        CHECK(en.find("亿") == std::string::npos);
    }
}

TEST_CASE("describe_time_lens: a number set off from the Chinese before it") {
    CHECK(describe_time_lens(5e-3, "on the chip", "芯片上", Lang::Zh) == "动画 1 秒 = 芯片上 5.00 毫秒");
    CHECK(describe_time_lens(5e-3, "on the chip", "芯片上", Lang::En) == "1 s of animation = 5.00 ms on the chip");
}

TEST_CASE("join_magnitudes: 万个, not 万 个") {
    CHECK(join_magnitudes("上周出货：14.2 万 个 GPU") == "上周出货：14.2 万个 GPU");
    CHECK(join_magnitudes("3.5 亿 片晶圆，950 个") == "3.5 亿片晶圆，950 个");
    CHECK(join_magnitudes("14.2 万 GPU") == "14.2 万 GPU");  // a Latin word keeps its space
    CHECK(join_magnitudes("69.0k GPUs") == "69.0k GPUs");
    CHECK(join_magnitudes("万 ") == "万 ");
    // A label and its value joined with a space: none after a full-width colon.
    CHECK(join_magnitudes("瓶颈： 封装") == "瓶颈：封装");
    CHECK(join_magnitudes("先预测： 会变快吗？ 已缓存： 60") == "先预测：会变快吗？ 已缓存：60");
    CHECK(join_magnitudes("Predict first: will it") == "Predict first: will it");
    // A Chinese label joined with ": " takes the full-width colon; Latin ones keep theirs.
    CHECK(join_magnitudes("排队: 3 个请求") == "排队：3 个请求");
    CHECK(join_magnitudes("TTFT p50: 13.6 毫秒") == "TTFT p50: 13.6 毫秒");
    CHECK(join_magnitudes("容量: 80 GB, KV: 5 GB") == "容量：80 GB, KV: 5 GB");
}

TEST_CASE("format_metric: a lesson card's figures with their units, per language") {
    CHECK(format_metric("decode_step_s", 8.03e-3, "s", Lang::En) == "8.03 ms");
    CHECK(format_metric("decode_step_s", 8.03e-3, "s", Lang::Zh) == "8.03 毫秒");
    CHECK(format_metric("weight_bytes", 16.06e9, "B", Lang::En) == "16.1 GB");
    CHECK(format_metric("backlog_gpus", 56500, "GPUs", Lang::En) == "56.5k GPUs");
    CHECK(format_metric("detok_held_tokens", 1, "tok", Lang::En) == "1 token");  // one, not "1 tokens"
    CHECK(format_metric("detok_held_tokens", 2, "tok", Lang::En) == "2 tokens");
    CHECK(format_metric("tok_s_total", 1, "tok/s", Lang::En) == "1.0 tokens/s");
    // A slow machine's speed keeps two figures: "0 tokens/s" would read as nothing.
    CHECK(format_metric("tok_s_per_seq", 0.308, "tok/s", Lang::En) == "0.31 tokens/s");
    CHECK(format_metric("tok_s_per_seq", 0.033, "tok/s", Lang::Zh) == "0.033 词元/秒");
    CHECK(format_metric("tok_s_per_seq", 4.04, "tok/s", Lang::En) == "4.0 tokens/s");  // two figures, as the card's "0.31"
    CHECK(format_metric("roofline_ridge_flops_per_byte", 0.53, "FLOP/B", Lang::En) == "0.53 FLOP/B");  // not "530 mFLOP/B"
    CHECK(format_metric("roofline_ridge_flops_per_byte", 384, "FLOP/B", Lang::En) == "384 FLOP/B");
    CHECK(format_metric("backlog_gpus", 56500, "GPUs", Lang::Zh) == "5.65 万个 GPU");
    CHECK(format_metric("spec_tokens_per_verify", 2.77, "tok", Lang::En) == "2.8 tokens");  // a mean, not a count
    CHECK(format_metric("spec_tokens_per_verify_expected", 3.3, "tok", Lang::Zh) == "3.3 个词元");
    CHECK(format_metric("tokens_sampled", 3, "tok", Lang::En) == "3 tokens");
    CHECK(format_metric("week", 44, "weeks", Lang::En) == "week 44");
    CHECK(format_metric("first_volume_week", 54, "weeks", Lang::Zh) == "第 54 周");
    CHECK(format_metric("first_volume_week", -1, "weeks", Lang::En) == "—");  // not yet
    CHECK(format_metric("fab_cycle_now_weeks", 14.04, "weeks", Lang::En) == "14.0 weeks");  // a span, not a date
    CHECK(format_metric("share_compute", 0.0042, "", Lang::En) == "0.4%");
    CHECK(format_metric("fab_load_now", 0.853, "", Lang::En) == "85%");
    CHECK(format_metric("kv_used_fraction", 0.9981, "", Lang::En) == "99.8%");  // nearly full is not full
    CHECK(format_metric("kv_used_fraction", 0.99996, "", Lang::En) == "99.9%");
    CHECK(format_metric("kv_used_fraction", 1.0, "", Lang::En) == "100%");
    CHECK(format_metric("fab_load_now", 0.994, "", Lang::En) == "99%");
    CHECK(format_metric("fab_x_factor_now", 2.98, "x", Lang::En) == "2.98 ×");
    CHECK(format_metric("energy_pj_per_token_dynamic", 5.2e11, "pJ", Lang::En) == "520 mJ");
    CHECK(format_metric("energy_pj_per_token_dynamic", 5.2e11, "pJ", Lang::Zh) == "520 毫焦");  // the captions' unit words
    CHECK(format_metric("energy_pj_per_token_static", 1.95e14, "pJ", Lang::Zh) == "195 焦耳");
}

TEST_CASE("format_bytes_binary: a size set in KiB reads in binary units, never a MiB written as 1.05 MB") {
    CHECK(format_bytes_binary(1024.0 * 1024) == "1.00 MiB");
    CHECK(format_bytes(1024.0 * 1024) == "1.05 MB");  // the same bytes in decimal units: the pair this avoids
    CHECK(format_bytes_binary(48 * 1024.0) == "48.0 KiB");
    CHECK(format_bytes_binary(64 * 1048576.0 * 256) == "16.0 GiB");
    CHECK(format_bytes_binary(512) == "512 B");
}

TEST_CASE("format_duration_in: an axis's ticks in one unit, the end's") {
    CHECK(duration_unit(150) == 60);
    CHECK(duration_unit(0.02) == 1e-3);
    CHECK(format_duration(50, Lang::En) == "50.0 s");  // alone, each in its own unit
    CHECK(format_duration(100, Lang::En) == "1.67 min");
    CHECK(format_duration_in(30, 60, Lang::En) == "0.5 min");
    CHECK(format_duration_in(120, 60, Lang::En) == "2 min");
    CHECK(format_duration_in(90, 60, Lang::Zh) == "1.5 分钟");
    CHECK(format_duration_in(0, 1e-3, Lang::En) == "0 ms");
}

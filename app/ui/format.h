// format.h — numbers as people read them: durations, bytes, rates, SI prefixes, counts.
// Used by every panel and by the time lens ("1 s of animation = 20 µs on the chip").
// Counts follow the reader's language: English groups by thousands ("69.0k"), Chinese
// by ten thousands ("6.9 万", "3.5 亿"); one style per language, never mixed.
#pragma once
#include <string>

#include "app/ui/i18n.h"

// 3 significant digits with a unit from ns to years: "20.0 µs", "2.00 weeks".
std::string format_duration(double seconds, Lang lang);
// The unit format_duration writes a duration in, in seconds (60 for "1.67 min").
double duration_unit(double seconds);
// A duration in a given unit (from duration_unit), as few digits as it needs: an axis's
// ticks in one unit, "0.5 min, 1 min, 1.5 min", not "30.0 s, 1.00 min, 1.50 min".
std::string format_duration_in(double seconds, double unit, Lang lang);
// "1.50 GB", "820 KB" (decimal prefixes, as datasheets use).
std::string format_bytes(double bytes);
// "1.00 MiB", "48.0 KiB" (binary prefixes): for sizes set in binary units (SRAM per core
// in KiB), so that 1,024 KiB reads 1 MiB, never "1.05 MB".
std::string format_bytes_binary(double bytes);
// 3 significant digits with an SI prefix: format_si(2.5e12, "FLOP/s") -> "2.50 TFLOP/s".
std::string format_si(double value, const char* unit);
// A count, 3 significant digits: English "950", "69.0k", "1.23M", "4.56G"; Chinese
// "950", "9500", "6.9 万", "14.2 万", "3.5 亿" (trailing zeros dropped).
std::string format_count(double value, Lang lang);
// A ratio of two numbers (>= 1) with 2-3 significant digits: "1.25", "9.8", "12".
std::string format_ratio(double ratio);
// A share in percent, one rounding for every map, card and headline: whole percent from
// 10%, one decimal below; just short of full keeps a decimal and never rounds up to full
// ("99.7%", not "100%"). Clamped to [0, 1].
std::string format_share(double share);
// A model's metric as the cards show it, from its id and unit: durations, bytes,
// energy in joules, shares in percent, week numbers ("week 44" / "第 44 周"), counts
// of GPUs, tokens and requests per language ("142k GPUs" / "14.2 万个 GPU").
std::string format_metric(const std::string& id, double value, const std::string& unit, Lang lang);
// Chinese joins a magnitude to the measure word after it: "14.2 万 个 GPU" reads
// "14.2 万个 GPU"; and a Chinese label to its value with a full-width colon ("瓶颈: 封装"
// and "瓶颈： 封装" read "瓶颈：封装"). Other text is returned as it is.
std::string join_magnitudes(std::string text);
// The time lens in words, e.g. "1 s of animation = 20.0 µs simulated"; brief: the
// shorter "1 s = 20.0 µs simulated", for a control narrower than the whole.
std::string describe_time_lens(double sim_seconds_per_real_second, const char* where_en, const char* where_zh,
                               Lang lang, bool brief = false);

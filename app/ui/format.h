// format.h — numbers as people read them: durations, bytes, rates, SI prefixes.
// Used by every panel and by the time lens ("1 s on screen = 20 µs on the chip").
#pragma once
#include <string>

#include "app/ui/i18n.h"

// 3 significant digits with a unit from ns to years: "20.0 µs", "2.00 weeks".
std::string format_duration(double seconds, Lang lang);
// "1.50 GB", "820 KB" (decimal prefixes, as datasheets use).
std::string format_bytes(double bytes);
// 3 significant digits with an SI prefix: format_si(2.5e12, "FLOP/s") -> "2.50 TFLOP/s".
std::string format_si(double value, const char* unit);
// The time lens in words, e.g. "1 s on screen = 20.0 µs simulated".
std::string describe_time_lens(double sim_seconds_per_real_second, const char* where_en, const char* where_zh,
                               Lang lang);

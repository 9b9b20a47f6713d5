// format.cpp — see format.h.
#include "app/ui/format.h"

#include <cmath>
#include <cstdio>

namespace {
std::string three_digits(double v, const char* unit) {
    char buf[64];
    double a = std::fabs(v);
    const char* f = a >= 100 ? "%.0f %s" : a >= 10 ? "%.1f %s" : "%.2f %s";
    std::snprintf(buf, sizeof buf, f, v, unit);
    return buf;
}
}  // namespace

std::string format_duration(double s, Lang lang) {
    if (!std::isfinite(s)) return "—";
    bool zh = lang == Lang::Zh;
    struct U { double size; const char *en, *zh; };
    static const U units[] = {{365.25 * 86400, "years", "年"}, {7 * 86400, "weeks", "周"}, {86400, "days", "天"},
                              {3600, "h", "小时"},             {60, "min", "分钟"},     {1, "s", "秒"},
                              {1e-3, "ms", "毫秒"},            {1e-6, "µs", "微秒"},     {1e-9, "ns", "纳秒"}};
    double a = std::fabs(s);
    if (a == 0) return zh ? "0 秒" : "0 s";
    for (const U& u : units)
        if (a >= u.size * 0.9995) return three_digits(s / u.size, zh ? u.zh : u.en);
    return three_digits(s / 1e-9, zh ? "纳秒" : "ns");
}

std::string format_si(double v, const char* unit) {
    if (!std::isfinite(v)) return "—";
    static const struct { double f; const char* p; } pre[] = {
        {1e18, "E"}, {1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1, ""}, {1e-3, "m"}, {1e-6, "µ"}, {1e-9, "n"}, {1e-12, "p"}};
    double a = std::fabs(v);
    if (a == 0) return std::string("0 ") + unit;
    for (auto& p : pre)
        if (a >= p.f * 0.9995) return three_digits(v / p.f, (std::string(p.p) + unit).c_str());
    return three_digits(v / 1e-12, (std::string("p") + unit).c_str());
}

std::string format_bytes(double bytes) {
    if (std::fabs(bytes) < 1000) return three_digits(bytes, "B");
    return format_si(bytes, "B");
}

std::string describe_time_lens(double sim_per_real, const char* where_en, const char* where_zh, Lang lang) {
    std::string d = format_duration(sim_per_real, lang);
    if (lang == Lang::Zh) return std::string("屏幕上 1 秒 = ") + where_zh + d;
    return "1 s on screen = " + d + " " + where_en;
}

// format.cpp — see format.h.
#include "app/ui/format.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <cstdio>
#include <iterator>

namespace {
std::string three_digits(double v, const char* unit) {
    char buf[64];
    double a = std::fabs(v);
    const char* f = a >= 100 ? "%.0f %s" : a >= 10 ? "%.1f %s" : "%.2f %s";
    std::snprintf(buf, sizeof buf, f, v, unit);
    return buf;
}
}  // namespace

namespace {
struct DurationUnit { double size; const char *en, *zh; };
const DurationUnit kDurationUnits[] = {{365.25 * 86400, "years", "年"}, {7 * 86400, "weeks", "周"}, {86400, "days", "天"},
                                       {3600, "h", "小时"},             {60, "min", "分钟"},     {1, "s", "秒"},
                                       {1e-3, "ms", "毫秒"},            {1e-6, "µs", "微秒"},     {1e-9, "ns", "纳秒"}};
const DurationUnit& unit_of(double s) {
    for (const DurationUnit& u : kDurationUnits)
        if (std::fabs(s) >= u.size * 0.9995) return u;
    return kDurationUnits[std::size(kDurationUnits) - 1];
}
}  // namespace

double duration_unit(double s) { return unit_of(s).size; }

std::string format_duration(double s, Lang lang) {
    if (!std::isfinite(s)) return "—";
    bool zh = lang == Lang::Zh;
    if (s == 0) return zh ? "0 秒" : "0 s";
    const DurationUnit& u = unit_of(s);
    return three_digits(s / u.size, zh ? u.zh : u.en);
}

std::string format_duration_in(double s, double unit, Lang lang) {
    if (!std::isfinite(s)) return "—";
    const DurationUnit* u = &kDurationUnits[0];
    for (const DurationUnit& x : kDurationUnits)
        if (x.size == unit) u = &x;
    char b[64];
    std::snprintf(b, sizeof b, "%.3g %s", s / u->size, lang == Lang::Zh ? u->zh : u->en);
    return b;
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

std::string format_bytes_binary(double bytes) {
    if (!std::isfinite(bytes)) return "—";
    static const struct { double f; const char* unit; } pre[] = {
        {1099511627776.0, "TiB"}, {1073741824.0, "GiB"}, {1048576.0, "MiB"}, {1024.0, "KiB"}};
    for (auto& p : pre)
        if (std::fabs(bytes) >= p.f * 0.9995) return three_digits(bytes / p.f, p.unit);
    return three_digits(bytes, "B");
}

std::string format_count(double v, Lang lang) {
    if (!std::isfinite(v)) return "—";
    char buf[48];
    double a = std::fabs(v);
    if (lang == Lang::Zh) {
        static const struct { double f; const char* name; } mags[] = {{1e12, "万亿"}, {1e8, "亿"}, {1e4, "万"}};
        for (auto& m : mags)
            if (a >= m.f * 0.99995) {
                double x = v / m.f, ax = std::fabs(x);
                std::snprintf(buf, sizeof buf, ax >= 100 ? "%.0f" : ax >= 10 ? "%.1f" : "%.2f", x);
                std::string n = buf;  // "14.2", "3.50" -> "3.5", "2.00" -> "2"
                if (n.find('.') != std::string::npos) {
                    while (n.back() == '0') n.pop_back();
                    if (n.back() == '.') n.pop_back();
                }
                return n + " " + m.name;
            }
        std::snprintf(buf, sizeof buf, "%.0f", v);
        return buf;
    }
    static const struct { double f; const char* suffix; } pre[] = {{1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
    for (auto& p : pre)
        if (a >= p.f * 0.9995) {
            double x = v / p.f, ax = std::fabs(x);
            std::snprintf(buf, sizeof buf, ax >= 100 ? "%.0f%s" : ax >= 10 ? "%.1f%s" : "%.2f%s", x, p.suffix);
            return buf;
        }
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
}

std::string format_ratio(double r) {
    char buf[32];
    std::snprintf(buf, sizeof buf, r >= 10 ? "%.0f" : r >= 2 ? "%.1f" : "%.2f", r);
    return buf;
}

std::string format_metric(const std::string& id, double v, const std::string& unit, Lang lang) {
    bool zh = lang == Lang::Zh;
    auto ends = [&](const char* tail) {
        size_t n = std::strlen(tail);
        return id.size() >= n && id.compare(id.size() - n, n, tail) == 0;
    };
    auto count = [&](const char* en, const char* zh_word) {
        std::string n = format_count(v, lang), word = zh ? zh_word : en;
        // One of a thing: "1 token", "1 GPU" (a rate such as "tokens/s" keeps its plural).
        if (!zh && n == "1" && word.back() == 's' && word.find('/') == std::string::npos) word.pop_back();
        return join_magnitudes(n + " " + word);
    };
    if (unit == "s") return format_duration(v, lang);
    if (unit == "B") return format_bytes(v);
    if (unit == "B*hop") return format_bytes(v) + (zh ? "·跳" : "·hops");
    if (unit == "pJ") {  // joules: "139 mJ" / "139 毫焦", as the captions write them
        std::string j = format_si(v * 1e-12, "J");
        if (!zh) return j;
        static const struct { const char* si; const char* words; } kJoules[] = {
            {" kJ", " 千焦"}, {" mJ", " 毫焦"}, {" µJ", " 微焦"}, {" nJ", " 纳焦"}, {" pJ", " 皮焦"}, {" J", " 焦耳"}};
        for (auto& u : kJoules)
            if (size_t at = j.rfind(u.si); at != std::string::npos && at + std::strlen(u.si) == j.size())
                return j.substr(0, at) + u.words;
        return j;
    }
    if (unit == "hop") return three_digits(v, zh ? "跳" : "hops");
    if (unit == "x") return three_digits(v, "×");
    // An intensity under 1 (one CPU thread's ridge): "0.530 FLOP/B", not milli-FLOPs.
    if (unit == "FLOP/B" && v > 0 && v < 1) return three_digits(v, "FLOP/B");
    if (unit == "tok/s" && v > 0 && v < 9.95) {  // a slow machine's speed: "0.31 tokens/s", not "0 tokens/s"; "4.0", not "4"
        char buf[48];
        std::snprintf(buf, sizeof buf, v >= 1 ? "%#.2g %s" : "%.2g %s", v, zh ? "词元/秒" : "tokens/s");
        return buf;
    }
    if (unit == "tok/s") return count("tokens/s", "词元/秒");
    if (unit == "tok" && id.find("_per_") != std::string::npos) {  // a mean per event: 2.8, not 3
        char buf[48];
        std::snprintf(buf, sizeof buf, zh ? "%.1f 个词元" : "%.1f tokens", v);
        return buf;
    }
    if (unit == "tok") return count("tokens", "个词元");
    if (unit == "req") return count("requests", "个请求");
    if (unit == "GPUs") return count("GPUs", "个 GPU");
    if (unit == "GPUs/week") return count("GPUs/week", "个 GPU/周");
    if (unit == "wafers") return count("wafers", "片晶圆");
    if (unit == "weeks") {
        if (id == "week" || ends("_week")) {  // a point in time: a week number
            char buf[32];
            std::snprintf(buf, sizeof buf, zh ? "第 %.0f 周" : "week %.0f", v);
            return v < 0 ? "—" : buf;
        }
        return v < 0 ? "—" : three_digits(v, zh ? "周" : "weeks");  // -1: none yet
    }
    if (unit.empty()) {
        for (const char* share : {"share", "fraction", "utilization", "starved", "blocked", "_idle", "_load", "_busy"})
            if (id.find(share) != std::string::npos) return format_share(v);
        return format_count(v, lang);
    }
    return format_si(v, unit.c_str());
}

std::string format_share(double share) {
    char buf[32];
    double p = std::clamp(share, 0.0, 1.0) * 100;
    // 99.8% in use is not "100%", and 99.97% is "99.9%", not "100.0%".
    if (p >= 99.5 && p < 100) std::snprintf(buf, sizeof buf, "%.1f%%", std::min(99.9, std::round(p * 10) / 10));
    else std::snprintf(buf, sizeof buf, p >= 9.95 ? "%.0f%%" : "%.1f%%", p);
    return buf;
}

std::string join_magnitudes(std::string s) {
    for (const char* mag : {"万 ", "亿 "}) {
        size_t at = 0;
        while ((at = s.find(mag, at)) != std::string::npos) {
            size_t next = at + 4;  // a magnitude is 3 bytes, then the space
            unsigned char lead = next < s.size() ? (unsigned char)s[next] : 0;
            // A Chinese character after the space (UTF-8 lead bytes E4..E9 hold U+4E00..U+9FFF).
            if (lead >= 0xE4 && lead <= 0xE9) s.erase(at + 3, 1);
            at = next - 1;
        }
    }
    // A Chinese label joined to its value with ": " takes the full-width colon: "队列: 3" reads "队列：3".
    for (size_t at = 0; (at = s.find(": ", at)) != std::string::npos; at++) {
        unsigned char lead = at >= 3 ? (unsigned char)s[at - 3] : 0;
        if (lead >= 0xE4 && lead <= 0xE9) s.replace(at, 2, "：");
    }
    for (size_t at = 0; (at = s.find("： ", at)) != std::string::npos;) s.erase(at + 3, 1);
    return s;
}

std::string describe_time_lens(double sim_per_real, const char* where_en, const char* where_zh, Lang lang, bool brief) {
    std::string d = format_duration(sim_per_real, lang);
    // "Animation", not "screen": the token scene's Screen is a station, and every other
    // time the app writes (the step's clock, the charts) is the model's own.
    if (lang == Lang::Zh) return std::string(brief ? "1 秒 = " : "动画 1 秒 = ") + where_zh + " " + d;  // 芯片上 5.00 毫秒
    return (brief ? "1 s = " : "1 s of animation = ") + d + " " + where_en;
}

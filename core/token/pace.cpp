// pace.cpp — the bottleneck of a phase by the active-period method. See pace.h.
#include "core/token/pace.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tj::token {

PaceMeasure measure_pace(const std::deque<PaceSample>& log, int phase, double window_s) {
    PaceMeasure m;
    m.phase = phase;
    double held[kPartCount] = {}, busy[kStageCount] = {};
    double device = 0, span = 0;
    int mixed = 0;
    for (auto it = log.rbegin(); it != log.rend() && span < window_s; ++it) {
        if (it->phase != phase) continue;
        const double step = std::max(0.0, it->end - it->start);
        m.steps++;
        mixed += it->mixed;
        span += step + std::max(0.0, it->wait);
        device += step;
        held[std::clamp(it->holder, 0, kPartCount - 1)] += step;
        for (int s = 0; s < kStageCount; s++) busy[s] += it->busy[s];
    }
    m.window_s = span;
    m.mixed = 2 * mixed > m.steps;
    if (!(span > 0)) return m;
    for (int s = 0; s < kStageCount; s++) m.share[s] = std::clamp(busy[s] / span, 0.0, 1.0);

    // The host stage given the most work, against the device (the work, not its share:
    // a stage given more than the span can do is the one the tokens pile up before).
    int host = kStageH2d;
    for (int s = kStageH2d + 1; s < kStageCount; s++)
        if (busy[s] > busy[host]) host = s;
    const double device_share = device / span, host_share = busy[host] / span;
    // The part that held the most of the steps' time, and the one after it.
    int first = 0, second = -1;
    for (int p = 1; p < kPartCount; p++)
        if (held[p] > held[first]) first = p;
    for (int p = 0; p < kPartCount; p++)
        if (p != first && held[p] > 0 && (second < 0 || held[p] > held[second])) second = p;
    auto shift = [&](int a, int b) {
        m.shifting = true;
        m.between[0] = a;
        m.between[1] = b;
    };
    if (host_share >= 0.5 && host_share > device_share + kPaceTie) m.stage = host;
    else if (host_share >= device_share - kPaceTie && host_share >= 0.5) shift(host_share > device_share ? host : first,
                                                                               host_share > device_share ? first : host);
    else if (device_share < 0.5) return m;  // the device mostly waits for work: none binds
    else if (second >= 0 && held[first] < 0.75 * device) shift(first, second);
    else m.stage = first;
    return m;
}

std::string pace_window_words(const PaceMeasure& m, bool zh) {
    // In the unit the map's other times use: milliseconds under a second ("36 ms", not "0.036 s").
    const bool ms = m.window_s < 1;
    const double span = ms ? m.window_s * 1e3 : m.window_s;
    const char* unit = zh ? (ms ? "毫秒" : "秒") : (ms ? "ms" : "s");
    char b[96];
    const bool decode = m.phase == kPhaseDecode;
    const char* steps = decode ? (zh ? "解码步" : "decode") : m.mixed ? (zh ? "混合步" : "mixed") : (zh ? "预填充步" : "prefill");
    // Two significant digits, never an exponent: "290", "36", "3.6".
    char num[24];
    if (span >= 10) {
        const double unit_step = std::pow(10.0, std::floor(std::log10(span)) - 1);
        std::snprintf(num, sizeof num, "%.0f", std::round(span / unit_step) * unit_step);
    } else {
        std::snprintf(num, sizeof num, "%.2g", span);
    }
    if (zh) std::snprintf(b, sizeof b, "最近 %s %s的%s", num, unit, steps);
    else std::snprintf(b, sizeof b, "the last %s %s of %s steps", num, unit, steps);
    return b;
}

}  // namespace tj::token

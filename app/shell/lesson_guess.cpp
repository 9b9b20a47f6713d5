// lesson_guess.cpp — see lesson_guess.h.
#include "app/shell/lesson_guess.h"

#include <algorithm>
#include <cmath>

#include "app/ui/format.h"

double guess_position(double v, double min, double max) {
    if (!(v > 0) || !(min > 0) || !(max > min)) return 0;
    return std::clamp(std::log(v / min) / std::log(max / min), 0.0, 1.0);
}

double guess_value(double u, double min, double max) {
    if (!(min > 0) || !(max > min)) return min;
    return min * std::pow(max / min, std::clamp(std::isfinite(u) ? u : 0.0, 0.0, 1.0));
}

double nudge_guess(double v, int steps, double min, double max) {
    return guess_value(guess_position(v, min, max) + steps / 20.0, min, max);
}

std::vector<double> guess_decades(double min, double max) {
    std::vector<double> out;
    if (!(min > 0) || !(max > min)) return out;
    for (double e = std::ceil(std::log10(min) - 1e-9); e <= std::log10(max) + 1e-9 && out.size() < 40; e++)
        out.push_back(std::pow(10.0, e));
    return out;
}

double guess_marker(double guess, double truth, double t) {
    if (!(guess > 0) || !(truth > 0) || !(t < 1)) return truth;
    double s = std::clamp(t, 0.0, 1.0);
    s = s * s * (3 - 2 * s);  // eases in and out
    return guess * std::pow(truth / guess, s);
}

GuessVerdict judge_guess(double guess, double truth) {
    if (!(guess > 0) || !(truth > 0)) return {};
    double r = std::max(guess / truth, truth / guess);
    return {r, r < kGuessClose ? 0 : guess > truth ? 1 : -1, guess > truth};
}

std::string guess_verdict_words(const GuessVerdict& v, Lang lang) {
    const char* key = v.direction > 0    ? "lesson.guess.high"
                      : v.direction < 0  ? "lesson.guess.low"
                      : v.guess_higher   ? "lesson.guess.close_high"
                                         : "lesson.guess.close_low";
    return fill_slot(tr(key, lang), "{r}", format_ratio(v.ratio));
}

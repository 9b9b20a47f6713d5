// lesson_guess.h — a question that asks for a number: the class drags its guess on a
// log scale (core/lesson.h, "guess"), the reveal moves a marker from the guess to the
// truth, and the card says how far off the guess was as a ratio ("within 1.30×",
// "8.0× too high"). The arithmetic and the words, apart from the drawing
// (LessonPlayer draws the slider), so a unit test holds them.
//
// Usage:
//   double u = guess_position(v, g.min, g.max);          // 0..1 along the slider
//   v = guess_value(u, g.min, g.max);                     // and back
//   v = nudge_guess(v, +1, g.min, g.max);                 // the → key
//   std::string words = guess_verdict_words(judge_guess(v, truth), Lang::En);
#pragma once
#include <string>
#include <vector>

#include "app/ui/i18n.h"

// Where v lies between min and max on a log scale, 0..1 (clamped).
double guess_position(double v, double min, double max);
// The value at position u (0..1, clamped) of the log scale.
double guess_value(double u, double min, double max);
// The guess moved by `steps` key presses, each a twentieth of the scale, kept in range.
double nudge_guess(double v, int steps, double min, double max);
// The powers of ten from min to max (the slider's ticks).
std::vector<double> guess_decades(double min, double max);
// The marker's value t (0..1) of the way from the guess to the truth, along the log
// scale and easing in and out; the truth itself at t >= 1.
double guess_marker(double guess, double truth, double t);

// How far off a guess was: the larger over the smaller (>= 1), and which way: 0 close
// (within kGuessClose), +1 too high, -1 too low; and, close or not, whether the guess
// was the higher (中文 says which is how many times the other: "相差 1.28 倍" could be 128%).
constexpr double kGuessClose = 1.5;
struct GuessVerdict {
    double ratio = 1;
    int direction = 0;
    bool guess_higher = false;
};
GuessVerdict judge_guess(double guess, double truth);
// "The right size: within 1.30× of the truth", "8.0× too high", "3.2× too low" (and in 中文).
std::string guess_verdict_words(const GuessVerdict& v, Lang lang);

// test_lesson_guess.cpp — a question that asks for a number (app/shell/lesson_guess.h):
// the log scale and its key steps, the decade ticks, the marker's way from the guess to
// the truth, and the verdict's ratio and words in both languages.
#include <catch2/catch.hpp>

#include <cmath>

#include "app/shell/lesson_guess.h"

TEST_CASE("lesson guess: the slider is a log scale, clamped, nudged a twentieth at a time") {
    CHECK(guess_position(0.001, 0.001, 1) == Approx(0));
    CHECK(guess_position(1, 0.001, 1) == Approx(1));
    CHECK(guess_position(0.01, 0.001, 1) == Approx(1.0 / 3));  // one decade of three
    CHECK(guess_position(1e-9, 0.001, 1) == 0);
    CHECK(guess_position(50, 0.001, 1) == 1);
    CHECK(guess_value(0.5, 1, 100) == Approx(10));
    CHECK(guess_value(2, 1, 100) == Approx(100));
    for (double v : {0.002, 0.03, 0.5}) CHECK(guess_value(guess_position(v, 0.001, 1), 0.001, 1) == Approx(v));
    // A key press: a twentieth of three decades is 10^0.15, about 1.41 times.
    CHECK(nudge_guess(0.01, 1, 0.001, 1) == Approx(0.01 * std::pow(10, 0.15)));
    CHECK(nudge_guess(0.01, -1, 0.001, 1) == Approx(0.01 / std::pow(10, 0.15)));
    CHECK(nudge_guess(0.9, 5, 0.001, 1) == Approx(1));
    // Bad input never leaves the scale.
    CHECK(guess_position(std::nan(""), 0.001, 1) == 0);
    CHECK(guess_value(std::nan(""), 0.001, 1) == Approx(0.001));
}

TEST_CASE("lesson guess: ticks at every power of ten on the scale") {
    CHECK(guess_decades(0.001, 1) == std::vector<double>{0.001, 0.01, 0.1, 1});
    std::vector<double> t = guess_decades(300, 2e6);
    REQUIRE(t.size() == 4);
    CHECK(t.front() == Approx(1e3));
    CHECK(t.back() == Approx(1e6));
    CHECK(guess_decades(2, 9).empty());
    CHECK(guess_decades(0, 9).empty());
}

TEST_CASE("lesson guess: the marker moves from the guess to the truth and stops there") {
    CHECK(guess_marker(0.1, 0.01, 0) == Approx(0.1));
    CHECK(guess_marker(0.1, 0.001, 0.5) == Approx(0.01));  // half way on the log scale
    CHECK(guess_marker(0.1, 0.01, 1) == 0.01);
    CHECK(guess_marker(0.1, 0.01, 7) == 0.01);
    double last = 0.1;
    for (int tenth = 1; tenth < 10; tenth++) {  // always closer, never past the truth
        double m = guess_marker(0.1, 0.01, tenth / 10.0);
        CHECK(m < last);
        CHECK(m > 0.01);
        last = m;
    }
}

TEST_CASE("lesson guess: the verdict is a ratio, close within 1.5 times, else too high or too low") {
    GuessVerdict v = judge_guess(0.0105, 0.0082);
    CHECK(v.ratio == Approx(0.0105 / 0.0082));
    CHECK(v.direction == 0);
    v = judge_guess(0.064, 0.008);
    CHECK(v.ratio == Approx(8));
    CHECK(v.direction == 1);
    v = judge_guess(0.0025, 0.008);
    CHECK(v.ratio == Approx(3.2));
    CHECK(v.direction == -1);
    CHECK(judge_guess(0.012, 0.008).direction == 1);  // exactly 1.5 times is no longer close
    CHECK(judge_guess(0, 0.008).direction == 0);      // nothing to judge
    CHECK(judge_guess(0, 0.008).ratio == 1);

    std::string error;
    REQUIRE(i18n_load(&error));
    CHECK(guess_verdict_words(judge_guess(0.0105, 0.0082), Lang::En) == "The right size: within 1.28× of the model's figure.");
    CHECK(guess_verdict_words(judge_guess(0.064, 0.008), Lang::En) == "8.0× too high.");
    CHECK(guess_verdict_words(judge_guess(0.0025, 0.008), Lang::En) == "3.2× too low.");
    CHECK(guess_verdict_words(judge_guess(800, 8), Lang::En) == "100× too high.");
    CHECK(guess_verdict_words(judge_guess(0.064, 0.008), Lang::Zh) == "猜高了：你的估计是模型结果的 8.0 倍。");
    CHECK(guess_verdict_words(judge_guess(0.0025, 0.008), Lang::Zh) == "猜低了：模型结果是你估计的 3.2 倍。");
    CHECK(guess_verdict_words(judge_guess(0.0105, 0.0082), Lang::Zh) == "量级对了：你的估计约是模型结果的 1.28 倍。");
    CHECK(guess_verdict_words(judge_guess(0.0082, 0.0105), Lang::Zh) == "量级对了：模型结果约是你估计的 1.28 倍。");
    CHECK(guess_verdict_words(judge_guess(0.0082, 0.0105), Lang::En) == "The right size: within 1.28× of the model's figure.");
}

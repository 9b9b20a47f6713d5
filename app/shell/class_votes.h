// class_votes.h — the class's answers to the open question, as class mode's page hands
// them to the app (web/static/class.js, from token-journey-server's tally), so the
// lesson card can show them beside the choices: how many students answered, and per
// choice how many chose it (for a number question, per bin of ten equal steps on its
// log scale), in the first vote and after discussion in the second.
//
// The text comes from a page script, so it is checked like any outside input: a JSON
// object {lesson, step, students, answered, histograms: [[n, ...], [n, ...]]} with at
// most 2 votes of at most 10 counts (choices, or bins), counts whole numbers from 0 to
// 100,000. Anything else is refused with the reason, and the last good votes are kept.
//
// Usage:
//   ClassVotes v;
//   std::string why = parse_class_votes(json_text, &v);   // "" or why (v unchanged)
//   if (v.for_step("decode-is-logistics", 1)) ... v.histograms[vote][choice] ...
#pragma once
#include <string>
#include <vector>

struct ClassVotes {
    std::string lesson;  // "" for none
    int step = -1;
    int students = 0, answered = 0;
    std::vector<std::vector<int>> histograms;  // per vote, per choice (or bin)

    bool for_step(const std::string& l, int s) const { return !lesson.empty() && lesson == l && step == s; }
    // The largest count of any choice in any vote (for bar lengths), at least 1.
    int most() const;
};

std::string parse_class_votes(const std::string& text, ClassVotes* out);

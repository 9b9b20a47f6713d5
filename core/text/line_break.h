// line_break.h — where a paragraph may break into lines, by the rules of Chinese and
// English typesetting, and greedy wrapping to a width.
//
// Dear ImGui's own wrapping breaks after '.' and ',' (so "5.1 GB" becomes "5.↵1 GB")
// and cuts Chinese anywhere, including before "，" and between a number and its unit.
// This breaker is pure (no font, no GL): the caller measures a code point's advance.
//
// Rules, in the order they apply:
//   - a '\n' always breaks; spaces never start or end a line (they are trimmed);
//   - no break before closing punctuation (，。、；：？！）」』】》”’…— and , . ; : ! ? ) ] } %)
//     and none after opening punctuation (（「『【《“‘ and ( [ { $); none right before or
//     after a slash ("词元/秒"; "prompt / answer" breaks at a space, never before the "/");
//   - a run of Latin letters, digits and ASCII punctuation is one word: "Llama-3.1-8B",
//     "5.1", "TB/s" never split; words break at spaces;
//   - a number (a magnitude's letter too: "98.7k") stays with what follows it: a Latin unit
//     after a space ("16 GB", "945 tokens/s"), Chinese
//     magnitude characters and a measure word or unit ("300 万个", "70 周", "1.1 焦耳"),
//     or else the first Chinese character after it ("2,048 的"); "第" stays with its number;
//     a measure word keeps a Latin noun after it ("9,864 个 GPU"), a year its month
//     ("2025 年 10 月");
//   - a name stays together: a capitalised word before a word with a digit ("NVIDIA H100");
//     and a month before its year or day ("(Nov 2025)");
//   - a Chinese word of the term table never splits ("批大小", "逆分词耗时"; the words
//     are set once with set_unsplit_words);
//   - other Chinese characters (and kana, hangul) may break between any two of them;
//   - the dash "——" never opens a line, and a paragraph never ends on a line of one
//     Chinese character ("快。"): the break before it moves one place back;
//   - a piece wider than the whole line breaks where the punctuation and word rules
//     alone allow ("（2025 年 | 10 月）"); a word with no such place is cut where it
//     must (never an endless line), but never right before a closing mark.
//
// Usage:
//   auto lines = tj::break_lines(text, width, [&](uint32_t cp) { return font_advance(cp); });
//   for (auto& l : lines) draw(text.substr(l.begin, l.end - l.begin));
//   bool ok = tj::may_break_before(text, byte_offset);   // the rules alone, for checks
//   tj::set_unsplit_words(tj::unsplit_chinese_words(glossary));   // once, at start-up (scenes.h)
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace tj {

// One line: bytes [begin, end) of the text, without the trailing spaces or '\n'.
struct LineSpan {
    size_t begin, end;
};

// Greedy wrapping: each line holds as much as fits in max_width (advances summed);
// max_width <= 0 breaks only at '\n'. An empty text gives no lines.
std::vector<LineSpan> break_lines(std::string_view text, float max_width,
                                  const std::function<float(uint32_t)>& advance);

// Whether the rules allow a line to start at byte offset pos (which must begin a
// code point; spaces before it are the ones a break would trim).
bool may_break_before(std::string_view text, size_t pos);

// The Chinese words no line may split: each run of 2 to 6 Chinese characters in
// `names` (a parameter's label "批大小（序列）" gives "批大小"; longer runs are phrases,
// free to break). Where two overlap, neither splits. Replaces the list; not safe to
// call while another thread breaks lines.
void set_unsplit_words(const std::vector<std::string>& names);

}  // namespace tj

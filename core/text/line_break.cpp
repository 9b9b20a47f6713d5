// line_break.cpp — see line_break.h.
#include "core/text/line_break.h"

#include <algorithm>
#include <string>
#include <unordered_map>

#include "core/text/utf8.h"

namespace tj {
namespace {

enum class Kind { Space, Newline, Word, Han, Punct };

bool in(uint32_t cp, std::u32string_view set) { return set.find(char32_t(cp)) != std::u32string_view::npos; }

// The dash "——" is in the set too: it leans on the words before it, as the comma does.
bool no_start(uint32_t cp) {
    return in(cp, U",.;:!?)]}%，。、；：？！）」』】》〉〕］｝”’…·‰℃～—");
}
bool no_end(uint32_t cp) { return in(cp, U"([{$（「『【《〈〔［｛“‘£¥€"); }

bool is_han(uint32_t cp) {
    return (cp >= 0x2E80 && cp <= 0x2FFF) || (cp >= 0x3040 && cp <= 0x31FF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
           (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xAC00 && cp <= 0xD7AF) || (cp >= 0xF900 && cp <= 0xFAFF) ||
           (cp >= 0xFF10 && cp <= 0xFF19) || (cp >= 0xFF21 && cp <= 0xFF5A) || cp >= 0x20000;
}

Kind kind(uint32_t cp) {
    if (cp == '\n') return Kind::Newline;
    if (cp == ' ' || cp == '\t' || cp == 0x3000) return Kind::Space;
    if (is_han(cp)) return Kind::Han;
    // CJK and full-width punctuation, curly quotes, the ellipsis and the dash sit between
    // words and characters: breaks around them follow no_start / no_end.
    if ((cp >= 0x3000 && cp <= 0x303F) || (cp >= 0xFF00 && cp <= 0xFFEF) || in(cp, U"“”‘’…—·"))
        return Kind::Punct;
    return Kind::Word;  // Latin, digits, ASCII punctuation, Greek, symbols
}

bool is_digit(uint32_t cp) { return cp >= '0' && cp <= '9'; }
bool is_upper(uint32_t cp) { return cp >= 'A' && cp <= 'Z'; }
bool is_letter(uint32_t cp) { return is_upper(cp) || (cp >= 'a' && cp <= 'z'); }
// An English month's name or its three letters.
bool is_month(const std::u32string& w) {
    static const std::u32string_view kMonths[] = {U"January", U"February", U"March", U"April", U"May", U"June", U"July",
                                                  U"August", U"September", U"October", U"November", U"December"};
    for (std::u32string_view m : kMonths)
        if (w == m || (w.size() == 3 && w == m.substr(0, 3)) || (w == U"Sept" && m == U"September")) return true;
    return false;
}

// Chinese words that belong to the number before them: magnitudes, then one measure
// word or unit. Longest first where one is a prefix of another.
const std::u32string_view kMagnitudes = U"万亿千百";
const std::u32string_view kChineseDigits = U"一二三四五六七八九十百千零两";
constexpr size_t kMaxUnitLength = 8;  // "GB", "TB/s", "tokens", "billion", "tokens/s"
const std::u32string_view kUnits[] = {
    U"毫秒", U"微秒", U"纳秒", U"皮秒", U"字节", U"小时", U"分钟", U"千瓦", U"兆瓦", U"个", U"位", U"倍", U"周",
    U"年", U"月", U"日", U"天", U"秒", U"次", U"层", U"颗", U"块", U"张", U"片", U"台", U"条", U"枚", U"元", U"度",
    U"步", U"瓦", U"件", U"座", U"组", U"行", U"种", U"项", U"份", U"名", U"代", U"批", U"家", U"轮", U"堆",
    U"纳米", U"米", U"克", U"美元", U"路", U"级", U"成", U"分", U"卡", U"户", U"人", U"号", U"焦耳", U"毫焦",
    U"皮焦", U"焦", U"词元", U"序列", U"核心", U"芯片", U"晶圆", U"跳"};

// Measure words that count a thing named after them, possibly in Latin letters ("个 GPU").
const std::u32string_view kMeasureWords = U"个颗块张片台条枚件座组种项份名家";

// The term table's Chinese words by their first character, longest first.
std::unordered_map<char32_t, std::vector<std::u32string>>& unsplit_words() {
    static std::unordered_map<char32_t, std::vector<std::u32string>> words;
    return words;
}

struct Decoded {
    std::u32string cps;
    std::vector<size_t> offset;  // byte offset of each code point, plus the end
};

Decoded decode(std::string_view s) {
    Decoded d;
    for (size_t i = 0; i < s.size();) {
        Utf8Char c = utf8_decode(s, i);
        d.cps.push_back(c.status == Utf8Char::kValid ? char32_t(c.cp) : U'\uFFFD');
        d.offset.push_back(i);
        i += c.length ? c.length : 1;
    }
    d.offset.push_back(s.size());
    return d;
}

// glue[i]: no break may come before code point i, whatever the other rules say
// (a number and what follows it, "第" and its number, a name).
std::vector<bool> glue_marks(const std::u32string& c) {
    size_t n = c.size();
    std::vector<bool> glue(n + 1, false);
    auto word_end = [&](size_t i) {
        while (i < n && kind(c[i]) == Kind::Word) i++;
        return i;
    };
    const auto& words = unsplit_words();
    for (size_t i = 0; i < n; i++) {
        auto w = kind(c[i]) == Kind::Han ? words.find(c[i]) : words.end();
        if (w != words.end())
            for (const std::u32string& word : w->second)
                if (c.compare(i, word.size(), word) == 0) {
                    for (size_t j = i + 1; j < i + word.size(); j++) glue[j] = true;
                    break;
                }
    }
    for (size_t i = 0; i < n; i++) {
        // The end of a word that is a number ("16", "3.5", "~1.9", "97%"; not "WSE-3").
        bool number_end = kind(c[i]) == Kind::Word && (i + 1 == n || kind(c[i + 1]) != Kind::Word) &&
                          (is_digit(c[i]) || (in(c[i], U"%kMGT") && i > 0 && is_digit(c[i - 1])));
        if (number_end) {
            size_t w = i;
            while (w > 0 && kind(c[w - 1]) == Kind::Word) w--;
            while (w < i && in(c[w], U"~≈−-+$(")) w++;
            number_end = is_digit(c[w]);
        }
        if (number_end) {
            size_t k = i + 1;
            if (k < n && kind(c[k]) == Kind::Space) k++;
            // A short Latin word after a number is its unit ("16 GB", "5 ms", "9 weeks"); a long
            // one ("interposers") may go to the next line, and so may an aside ("99 (Nov 2025)").
            size_t unit_end = k < n ? word_end(k) : k;  // less the punctuation after it ("tokens/s,")
            while (unit_end > k && no_start(c[unit_end - 1]) && c[unit_end - 1] != '%') unit_end--;
            if (k < n && kind(c[k]) == Kind::Word && !is_digit(c[k]) && !no_end(c[k]) && c[i] != '%' && unit_end - k <= kMaxUnitLength) {
                for (size_t j = i + 1; j <= k; j++) glue[j] = true;
            } else {
                size_t j = k;
                while (j < n && in(c[j], kMagnitudes)) j++;
                std::u32string_view unit;
                for (std::u32string_view u : kUnits)
                    if (c.compare(j, u.size(), u) == 0) { unit = u; j += u.size(); break; }
                // A measure word keeps the Latin noun it counts ("9,864 个 GPU"), and a year
                // keeps its month ("2025 年 10 月").
                size_t after = j < n && kind(c[j]) == Kind::Space ? j + 1 : j;
                bool counts_latin = unit.size() == 1 && in(unit[0], kMeasureWords) && after < n &&
                                    kind(c[after]) == Kind::Word && !is_digit(c[after]) && word_end(after) - after <= kMaxUnitLength;
                bool year_month = unit == U"年" && after < n && is_digit(c[after]);
                if (counts_latin || year_month) j = after + 1;
                // Any other Chinese after a number: its first character at least ("3 的"), so a
                // line never ends on a bare number with its words on the next.
                if (j == k && k < n && kind(c[k]) == Kind::Han) j = k + 1;
                if (j > k)
                    for (size_t m = i + 1; m < j; m++) glue[m] = true;  // "300 万个", "第 70 周"
            }
        }
        if (c[i] == U'第') {  // "第 70 周", "第四季度"
            size_t k = i + 1;
            if (k < n && kind(c[k]) == Kind::Space) k++;
            if (k < n && (is_digit(c[k]) || in(c[k], kChineseDigits)))
                for (size_t j = i + 1; j <= k; j++) glue[j] = true;
        }
        // A month and the year or day after it: "(Nov 2025)", "Sep 30".
        if (is_upper(c[i]) && (i == 0 || !is_letter(c[i - 1]))) {
            size_t e = i;
            while (e < n && is_letter(c[e])) e++;
            if (is_month(c.substr(i, e - i)) && e + 1 < n && c[e] == ' ' && is_digit(c[e + 1])) glue[e] = glue[e + 1] = true;
        }
        // A name: "NVIDIA H100", "Cerebras WSE-3" (a capitalised word, one space, a word that
        // starts with a letter and holds a digit; "About 138,500" is no name).
        if (kind(c[i]) == Kind::Word && (i == 0 || kind(c[i - 1]) != Kind::Word) && is_upper(c[i])) {
            size_t e = i;
            while (e < n && ((c[e] >= 'A' && c[e] <= 'Z') || (c[e] >= 'a' && c[e] <= 'z'))) e++;
            if (e < n && kind(c[e]) == Kind::Word) continue;  // "MiB)." is no name
            if (e + 1 < n && c[e] == ' ' && kind(c[e + 1]) == Kind::Word && !is_digit(c[e + 1])) {
                size_t e2 = word_end(e + 1);
                bool digit = false;
                for (size_t j = e + 1; j < e2; j++) digit |= is_digit(c[j]);
                if (digit) glue[e] = glue[e + 1] = true;
            }
        }
    }
    return glue;
}

// Whether a line may start at code point i (0 < i < n), '\n' aside. loose: by the
// punctuation and word rules alone, not the glue that keeps a number with its unit or a
// name together (a piece wider than the line breaks there before it is cut anywhere).
bool allowed(const std::u32string& c, const std::vector<bool>& glue, size_t i, bool loose = false) {
    uint32_t a = c[i - 1], b = c[i];
    Kind ka = kind(a), kb = kind(b);
    if (kb == Kind::Space || kb == Kind::Newline || (glue[i] && !loose) || no_start(b)) return false;
    if (a == '/' || b == '/') return false;  // "词元/秒" whole; "prompt / answer" breaks at a space
    if (ka == Kind::Space) {  // the spaces before i would be trimmed: look at what they follow
        size_t j = i - 1;
        while (j > 0 && kind(c[j]) == Kind::Space) j--;
        return kind(c[j]) != Kind::Space && !no_end(c[j]);
    }
    if (no_end(a)) return false;
    if (ka == Kind::Word && kb == Kind::Word) return false;
    if (a == b && (a == U'—' || a == U'…')) return false;  // "——" and "……" are one mark
    return true;
}

// Whether the paragraph's rest from i is one Chinese character and its closing
// punctuation ("快。"): a line that short reads as a mistake, so the break moves back.
bool lone_last_character(const std::u32string& c, size_t i) {
    size_t han = 0;
    for (; i < c.size() && c[i] != '\n'; i++) {
        if (kind(c[i]) == Kind::Han && ++han > 1) return false;  // most of the time: at once
        if (kind(c[i]) != Kind::Han && !no_start(c[i]) && kind(c[i]) != Kind::Space) return false;
    }
    return han == 1;
}

}  // namespace

void set_unsplit_words(const std::vector<std::string>& names) {
    constexpr size_t kLongestWord = 6;
    auto& table = unsplit_words();
    table.clear();
    for (const std::string& name : names) {
        std::u32string cps = decode(name).cps;
        for (size_t i = 0; i < cps.size();) {
            size_t e = i;
            while (e < cps.size() && kind(cps[e]) == Kind::Han) e++;
            if (e - i >= 2 && e - i <= kLongestWord) {
                std::u32string word = cps.substr(i, e - i);
                auto& list = table[word[0]];
                if (std::find(list.begin(), list.end(), word) == list.end()) list.push_back(word);
            }
            i = e > i ? e : i + 1;
        }
    }
    for (auto& [first, list] : table)
        std::sort(list.begin(), list.end(), [](const std::u32string& a, const std::u32string& b) { return a.size() > b.size(); });
}

bool may_break_before(std::string_view text, size_t pos) {
    Decoded d = decode(text);
    size_t i = 0;
    while (i < d.cps.size() && d.offset[i] < pos) i++;
    if (i == 0 || i >= d.cps.size() || d.offset[i] != pos) return false;
    if (d.cps[i - 1] == '\n') return true;
    return allowed(d.cps, glue_marks(d.cps), i);
}

std::vector<LineSpan> break_lines(std::string_view text, float max_width,
                                  const std::function<float(uint32_t)>& advance) {
    std::vector<LineSpan> lines;
    Decoded d = decode(text);
    const std::u32string& c = d.cps;
    size_t n = c.size();
    if (n == 0) return lines;
    std::vector<bool> glue = glue_marks(c);
    std::vector<double> x(n + 1, 0.0);  // x[i]: width of code points [0, i)
    for (size_t i = 0; i < n; i++) x[i + 1] = x[i] + (c[i] == '\n' ? 0.0 : double(advance(c[i])));

    auto emit = [&](size_t from, size_t to) {  // trims trailing spaces
        while (to > from && kind(c[to - 1]) == Kind::Space) to--;
        lines.push_back({d.offset[from], d.offset[to]});
    };
    size_t start = 0;
    while (true) {
        size_t best = 0, before_best = 0;  // the last two allowed breaks after start, 0 for none yet
        size_t loose_number = 0;  // the last break before a digit the loose rules allow
        size_t i = start;
        size_t next = n;
        bool hard = false;
        for (; i < n; i++) {
            if (c[i] == '\n') { hard = true; break; }
            if (i > start && allowed(c, glue, i)) { before_best = best; best = i; }
            if (i > start && is_digit(c[i]) && allowed(c, glue, i, true)) loose_number = i;
            bool fits = kind(c[i]) == Kind::Space || max_width <= 0 || x[i + 1] - x[start] <= max_width;
            if (!fits && i > start) break;
        }
        if (hard) {
            emit(start, i);
            next = i + 1;
        } else if (i >= n) {
            emit(start, n);
            break;
        } else {
            // No allowed break. A piece glued together ("（2025 年 10 月）") breaks where it
            // overflows if that is after a space and between words, else before a number
            // inside it (which keeps its unit), as the loose rules allow. A closing mark
            // where it overflows hangs past the line's end (a line holding only "）" or a
            // cut "焦|耳。" would read worse); else the word is cut where it overflows.
            size_t at = best;
            if (at <= start) {
                at = i;
                if (kind(c[i - 1]) == Kind::Space && !glue[i]) at = i;
                else if (loose_number > start) at = loose_number;
                else
                    while (at < n && no_start(c[at])) at++;
                if (at >= n) { emit(start, n); break; }
            }
            if (at == best && before_best > start && lone_last_character(c, at)) at = before_best;
            emit(start, at);
            next = at;
        }
        while (next < n && kind(c[next]) == Kind::Space) next++;
        if (next >= n) {
            if (hard) lines.push_back({text.size(), text.size()});  // text ends with '\n': an empty last line
            break;
        }
        start = next;
    }
    return lines;
}

}  // namespace tj

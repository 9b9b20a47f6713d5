// test_line_break.cpp — line breaking by Chinese and English typesetting rules: the
// cases the lessons showed broken, then every string of both languages in assets/*.json
// wrapped at several widths and each break checked against the rules, written here
// independently of the breaker (patterns on the two sides of each break).
#include <catch2/catch.hpp>

#include <cstring>
#include <cctype>
#include <regex>

#include "tests/asset_files.h"
#include "core/glossary.h"
#include "core/scenes/scenes.h"
#include "core/text/line_break.h"
#include "core/text/utf8.h"

using namespace tj;

namespace {

// Chinese characters and full-width punctuation are one em, the rest half an em.
float em_advance(uint32_t cp) { return cp >= 0x2E80 ? 1.0f : 0.5f; }

std::vector<std::string> wrap(const std::string& s, float width) {
    std::vector<std::string> out;
    for (const LineSpan& l : break_lines(s, width, em_advance)) out.push_back(s.substr(l.begin, l.end - l.begin));
    return out;
}

float width_of(const std::string& s) {
    float w = 0;
    for (size_t i = 0; i < s.size();) {
        Utf8Char c = utf8_decode(s, i);
        w += em_advance(c.cp);
        i += c.length;
    }
    return w;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string s;
    for (auto& l : lines) s += (s.empty() ? "" : "|") + l;
    return s;
}

// Every text of both languages in the assets (tables, lessons, glossary).
std::vector<std::string> all_asset_texts() {
    std::vector<std::string> out;
    for (auto& [where, text] : tj_test::asset_strings("avoid_zh"))
        if (where.size() > 3 && (where.compare(where.size() - 3, 3, ".en") == 0 || where.compare(where.size() - 3, 3, ".zh") == 0))
            out.push_back(text);
    return out;
}

// The rules, as patterns on the end of one line (L) and the start of the next (R).
const std::regex kEndsWithClosing("(，|。|、|；|：|？|！|）|」|』|】|》|”|’|…|,|\\.|;|:|!|\\?|\\)|%)$");
const std::regex kClosesLine("^(，|。|、|；|：|？|！|）|」|』|】|》|”|’|…|,|\\.|;|:|!|\\?|\\)|%)");
const std::regex kOpensLine("(（|「|『|【|《|“|‘|\\(|\\[)$");
const std::regex kEndsInWordChar("[A-Za-z0-9.\\-/_]$");
const std::regex kStartsWithWordChar("^[A-Za-z0-9]");
const std::regex kEndsInNumber("[0-9]%?$");
// Chinese after a number ("2,048⏎词元", "1.1⏎焦耳") reads as a number cut from its words.
// Whether a line ends in a number ("2,048", "~1.9"), not a name that ends in digits ("H100").
bool ends_in_number_word(const std::string& s) {
    size_t w = s.size();
    while (w > 0 && (unsigned char)s[w - 1] < 0x80 && s[w - 1] != ' ') w--;
    while (w < s.size() && std::strchr("~+-$(", s[w])) w++;
    return w < s.size() && std::isdigit((unsigned char)s[w]) && std::isdigit((unsigned char)s.back());
}
bool starts_with_han(const std::string& s) {  // U+4E00..U+9FFF: UTF-8 lead bytes E4 (B8..BF) to E9
    if (s.size() < 3) return false;
    auto b0 = (unsigned char)s[0], b1 = (unsigned char)s[1];
    return (b0 == 0xE4 && b1 >= 0xB8) || (b0 >= 0xE5 && b0 <= 0xE9);
}
const std::regex kStartsWithUnit("^(万|亿|千|个|周|年|月|天|秒|毫秒|微秒|倍|次|字节|颗|块|层|片|GB|MB|KB|TB|PB|B\\b|ms|µs|ns|s\\b|W\\b|kW|MW|GHz|FLOP|tokens?\\b|%)");

std::u32string code_points(const std::string& s) {
    std::u32string out;
    for (size_t i = 0; i < s.size();) {
        Utf8Char c = utf8_decode(s, i);
        out.push_back(char32_t(c.cp));
        i += c.length ? c.length : 1;
    }
    return out;
}

bool is_chinese(char32_t c) { return c >= 0x4E00 && c <= 0x9FFF; }

// A paragraph's last line that is one Chinese character and closing punctuation ("快。")
// after a line that ends in a Chinese character (so the break could have moved back).
bool lone_last_line(const std::string& before, const std::string& last) {
    std::u32string l = code_points(before), r = code_points(last);
    if (l.size() < 2 || !is_chinese(l.back()) || r.empty() || !is_chinese(r[0])) return false;
    for (size_t i = 1; i < r.size(); i++)
        if (std::u32string_view(U"，。、；：？！）」』】》”’…").find(r[i]) == std::u32string_view::npos) return false;
    return true;
}

// Checks each break of s wrapped at width; returns "" or what went wrong.
std::string check(const std::string& s, float width) {
    std::vector<std::string> lines = wrap(s, width);
    std::string kept, original;
    for (auto& l : lines) kept += l;
    for (char ch : s)
        if (ch != ' ' && ch != '\n') original += ch;
    std::string kept_no_space;
    for (char ch : kept)
        if (ch != ' ') kept_no_space += ch;
    if (kept_no_space != original) return "text lost or changed";
    for (size_t k = 0; k < lines.size(); k++) {
        const std::string& L = lines[k];
        // Only a line that is one unbreakable piece may overflow, and a closing mark may
        // hang past its end.
        std::string body = L;
        while (!body.empty() && std::regex_search(body, kEndsWithClosing)) body = std::regex_replace(body, kEndsWithClosing, "");
        if (width_of(body) > width + 1e-3 && body.find(' ') != std::string::npos) return "line wider than the width: " + L;
        if (k + 1 == lines.size()) break;
        const std::string& R = lines[k + 1];
        // Was this break at a '\n' of the text? Then any two lines may meet.
        size_t at = s.find(L + "\n" + R);
        if (at != std::string::npos) {
            if (k > 0 && s.find(lines[k - 1] + "\n" + L) == std::string::npos && lone_last_line(lines[k - 1], L)) return "a paragraph ends on a line of one character";
            continue;
        }
        if (k + 2 == lines.size() && lone_last_line(L, R)) return "a paragraph ends on a line of one character";
        if (R.rfind("—", 0) == 0) return "line opens with a dash";
        bool spaced = s.find(L + " " + R.substr(0, std::min<size_t>(R.size(), 3))) != std::string::npos;
        if (std::regex_search(R, kClosesLine)) return "line opens with closing punctuation";
        if (std::regex_search(L, kOpensLine)) return "line ends with opening punctuation";
        if (!spaced && std::regex_search(L, kEndsInWordChar) && std::regex_search(R, kStartsWithWordChar))
            return "a word or number is split";
        if (std::regex_search(L, kEndsInNumber) && (std::regex_search(R, kStartsWithUnit) || (ends_in_number_word(L) && starts_with_han(R))))
            return "a number is split from its unit";
        if (L.size() >= 3 && L.compare(L.size() - 3, 3, "第") == 0) return "第 is split from its number";
    }
    return "";
}

}  // namespace

TEST_CASE("line break: the cases the lessons showed broken") {
    // Each at the width where a naive breaker fails; the pieces must stay whole.
    struct Case { const char* text; const char* whole; };
    const Case cases[] = {
        {"我们在一块 NVIDIA H100 上运行 Llama-3.1-8B，只服务一位用户。", "Llama-3.1-8B"},
        {"每个占 2 字节，权重合计约 16 GB。提示处理完之后", "16 GB"},
        {"积压峰值接近 152,700，到第 70 周报废约 205 万个堆栈", "第 70 周"},
        {"而它前面堆着约 300 万个 HBM 堆栈和约 50 万块中介层", "300 万个"},
        {"The weights of the model are about 5.1 GB in all.", "5.1 GB"},
        {"H100 每个词元约 1.1 焦耳（静态加动态）", "1.1 焦耳"},
        {"再用提示分块填满 2,048 词元的预算。", "2,048 词元"},
        {"按这个节奏，芯片的静态功耗还要再加约 0.18 焦耳。", "0.18 焦耳"},
        {"在一块 NVIDIA H100 上", "NVIDIA H100"},
        {"上周出货：9,864 个 GPU · 积压", "9,864 个 GPU"},
        {"第 92 周（2025 年 10 月）", "（2025 年 10 月）"},
        {"Week 99 (Nov 2025)", "(Nov 2025)"},
        {"Tokens/s: each, all 262 tokens/s, 945 tokens/s", "945 tokens/s"},
        {"总词元/秒：1021 词元/秒", "1021 词元/秒"},
        {"Shipped last week: 0 GPUs · backlog: 98.7k GPUs", "98.7k GPUs"},
        {"共 12 个词元 · 48 字节 · 5 个在字符中间断开", "5 个"},
    };
    for (const Case& c : cases)
        for (float w = 3; w <= 30; w += 0.5f) {
            auto lines = wrap(c.text, w);
            INFO(c.text << " at width " << w << ": " << joined(lines));
            bool whole = false;
            for (auto& l : lines) whole |= l.find(c.whole) != std::string::npos;
            // Either a line holds the piece whole, or the width is below the piece itself.
            CHECK((whole || width_of(c.whole) > w));
            if (w >= std::max(8.0f, width_of(c.whole))) CHECK(check(c.text, w) == "");  // below, the piece must be cut
        }
}

TEST_CASE("line break: punctuation never opens or closes a line the wrong way") {
    // "，" right where the line is full: the character before it goes down with it.
    // And the paragraph does not end on "八。" alone: "七" goes down with it.
    auto lines = wrap("一二三四五，六七八。", 5);
    CHECK(joined(lines) == "一二三四|五，六|七八。");
    // The dash leans on the words before it, as the comma does.
    CHECK(joined(wrap("一二三——四五六七", 3)) == "一二|三——四|五六七");
    // "（" would end the line: it goes down with what it opens.
    lines = wrap("一二三（四五", 4);
    CHECK(joined(lines) == "一二三|（四五");
    lines = wrap("很多“引号”的字", 3);
    CHECK(lines.front() == "很多");
    CHECK(lines[1].rfind("“", 0) == 0);
}

TEST_CASE("line break: spaces, newlines, and a word longer than the line") {
    CHECK(wrap("", 10).empty());
    CHECK(joined(wrap("one two  three", 3.5f)) == "one two|three");
    CHECK(joined(wrap("a\nb c\n", 100)) == "a|b c|");
    CHECK(joined(wrap("abcdefghij", 2)) == "abcd|efgh|ij");  // cut where it must, never stuck
    // A glued piece wider than the line breaks at a space or between Chinese characters
    // inside it, not at the last letter that fits; a closing mark hangs, never alone.
    CHECK(joined(wrap("第 8 周（2024 年 2 月）", 6)) == "第 8 周|（2024 年|2 月）");
    CHECK(joined(wrap("abcdef) k", 3)) == "abcdef)|k");  // the mark hangs
    CHECK(joined(wrap("(abcdefghij) k", 3)) == "(abcde|fghij)|k");
    CHECK(joined(wrap("汉", 0.1f)) == "汉");
    CHECK(joined(wrap("no width", 0)) == "no width");
    // Invalid UTF-8 is kept and wrapped like any character.
    std::string bad = "ab\xff\xfe cd";
    CHECK(wrap(bad, 100).size() == 1);
}

TEST_CASE("line break: the rules alone, by position") {
    std::string s = "约 16 GB，第 70 周";
    CHECK_FALSE(may_break_before(s, s.find("GB")));
    CHECK_FALSE(may_break_before(s, s.find("，")));
    CHECK_FALSE(may_break_before(s, s.find("70")));
    CHECK(may_break_before(s, s.find("16")));
    CHECK(may_break_before(s, s.find("第")));
    CHECK_FALSE(may_break_before("5.1", 2));
}

TEST_CASE("line break: every string of both languages at several widths") {
    std::vector<std::string> texts = all_asset_texts();
    REQUIRE(texts.size() > 200);
    int breaks = 0;
    for (const std::string& s : texts)
        for (float w : {9.0f, 13.0f, 17.5f, 24.0f, 31.0f, 44.0f}) {
            std::string problem = check(s, w);
            INFO("width " << w << " em: " << joined(wrap(s, w)));
            CHECK(problem == "");
            breaks += int(wrap(s, w).size()) - 1;
        }
    CHECK(breaks > 1000);  // the check saw many breaks, not only short strings
}

// The Chinese words a break must not split, found here independently of the breaker:
// every run of 2 to 6 Chinese characters in the names the app gives it.
std::vector<std::u32string> chinese_words(const std::vector<std::string>& names) {
    std::vector<std::u32string> words;
    for (const std::string& name : names) {
        std::u32string c = code_points(name);
        for (size_t i = 0, e; i < c.size(); i = std::max(e, i + 1)) {
            for (e = i; e < c.size() && is_chinese(c[e]); e++) {}
            if (e - i >= 2 && e - i <= 6) words.push_back(c.substr(i, e - i));
        }
    }
    return words;
}

// "" or the first word that a break of s at width cuts in two.
std::string split_word(const std::string& s, float width, const std::vector<std::u32string>& words) {
    std::vector<std::string> lines = wrap(s, width);
    for (size_t k = 0; k + 1 < lines.size(); k++) {
        std::u32string l = code_points(lines[k]), r = code_points(lines[k + 1]);
        for (const std::u32string& w : words)
            for (size_t cut = 1; cut < w.size(); cut++)
                if (l.size() >= cut && r.size() >= w.size() - cut && l.compare(l.size() - cut, cut, w, 0, cut) == 0 &&
                    r.compare(0, w.size() - cut, w, cut) == 0)
                    return lines[k] + "|" + lines[k + 1];
    }
    return "";
}

TEST_CASE("line break: no Chinese word of the term table or a parameter's name is split") {
    std::vector<GlossaryTerm> terms;
    REQUIRE(parse_glossary(tj_test::read_file(std::filesystem::path(TJ_SOURCE_DIR) / "assets/glossary.json"), terms) == "");
    const std::vector<std::string> names = unsplit_chinese_names(terms);
    const std::vector<std::u32string> words = chinese_words(names);
    REQUIRE(words.size() > 100);
    // The common words of the texts, not only the terms: readers met "存|储", "门|口", "悬|停".
    for (const char* common : {"存储", "门口", "费时", "生产计划", "悬停", "菜单"})
        CHECK(std::find(names.begin(), names.end(), common) != names.end());
    set_unsplit_words(names);
    // The texts: every string, and the lesson's "your turn" line with each parameter's
    // name after it, as the card composes it ("…（之前 → 之后）： 运行与批处理 · 批大小").
    std::vector<std::string> texts = all_asset_texts();
    std::string your_turn;
    for (auto& [where, text] : tj_test::asset_strings())
        if (where == "strings.json.lesson.your_turn.zh") your_turn = text;
    REQUIRE(!your_turn.empty());
    for (const std::string& id : scene_ids())
        for (const ParamDef& d : scene_registry(id)->defs())
            texts.push_back(your_turn + " " + param_name_in_group(*scene_registry(id), d, true));
    int cut = 0;
    for (const std::string& s : texts)
        for (float w : {9.0f, 13.0f, 17.5f, 24.0f, 31.0f, 44.0f}) {
            std::string split = split_word(s, w, words);
            INFO("width " << w << " em: " << split);
            CHECK(split == "");
            CHECK(check(s, w) == "");  // and the other rules still hold with the words kept
            cut += split.empty() ? 0 : 1;
        }
    CHECK(cut == 0);
    set_unsplit_words({});
}

TEST_CASE("Chinese strings: no space after a full-width colon, × between numbers") {
    const std::regex ascii_times("[0-9] ?x ?[0-9]");
    for (auto& [where, text] : tj_test::asset_strings())
        if (where.size() > 3 && where.compare(where.size() - 3, 3, ".zh") == 0) {
            INFO(where << ": " << text);
            CHECK(text.find("： ") == std::string::npos);
            CHECK(!std::regex_search(text, ascii_times));
        }
}

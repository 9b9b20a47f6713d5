// pretokenize.cpp — the two split patterns as matchers over code points. Each match_*
// function returns the end (byte offset) of the match starting at pos, or kNoMatch.
// Comments quote the regex alternative each step stands for.
#include "core/text/pretokenize.h"
#include "core/text/unicode_class.h"
#include "core/text/utf8.h"

namespace tj {

namespace {

constexpr size_t kNoMatch = size_t(-1);

struct Ch {
    uint32_t cp;     // code point; 0xFFFFFFFF for a byte sequence that is not valid UTF-8
    size_t len;      // bytes
    uint8_t cls;     // UnicodeClassBits
};

class Scanner {
public:
    explicit Scanner(std::string_view text) : text_(text) {}
    size_t size() const { return text_.size(); }

    Ch at(size_t pos) const {
        if (pos >= text_.size())
            return {0xFFFFFFFF, 0, 0};
        const uint8_t b = uint8_t(text_[pos]);
        if (b < 0x80)
            return {b, 1, unicode_class(b)};
        Utf8Char c = utf8_decode(text_, pos);
        if (c.status != Utf8Char::kValid)
            return {0xFFFFFFFF, c.length, 0};
        return {c.cp, c.length, unicode_class(c.cp)};
    }

    // Character classes as the patterns use them.
    static bool letter(const Ch& c) { return c.cls & kAnyLetter; }
    static bool number(const Ch& c) { return c.cls & kNumber; }
    static bool space(const Ch& c) { return c.cls & kSpace; }
    static bool newline(const Ch& c) { return c.cp == '\r' || c.cp == '\n'; }
    // [^\r\n\p{L}\p{N}]
    static bool prefix(const Ch& c) { return c.len && !newline(c) && !letter(c) && !number(c); }
    // [^\s\p{L}\p{N}]
    static bool other(const Ch& c) { return c.len && !space(c) && !letter(c) && !number(c); }
    // [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}] and [\p{Ll}\p{Lm}\p{Lo}\p{M}]
    static bool upper_run(const Ch& c) { return c.cls & (kUpperLetter | kOtherLetter | kMark); }
    static bool lower_run(const Ch& c) { return c.cls & (kLowerLetter | kOtherLetter | kMark); }

    template <class Pred>
    size_t skip(size_t pos, Pred pred) const {
        for (Ch c = at(pos); c.len && pred(c); c = at(pos))
            pos += c.len;
        return pos;
    }

    // (?i:'s|'t|'re|'ve|'m|'ll|'d): end of the contraction at pos, or kNoMatch.
    size_t contraction(size_t pos) const {
        if (at(pos).cp != '\'')
            return kNoMatch;
        Ch a = at(pos + 1);
        const uint32_t c1 = fold(a.cp);
        if (c1 == 's' || c1 == 't' || c1 == 'm' || c1 == 'd')
            return pos + 1 + a.len;
        const uint32_t c2 = fold(at(pos + 1 + a.len).cp);
        if ((c1 == 'l' && c2 == 'l') || (c1 == 'v' && c2 == 'e') || (c1 == 'r' && c2 == 'e'))
            return pos + 3;
        return kNoMatch;
    }

    // \s*[\r\n]+|\s+(?!\S)|\s+  (cl100k's \s*[\r\n] ends at the same place), at a space.
    size_t whitespace(size_t pos) const {
        size_t end = pos, last_start = pos, after_newline = kNoMatch;
        for (Ch c = at(end); c.len && space(c); c = at(end)) {
            last_start = end;
            end += c.len;
            if (newline(c))
                after_newline = end;
        }
        if (after_newline != kNoMatch)
            return after_newline;                       // \s*[\r\n]+ : up to the last newline
        if (end == size() || last_start == pos)
            return end;                                 // \s+(?!\S) at the end, or \s+
        return last_start;                              // \s+(?!\S): leave one for the next word
    }

    // \p{N}{1,3} at a number.
    size_t digits(size_t pos) const {
        for (int i = 0; i < 3 && number(at(pos)); i++)
            pos += at(pos).len;
        return pos;
    }

    // " ?[^\s\p{L}\p{N}]+" followed by what tail allows ([\r\n]* or [\r\n/]*).
    template <class Tail>
    size_t punctuation(size_t pos, Tail tail) const {
        size_t p = pos;
        if (at(p).cp == ' ')
            p++;
        if (!other(at(p)))
            return kNoMatch;
        p = skip(p, other);
        return skip(p, tail);
    }

private:
    static uint32_t fold(uint32_t cp) {
        if (cp >= 'A' && cp <= 'Z')
            return cp + 32;
        if (cp == 0x17F)  // LATIN SMALL LETTER LONG S folds to s
            return 's';
        return cp;
    }
    std::string_view text_;
};

size_t match_cl100k(const Scanner& s, size_t pos) {
    const Ch c = s.at(pos);
    // '(?i:[sdmt]|ll|ve|re)
    if (size_t e = s.contraction(pos); e != kNoMatch)
        return e;
    // [^\r\n\p{L}\p{N}]?+\p{L}+
    if (Scanner::letter(c))
        return s.skip(pos, Scanner::letter);
    if (Scanner::prefix(c) && Scanner::letter(s.at(pos + c.len)))
        return s.skip(pos + c.len, Scanner::letter);
    // \p{N}{1,3}
    if (Scanner::number(c))
        return s.digits(pos);
    // ?[^\s\p{L}\p{N}]++[\r\n]*
    if (size_t e = s.punctuation(pos, Scanner::newline); e != kNoMatch)
        return e;
    // \s*[\r\n]|\s+(?!\S)|\s+
    return s.whitespace(pos);
}

// [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+ from pos. The greedy first run
// gives back characters until the second can match: the match ends after the second run
// if a lower-run character follows the first run, else right after the last character
// of the first run that is itself in the lower set.
size_t match_upper_star_lower_plus(const Scanner& s, size_t pos) {
    size_t p = pos, last_lower_end = kNoMatch;
    for (Ch c = s.at(p); c.len && Scanner::upper_run(c); c = s.at(p)) {
        p += c.len;
        if (Scanner::lower_run(c))
            last_lower_end = p;
    }
    if (Scanner::lower_run(s.at(p)))
        return s.skip(p, Scanner::lower_run);
    return last_lower_end;
}

// [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]* from pos.
size_t match_upper_plus_lower_star(const Scanner& s, size_t pos) {
    if (!Scanner::upper_run(s.at(pos)))
        return kNoMatch;
    return s.skip(s.skip(pos, Scanner::upper_run), Scanner::lower_run);
}

size_t match_o200k(const Scanner& s, size_t pos) {
    const Ch c = s.at(pos);
    // [^\r\n\p{L}\p{N}]?<letters>(?i:'s|'t|'re|'ve|'m|'ll|'d)? for both letter forms, each
    // first with the optional prefix character taken, then without it.
    for (auto letters : {match_upper_star_lower_plus, match_upper_plus_lower_star}) {
        size_t e = Scanner::prefix(c) ? letters(s, pos + c.len) : kNoMatch;
        if (e == kNoMatch)
            e = letters(s, pos);
        if (e != kNoMatch) {
            size_t after = s.contraction(e);
            return after != kNoMatch ? after : e;
        }
    }
    // \p{N}{1,3}
    if (Scanner::number(c))
        return s.digits(pos);
    // ?[^\s\p{L}\p{N}]+[\r\n/]*
    auto newline_or_slash = [](const Ch& ch) { return Scanner::newline(ch) || ch.cp == '/'; };
    if (size_t e = s.punctuation(pos, newline_or_slash); e != kNoMatch)
        return e;
    // \s*[\r\n]+|\s+(?!\S)|\s+
    return s.whitespace(pos);
}

} // namespace

void pretokenize(std::string_view text, SplitPattern pattern, std::vector<std::string_view>& pieces) {
    Scanner s(text);
    for (size_t pos = 0; pos < text.size();) {
        size_t end = pattern == SplitPattern::cl100k ? match_cl100k(s, pos) : match_o200k(s, pos);
        if (end == kNoMatch || end <= pos)  // guard: every character starts some alternative
            end = pos + s.at(pos).len;
        pieces.push_back(text.substr(pos, end - pos));
        pos = end;
    }
}

} // namespace tj

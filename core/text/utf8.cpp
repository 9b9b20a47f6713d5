// utf8.cpp — see utf8.h. Table 3-7 of the Unicode Standard decides which second bytes
// are allowed after each lead byte; all later bytes are plain continuations 80..BF.
#include "core/text/utf8.h"

namespace tj {

Utf8Char utf8_decode(std::string_view s, size_t pos) {
    const size_t avail = s.size() - pos;
    if (avail == 0)
        return {0, 0, Utf8Char::kInvalid};
    const uint8_t b0 = uint8_t(s[pos]);
    if (b0 < 0x80)
        return {b0, 1, Utf8Char::kValid};
    int need;            // continuation bytes after the lead
    uint8_t lo = 0x80, hi = 0xBF;  // allowed range of the second byte
    uint32_t cp;
    if (b0 >= 0xC2 && b0 <= 0xDF) { need = 1; cp = b0 & 0x1F; }
    else if (b0 == 0xE0) { need = 2; lo = 0xA0; cp = 0; }
    else if (b0 == 0xED) { need = 2; hi = 0x9F; cp = 0xD; }
    else if (b0 >= 0xE1 && b0 <= 0xEF) { need = 2; cp = b0 & 0x0F; }
    else if (b0 == 0xF0) { need = 3; lo = 0x90; cp = 0; }
    else if (b0 == 0xF4) { need = 3; hi = 0x8F; cp = 4; }
    else if (b0 >= 0xF1 && b0 <= 0xF3) { need = 3; cp = b0 & 0x07; }
    else return {0xFFFD, 1, Utf8Char::kInvalid};  // 80..C1, F5..FF never start a character
    for (int i = 1; i <= need; i++) {
        if (size_t(i) == avail)
            return {0xFFFD, uint8_t(i), Utf8Char::kIncomplete};
        const uint8_t b = uint8_t(s[pos + i]);
        const bool ok = (i == 1) ? (b >= lo && b <= hi) : (b >= 0x80 && b <= 0xBF);
        if (!ok)
            return {0xFFFD, uint8_t(i), Utf8Char::kInvalid};
        cp = (cp << 6) | (b & 0x3F);
    }
    return {cp, uint8_t(need + 1), Utf8Char::kValid};
}

bool utf8_valid(std::string_view s) {
    for (size_t pos = 0; pos < s.size();) {
        Utf8Char c = utf8_decode(s, pos);
        if (c.status != Utf8Char::kValid)
            return false;
        pos += c.length;
    }
    return true;
}

size_t utf8_complete_prefix(std::string_view s) {
    // An unfinished character at the end is a lead byte plus at most two continuation
    // bytes, so only the last non-continuation byte among the final three can start it.
    // A non-continuation byte always begins a unit of its own: decoding from it is exact.
    const size_t end = s.size();
    for (size_t back = 1; back <= 3 && back <= end; back++) {
        const size_t pos = end - back;
        if ((uint8_t(s[pos]) & 0xC0) != 0x80)
            return utf8_decode(s, pos).status == Utf8Char::kIncomplete ? pos : end;
    }
    return end;
}

void utf8_append(std::string& out, uint32_t cp) {
    if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
        cp = 0xFFFD;
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

std::string utf8_sanitize(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (size_t pos = 0; pos < s.size();) {
        Utf8Char c = utf8_decode(s, pos);
        if (c.status == Utf8Char::kValid)
            out.append(s.substr(pos, c.length));
        else
            utf8_append(out, 0xFFFD);
        pos += c.length;
    }
    return out;
}

std::string utf8_visible(std::string_view bytes) {
    std::string out;
    bool in_hex = false;
    for (size_t i = 0; i < bytes.size();) {
        Utf8Char c = utf8_decode(bytes, i);
        if (c.status == Utf8Char::kValid) {
            if (in_hex) out += '>', in_hex = false;
            if (c.cp == ' ') out += "\xC2\xB7";
            else if (c.cp == '\n') out += "\xE2\x86\xB5";
            else if (c.cp == '\t') out += "\xE2\x86\x92";
            else out.append(bytes.substr(i, c.length));
            i += c.length;
            continue;
        }
        static const char kHex[] = "0123456789ABCDEF";
        for (size_t k = i; k < i + c.length; k++) {
            out += in_hex ? ' ' : '<';
            in_hex = true;
            out += kHex[(unsigned char)bytes[k] >> 4];
            out += kHex[(unsigned char)bytes[k] & 15];
        }
        i += c.length;
    }
    if (in_hex) out += '>';
    return out;
}

} // namespace tj

// utf8.h — pure UTF-8 utilities: decoding one code point, validation, the length of the
// prefix that holds only complete characters, and replacement of invalid sequences.
//
// Byte-level BPE tokens are byte strings, not characters: one Chinese character can be
// split over two or three tokens. A client that shows text as tokens arrive must wait
// for a character's last byte; utf8_complete_prefix() tells how much it may show now.
//
//   size_t n = tj::utf8_complete_prefix(buf);      // show buf[0, n), hold the rest
//   std::string shown = tj::utf8_sanitize(std::string_view(buf).substr(0, n));
//
// Validity follows the Unicode Standard (Table 3-7): no overlong forms, no surrogates,
// nothing above U+10FFFF. Invalid sequences are replaced like WHATWG's decoder does:
// one U+FFFD per maximal subpart.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tj {

// Result of decoding at one position. length is at least 1 unless the input is empty.
// status: kValid (cp is the code point), kInvalid (length bytes form one maximal invalid
// subpart), kIncomplete (a valid start of a character cut off by the end of the input).
struct Utf8Char {
    enum Status : uint8_t { kValid, kInvalid, kIncomplete };
    uint32_t cp;
    uint8_t length;
    Status status;
};

Utf8Char utf8_decode(std::string_view s, size_t pos);

bool utf8_valid(std::string_view s);

// Length of the longest prefix that does not end inside an incomplete character.
// Invalid bytes count as complete (they will be shown as U+FFFD); only a valid but
// unfinished character at the very end is left out, so the rest is at most 3 bytes.
size_t utf8_complete_prefix(std::string_view s);

// s with each invalid sequence (and an incomplete tail) replaced by U+FFFD.
std::string utf8_sanitize(std::string_view s);

// A token's bytes as a label a person can read: whole characters as text, with the
// space, newline and tab made visible (· ↵ →); each run of bytes that are not a whole
// character (what a detokenizer must hold back) in hex inside angle brackets, as
// "<E4 B8>". The map, the panels and the token chips all label tokens this way.
std::string utf8_visible(std::string_view bytes);

// Appends the UTF-8 form of a code point (U+FFFD for surrogates and values above U+10FFFF).
void utf8_append(std::string& out, uint32_t cp);

} // namespace tj

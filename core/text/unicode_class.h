// unicode_class.h — Unicode character classes for the BPE pre-tokenizers.
//
// The pre-tokenization patterns of cl100k and o200k speak of \p{L}, \p{Lu}..., \p{M},
// \p{N} and \s. unicode_class(cp) answers all of them at once as a bit set. The table
// behind it is generated at build time by tools/gen_unicode_tables.py from Debian's
// unicode-data package (see unicode_tables.cmake); it is derived data, never committed.
//
//   uint8_t c = tj::unicode_class(0x5927);        // 大 -> kOtherLetter
//   bool letter = (c & tj::kAnyLetter) != 0;
#pragma once
#include <cstddef>
#include <cstdint>

namespace tj {

// Bit values shared with the generator script: keep them in step.
enum UnicodeClassBits : uint8_t {
    kUpperLetter = 1,   // Lu, Lt
    kLowerLetter = 2,   // Ll
    kOtherLetter = 4,   // Lm, Lo
    kMark = 8,          // Mn, Mc, Me
    kNumber = 16,       // Nd, Nl, No
    kSpace = 32,        // White_Space property (what \s means in tiktoken's regex engine)
    kAnyLetter = kUpperLetter | kLowerLetter | kOtherLetter,
};

struct UnicodeRange {
    uint32_t first, last;
    uint8_t bits;
};

// Generated table: sorted, non-overlapping ranges; code points not covered have no bits.
extern const UnicodeRange kUnicodeRanges[];
extern const size_t kUnicodeRangeCount;

// Class bits of a code point (0 for anything else, including values above 0x10FFFF).
uint8_t unicode_class(uint32_t cp);

} // namespace tj

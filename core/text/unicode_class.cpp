// unicode_class.cpp — lookup in the generated range table, with an ASCII fast path
// because most text a tokenizer sees is ASCII.
#include "core/text/unicode_class.h"

namespace tj {

static uint8_t lookup_ranges(uint32_t cp) {
    size_t lo = 0, hi = kUnicodeRangeCount;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (kUnicodeRanges[mid].last < cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < kUnicodeRangeCount && kUnicodeRanges[lo].first <= cp)
        return kUnicodeRanges[lo].bits;
    return 0;
}

namespace {
struct AsciiClasses {
    uint8_t bits[128];
    AsciiClasses() {
        for (uint32_t c = 0; c < 128; c++)
            bits[c] = lookup_ranges(c);
    }
};
} // namespace

uint8_t unicode_class(uint32_t cp) {
    static const AsciiClasses ascii;
    if (cp < 128)
        return ascii.bits[cp];
    return lookup_ranges(cp);
}

} // namespace tj

// code_glyphs.h — the characters the interface code writes itself, beyond its texts'
// own (dashes, quotes, arrows (the chart keys ↔ and ↕ too), the reset mark, µ, ×, ≈, ≤, ≥, Chinese punctuation, the
// unit 天 of a duration). The font atlas rasterizes them always (font.cpp), and a test
// holds every character inside a string literal under app/ to this list or the texts in
// assets/ (test_font_coverage.cpp): a character in neither would be drawn as '?'.
#pragma once

constexpr const char* kCodeGlyphs = "–—‘’“”…←→↑↓↔↕↺µ×≈≤≥、。，：（）天";

// test_font_coverage.cpp — the interface font has a glyph for every character any
// string or lesson uses (assets/*.json): a missing one shows as '?' ("(1 − 0.7?)").
// Checked against the desktop font (Debian's WenQuanYi Micro Hei, face 0) and, when
// the CTest step that subsets it like the web build has run, against that subset.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <set>

#define STB_TRUETYPE_IMPLEMENTATION
#include <stb_truetype.h>

#include "../../asset_files.h"
#include "text/utf8.h"

namespace fs = std::filesystem;

namespace {

void add_code_points(const std::string& s, std::set<uint32_t>& out) {
    for (size_t i = 0; i < s.size();) {
        tj::Utf8Char c = tj::utf8_decode(s, i);
        if (c.status == tj::Utf8Char::kValid && c.cp >= 0x20) out.insert(c.cp);
        i += c.length ? c.length : 1;
    }
}

// Every character of every string value in assets/*.json.
std::set<uint32_t> asset_code_points() {
    std::set<uint32_t> cps;
    for (auto& [where, text] : tj_test::asset_strings()) add_code_points(text, cps);
    return cps;
}

// The characters of cps the font file (face 0) has no glyph for, as "U+2075 ⁵" lines.
std::string missing_glyphs(const std::string& font_path, const std::set<uint32_t>& cps) {
    std::string data = tj_test::read_file(font_path);
    REQUIRE(data.size() > 1000);
    const auto* bytes = reinterpret_cast<const unsigned char*>(data.data());
    stbtt_fontinfo info;
    REQUIRE(stbtt_InitFont(&info, bytes, stbtt_GetFontOffsetForIndex(bytes, 0)) != 0);
    std::string missing;
    for (uint32_t cp : cps)
        if (stbtt_FindGlyphIndex(&info, int(cp)) == 0) {
            char line[64];
            std::snprintf(line, sizeof line, "U+%04X ", unsigned(cp));
            missing += line;
            std::string ch;
            if (cp < 0x800) ch = {char(0xC0 | (cp >> 6)), char(0x80 | (cp & 0x3F))};
            else ch = {char(0xE0 | (cp >> 12)), char(0x80 | ((cp >> 6) & 0x3F)), char(0x80 | (cp & 0x3F))};
            missing += (cp < 0x80 ? std::string(1, char(cp)) : ch) + "\n";
        }
    return missing;
}

}  // namespace

TEST_CASE("font: the desktop font has every character the texts use") {
    std::set<uint32_t> cps = asset_code_points();
    REQUIRE(cps.size() > 500);  // English, Chinese and the symbols between
    const char* font = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc";
    REQUIRE(fs::exists(font));
    CHECK(missing_glyphs(font, cps) == "");
}

// Run by the CTest step after the web build's subset is made (TJ_WEB_FONT names it).
TEST_CASE("font: the web build's subset has every character the texts use", "[.][web_font]") {
    const char* font = std::getenv("TJ_WEB_FONT");
    REQUIRE(font != nullptr);
    CHECK(missing_glyphs(font, asset_code_points()) == "");
}

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

#include "tests/asset_files.h"
#include "app/ui/code_glyphs.h"
#include "core/text/utf8.h"

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

// Every character inside the string literals of the C++ sources under app/ and core/
// (labels, help, symbols on buttons), comments left out.
std::set<uint32_t> source_literal_code_points() {
    std::set<uint32_t> cps;
    for (const char* dir : {"app"})
        for (auto& e : fs::recursive_directory_iterator(fs::path(TJ_SOURCE_DIR) / dir)) {
            const std::string ext = e.path().extension().string();
            if (ext != ".cpp" && ext != ".h") continue;
            const std::string src = tj_test::read_file(e.path());
            std::string literal;
            bool in_string = false;
            for (size_t i = 0; i < src.size(); i++) {
                const char c = src[i];
                if (in_string) {
                    if (c == '\\') { i++; continue; }
                    if (c == '"') { in_string = false; add_code_points(literal, cps); literal.clear(); }
                    else literal += c;
                } else if (c == '"' && (i == 0 || src[i - 1] != '\'')) {
                    in_string = true;
                } else if (c == '/' && i + 1 < src.size() && src[i + 1] == '/') {
                    i = src.find('\n', i);
                    if (i == std::string::npos) break;
                } else if (c == '/' && i + 1 < src.size() && src[i + 1] == '*') {
                    i = src.find("*/", i + 2);
                    if (i == std::string::npos) break;
                }
            }
        }
    return cps;
}

}  // namespace

TEST_CASE("font: every character the code's string literals use is in the atlas and the font") {
    std::set<uint32_t> cps = source_literal_code_points();
    REQUIRE(cps.count(uint32_t(U'×')) == 1);  // the scan reaches the sources
    CHECK(missing_glyphs("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", cps) == "");
    // The atlas holds ASCII, Latin-1, the texts' characters and kCodeGlyphs only.
    std::set<uint32_t> atlas = asset_code_points();
    add_code_points(kCodeGlyphs, atlas);
    for (uint32_t c = 0x20; c <= 0xFF; c++) atlas.insert(c);
    std::string outside;
    for (uint32_t cp : cps)
        if (!atlas.count(cp)) outside += "U+" + std::to_string(cp) + " ";
    INFO("code points (decimal) a literal uses that the atlas leaves out: " << outside);
    CHECK(outside.empty());
}

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

// font.cpp — see font.h.
#include "app/ui/font.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <set>

#include "app/ui/code_glyphs.h"
#include "imgui.h"
#include "core/text/utf8.h"

namespace {
std::string g_path;
bool g_presenter = false;

const char* kCandidates[] = {
    "/assets/ui-font.ttf",                                  // browser: subset by the build
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",      // desktop: Debian's fonts-wqy-microhei
};

bool file_exists(const char* p) {
    FILE* f = std::fopen(p, "rb");
    if (f) std::fclose(f);
    return f != nullptr;
}

void add_utf8(std::set<ImWchar>& out, const std::string& s) {
    for (size_t i = 0; i < s.size();) {
        tj::Utf8Char c = tj::utf8_decode(s, i);
        if (c.status == tj::Utf8Char::kValid && c.cp > 0x7F && c.cp <= 0xFFFF)
            out.insert(ImWchar(c.cp));  // ImWchar is 16-bit in 1.86
        i += c.length ? c.length : 1;
    }
}
}  // namespace

const std::string& font_path() { return g_path; }

float text_scale() { return ImGui::GetFontSize() / kFontPx; }

// Presenter mode at 1920x1080: text 1.75 times normal, no word on a map under 24 px.
constexpr float kPresenterScaleAt1080 = 1.75f, kPresenterMinPxAt1080 = 24;

float presenter_text_scale(float rows) {
    return std::clamp(std::round(kPresenterScaleAt1080 * rows / 1080 * 20) / 20, 1.0f, 3.0f);
}

void set_presenter_text(bool on) { g_presenter = on; }
bool presenter_text() { return g_presenter || text_scale() >= 1.5f; }
float presenter_min_px() { return kPresenterMinPxAt1080 / kPresenterScaleAt1080 * text_scale(); }

bool font_load(const std::vector<std::string>& texts, float size_px, float dpi_scale, std::string* message) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    g_path.clear();
    for (const char* p : kCandidates)
        if (file_exists(p)) { g_path = p; break; }

    float raster = size_px * dpi_scale;  // rasterize at device pixels: crisp on HiDPI
    io.FontGlobalScale = 1.0f / dpi_scale;
    if (g_path.empty()) {
        ImFontConfig cfg;
        cfg.SizePixels = raster;
        io.Fonts->AddFontDefault(&cfg);
        *message = "No CJK font found (install fonts-wqy-microhei): Chinese text cannot be shown.";
        return false;
    }
    std::set<ImWchar> cps;
    for (auto& t : texts) add_utf8(cps, t);
    for (ImWchar c = 0x20; c < 0x7F; c++) cps.insert(c);
    for (ImWchar c = 0xA0; c <= 0xFF; c++) cps.insert(c);
    add_utf8(cps, kCodeGlyphs);
    ImFontGlyphRangesBuilder b;
    for (ImWchar c : cps) b.AddChar(c);
    static ImVector<ImWchar> ranges;  // must outlive the atlas build
    ranges.clear();
    b.BuildRanges(&ranges);

    ImFontConfig cfg;
    cfg.FontNo = 0;          // face 0 of the .ttc
    cfg.OversampleH = 1;     // CJK glyphs are dense: no horizontal oversampling needed
    cfg.PixelSnapH = true;
    if (!io.Fonts->AddFontFromFileTTF(g_path.c_str(), raster, &cfg, ranges.Data)) {
        ImFontConfig def;
        def.SizePixels = raster;
        io.Fonts->AddFontDefault(&def);
        *message = "Could not read the font " + g_path;
        g_path.clear();
        return false;
    }
    message->clear();
    return true;
}

std::vector<tj::LineSpan> wrap_lines(float px, const std::string& s, float width) {
    ImFont* f = ImGui::GetFont();
    float scale = px / f->FontSize;
    return tj::break_lines(s, width, [&](uint32_t cp) {
        return (cp <= 0xFFFF ? f->GetCharAdvance(ImWchar(cp)) : f->FallbackAdvanceX) * scale;
    });
}

ImVec2 wrapped_text_size(float px, const std::string& s, float width) {
    ImFont* f = ImGui::GetFont();
    auto lines = wrap_lines(px, s, width);
    float w = 0;
    for (auto& l : lines) w = std::max(w, f->CalcTextSizeA(px, FLT_MAX, 0, s.data() + l.begin, s.data() + l.end).x);
    return {w, px * float(lines.size())};
}

std::string wrapped_label(float px, const std::string& s, float width) {
    std::string out;
    for (const tj::LineSpan& l : wrap_lines(px, s, width)) out += (out.empty() ? "" : "\n") + s.substr(l.begin, l.end - l.begin);
    return out;
}

float draw_lines(ImDrawList* dl, float px, ImVec2 pos, ImU32 color, const std::string& s,
                 const std::vector<tj::LineSpan>& lines) {
    ImFont* f = ImGui::GetFont();
    float w = 0;
    for (size_t k = 0; k < lines.size(); k++) {
        const char *b = s.data() + lines[k].begin, *e = s.data() + lines[k].end;
        dl->AddText(f, px, {pos.x, pos.y + px * float(k)}, color, b, e);
        w = std::max(w, f->CalcTextSizeA(px, FLT_MAX, 0, b, e).x);
    }
    return w;
}

float draw_text_wrapped(ImDrawList* dl, float px, ImVec2 pos, ImU32 color, const std::string& s, float width) {
    auto lines = wrap_lines(px, s, width);
    draw_lines(dl, px, pos, color, s, lines);
    return px * float(lines.size());
}

void text_wrapped(const std::string& s, ImU32 color, float width) {
    float px = ImGui::GetFontSize();
    if (width <= 0) width = std::max(ImGui::GetContentRegionAvail().x, px);
    auto lines = wrap_lines(px, s, width);  // broken once: drawn and measured from the same lines
    float w = draw_lines(ImGui::GetWindowDrawList(), px, ImGui::GetCursorScreenPos(),
                         color ? color : ImGui::GetColorU32(ImGuiCol_Text), s, lines);
    ImGui::Dummy({w, std::max(px * float(lines.size()), px)});
}

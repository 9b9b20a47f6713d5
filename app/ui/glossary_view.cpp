// glossary_view.cpp — see glossary_view.h.
#include "app/ui/glossary_view.h"

#include <algorithm>
#include <cfloat>
#include <set>

#include "core/glossary.h"
#include "core/scenes/scenes.h"
#include "core/text/line_break.h"
#include "app/ui/font.h"
#include "app/ui/i18n.h"
#include "app/ui/palette.h"

const char* find_asset_text(const char* name);  // generated: assets_embedded.cpp

namespace {
std::vector<tj::GlossaryTerm> g_terms;

// The term's names in both languages, then its definition in the UI language.
void term_card(const tj::GlossaryTerm& t) {
    float width = ImGui::GetFontSize() * 24;
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal::kSky), "%s", (t.en == t.zh ? t.en : t.en + "  ·  " + t.zh).c_str());
    text_wrapped(pick(t.define_en, t.define_zh), 0, width);
}
}  // namespace

bool glossary_load(std::string* error) {
    const char* text = find_asset_text("glossary.json");
    if (!text) { *error = "glossary.json is not embedded"; return false; }
    std::string err = tj::parse_glossary(text, g_terms);
    if (!err.empty()) { *error = "glossary.json: " + err; return false; }
    tj::set_unsplit_words(tj::unsplit_chinese_names(g_terms));  // "批大小" never breaks as "批大⏎小"
    return true;
}

std::vector<std::string> glossary_texts() {
    std::vector<std::string> out;
    for (auto& t : g_terms) out.insert(out.end(), {t.en, t.zh, t.define_en, t.define_zh});
    return out;
}

void text_with_terms(const std::string& s, ImU32 color) {
    float px = ImGui::GetFontSize();
    float width = std::max(ImGui::GetContentRegionAvail().x, px);
    ImVec2 pos = ImGui::GetCursorScreenPos();
    std::vector<tj::LineSpan> lines = wrap_lines(px, s, width);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImFont* font = ImGui::GetFont();
    float text_w = draw_lines(dl, px, pos, color ? color : ImGui::GetColorU32(ImGuiCol_Text), s, lines);
    // The first mention of each term: a dotted underline, and its card on hover.
    std::set<size_t> seen;
    ImVec2 mouse = ImGui::GetIO().MousePos;
    bool window_hovered = ImGui::IsWindowHovered();
    for (const tj::TermHit& h : tj::find_terms(s, g_terms, language() == Lang::Zh)) {
        if (!seen.insert(h.term).second) continue;
        for (size_t k = 0; k < lines.size(); k++) {  // a term may run over two lines
            size_t b = std::max(h.begin, lines[k].begin), e = std::min(h.end, lines[k].end);
            if (b >= e) continue;
            float x0 = pos.x + font->CalcTextSizeA(px, FLT_MAX, 0, s.data() + lines[k].begin, s.data() + b).x;
            float x1 = x0 + font->CalcTextSizeA(px, FLT_MAX, 0, s.data() + b, s.data() + e).x;
            float y = pos.y + px * float(k);
            for (float x = x0; x < x1; x += 4) dl->AddLine({x, y + px}, {std::min(x + 2, x1), y + px}, pal::kSky);
            if (window_hovered && mouse.x >= x0 && mouse.x < x1 && mouse.y >= y && mouse.y < y + px) {
                ImGui::BeginTooltip();
                term_card(g_terms[h.term]);
                ImGui::EndTooltip();
            }
        }
    }
    ImGui::Dummy({text_w, std::max(px * float(lines.size()), px)});
}

void glossary_window(bool* open) {
    ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->GetCenter(), ImGuiCond_Appearing, {0.5f, 0.5f});
    ImGui::SetNextWindowSize({ImGui::GetFontSize() * 28, vp->Size.y * 0.7f}, ImGuiCond_Appearing);
    ImGui::Begin((std::string(tr("menu.glossary")) + "###glossary").c_str(), open, ImGuiWindowFlags_NoCollapse);
    // In the file's order, which groups the terms by topic.
    for (const tj::GlossaryTerm& t : g_terms) {
        term_card(t);
        ImGui::Spacing();
    }
    ImGui::End();
}

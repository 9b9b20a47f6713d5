// token_chips.cpp — see token_chips.h.
#include "app/token/token_chips.h"

#include <cstdio>

#include "app/token/vocab_loader.h"
#include "app/ui/i18n.h"
#include "app/ui/font.h"
#include "imgui.h"
#include "app/ui/palette.h"
#include "core/text/bpe.h"
#include "core/text/utf8.h"
#include "core/token/token_text.h"

namespace tokenui {

std::vector<ChipToken> tokenize_for_chips(const std::string& text, int choice, std::string* note) {
    std::vector<ChipToken> out;
    note->clear();
    if (const tj::BpeEncoding* enc = tj::token::cached_encoding(choice, note)) {
        for (tj::Token& t : enc->tokenize(text)) out.push_back({int(t.id), std::move(t.bytes)});
        return out;
    }
    for (std::string& b : tj::token::split_standin(text).token_bytes) out.push_back({-1, std::move(b)});
    return out;
}

void token_chips(const std::vector<ChipToken>& tokens) {
    static const ImU32 fills[] = {IM_COL32(35, 70, 95, 255), IM_COL32(70, 55, 20, 255), IM_COL32(20, 70, 55, 255),
                                  IM_COL32(75, 45, 65, 255)};
    ImDrawList* dl = ImGui::GetWindowDrawList();
    float fs = ImGui::GetFontSize(), pad = fs * 0.3f;
    float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    ImVec2 start = ImGui::GetCursorScreenPos(), p = start;
    float line_h = fs * 2.1f;
    for (size_t i = 0; i < tokens.size(); i++) {
        bool whole = tj::utf8_valid(tokens[i].bytes);
        std::string label = tj::utf8_visible(tokens[i].bytes);
        char id[16];
        std::snprintf(id, sizeof id, tokens[i].id >= 0 ? "%d" : "—", tokens[i].id);
        float w = std::max(ImGui::CalcTextSize(label.c_str()).x, ImGui::CalcTextSize(id).x * 0.75f) + pad * 2;
        if (p.x + w > right && p.x > start.x) p = {start.x, p.y + line_h + pad};
        ImVec2 b{p.x + w, p.y + line_h};
        dl->AddRectFilled(p, b, fills[i % 4], fs * 0.25f);
        // A token that ends inside a character: the detokenizer must hold its bytes.
        dl->AddRect(p, b, whole ? pal::kStationEdge : pal::kVermillion, fs * 0.25f, 0, whole ? 1.0f : 2.5f);
        dl->AddText({p.x + pad, p.y + fs * 0.1f}, pal::kText, label.c_str());
        dl->AddText(ImGui::GetFont(), fs * 0.75f, {p.x + pad, p.y + fs * 1.15f}, pal::kTextDim, id);
        if (ImGui::IsMouseHoveringRect(p, b)) {
            ImGui::SetTooltip("%s %zu · id %s · %zu %s%s", tr("token.chips.token"), i + 1, id, tokens[i].bytes.size(),
                              tr("token.chips.bytes"), whole ? "" : tr("token.chips.partial"));
        }
        p.x += w + pad;
    }
    ImGui::Dummy({right - start.x, p.y - start.y + line_h + pad});
}

PromptPanelResult prompt_panel(PromptPanelState& st, int choice) {
    PromptPanelResult r;
    // Which tokenizer cuts it: the same choice as the model's (the tokenizer's sliders).
    static const char* const names[] = {"token.chips.standin", "cl100k", "o200k"};
    for (int k = 0; k < 3; k++) {
        if (k) ImGui::SameLine();
        const char* label = k == 0 ? tr(names[0]) : names[k];
        if (ImGui::RadioButton(label, choice == k) && choice != k) r.tokenizer = k;
    }
    // The column is narrow: its lines wrap, by the project's breaker (a count stays with its unit).
    if (choice == 0) text_wrapped(tr("token.chips.standin_note"), ImGui::GetColorU32(ImGuiCol_TextDisabled));
    text_wrapped(tr("token.chips.prompt"));
    ImGui::InputTextMultiline("##prompt", st.prompt, sizeof st.prompt, {-1, ImGui::GetFontSize() * 3.2f});
    if (st.tokenized_text != st.prompt || st.tokenized_with != choice) {
        st.tokenized_text = st.prompt;
        st.tokenized_with = choice;
        st.tokens = tokenize_for_chips(st.tokenized_text, choice, &st.note);
    }
    size_t partial = 0;
    for (auto& t : st.tokens) partial += !tj::utf8_valid(t.bytes);
    char counts[256];
    std::snprintf(counts, sizeof counts, "%zu %s · %zu %s · %zu %s", st.tokens.size(), tr("token.chips.tokens"),
                  st.tokenized_text.size(), tr("token.chips.bytes"), partial, tr("token.chips.split"));
    text_wrapped(counts);
    // While the vocabulary is on its way the stand-in's chips are shown with a note
    // that says so, not with the missing file's message.
    if (std::string loading = vocab_progress_text(choice); !loading.empty())
        text_wrapped(loading, ImGui::GetColorU32(ImGuiCol_TextDisabled));
    else if (!st.note.empty()) text_wrapped(st.note, pal::kOrange);
    token_chips(st.tokens);
    if (!st.tokens.empty() && ImGui::Button(tr("token.chips.use_prompt"))) r.prompt_tokens = int(st.tokens.size());

    ImGui::Spacing();
    text_wrapped(tr("token.chips.answer"));
    ImGui::InputTextMultiline("##answer", st.answer, sizeof st.answer, {-1, ImGui::GetFontSize() * 3.2f});
    if (ImGui::Button(tr("token.chips.use_answer"))) {
        r.answer_changed = true;
        r.answer = st.answer;
    }
    ImGui::SameLine();
    if (ImGui::Button(tr("token.chips.builtin_answer"))) {
        st.answer[0] = 0;
        r.answer_changed = true;
    }
    return r;
}

}  // namespace tokenui

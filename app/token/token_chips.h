// token_chips.h — "type your own prompt": the text becomes real tokens of the
// chosen byte-level BPE (cl100k or o200k), drawn as coloured chips with their ids;
// a token that ends inside a UTF-8 character shows its bytes in hex and a red edge,
// which is exactly what the detokenizer must hold back. Text input goes through
// SDL's text input, so a browser's input method (for Chinese) works.
//
// Usage (inside an ImGui window of the token scene):
//   static PromptPanelState st;
//   PromptPanelResult r = prompt_panel(st, encoding_choice);
//   if (r.prompt_tokens > 0) scene.set_param("token.run.prompt_tokens", r.prompt_tokens);
//   if (r.answer_changed) { model.set_answer_override(r.answer); scene.reset(); }
#pragma once
#include <string>
#include <vector>

namespace tokenui {

struct ChipToken {
    int id = -1;        // -1 for the stand-in tokenizer, which has no vocabulary
    std::string bytes;
};

struct PromptPanelState {
    char prompt[2048] = "大模型推理的真正瓶颈";
    char answer[4096] = "";
    std::vector<ChipToken> tokens;
    std::string tokenized_text;  // what `tokens` was made from
    int tokenized_with = -2;     // the encoding `tokens` was made with
    std::string note;            // why the chosen encoding could not be used, if so
};

struct PromptPanelResult {
    int prompt_tokens = -1;      // > 0: the user asked to use this prompt's length
    bool answer_changed = false; // the user set (or cleared) their own answer
    int tokenizer = -1;          // >= 0: the user picked this tokenizer (0 stand-in, 1 cl100k, 2 o200k)
    std::string answer;
};

PromptPanelResult prompt_panel(PromptPanelState& st, int encoding_choice);
// Draws tokens as chips that wrap to the window's width.
void token_chips(const std::vector<ChipToken>& tokens);
// Cuts text with the encoding (0 stand-in, 1 cl100k, 2 o200k), as the model does.
std::vector<ChipToken> tokenize_for_chips(const std::string& text, int encoding_choice, std::string* note);

}  // namespace tokenui

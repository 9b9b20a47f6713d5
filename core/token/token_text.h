// token_text.h — the answer's text as tokens, and the detokenizer's UTF-8 hold.
//
// Tokens carry bytes, not characters. A byte-level tokenizer may cut a Chinese
// character (three UTF-8 bytes) across two tokens; the detokenizer (text/detokenize.h)
// can only show text once a character's last byte has arrived, so it holds the
// partial bytes, and the model counts the hold.
//
// Until the project's real tokenizer is wired in, split_standin() cuts text with a
// simple, documented rule (the stand-in): ASCII text is cut before every space or
// punctuation mark and after at most 6 bytes; every other byte run is cut into
// pairs of bytes, so a 3-byte character often ends inside a token, as with a
// byte-level BPE's byte fallback. Anything producing a TokenText can replace it.
//
// Usage:
//   TokenText tt = split_standin(answer_text(1));   // 1 = Chinese
//   std::vector<std::string> chars; split_chars(shown_text, &chars);
#pragma once
#include <string>
#include <vector>

namespace tj {

struct TokenText {
    std::vector<std::string> token_bytes;  // concatenated, they give the text back exactly
};

TokenText split_standin(const std::string& text);

// The model's built-in answer, written for this project: 0 English, 1 Chinese.
const std::string& answer_text(int language);

// Splits valid text into its characters (one string each), appended to *out when
// given; returns how many. Used to time each character's arrival on the screen.
int split_chars(const std::string& text, std::vector<std::string>* out);

}  // namespace tj

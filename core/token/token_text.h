// token_text.h — the answer's text as tokens, and the detokenizer's UTF-8 hold.
//
// Tokens carry bytes, not characters. A byte-level tokenizer may cut a Chinese
// character (three UTF-8 bytes) across two tokens; the detokenizer can only show
// text once a character's last byte has arrived, so it holds the partial bytes and
// counts the hold.
//
// Until the project's real tokenizer is wired in, split_standin() cuts text with a
// simple, documented rule (the stand-in): ASCII text is cut before every space or
// punctuation mark and after at most 6 bytes; every other byte run is cut into
// pairs of bytes, so a 3-byte character often ends inside a token, as with a
// byte-level BPE's byte fallback. Anything producing a TokenText can replace it.
//
// Usage:
//   TokenText tt = split_standin(answer_text(1));   // 1 = Chinese
//   Utf8Hold hold;
//   DetokResult r = hold.feed(tt.token_bytes[i], &chars);  // chars: complete characters
//   r.held: bytes were kept back;  hold.flush(&chars) at the end of a sequence.
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

// Bytes a UTF-8 character starting with this lead byte has (1..4; 1 for a stray byte).
int utf8_char_length(unsigned char lead);

struct DetokResult {
    int chars = 0;     // complete characters released by this token
    bool held = false; // bytes remain held after this token
};

class Utf8Hold {
public:
    // Appends a token's bytes; releases every complete character (appended to *out
    // when out is given, one string per character) and keeps a trailing partial one.
    DetokResult feed(const std::string& bytes, std::vector<std::string>* out);
    // End of a sequence: releases whatever is held (an incomplete character shows as
    // U+FFFD). Returns the characters released (0 or 1).
    int flush(std::vector<std::string>* out);
    size_t held_bytes() const { return held_.size(); }
    void clear() { held_.clear(); }

private:
    std::string held_;  // at most 3 bytes: the start of an unfinished character
};

}  // namespace tj

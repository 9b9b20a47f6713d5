// token_text.h — the answer's text as tokens, and the detokenizer's UTF-8 hold.
//
// Tokens carry bytes, not characters. A byte-level tokenizer may cut a Chinese
// character (three UTF-8 bytes) across two tokens; the detokenizer (text/detokenize.h)
// can only show text once a character's last byte has arrived, so it holds the
// partial bytes, and the model counts the hold.
//
// The answer is cut by the stand-in, split_standin() (the default: it needs no
// files), or by a real byte-level BPE of text/bpe.h (tokenize_text with cl100k or
// o200k). The stand-in's rule: ASCII text is cut before every space or punctuation
// mark and after at most 6 bytes; every other byte run is cut into pairs of bytes,
// so a 3-byte character often ends inside a token, as a byte-level BPE's rarer
// characters do (cl100k splits about a fifth of this answer's Chinese tokens,
// the stand-in about two thirds).
//
// Usage:
//   int used; std::string note;
//   TokenText tt = tokenize_text(answer_text(1), kTokenizerCl100k, &used, &note);  // 1 = Chinese
//   std::vector<std::string> chars; split_chars(shown_text, &chars);
#pragma once
#include <string>
#include <vector>

namespace tj {
class BpeEncoding;  // text/bpe.h
}

namespace tj::token {

struct TokenText {
    std::vector<std::string> token_bytes;  // concatenated, they give the text back exactly
};

TokenText split_standin(const std::string& text);

// Which tokenizer cuts the answer. The BPE encodings are the real byte-level ones of
// text/bpe.h (cl100k_base, o200k_base), their vocabulary loaded once per process from
// default_vocab_dir().
enum TokenizerChoice : int { kTokenizerStandin = 0, kTokenizerCl100k = 1, kTokenizerO200k = 2 };

// The chosen BPE encoding, loaded once per process; nullptr for the stand-in or when
// its vocabulary cannot be loaded (then *note says why).
const BpeEncoding* cached_encoding(int choice, std::string* note);

// Cuts text with the chosen tokenizer. When a vocabulary cannot be loaded the
// stand-in cuts it instead: *used says which one did, *note why (empty when all went
// as asked).
TokenText tokenize_text(const std::string& text, int choice, int* used, std::string* note);

// The model's built-in answer, written for this project: 0 English, 1 Chinese.
const std::string& answer_text(int language);

// Splits valid text into its characters (one string each), appended to *out when
// given; returns how many. Used to time each character's arrival on the screen.
int split_chars(const std::string& text, std::vector<std::string>* out);

}  // namespace tj::token

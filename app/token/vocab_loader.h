// vocab_loader.h — the tokenizer vocabularies on the page: fetched after the first
// frame, not before it.
//
// A vocabulary (cl100k_base about 1 MB, o200k_base about 1.6 MB) is more than the
// rest of the page together, and the first frame does not need one: the stand-in
// tokenizer cuts the text until the real one is there. So in the browser the page
// fetches a vocabulary only once the app asks for it (vocab_request: after the first
// frame, for the tokenizer the token scene has chosen), reports its progress
// (tj_vocab_progress) and hands over the bytes (tj_vocab_arrived). The bytes are
// written into the wasm file system where core/text/bpe.h looks for them
// ($TJ_VOCAB_DIR = /assets/vocab) and parsed once by the same parser the desktop uses
// (fuzzed: fuzz/); data that does not parse is removed again, the failure is named on
// screen (vocab_status) and the stand-in stays. The app restarts what ran on the
// stand-in when vocab_arrivals() changes.
//
// Natively nothing is fetched: the vocabularies are read from disk when first used,
// and vocab_request does nothing.
//
// Usage (once a frame, after the first):
//   vocab_request(tokenizer_choice);
//   if (vocab_arrivals() != seen) { seen = vocab_arrivals(); /* restart the token runs */ }
//   VocabStatus st = vocab_status(kTokenizerCl100k);   // for state()
//   std::string note = vocab_progress_text(kTokenizerCl100k);  // for the screen
#pragma once
#include <cstdint>
#include <string>

enum class VocabState { Idle, Loading, Ready, Failed };

struct VocabStatus {
    VocabState state = VocabState::Idle;  // Idle: not asked for (always so natively)
    double done = 0, total = 0;           // bytes so far and in all (total 0: not known)
    std::string problem;                  // Failed: why, in English (the app adds the words around it)
};

// Asks for the vocabulary of a tokenizer choice (core/token/token_text.h: 1 cl100k,
// 2 o200k; 0, the stand-in, needs none). Starts the download once; cheap to repeat.
void vocab_request(int choice);

VocabStatus vocab_status(int choice);

// While the vocabulary is on its way, "Loading vocabulary cl100k_base… 45%" in the
// language shown (MB so far when the size is not known); else "".
std::string vocab_progress_text(int choice);

// "cl100k_base" or "o200k_base" for choices 1 and 2, else "".
const char* vocab_name(int choice);

// Counts the vocabularies that arrived and parsed: what ran on the stand-in before
// should run again.
uint64_t vocab_arrivals();

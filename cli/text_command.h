// text_command.h — the text tools of token-journey-cli:
//
//   token-journey-cli tokenize   [--encoding cl100k|o200k] [--json|--ids] [--vocab-dir DIR] [TEXT...]
//   token-journey-cli detokenize [--encoding cl100k|o200k] [--json] [--mode incremental|naive]
//                                [--vocab-dir DIR] [ID...]
//
// tokenize prints each token's id and bytes (TEXT, or standard input when no TEXT is
// given); detokenize streams ids through the streaming detokenizer and shows, token by
// token, what a client would have on screen and how many bytes it is holding back.
//   token-journey-cli tokenize --ids 大模型推理 | token-journey-cli detokenize
// The vocabulary folder is --vocab-dir, else $TJ_VOCAB_DIR, else the cache folder that
// scripts/fetch_vocab.sh fills.
#pragma once

// argv[0] is "tokenize" or "detokenize" (a program name before it is skipped).
// Returns the process exit code: 0 ok, 1 bad input or missing vocabulary, 2 bad usage.
int run_text_command(int argc, char** argv);

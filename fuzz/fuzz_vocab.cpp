// fuzz_vocab.cpp — libFuzzer target for the vocabulary loader (core/text/bpe.h), both
// file forms (the input starts with "TJBPE01\n" or is read as tiktoken text). Beyond
// "no crash, no sanitizer report": a refusal says why; a vocabulary that loads
// encodes any text and decodes it back byte for byte. Built and run by scripts/fuzz.sh.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/text/bpe.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const std::string path = "fuzz_vocab_input." + std::to_string(getpid());
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return 0;
    std::fwrite(data, 1, size, f);
    std::fclose(f);
    std::string err;
    auto enc = tj::BpeEncoding::load(path, size % 2 ? "cl100k" : "o200k", &err);
    if (!enc) {
        if (err.empty()) std::abort();  // refused without a reason
        return 0;
    }
    for (const char* text : {"hello world", "大模型推理的真正瓶颈", "\xff\xfe bytes", ""}) {
        auto back = enc->decode(enc->encode(text));
        if (!back || *back != text) std::abort();  // no round trip
    }
    return 0;
}

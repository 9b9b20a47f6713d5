// glossary.h — the project's term table (assets/glossary.json): every technical word
// the map and the lessons use, its one name in English and in Chinese, a short
// definition in both, and the Chinese variants that must not appear (one term, one name).
//
// The app shows a term's definition when the pointer rests on it in a caption, and
// lists all terms in the glossary window (key G); tests hold every text to the table.
//
// File form:
//   {"terms": [{"id": "kv_cache", "en": "KV cache", "zh": "KV 缓存",
//               "also_en": ["..."], "also_zh": ["..."],   (optional: other forms in text)
//               "avoid_zh": ["..."],                      (optional: variants not to use)
//               "define": {"en": "...", "zh": "..."}}]}
//
// Usage:
//   std::vector<tj::GlossaryTerm> terms;
//   std::string err = tj::parse_glossary(json_text, terms);   // "" or every problem
//   for (auto& hit : tj::find_terms(caption, terms, /*zh=*/true)) ...  // byte ranges
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace tj {

struct GlossaryTerm {
    std::string id, en, zh;
    std::vector<std::string> also_en, also_zh, avoid_zh;
    std::string define_en, define_zh;
};

// Parses the glossary. Returns "" or one line per problem (then out is unchanged).
std::string parse_glossary(const std::string& json_text, std::vector<GlossaryTerm>& out);

struct TermHit {
    size_t begin, end;  // bytes of the text
    size_t term;        // index into the terms
};
// Where terms occur in text, left to right, longest first, never overlapping. English
// matches ignore case and need word boundaries ("sort" is not found in "sorted").
std::vector<TermHit> find_terms(std::string_view text, const std::vector<GlossaryTerm>& terms, bool zh);

}  // namespace tj

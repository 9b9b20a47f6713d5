// glossary_view.h — the term table on screen: a caption's technical terms explain
// themselves when the pointer rests on them (the first mention of each is underlined
// with dots), and the glossary window lists every term (key G, or View > Glossary).
// The terms come from assets/glossary.json (core/glossary.h), embedded at build time.
//
// Usage:
//   glossary_load(&err);                 // once, after i18n_load (also gives the line
//                                        // breaker its Chinese words: core/scenes/scenes.h)
//   text_with_terms(caption);            // instead of text_wrapped, in a caption
//   if (show) glossary_window(&show);    // every frame while it is open
//   glossary_texts()                     // every text, for the font's glyph set
#pragma once
#include <string>
#include <vector>

#include "imgui.h"

bool glossary_load(std::string* error);
// Wrapped text (as text_wrapped) whose glossary terms show their definition on hover.
void text_with_terms(const std::string& s, ImU32 color = 0);
void glossary_window(bool* open);
std::vector<std::string> glossary_texts();

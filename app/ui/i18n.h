// i18n.h — every visible string of the app, in English and Simplified Chinese.
//
// The tables live in assets/strings*.json ({"key": {"en": "...", "zh": "..."}}),
// one per part of the app, embedded at build time. tr("menu.scene") returns the text in the current
// language; a missing key returns the key itself, so a gap shows on screen and
// the string-table test catches it.
//
// Usage:
//   i18n_load();                 // once at start
//   set_language(Lang::Zh);
//   ImGui::Text("%s", tr("panel.params"));
//   pick(def.label_en, def.label_zh)   // for registry texts that carry both
//   fill_slot(tr("lesson.guess.high"), "{r}", "2.0×")  // a figure into its place in the sentence
#pragma once
#include <string>
#include <vector>

enum class Lang { En = 0, Zh = 1 };

bool i18n_load(std::string* error);
void set_language(Lang lang);
Lang language();
const char* tr(const char* key);
const char* tr(const char* key, Lang lang);  // in a given language, not the current one
const std::string& pick(const std::string& en, const std::string& zh);
// A translated text with its first slot filled: fill_slot(tr("race.won"), "{w}", "A"). A text
// without the slot comes back as it is.
std::string fill_slot(std::string text, const char* slot, const std::string& with);
// Every text of both languages (the font builds its glyph ranges from them).
std::vector<std::string> i18n_all_texts();

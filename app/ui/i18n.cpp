// i18n.cpp — see i18n.h.
#include "app/ui/i18n.h"

#include <cstring>
#include <map>
#include <nlohmann/json.hpp>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

const char* find_asset_text(const char* name);  // generated: assets_embedded.cpp

namespace {
struct Entry { std::string en, zh; };
std::map<std::string, Entry> g_table;
Lang g_lang = Lang::En;
}  // namespace

// One table per part of the app, so each part keeps its own texts together.
const char* const kTables[] = {"strings.json", "strings_run.json", "strings_token.json", "strings_fab.json",
                               "strings_race.json", "strings_units.json", "strings_a11y.json",
                               "strings_measured.json"};

bool i18n_load(std::string* error) {
    for (const char* name : kTables) {
        const char* text = find_asset_text(name);
        if (!text) continue;  // a part that is not built has no table
        nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
        if (j.is_discarded() || !j.is_object()) { *error = std::string(name) + " is not a JSON object"; return false; }
        for (auto& [key, v] : j.items()) {
            if (!v.is_object() || !v.contains("en") || !v.contains("zh")) continue;
            g_table[key] = {v["en"].get<std::string>(), v["zh"].get<std::string>()};
        }
    }
    if (g_table.empty()) { *error = "no string table is embedded"; return false; }
    return true;
}

void set_language(Lang lang) {
    g_lang = lang;
#ifdef __EMSCRIPTEN__
    // Remembered between visits; page.js reads it back at start.
    EM_ASM({ try { localStorage.setItem('tj.lang', $0 ? 'zh' : 'en'); } catch (e) {} }, lang == Lang::Zh);
#endif
}
Lang language() { return g_lang; }

const char* tr(const char* key) { return tr(key, g_lang); }

const char* tr(const char* key, Lang lang) {
    auto it = g_table.find(key);
    if (it == g_table.end()) return key;
    return lang == Lang::Zh ? it->second.zh.c_str() : it->second.en.c_str();
}

const std::string& pick(const std::string& en, const std::string& zh) {
    return g_lang == Lang::Zh && !zh.empty() ? zh : en;
}

std::string fill_slot(std::string text, const char* slot, const std::string& with) {
    if (size_t at = text.find(slot); at != std::string::npos) text.replace(at, std::strlen(slot), with);
    return text;
}

std::vector<std::string> i18n_all_texts() {
    std::vector<std::string> out;
    for (auto& [k, e] : g_table) { out.push_back(e.en); out.push_back(e.zh); }
    return out;
}

// glossary.cpp — see glossary.h.
#include "core/glossary.h"

#include <nlohmann/json.hpp>

#include "core/strict_json.h"

namespace tj {
namespace {

using nlohmann::json;

bool ascii_word(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }
char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

bool matches_at(std::string_view text, size_t at, const std::string& form, bool zh) {
    if (form.empty() || at + form.size() > text.size()) return false;
    for (size_t i = 0; i < form.size(); i++)
        if ((zh ? text[at + i] : lower(text[at + i])) != (zh ? form[i] : lower(form[i]))) return false;
    // A Latin word is whole: not the start of "sorted" or the end of "resort".
    bool starts_word = ascii_word(form.front()), ends_word = ascii_word(form.back());
    if (starts_word && at > 0 && ascii_word(text[at - 1])) return false;
    if (ends_word && at + form.size() < text.size() && ascii_word(text[at + form.size()])) return false;
    return true;
}

void read_list(const json& t, const char* key, std::vector<std::string>& out, const std::string& where, std::string& errs) {
    if (!t.contains(key)) return;
    if (!t[key].is_array()) { errs += where + ": '" + key + "' is a list of strings\n"; return; }
    for (auto& x : t[key])
        if (x.is_string() && !x.get<std::string>().empty()) out.push_back(x.get<std::string>());
        else errs += where + ": '" + key + "' holds a non-empty string\n";
}

}  // namespace

std::string parse_glossary(const std::string& json_text, std::vector<GlossaryTerm>& out) {
    json doc;
    std::string errs = parse_strict_json(json_text, doc);
    if (!errs.empty()) return errs;
    if (!doc.is_object() || !doc.contains("terms") || !doc["terms"].is_array()) return "the glossary is {\"terms\": [...]}\n";
    std::vector<GlossaryTerm> terms;
    for (auto& t : doc["terms"]) {
        GlossaryTerm g;
        std::string where = "term " + std::to_string(terms.size());
        auto str = [&](const json& o, const char* key, std::string& s) {
            if (o.is_object() && o.contains(key) && o[key].is_string() && !o[key].get<std::string>().empty())
                s = o[key].get<std::string>();
            else errs += where + ": '" + key + "' is a non-empty string\n";
        };
        if (!t.is_object()) { errs += where + ": a term is an object\n"; continue; }
        str(t, "id", g.id);
        str(t, "en", g.en);
        str(t, "zh", g.zh);
        where += " (" + g.id + ")";
        if (t.contains("define")) {
            str(t["define"], "en", g.define_en);
            str(t["define"], "zh", g.define_zh);
        } else {
            errs += where + ": 'define' needs {\"en\": ..., \"zh\": ...}\n";
        }
        read_list(t, "also_en", g.also_en, where, errs);
        read_list(t, "also_zh", g.also_zh, where, errs);
        read_list(t, "avoid_zh", g.avoid_zh, where, errs);
        for (auto& other : terms)
            if (other.id == g.id) errs += where + ": the id is used twice\n";
        terms.push_back(std::move(g));
    }
    if (!errs.empty()) return errs;
    out = std::move(terms);
    return "";
}

std::vector<TermHit> find_terms(std::string_view text, const std::vector<GlossaryTerm>& terms, bool zh) {
    std::vector<TermHit> hits;
    for (size_t at = 0; at < text.size();) {
        size_t best_len = 0, best_term = 0;
        for (size_t k = 0; k < terms.size(); k++) {
            const GlossaryTerm& g = terms[k];
            auto try_form = [&](const std::string& f) {
                if (f.size() > best_len && matches_at(text, at, f, zh)) { best_len = f.size(); best_term = k; }
            };
            try_form(zh ? g.zh : g.en);
            for (auto& f : zh ? g.also_zh : g.also_en) try_form(f);
        }
        if (best_len > 0) {
            hits.push_back({at, at + best_len, best_term});
            at += best_len;
        } else {
            at++;
            while (at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) at++;  // whole characters
        }
    }
    return hits;
}

}  // namespace tj

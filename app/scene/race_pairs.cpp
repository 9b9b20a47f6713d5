// race_pairs.cpp — see race_pairs.h.
#include "app/scene/race_pairs.h"

#include <algorithm>
#include <cmath>

#include "app/ui/format.h"

const RacePair* find_race_pair(const std::vector<RacePair>& pairs, const std::string& id) {
    for (auto& p : pairs)
        if (p.id == id) return &p;
    return nullptr;
}

namespace {
std::string apply_side(const RaceSide& side, tj::ParamValues* v) {
    v->reset_to_defaults();
    for (auto& id : side.presets) {
        const tj::Preset* p = v->registry().find_preset(id);
        if (!p) return "unknown preset '" + id + "'";
        if (std::string err = v->apply(*p); !err.empty()) return err;
    }
    for (auto& [id, value] : side.values)
        if (std::string err = v->set(id, value); !err.empty()) return err;
    return "";
}

bool same(double x, double y) { return std::fabs(x - y) <= 1e-9 * std::max(std::fabs(x), std::fabs(y)); }

std::string value_words(const tj::ParamDef& d, double v, Lang lang) {
    const auto& choices = lang == Lang::Zh && !d.choices_zh.empty() ? d.choices_zh : d.choices_en;
    if (!choices.empty()) {
        size_t i = size_t(std::clamp(std::lround(v), 0L, long(choices.size()) - 1));
        return choices[i];
    }
    std::string s = tj::format_param_value(v);
    return d.unit.empty() ? s : s + " " + tr(tj::unit_key(d.unit).c_str(), lang);
}
}  // namespace

std::string race_pair_values(const RacePair& pair, tj::ParamValues* a, tj::ParamValues* b) {
    tj::ParamValues na = *a, nb = *b;
    if (std::string err = apply_side(pair.a, &na); !err.empty()) return "A: " + err;
    if (std::string err = apply_side(pair.b, &nb); !err.empty()) return "B: " + err;
    *a = na;
    *b = nb;
    return "";
}

RaceVerdict judge_race(double a, double b, bool lower_better) {
    if (!std::isfinite(a) || !std::isfinite(b) || (a == 0 && b == 0)) return {};
    double hi = std::max(std::fabs(a), std::fabs(b)), lo = std::min(std::fabs(a), std::fabs(b));
    if (hi - lo <= 0.01 * hi) return {};
    bool a_lower = std::fabs(a) < std::fabs(b);
    int winner = a_lower == lower_better ? 0 : 1;
    return {winner, lo > 0 ? hi / lo : 0};
}

RaceVerdict judge_headline(const RaceHeadline& h, double a, double b) {
    if (h.zero_is_pending && (a == 0 || b == 0)) return {};
    return judge_race(a, b, h.lower_better);
}

bool race_finish_step(RaceFinish* f, double finish_after, double a, double b, double now) {
    if (f->over || finish_after < 0) return false;
    f->had_some |= a > 0 || b > 0;
    if (!f->had_some || a > 0 || b > 0) {  // not begun, or not cleared on both sides (again)
        f->ends_at = -1;
        return false;
    }
    if (f->ends_at < 0) f->ends_at = now + finish_after;
    f->over = now >= f->ends_at;
    return f->over;
}

std::string verdict_words(const std::string& templ, const RaceVerdict& v) {
    if (v.winner < 0) return "";
    const std::string r = format_ratio(v.ratio);
    std::string out = templ;
    auto put = [&](const std::string& key, const std::string& with) {
        for (size_t at = out.find(key); at != std::string::npos; at = out.find(key, at + with.size()))
            out.replace(at, key.size(), with);
    };
    put("{w}", v.winner == 0 ? "A" : "B");
    put("{l}", v.winner == 0 ? "B" : "A");
    put("{r}", r);
    return out;
}

std::string race_side_label(const tj::ParamValues& self, const tj::ParamValues& other, Lang lang) {
    const tj::ParamRegistry& reg = self.registry();
    std::vector<const tj::Preset*> own, theirs;  // presets that tell the two apart
    for (auto& p : reg.presets()) {
        bool mine = self.matches(p), yours = other.matches(p);
        if (mine && !yours) own.push_back(&p);
        if (yours && !mine) theirs.push_back(&p);
    }
    std::stable_sort(own.begin(), own.end(), [](auto* x, auto* y) { return x->kind == "hardware" && y->kind != "hardware"; });
    std::vector<std::string> parts;
    auto implied = [&](const tj::Preset* p) {  // a board's usual stack goes without saying
        return std::any_of(own.begin(), own.end(), [&](auto* q) { return q->with == p->id; });
    };
    for (auto* p : own)
        if (!implied(p)) parts.push_back(lang == Lang::Zh && !p->label_zh.empty() ? p->label_zh : p->label_en);
    auto covered = [&](const std::string& id) {
        for (auto* list : {&own, &theirs})
            for (auto* p : *list)
                for (auto& kv : p->values)
                    if (kv.first == id) return true;
        return false;
    };
    int shown = 0;
    for (size_t i = 0; i < reg.size() && shown < 2; i++) {
        if (same(self[i], other[i]) || covered(reg[i].id)) continue;
        const std::string& label = lang == Lang::Zh && !reg[i].label_zh.empty() ? reg[i].label_zh : reg[i].label_en;
        parts.push_back(label + " = " + value_words(reg[i], self[i], lang));
        shown++;
    }
    std::string out;
    for (auto& p : parts) out += (out.empty() ? "" : lang == Lang::Zh ? "，" : ", ") + p;
    return out;
}

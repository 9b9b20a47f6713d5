// params.cpp — registry checks, validation, slider mapping. See params.h.
#include "core/params.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace tj {

void ParamRegistry::group(const std::string& id, const std::string& en, const std::string& zh) {
    for (auto& g : groups_)
        if (g.id == id) throw std::logic_error("duplicate parameter group " + id);
    groups_.push_back({id, en, zh});
}

const ParamGroup& ParamRegistry::group_of(const ParamDef& def) const {
    for (const ParamGroup& g : groups_)
        if (g.id == def.group) return g;
    throw std::logic_error("parameter " + def.id + ": unknown group " + def.group);
}

std::string param_name_in_group(const ParamRegistry& reg, const ParamDef& def, bool zh) {
    const ParamGroup& g = reg.group_of(def);
    return (zh ? g.label_zh : g.label_en) + " · " + (zh ? def.label_zh : def.label_en);
}

void ParamRegistry::add(ParamDef d) {
    auto bad = [&](const std::string& why) { throw std::logic_error("parameter " + d.id + ": " + why); };
    if (d.id.empty()) bad("empty id");
    if (find(d.id) >= 0) bad("duplicate id");
    if (d.label_en.empty() || d.label_zh.empty()) bad("missing label");
    if (d.help_en.empty() || d.help_zh.empty()) bad("missing help text");
    if (!std::isfinite(d.min) || !std::isfinite(d.max) || !(d.min <= d.max)) bad("bad range");
    if (!(d.def >= d.min && d.def <= d.max)) bad("default outside range");
    if (d.scale == Scale::Log && !(d.min > 0)) bad("log scale needs min > 0");
    if (!d.choices_en.empty()) {
        if (d.choices_en.size() != d.choices_zh.size()) bad("choice labels differ in number");
        d.integer = true;
        if (d.min != 0 || d.max != double(d.choices_en.size() - 1)) bad("choice range must be 0..n-1");
    }
    if (d.integer && (d.def != std::round(d.def))) bad("integer default not whole");
    bool known = std::any_of(groups_.begin(), groups_.end(), [&](const ParamGroup& g) { return g.id == d.group; });
    if (!known) bad("unknown group " + d.group);
    defs_.push_back(std::move(d));
}

void ParamRegistry::preset(Preset p) {
    for (auto& [id, v] : p.values) {
        int i = find(id);
        if (i < 0) throw std::logic_error("preset " + p.id + ": unknown parameter " + id);
        std::string err = validate_param(defs_[size_t(i)], v);
        if (!err.empty()) throw std::logic_error("preset " + p.id + ": " + err);
    }
    presets_.push_back(std::move(p));
}

int ParamRegistry::find(const std::string& id) const {
    for (size_t i = 0; i < defs_.size(); i++)
        if (defs_[i].id == id) return int(i);
    return -1;
}

const Preset* ParamRegistry::find_preset(const std::string& id) const {
    for (auto& p : presets_)
        if (p.id == id) return &p;
    return nullptr;
}

std::string format_param_value(double value) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.10g", value);
    return buf;
}

std::string unit_key(const std::string& unit) {
    std::string key = "unit.";
    for (char c : unit) {
        if (c == '/') key += "_per_";
        else if (c == ' ') key += '_';
        else key += char(std::tolower((unsigned char)c));
    }
    return key;
}

std::string validate_param(const ParamDef& d, double value) {
    if (!std::isfinite(value)) return d.id + ": not a finite number";
    if (value < d.min || value > d.max)
        return d.id + " (" + d.label_en + "): " + format_param_value(value) + " is outside [" +
               format_param_value(d.min) + ", " + format_param_value(d.max) + "]" +
               (d.unit.empty() ? "" : " " + d.unit);
    if (d.integer && value != std::round(value))
        return d.id + " (" + d.label_en + "): needs a whole number, got " + format_param_value(value);
    return "";
}

double clamp_param(const ParamDef& d, double value) {
    if (std::isnan(value)) return d.def;
    value = std::clamp(value, d.min, d.max);
    return d.integer ? std::round(value) : value;
}

double param_to_unit(const ParamDef& d, double value) {
    if (d.max == d.min) return 0;
    value = clamp_param(d, value);
    if (d.scale == Scale::Log) return std::log(value / d.min) / std::log(d.max / d.min);
    return (value - d.min) / (d.max - d.min);
}

double param_from_unit(const ParamDef& d, double t) {
    t = std::isnan(t) ? 0 : std::clamp(t, 0.0, 1.0);
    double v = d.scale == Scale::Log ? d.min * std::pow(d.max / d.min, t) : d.min + t * (d.max - d.min);
    return clamp_param(d, v);
}

ParamValues::ParamValues(const ParamRegistry& reg) : reg_(&reg) { reset_to_defaults(); }

void ParamValues::reset_to_defaults() {
    v_.clear();
    for (auto& d : reg_->defs()) v_.push_back(d.def);
}

std::string ParamValues::set(size_t index, double value) {
    if (index >= v_.size()) return "no parameter with index " + std::to_string(index);
    std::string err = validate_param((*reg_)[index], value);
    if (err.empty()) v_[index] = value;
    return err;
}

std::string ParamValues::set(const std::string& id, double value) {
    int i = reg_->find(id);
    if (i < 0) return "unknown parameter '" + id + "'";
    return set(size_t(i), value);
}

std::string ParamValues::apply(const Preset& p) {
    std::vector<double> before = v_;
    const Preset* with = p.with.empty() ? nullptr : reg_->find_preset(p.with);
    if (!p.with.empty() && !with) return "preset " + p.id + ": no preset " + p.with + " to come with it";
    for (const Preset* q : {&p, with}) {
        if (!q) continue;
        for (auto& [id, v] : q->values) {
            std::string err = set(id, v);
            if (!err.empty()) { v_ = before; return "preset " + q->id + ": " + err; }
        }
    }
    return "";
}

bool ParamValues::matches(const Preset& p, const std::string& except) const {
    for (auto& [id, value] : p.values) {
        if (id == except) continue;
        const double now = get(id);
        if (std::fabs(now - value) > 1e-9 * std::max(std::fabs(now), std::fabs(value))) return false;
    }
    return true;
}

double ParamValues::get(const std::string& id) const {
    int i = reg_->find(id);
    if (i < 0) throw std::out_of_range("unknown parameter " + id);
    return v_[size_t(i)];
}

}  // namespace tj

// params.h — the one parameter registry.
//
// Every model parameter is described once, here in data: id, labels in English and
// Chinese, unit, range, default, scale, group, help text and the source of its
// default. From the registry alone come validation, the sliders, the URL, the
// scenario file, the lessons' settings and the tests' sweeps.
//
// Usage:
//   ParamRegistry reg;
//   reg.group("hbm", "Far memory (HBM)", "远端内存（HBM）");
//   reg.add({.id = "hbm.bw", .label_en = "Bandwidth", ..., .min = 100, .max = 1e5,
//            .def = 2039, .scale = Scale::Log});
//   ParamValues v(reg);                       // all defaults
//   std::string err = v.set("hbm.bw", 3350);  // "" when accepted; else why, value kept
//   double bw = v.get("hbm.bw");
//
// Choice parameters (an enumeration) store the option index as the value and list
// the options in choices_en / choices_zh. Integer parameters round to whole numbers.
#pragma once
#include <string>
#include <vector>

namespace tj {

enum class Scale { Linear, Log };

struct ParamDef {
    std::string id;        // "scene.word.name", stable: URLs and files name it (the word need not be its group)
    std::string label_en, label_zh;
    std::string unit;      // SI-style unit as shown, e.g. "GB/s", "weeks", "" for counts
    double min = 0, max = 1, def = 0;
    Scale scale = Scale::Linear;
    bool integer = false;
    bool structural = false;  // changing it restarts the run (the UI says so)
    std::string group;        // group id, see ParamRegistry::group()
    std::string help_en, help_zh;
    std::string source;       // where the default value comes from
    std::vector<std::string> choices_en, choices_zh;  // non-empty: a choice parameter
};

struct ParamGroup {
    std::string id, label_en, label_zh;
};

// A named set of values, e.g. a real chip or model, with the source of its figures.
struct Preset {
    std::string id, label_en, label_zh;
    std::string kind;    // what it sets, e.g. "hardware" or "model"
    std::string source;  // where the figures come from, shown in the app
    std::vector<std::pair<std::string, double>> values;
    std::string with;    // a preset applied right after it ("" for none): a board's usual serving stack
};

class ParamRegistry {
public:
    void group(const std::string& id, const std::string& en, const std::string& zh);
    // Adds a definition; a bad one (duplicate id, min > max, default outside the
    // range, log scale with min <= 0, unknown group) throws std::logic_error:
    // it is a programming error, caught by the registry tests.
    void add(ParamDef def);
    void preset(Preset p);  // values are checked like add(): bad ids throw

    const std::vector<ParamDef>& defs() const { return defs_; }
    const std::vector<ParamGroup>& groups() const { return groups_; }
    const std::vector<Preset>& presets() const { return presets_; }
    size_t size() const { return defs_.size(); }
    // Index of id, or -1.
    int find(const std::string& id) const;
    // The group def belongs to (add() has checked that it exists).
    const ParamGroup& group_of(const ParamDef& def) const;
    const ParamDef& operator[](size_t i) const { return defs_[i]; }
    const Preset* find_preset(const std::string& id) const;

private:
    std::vector<ParamDef> defs_;
    std::vector<ParamGroup> groups_;
    std::vector<Preset> presets_;
};

// A parameter's name with its group's, where it stands without the panel's group
// heading above it: "Packaging · Capacity", "先进封装 · 产能".
std::string param_name_in_group(const ParamRegistry& reg, const ParamDef& def, bool zh);

// Checks value against def: "" if valid, else a message naming the parameter and
// its range. Non-finite values and out-of-range values are rejected, not clamped.
std::string validate_param(const ParamDef& def, double value);
// Clamps into range (and rounds integers); NaN gives the default.
double clamp_param(const ParamDef& def, double value);
// Slider position in [0,1] <-> value, honouring the scale.
double param_to_unit(const ParamDef& def, double value);
double param_from_unit(const ParamDef& def, double t);
// Value as text, short and round-trippable (up to 10 significant digits).
std::string format_param_value(double value);
// The string-table key that shows a unit in either language: "us/tok" -> "unit.us_per_tok",
// "switch trays" -> "unit.switch_trays" (assets/strings_units.json has one row per unit).
std::string unit_key(const std::string& unit);

class ParamValues {
public:
    explicit ParamValues(const ParamRegistry& reg);
    const ParamRegistry& registry() const { return *reg_; }

    // Sets a value; returns "" when accepted, else why (the previous value is kept).
    std::string set(const std::string& id, double value);
    std::string set(size_t index, double value);
    // Applies a preset's values, then those of the preset it comes `with`; returns "" or
    // the first error (values stay as before).
    std::string apply(const Preset& p);
    // Whether every value the preset sets holds now (to 1e-9, relative), but the one named `except`.
    bool matches(const Preset& p, const std::string& except = "") const;
    void reset_to_defaults();

    double get(const std::string& id) const;  // unknown id throws std::out_of_range
    double operator[](size_t i) const { return v_[i]; }
    const std::vector<double>& all() const { return v_; }
    bool operator==(const ParamValues& o) const { return reg_ == o.reg_ && v_ == o.v_; }

private:
    const ParamRegistry* reg_;
    std::vector<double> v_;
};

}  // namespace tj

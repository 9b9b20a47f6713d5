// fuzz_scenario.cpp — libFuzzer target for the scenario link and file parsers.
//
// Every input goes through both parsers. Beyond "no crash, no sanitizer report", it
// checks the parsers' promises and aborts (a finding) when one breaks:
//   - on error: a non-empty message and the output left exactly as it was;
//   - on success: the scenario applies cleanly to fresh values and reads back
//     unchanged from its own link and file.
// Built and run by scripts/fuzz.sh (clang-14, -fsanitize=fuzzer,address,undefined).
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/scenario.h"

namespace {

tj::ParamRegistry make_registry() {
    tj::ParamRegistry reg;
    reg.group("t", "Test", "测试");
    reg.add({.id = "token.batch", .label_en = "Batch", .label_zh = "批大小", .min = 1, .max = 512, .def = 8,
             .integer = true, .group = "t", .help_en = "Sequences.", .help_zh = "序列数。"});
    reg.add({.id = "token.hbm_bw", .label_en = "HBM bandwidth", .label_zh = "HBM 带宽", .unit = "GB/s",
             .min = 100, .max = 1e5, .def = 3350, .scale = tj::Scale::Log, .group = "t", .help_en = "Bandwidth.",
             .help_zh = "带宽。"});
    reg.add({.id = "fab.yield", .label_en = "Yield", .label_zh = "良率", .min = 0, .max = 1, .def = 0.9,
             .group = "t", .help_en = "Good share.", .help_zh = "良品比例。"});
    return reg;
}

const tj::ParamRegistry* lookup(const std::string& scene) {
    static const tj::ParamRegistry reg = make_registry();
    return scene == "token" || scene == "fab" ? &reg : nullptr;
}

tj::Scenario sentinel() {
    tj::Scenario s;
    s.scene = "sentinel";
    s.values = {{"x", 1}};
    s.seed = 77;
    s.lesson = "keep";
    return s;
}

template <class Parse, class Write>
void check(const std::string& text, Parse parse, Write write) {
    tj::Scenario s = sentinel();
    std::string err = parse(text, s);
    if (!err.empty()) {
        if (!(s == sentinel())) std::abort();  // a failed parse changed the output
        return;
    }
    tj::ParamValues v(*lookup(s.scene));
    if (!tj::apply_scenario(s, v).empty()) std::abort();  // accepted but does not apply
    tj::Scenario again;
    if (!parse(write(s), again).empty() || !(again == s)) std::abort();  // no round trip
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    check(text, [](const std::string& t, tj::Scenario& s) { return tj::scenario_from_url(t, lookup, s); },
          tj::scenario_to_url);
    check(text, [](const std::string& t, tj::Scenario& s) { return tj::scenario_from_json(t, lookup, s); },
          tj::scenario_to_json);
    return 0;
}

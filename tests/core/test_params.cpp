// test_params.cpp — the registry: definitions are checked, bad values are refused
// with a message naming the parameter, slider mapping round-trips.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/params.h"

using namespace tj;

static ParamRegistry small_registry() {
    ParamRegistry reg;
    reg.group("g", "Group", "组");
    reg.add({.id = "g.bw", .label_en = "Bandwidth", .label_zh = "带宽", .unit = "GB/s", .min = 10, .max = 10000,
             .def = 2000, .scale = Scale::Log, .group = "g", .help_en = "How fast.", .help_zh = "多快。"});
    reg.add({.id = "g.n", .label_en = "Count", .label_zh = "数量", .min = 1, .max = 64, .def = 8, .integer = true,
             .group = "g", .help_en = "How many.", .help_zh = "多少。"});
    return reg;
}

TEST_CASE("registry refuses malformed definitions") {
    ParamRegistry reg = small_registry();
    ParamDef d{.id = "g.bw", .label_en = "x", .label_zh = "x", .min = 0, .max = 1, .def = 0, .group = "g",
               .help_en = "h", .help_zh = "h"};
    CHECK_THROWS(reg.add(d));  // duplicate id
    d.id = "g.other";
    d.def = 2;
    CHECK_THROWS(reg.add(d));  // default outside range
    d.def = 0;
    d.scale = Scale::Log;
    CHECK_THROWS(reg.add(d));  // log scale from 0
    d.scale = Scale::Linear;
    d.group = "nope";
    CHECK_THROWS(reg.add(d));  // unknown group
    d.group = "g";
    CHECK_NOTHROW(reg.add(d));
}

TEST_CASE("values outside the range are refused and the previous value kept") {
    ParamRegistry reg = small_registry();
    ParamValues v(reg);
    CHECK(v.get("g.bw") == 2000);
    std::string err = v.set("g.bw", 1e6);
    CHECK(err.find("g.bw") != std::string::npos);
    CHECK(err.find("[10, 10000]") != std::string::npos);
    CHECK(v.get("g.bw") == 2000);
    CHECK(!v.set("g.bw", NAN).empty());
    CHECK(!v.set("g.n", 2.5).empty());
    CHECK(v.set("g.n", 3).empty());
    CHECK(v.get("g.n") == 3);
    CHECK(!v.set("missing", 1).empty());
}

TEST_CASE("slider mapping round-trips on linear and log scales") {
    ParamRegistry reg = small_registry();
    const ParamDef& bw = reg[0];
    CHECK(param_from_unit(bw, 0) == Approx(10));
    CHECK(param_from_unit(bw, 1) == Approx(10000));
    CHECK(param_from_unit(bw, 0.5) == Approx(std::sqrt(10.0 * 10000)));
    for (double x : {10.0, 55.0, 2000.0, 9999.0}) CHECK(param_from_unit(bw, param_to_unit(bw, x)) == Approx(x));
    CHECK(param_from_unit(reg[1], 0.51) == std::round(param_from_unit(reg[1], 0.51)));
}

TEST_CASE("a preset applies the preset it comes with, all or nothing") {
    ParamRegistry reg = small_registry();
    reg.preset({.id = "p.stack", .label_en = "Stack", .label_zh = "栈", .kind = "stack", .source = "s", .values = {{"g.n", 4}}});
    reg.preset({.id = "p.board", .label_en = "Board", .label_zh = "板", .kind = "hardware", .source = "s",
                .values = {{"g.bw", 100}}, .with = "p.stack"});
    reg.preset({.id = "p.broken", .label_en = "Broken", .label_zh = "坏", .kind = "hardware", .source = "s",
                .values = {{"g.bw", 200}}, .with = "p.missing"});
    ParamValues v(reg);
    REQUIRE(v.apply(*reg.find_preset("p.board")) == "");
    CHECK(v.get("g.bw") == 100);
    CHECK(v.get("g.n") == 4);
    // Another stack afterwards leaves the board matching: its own values still hold.
    REQUIRE(v.set("g.n", 16) == "");
    CHECK(v.matches(*reg.find_preset("p.board")));
    CHECK_FALSE(v.matches(*reg.find_preset("p.stack")));
    // A preset whose companion is missing changes nothing and says why.
    std::string err = v.apply(*reg.find_preset("p.broken"));
    CHECK(err.find("p.missing") != std::string::npos);
    CHECK(v.get("g.bw") == 100);
}

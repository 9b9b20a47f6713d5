// test_scenario.cpp — links and scenario files: exact round trips, every kind of bad
// input named in the error, all-or-nothing, and thousands of mangled inputs that must
// never throw, never change the caller's state, and always explain themselves.
#include <catch2/catch.hpp>

#include <string>

#include "core/rng.h"
#include "core/scenario.h"

using namespace tj;

namespace {

ParamRegistry make_registry() {
    ParamRegistry reg;
    reg.group("t", "Test", "测试");
    reg.add({.id = "token.batch", .label_en = "Batch", .label_zh = "批大小", .min = 1, .max = 512, .def = 8,
             .integer = true, .group = "t", .help_en = "Sequences.", .help_zh = "序列数。"});
    reg.add({.id = "token.hbm_bw", .label_en = "HBM bandwidth", .label_zh = "HBM 带宽", .unit = "GB/s",
             .min = 100, .max = 1e5, .def = 3350, .scale = Scale::Log, .group = "t", .help_en = "Bandwidth.",
             .help_zh = "带宽。"});
    reg.add({.id = "token.alpha", .label_en = "Acceptance", .label_zh = "接受率", .min = 0, .max = 1, .def = 0.7,
             .group = "t", .help_en = "Rate.", .help_zh = "比率。"});
    return reg;
}

const ParamRegistry& registry() {
    static const ParamRegistry reg = make_registry();
    return reg;
}

const ParamRegistry* lookup(const std::string& scene) { return scene == "token" ? &registry() : nullptr; }

// A scenario no parser would produce, to see whether a failed parse touched it.
Scenario sentinel() {
    Scenario s;
    s.scene = "sentinel";
    s.values = {{"x", 42}};
    s.seed = 99;
    s.time = 3;
    s.lesson = "keep";
    s.lesson_step = 5;
    return s;
}

}  // namespace

TEST_CASE("a scenario round-trips exactly through a link and a file") {
    ParamValues v(registry());
    REQUIRE(v.set("token.batch", 64).empty());
    REQUIRE(v.set("token.alpha", 0.1 + 0.2).empty());  // not representable in short decimal
    Scenario s = make_scenario("token", v, 18446744073709551615ULL, 0.25);
    s.lesson = "prefill-vs-decode";
    s.lesson_step = 2;
    REQUIRE(s.values.size() == 2);  // the default-valued HBM bandwidth is left out

    std::string url = scenario_to_url(s);
    CHECK(url.find("s=token") == 0);
    CHECK(url.find("p.token.batch=64") != std::string::npos);
    Scenario back;
    CHECK(scenario_from_url("#" + url, lookup, back) == "");
    CHECK(back == s);

    std::string json = scenario_to_json(s);
    Scenario back2;
    CHECK(scenario_from_json(json, lookup, back2) == "");
    CHECK(back2 == s);

    ParamValues w(registry());
    REQUIRE(w.set("token.hbm_bw", 999).empty());
    CHECK(apply_scenario(back, w) == "");
    CHECK(w == v);  // the 999 went back to the default: a scenario is complete
}

TEST_CASE("random whole states round-trip exactly through a link and a file") {
    // The view around the run too: compare with B's values, the lens, the flags, the
    // user's own prompt and answer (any UTF-8, every character that needs escaping),
    // seeds past 2^53.
    const char* pieces[] = {"大模型", "推理", " ", "&", "=", "%", "#", "?", "+", "é", "😀", "a", "\n", "'", "\"", "p.x=1"};
    Rng rng(11);
    auto text = [&] {
        std::string t;
        int n = int(rng.uniform() * 40);
        for (int i = 0; i < n; i++) t += pieces[size_t(rng.uniform() * (sizeof pieces / sizeof *pieces))];
        return t;
    };
    auto random_values = [&] {
        ParamValues v(registry());
        for (size_t i = 0; i < registry().size(); i++)
            if (rng.uniform() < 0.6) REQUIRE(v.set(i, param_from_unit(registry()[i], rng.uniform())).empty());
        return v;
    };
    for (int round = 0; round < 300; round++) {
        uint64_t seed = uint64_t(rng.next_u32()) << 32 | rng.next_u32();
        Scenario s = make_scenario("token", random_values(), seed, rng.uniform() < 0.5 ? 0 : rng.uniform() * 100);
        s.compare = rng.uniform() < 0.5;
        if (s.compare) s.compare_values = make_scenario("token", random_values(), 1, 0).values;
        s.lens = rng.uniform() < 0.5 ? 0 : std::exp(rng.uniform() * 20 - 10);
        s.prompt = text();
        s.answer = text();
        s.embed = rng.uniform() < 0.3;
        s.present = rng.uniform() < 0.3;
        if (rng.uniform() < 0.3) { s.lesson = "decode-is-logistics"; s.lesson_step = int(rng.uniform() * 6); }
        INFO("round " << round << ": " << scenario_to_url(s));
        Scenario back, back2;
        CHECK(scenario_from_url(scenario_to_url(s), lookup, back) == "");
        CHECK(back == s);
        CHECK(scenario_from_json(scenario_to_json(s), lookup, back2) == "");
        CHECK(back2 == s);
    }
}

TEST_CASE("format_exact writes the shortest text that reads back exactly") {
    CHECK(format_exact(0.25) == "0.25");
    CHECK(format_exact(2039) == "2039");
    CHECK(format_exact(1e-9) == "1e-09");
    CHECK(format_exact(0.1 + 0.2) == "0.30000000000000004");  // needs all 17 digits
    for (double x : {0.1 + 0.2, 1.0 / 3, 6.02214076e23, -0.0, 5e-324}) {
        double y = 0;
        REQUIRE(parse_decimal(format_exact(x), y));
        CHECK(y == x);
    }
}

TEST_CASE("bad links are refused with every problem named, and nothing changes") {
    struct Case { std::string text, must_mention; };
    std::vector<Case> cases = {
        {"s=token&p.token.nope=1", "token.nope"},
        {"s=token&b.token.batch=9", "without compare mode"},
        {"s=token&cmp=2", "cmp"},
        {"s=token&prompt=a%00b", "NUL"},
        {"s=token&lens=0", "lens"},
        {"s=token&p.token.batch=9999", "token.batch"},
        {"s=token&p.token.batch=2.5", "whole number"},
        {"s=token&p.token.alpha=abc", "token.alpha"},
        {"s=token&p.token.alpha=inf", "token.alpha"},
        {"s=token&seed=-1", "seed"},
        {"s=token&seed=18446744073709551616", "seed"},
        {"s=token&t=-1", "time"},
        {"s=token&t=nan", "time"},
        {"s=mars", "mars"},
        {"seed=3", "no scene"},
        {"s=token&color=red", "color"},
        {"s=token&seed=1&seed=2", "twice"},
        {"s=token&p.token.batch=4&p.token.batch=4", "twice"},
        {"s=token&p.token.batch%ZZ=4", "%XX"},
        {"s=token&lesson=a/b", "lesson"},
        {"s=token&step=3", "without a lesson"},
        {"s=token&novalue", "key=value"},
    };
    for (auto& c : cases) {
        Scenario s = sentinel();
        std::string err = scenario_from_url(c.text, lookup, s);
        INFO(c.text << " -> " << err);
        CHECK(err.find(c.must_mention) != std::string::npos);
        CHECK(s == sentinel());
    }
    // Several problems: each is reported, one per line.
    Scenario s = sentinel();
    std::string err = scenario_from_url("s=token&p.token.nope=1&p.token.batch=0&t=-5", lookup, s);
    CHECK(err.find("token.nope") != std::string::npos);
    CHECK(err.find("token.batch") != std::string::npos);
    CHECK(err.find("time") != std::string::npos);
    CHECK(std::count(err.begin(), err.end(), '\n') == 2);
    CHECK(s == sentinel());
}

TEST_CASE("bad scenario files are refused with every problem named, and nothing changes") {
    struct Case { std::string text, must_mention; };
    std::vector<Case> cases = {
        {"", "JSON"},
        {"{\"scene\": \"token\"", "JSON"},
        {"[1, 2]", "object"},
        {"{\"scene\": 5}", "scene"},
        {"{\"scene\": \"token\", \"params\": {\"token.batch\": \"8\"}}", "token.batch"},
        {"{\"scene\": \"token\", \"params\": {\"token.batch\": 0}}", "token.batch"},
        {"{\"scene\": \"token\", \"params\": [1]}", "params"},
        {"{\"scene\": \"token\", \"seed\": -4}", "seed"},
        {"{\"scene\": \"token\", \"seed\": 1.5}", "seed"},
        {"{\"scene\": \"token\", \"time\": \"soon\"}", "time"},
        {"{\"scene\": \"token\", \"time\": 1e300}", "time"},
        {"{\"scene\": \"token\", \"version\": 2}", "version"},
        {"{\"scene\": \"token\", \"extra\": true}", "extra"},
        {"{\"scene\": \"token\", \"lesson_step\": 1.5}", "lesson step"},
        {"{\"params\": {}}", "no scene"},
        {"{\"scene\": \"token\", \"compare_params\": {\"token.batch\": 9}}", "without compare mode"},
        {"{\"scene\": \"token\", \"compare\": true, \"compare_params\": {\"token.batch\": 0}}", "B: "},
        {"{\"scene\": \"token\", \"lens\": -1}", "lens"},
        {"{\"scene\": \"token\", \"embed\": 1}", "embed"},
        {"{\"scene\": \"token\", \"answer\": \"" + std::string(kMaxUserText + 1, 'x') + "\"}", "answer"},
        // A key named twice is ambiguous: refused, not "last one wins".
        {"{\"scene\": \"token\", \"scene\": \"fab\"}", "\"scene\" appears twice"},
        {"{\"scene\": \"token\", \"params\": {\"token.batch\": 8, \"token.batch\": 9}}", "\"token.batch\" appears twice"},
    };
    for (auto& c : cases) {
        Scenario s = sentinel();
        std::string err = scenario_from_json(c.text, lookup, s);
        INFO(c.text << " -> " << err);
        CHECK(err.find(c.must_mention) != std::string::npos);
        CHECK(s == sentinel());
    }
    Scenario s;
    CHECK(scenario_from_json("{\"scene\": \"token\", \"seed\": \"18446744073709551615\"}", lookup, s) == "");
    CHECK(s.seed == 18446744073709551615ULL);
}

TEST_CASE("oversized input is refused unread") {
    Scenario s = sentinel();
    std::string big(kMaxScenarioText + 1, 'a');
    CHECK(scenario_from_url(big, lookup, s).find("too long") != std::string::npos);
    CHECK(scenario_from_json(big, lookup, s).find("too long") != std::string::npos);
    CHECK(s == sentinel());
    // Many problems in one input give a bounded message.
    std::string many = "s=token";
    for (int i = 0; i < 2000; i++) many += "&p.x" + std::to_string(i) + "=1";
    std::string err = scenario_from_url(many, lookup, s);
    CHECK(err.size() < 4000);
    CHECK(err.find("more problems") != std::string::npos);
}

TEST_CASE("apply_scenario is all or nothing") {
    ParamValues v(registry());
    REQUIRE(v.set("token.batch", 16).empty());
    ParamValues before = v;
    Scenario s;
    s.scene = "token";
    s.values = {{"token.alpha", 0.5}, {"token.batch", 1e9}, {"token.ghost", 1}};
    std::string err = apply_scenario(s, v);
    CHECK(err.find("token.batch") != std::string::npos);
    CHECK(err.find("token.ghost") != std::string::npos);
    CHECK(v == before);
}

// --- fuzzing with our own generator: mutated good inputs and random bytes ---

namespace {

std::string mutate(std::string s, Rng& rng) {
    static const std::string alphabet = "=&%.p0123456789-+eE#?stoken{}[]\":,\\ \x80\xff\x00batchseedlesson";
    int edits = 1 + int(rng.below(6));
    for (int k = 0; k < edits; k++) {
        size_t pos = s.empty() ? 0 : rng.below(uint32_t(s.size()));
        switch (rng.below(5)) {
            case 0: if (!s.empty()) s.erase(pos, 1 + rng.below(4)); break;
            case 1: s.insert(pos, 1, alphabet[rng.below(uint32_t(alphabet.size()))]); break;
            case 2: if (!s.empty()) s[pos] = char(rng.below(256)); break;
            case 3: s.insert(pos, s.substr(rng.below(uint32_t(s.size() + 1)), rng.below(12))); break;
            default: s.resize(pos); break;
        }
    }
    return s;
}

std::string random_bytes(Rng& rng) {
    std::string s(rng.below(200), '\0');
    for (char& c : s) c = char(rng.below(256));
    return s;
}

// Parses text: on error the output is untouched and the message non-empty; on
// success the result is valid and survives a round trip.
template <class Parse, class Write>
void fuzz_one(const std::string& text, Parse parse, Write write) {
    Scenario s = sentinel();
    std::string err;
    REQUIRE_NOTHROW(err = parse(text, s));
    if (!err.empty()) {
        REQUIRE(s == sentinel());
        return;
    }
    ParamValues v(registry());
    REQUIRE(apply_scenario(s, v) == "");
    Scenario again;
    REQUIRE(parse(write(s), again) == "");
    REQUIRE(again == s);
}

}  // namespace

TEST_CASE("fuzz: mangled links never throw and never half-apply") {
    Rng rng(2024);
    std::vector<std::string> seeds = {"s=token&seed=7&t=0.25&p.token.batch=8&p.token.alpha=0.5",
                                      "#s=token&lesson=intro&step=0&p.token.hbm_bw=2039", "s=token"};
    auto parse = [](const std::string& t, Scenario& s) { return scenario_from_url(t, lookup, s); };
    int accepted = 0;
    for (int i = 0; i < 6000; i++) {
        std::string text = i % 10 == 9 ? random_bytes(rng) : mutate(seeds[i % 3], rng);
        INFO("input: " << text);
        Scenario probe = sentinel();
        accepted += scenario_from_url(text, lookup, probe).empty();
        fuzz_one(text, parse, scenario_to_url);
    }
    CHECK(accepted > 100);  // the mutations also produce valid links, which must round-trip
}

TEST_CASE("fuzz: mangled scenario files never throw and never half-apply") {
    Rng rng(4048);
    Scenario good;
    good.scene = "token";
    good.seed = 7;
    good.time = 1.5;
    good.lesson = "intro";
    good.lesson_step = 1;
    good.values = {{"token.batch", 32}, {"token.alpha", 0.25}};
    std::vector<std::string> seeds = {scenario_to_json(good), "{\"scene\":\"token\",\"params\":{\"token.batch\":2}}"};
    auto parse = [](const std::string& t, Scenario& s) { return scenario_from_json(t, lookup, s); };
    int accepted = 0;
    for (int i = 0; i < 6000; i++) {
        std::string text = i % 10 == 9 ? random_bytes(rng) : mutate(seeds[i % 2], rng);
        INFO("input: " << text);
        Scenario probe = sentinel();
        accepted += scenario_from_json(text, lookup, probe).empty();
        fuzz_one(text, parse, scenario_to_json);
    }
    CHECK(accepted > 20);  // JSON breaks more easily than a link; still, the success path is taken
}

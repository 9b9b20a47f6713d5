// test_lot_folding.cpp — a station starts at most kMaxLotsPerWeek lots a week (line.h):
// tiny lots at a huge capacity are folded into bigger ones, which keeps a ten-year run's
// work bounded, and changes what a weekly count shows by far less than it can display.
#include <catch2/catch.hpp>

#include <string>

#include "core/fab/line.h"
#include "core/scenes/scenes.h"

using namespace tj;
using namespace tj::fab;

namespace {

// A source of a hundred thousand lots of one a week feeding a test station of the same
// capacity (random gates and yields), folded or not.
LineSpec fast_line(double max_lots_per_week) {
    LineSpec L;
    L.buffers.resize(1);
    L.max_lots_per_week = max_lots_per_week;
    StationSpec src;
    src.id = "source";
    src.kits_per_week = 100000;
    src.cycle_weeks = 0.25;  // 25,000 lots of one in process, under kMaxLotsInStation
    src.cv = 0.3;
    src.de_per_out = 1;
    src.out_buffer = 0;
    StationSpec test = src;
    test.id = "test";
    test.kits_per_week = 120000;
    test.yield.base = 0.9;
    test.inputs = {{0, 1}};
    test.out_buffer = -1;
    L.stations = {src, test};
    return L;
}

// 2000 -> "2,000", as the help text writes it.
std::string grouped(long n) {
    std::string s = std::to_string(n);
    for (int i = int(s.size()) - 3; i > 0; i -= 3) s.insert(size_t(i), ",");
    return s;
}

}  // namespace

TEST_CASE("a lot is folded only when its station would start more than the weekly maximum", "[fab][fold]") {
    CHECK(folded_lot(1, 1e6) == 500);
    CHECK(folded_lot(240, 12000) == 240);  // the default packaging line: 50 lots a week
    CHECK(folded_lot(1, kMaxLotsPerWeek) == 1);
    CHECK(folded_lot(1, kMaxLotsPerWeek + 1) == 2);
    CHECK(folded_lot(1000, 1e6) == 1000);  // already big enough
}

TEST_CASE("folding bounds a fast line's events and changes its output by under half a percent", "[fab][fold]") {
    const double weeks = 4;
    Line folded(fast_line(kMaxLotsPerWeek), 7), unfolded(fast_line(1e12), 7);
    REQUIRE(unfolded.station(0).spec.lot_kits == 1);
    REQUIRE(folded.station(0).spec.lot_kits == 50);
    REQUIRE(folded.station(1).spec.lot_kits == 60);
    folded.run_until(weeks * kWeek);
    unfolded.run_until(weeks * kWeek);
    for (int i = 0; i < 2; i++) {  // lots started per week, at most the maximum (one may be under way)
        const Station& s = folded.station(i);
        CHECK(double(s.kits_started) / double(s.spec.lot_kits) <= kMaxLotsPerWeek * weeks + 1);
    }
    const double a = double(folded.delivered_de()), b = double(unfolded.delivered_de());
    REQUIRE(b > 250000);  // three and a half weeks of output after both cycles
    CHECK(a / b == Approx(1).epsilon(0.005));
    CHECK(folded.events() * 20 < unfolded.events());
}

TEST_CASE("the lot-size help states the weekly maximum the line folds at", "[fab][fold]") {
    auto m = make_model("fab");
    REQUIRE(m);
    const std::string limit = grouped(long(kMaxLotsPerWeek));
    int lots = 0;
    for (size_t i = 0; i < m->registry().size(); i++) {
        const ParamDef& d = m->registry()[i];
        if (d.id.size() < 4 || d.id.compare(d.id.size() - 4, 4, ".lot") != 0) continue;
        lots++;
        CHECK(d.help_en.find(limit) != std::string::npos);
        CHECK(d.help_zh.find(limit) != std::string::npos);
    }
    CHECK(lots > 8);
}

// test_fab_lessons.cpp — the numbers the fab lessons (assets/lessons.json) quote, held
// to the model within 5%. Each case names its lesson and step and runs what the
// lesson player runs there (seed 1, the step's preset and settings, its run time).
#include <catch2/catch.hpp>

#include "fab/fab_model.h"

using namespace tj;
using namespace tj::fab;

namespace {

// The model after `weeks`, from the defaults with a preset and settings applied.
std::vector<Metric> run(const char* preset, std::initializer_list<std::pair<const char*, double>> set, double weeks) {
    ParamValues v(fab_registry());
    if (preset) REQUIRE(v.apply(*fab_registry().find_preset(preset)) == "");
    for (auto& [id, x] : set) REQUIRE(v.set(id, x) == "");
    FabModel m;
    m.reset(v, 1);
    m.advance_to(weeks * kWeek);
    return m.metrics();
}

void near(const std::vector<Metric>& ms, const char* id, double quoted) {
    INFO(id << " quoted " << quoted);
    CHECK(metric_value(ms, id) == Approx(quoted).epsilon(0.05));
}

}  // namespace

TEST_CASE("lesson respin-weakest-link: the quoted numbers") {
    near(run("fab.no_respin", {}, 60), "nominal_rate_gpus_week", 11060);  // step 1
    auto w44 = run("fab.record_2024", {}, 44);                            // steps 3 and 4
    near(w44, "pack_starved", 0.90);
    near(w44, "buf_hbm_units", 3e6);
    near(w44, "buf_substrate_units", 480000);
    CHECK(metric_value(w44, "buf_hbm_implausible") == 1);
    CHECK(metric_value(w44, "shipments_week_gpus") == 0);
    near(w44, "backlog_gpus", 56500);
    near(w44, "hold_pile_wafers", 6800);
    auto w70 = run("fab.record_2024", {}, 70);  // step 5
    near(w70, "masks_ready_week", 34);
    near(w70, "qualification_out_week", 38.4);  // the lots out in week 38, tested a week
    near(w70, "fab_restart_week", 39.4);
    near(w70, "first_volume_week", 54);
    near(w70, "no_respin_first_volume_week", 35);
    near(w70, "gpus_lost_to_respin", 22600);
    near(w70, "no_respin_hbm_scrapped_parts", 2.1e6);
    near(w70, "hbm_scrapped_parts", 570000);
    near(w70, "peak_backlog_gpus", 142600);
}

TEST_CASE("lesson verify-early: the quoted numbers") {
    auto base = run("fab.record_2024", {}, 60);
    near(base, "first_volume_week", 54);
    near(base, "cum_shipped_gpus", 84000);
    auto w20 = run("fab.record_2024", {{"fab.respin.discovery_week", 20}}, 60);
    near(w20, "cum_shipped_gpus", 142500);
    near(w20, "first_volume_week", 46);
    auto w14 = run("fab.record_2024", {{"fab.respin.discovery_week", 14}}, 60);
    near(w14, "first_volume_week", 40);
    near(w14, "cum_shipped_gpus", 208100);
    auto full = run("fab.record_2024", {{"fab.respin.kind", 0}}, 60);
    near(full, "cum_shipped_gpus", 24700);
    // Nearly all made before discovery: shipped by week 50, when the pipe had drained.
    CHECK(metric_value(run("fab.record_2024", {{"fab.respin.kind", 0}}, 50), "cum_shipped_gpus") >
          0.95 * metric_value(full, "cum_shipped_gpus"));
    CHECK(metric_value(full, "first_volume_week") == -1);
    near(run("fab.record_2024", {{"fab.respin.past_hold", 1}}, 60), "cum_shipped_gpus", 113100);
}

TEST_CASE("lesson bottleneck-moves: the quoted numbers") {
    auto s0 = run("fab.no_respin", {}, 60);
    near(s0, "pack_nominal_gpus_week", 11060);
    near(s0, "hbm_nominal_gpus_week", 11410);
    near(s0, "substrate_nominal_gpus_week", 11740);
    near(s0, "fab_nominal_gpus_week", 12000);
    // Weekly counts come in whole racks and wobble with the fab's load: rates are means over 10 weeks.
    auto rate_50_60 = [](std::initializer_list<std::pair<const char*, double>> set) {
        return (metric_value(run("fab.no_respin", set, 60), "cum_shipped_gpus") -
                metric_value(run("fab.no_respin", set, 50), "cum_shipped_gpus")) / 10;
    };
    CHECK(rate_50_60({}) == Approx(11000).epsilon(0.05));
    CHECK(rate_50_60({{"fab.pack.capacity", 18000}}) == Approx(12000).epsilon(0.05));
    auto pile = run("fab.no_respin", {{"fab.pack.capacity", 18000}, {"fab.fab.capacity", 1000}}, 80);
    near(pile, "shipments_week_gpus", 16500);
    CHECK(metric_value(pile, "buf_hbm_units") > 20000);  // still eating the pile
    auto gone = run("fab.no_respin", {{"fab.pack.capacity", 18000}, {"fab.fab.capacity", 1000}}, 88);
    CHECK(metric_value(gone, "buf_hbm_units") < 20000);  // gone around week 82
    // From week 100 on, about 11,200 a week (the mean: weekly counts come in whole racks).
    double from100 = metric_value(run("fab.no_respin", {{"fab.pack.capacity", 18000}, {"fab.fab.capacity", 1000}}, 100),
                                  "cum_shipped_gpus");
    double at140 = metric_value(run("fab.no_respin", {{"fab.pack.capacity", 18000}, {"fab.fab.capacity", 1000}}, 140),
                                "cum_shipped_gpus");
    CHECK((at140 - from100) / 40 == Approx(11200).epsilon(0.05));
    auto dip = run("fab.bottleneck_moves", {}, 66);
    near(dip, "rack_nominal_gpus_week", 8100);
    near(dip, "buf_trays_units", 2400);
    auto after = run("fab.bottleneck_moves", {}, 85);
    near(after, "peak_backlog_gpus", 159700);
    near(after, "backlog_gpus", 96000);
}

TEST_CASE("lesson derivative-decouples: the quoted numbers") {
    auto hold = run("fab.record_2024", {}, 44);  // step 1
    CHECK(metric_value(hold, "shipments_week_gpus") == 0);
    near(hold, "backlog_gpus", 56500);
    auto w44 = run("fab.record_2024", {{"fab.deriv.enabled", 1}}, 44);  // step 2
    CHECK(metric_value(w44, "shipments_week_gpus") == 0);  // the two-die part still ships nothing
    near(w44, "deriv_shipped_week", 3500);
    near(w44, "deriv_shipped_units", 48000);
    auto w70 = run("fab.record_2024", {{"fab.deriv.enabled", 1}}, 70);  // step 3
    near(w70, "first_volume_week", 54);
    CHECK(metric_value(w70, "first_volume_week") ==
          metric_value(run("fab.record_2024", {}, 70), "first_volume_week"));  // "still": the same week without it
    near(w70, "deriv_shipped_in_hold", 83900);
    near(w70, "cum_shipped_gpus", 173900);
    near(run("fab.record_2024", {}, 70), "cum_shipped_gpus", 188100);
}

TEST_CASE("lesson hot-lots-x-factor: the quoted numbers") {
    auto full = run("fab.no_respin", {}, 60);  // step 1
    near(full, "fab_load_now", 0.85);
    near(full, "fab_cycle_now_weeks", 14.0);
    near(full, "fab_raw_weeks", 4.7);
    near(full, "fab_x_factor_now", 3);
    auto capped = run("fab.no_respin", {{"fab.line.conwip_wafers", 7000}}, 80);  // step 2
    near(capped, "fab_load_now", 0.79);
    near(capped, "fab_cycle_now_weeks", 11.2);
    // Its queueing (cycle - raw) shrinks by a larger share than its load.
    double wait_full = metric_value(full, "fab_cycle_now_weeks") - metric_value(full, "fab_raw_weeks");
    double wait_capped = metric_value(capped, "fab_cycle_now_weeks") - metric_value(capped, "fab_raw_weeks");
    CHECK(1 - wait_capped / wait_full > 3 * (1 - metric_value(capped, "fab_load_now") / metric_value(full, "fab_load_now")));
    double rate = (metric_value(capped, "cum_shipped_gpus") -
                   metric_value(run("fab.no_respin", {{"fab.line.conwip_wafers", 7000}}, 70), "cum_shipped_gpus")) / 10;
    CHECK(rate == Approx(6900).epsilon(0.05));
    // Steps 3 and 4: 2024 with 30% hot lots after the fix, against the same without.
    auto hot = run("fab.record_2024", {{"fab.fab.hot_share", 0.3}}, 60);
    auto plain = run("fab.record_2024", {}, 60);
    near(hot, "fab_hot_cycle_now_weeks", 6.8);
    near(hot, "fab_cycle_now_weeks", 18.1);
    near(plain, "fab_cycle_now_weeks", 14.9);
    near(hot, "first_volume_week", 55);
    near(plain, "first_volume_week", 54);
    CHECK(metric_value(hot, "first_volume_week") > metric_value(plain, "first_volume_week"));
    near(hot, "gpus_lost_to_respin", 71600);
    near(plain, "gpus_lost_to_respin", 68800);
    CHECK(metric_value(hot, "gpus_lost_to_respin") > metric_value(plain, "gpus_lost_to_respin"));
}

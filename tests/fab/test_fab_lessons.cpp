// test_fab_lessons.cpp — what the fab lessons (assets/lessons.json) say in words rather
// than in one figure, held to the model: nothing ships, a pile is gone by a week, one run
// starts volume later than another. The lessons' figures themselves are held in
// tests/lessons/captions.tsv. Each case runs what the lesson player runs there (seed 1,
// the step's preset and settings, its run time).
#include <catch2/catch.hpp>

#include <cmath>

#include "core/fab/fab_model.h"

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

}  // namespace

TEST_CASE("lesson respin-weakest-link: what the captions say in words") {
    auto w44 = run("fab.record_2024", {}, 44);                   // steps 3 and 4
    // "what the plan had already sent on its way kept arriving": higher than at discovery, not implausible.
    CHECK(metric_value(w44, "buf_hbm_units") > 1.3 * metric_value(run("fab.record_2024", {}, 28), "buf_hbm_units"));
    CHECK(metric_value(w44, "buf_hbm_implausible") == 0);
    CHECK(metric_value(w44, "shipments_week_gpus") == 0);        // "no racks ship at all"
    // "the pile grew to that level; then the supplier stopped": about 4 weeks of the
    // plan's use (lead time plus target stock), and the supplier idle.
    // The plan is the chain's rate at normal yields: the same chain without the flaw.
    const double plan_gpus = metric_value(run("fab.no_respin", {}, 44), "pack_nominal_gpus_week");
    const double plan_stacks = plan_gpus * metric_value(w44, "hbm_stacks_per_gpu");
    CHECK(metric_value(w44, "buf_hbm_units") == Approx(4 * plan_stacks).epsilon(0.1));
    CHECK(metric_value(w44, "hbm_busy") < 0.05);
    auto w54 = run("fab.record_2024", {}, 54);
    auto w70 = run("fab.record_2024", {}, 70);                   // step 5
    auto w80 = run("fab.record_2024", {}, 80);
    // "until volume restarts in week 54 it loses nearly a full week of the chain's output
    // each week ... after that the loss grows ever more slowly, and by week 70 it has stopped"
    const double lost44 = metric_value(w44, "gpus_lost_to_respin"), lost54 = metric_value(w54, "gpus_lost_to_respin");
    const double lost70 = metric_value(w70, "gpus_lost_to_respin"), lost80 = metric_value(w80, "gpus_lost_to_respin");
    CHECK((lost54 - lost44) / 10 > 0.85 * plan_gpus);
    CHECK((lost70 - lost54) / 16 < 0.25 * (lost54 - lost44) / 10);
    CHECK(std::abs(lost80 - lost70) < 0.01 * lost70);
    // "came out of the fab in week 38 and passed their tests a week later"
    CHECK(metric_value(w70, "fab_restart_week") - metric_value(w70, "qualification_out_week") == Approx(1).epsilon(0.05));
}

TEST_CASE("lesson verify-early: what the captions say in words") {
    auto full = run("fab.record_2024", {{"fab.respin.kind", 0}}, 60);
    // "nearly all from wafers made before the flaw was found": shipped by week 50, when the pipe had drained.
    CHECK(metric_value(run("fab.record_2024", {{"fab.respin.kind", 0}}, 50), "cum_shipped_gpus") >
          0.95 * metric_value(full, "cum_shipped_gpus"));
    CHECK(metric_value(full, "first_volume_week") == -1);  // "and no volume yet"
}

TEST_CASE("lesson bottleneck-moves: what the captions say in words") {
    // Step 2: "no pile hides it": HBM, shipped to the plan, binds from the start.
    auto w80 = run("fab.no_respin", {{"fab.pack.capacity", 18000}, {"fab.fab.capacity", 1000}}, 80);
    CHECK(metric_value(w80, "buf_hbm_implausible") == 0);
    CHECK(metric_value(w80, "bottleneck_station") == double(kStHbmSupply));
    // Step 3: "packaging uses the stacks about as fast as they arrive (... under a day's use)".
    auto w140 = run("fab.no_respin", {{"fab.pack.capacity", 18000}, {"fab.fab.capacity", 1000}}, 140);
    CHECK(metric_value(w140, "buf_hbm_units") <
          metric_value(w140, "hbm_nominal_gpus_week") * metric_value(w140, "hbm_stacks_per_gpu") / 7);
    // Step 4: "Rack integration becomes the bottleneck": by week 71 it has worked without a
    // break through the last 8 weeks, as packaging has, and it is the slower of the two.
    const std::initializer_list<std::pair<const char*, double>> dip = {
        {"fab.pack.capacity", 12000}, {"fab.fab.capacity", 700}, {"fab.dip.weeks", 12}};
    auto w71 = run("fab.bottleneck_moves", dip, 71);
    CHECK(metric_value(w71, "bottleneck_station") == double(kStRack));
    CHECK(metric_value(w71, "bottleneck_shifting") == 0);
    CHECK(metric_value(w71, "rack_busy") > 0.999);
    CHECK(metric_value(w71, "pack_busy") > 0.999);
    // Step 5: "the bottleneck returns to packaging" by week 85.
    CHECK(metric_value(run("fab.bottleneck_moves", dip, 85), "bottleneck_station") == double(kStPack));
}

TEST_CASE("lesson derivative-decouples: what the captions say in words") {
    // Step 1: "what shipped before orders began in week 35 went to stock".
    auto w35 = run("fab.record_2024", {}, 35);
    CHECK(metric_value(w35, "cum_demand_gpus") == 0);
    CHECK(metric_value(w35, "cum_shipped_gpus") > 0);
    auto w44 = run("fab.record_2024", {{"fab.deriv.enabled", 1}}, 44);  // step 2
    CHECK(metric_value(w44, "shipments_week_gpus") == 0);  // the two-die part still ships nothing
    auto w70 = run("fab.record_2024", {{"fab.deriv.enabled", 1}}, 70);  // step 3
    auto plain70 = run("fab.record_2024", {}, 70);
    CHECK(metric_value(w70, "first_volume_week") == metric_value(plain70, "first_volume_week"));  // "still": the same week without it
    // Step 3's reveal: "once volume runs, it ships nearly as fast with or without the
    // derivative" (within 3% in week 70), "the dies piled up during the hold feed its
    // packaging then" (a pile over two weeks of its packaging's rate), "the HBM supplier,
    // now the bottleneck as the headline says".
    CHECK(metric_value(w70, "shipments_week_gpus") > 0.97 * metric_value(plain70, "shipments_week_gpus"));
    CHECK(metric_value(w70, "pack_buffer") > 2 * metric_value(w70, "pack_nominal_gpus_week"));
    CHECK(metric_value(w70, "bottleneck_station") == double(kStHbmSupply));
    CHECK(metric_value(w70, "bottleneck_shifting") == 0);
}

TEST_CASE("lesson hot-lots-x-factor: what the captions say in words") {
    auto full = run("fab.no_respin", {}, 60);                                     // step 1
    auto capped = run("fab.no_respin", {{"fab.line.conwip_wafers", 7000}}, 80);  // step 2
    // "the queues shrink much faster than the load": queueing (cycle - raw) by a larger share.
    double wait_full = metric_value(full, "fab_cycle_now_weeks") - metric_value(full, "fab_raw_weeks");
    double wait_capped = metric_value(capped, "fab_cycle_now_weeks") - metric_value(capped, "fab_raw_weeks");
    CHECK(1 - wait_capped / wait_full > 3 * (1 - metric_value(capped, "fab_load_now") / metric_value(full, "fab_load_now")));
    // Steps 3 and 4: "it does not even pay": volume later, more lost.
    auto hot = run("fab.record_2024", {{"fab.fab.hot_share", 0.3}}, 60);
    auto plain = run("fab.record_2024", {}, 60);
    CHECK(metric_value(hot, "first_volume_week") > metric_value(plain, "first_volume_week"));
    CHECK(metric_value(hot, "gpus_lost_to_respin") > metric_value(plain, "gpus_lost_to_respin"));
}

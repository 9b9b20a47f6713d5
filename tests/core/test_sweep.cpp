// test_sweep.cpp — every scene survives every parameter at its extremes and at random
// settings: finite metrics, a bounded segment buffer, bounded work per advance_to.
//
// Each setting runs 20 natural time units (decode steps, weeks) in calls capped at
// kCap events, so a setting that would generate unbounded work still returns.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/rng.h"
#include "core/scenes/scenes.h"

using namespace tj;

namespace {

constexpr uint64_t kCap = 200000;
constexpr int kCalls = 3;

void run_and_check(Model& m, const ParamValues& v, const std::string& what) {
    INFO(m.scene_id() << ": " << what);
    m.reset(v, 7);
    double t_end = 20 * m.natural_time_unit();
    REQUIRE(std::isfinite(t_end));
    REQUIRE(t_end > 0);
    double last = m.now();
    for (int call = 0; call < kCalls; call++) {
        bool reached = m.advance_to(t_end, kCap);
        REQUIRE(m.now() >= last);  // time never goes back
        REQUIRE(m.now() <= t_end);
        last = m.now();
        REQUIRE(m.segments().items().size() <= m.segments().capacity());
        for (const Metric& x : m.metrics()) {
            INFO("metric " << x.id << " = " << x.value);
            REQUIRE(std::isfinite(x.value));
        }
        if (reached) break;
    }
}

}  // namespace

TEST_CASE("registry sweep: every scene, every parameter at min, max and random settings") {
    for (const std::string& scene : scene_ids()) {
        std::unique_ptr<Model> m = make_model(scene);
        REQUIRE(m);
        CHECK(scene == m->scene_id());
        const ParamRegistry& reg = m->registry();
        REQUIRE(reg.size() > 0);
        for (size_t i = 0; i < reg.size(); i++) {
            for (double x : {reg[i].min, reg[i].max}) {
                ParamValues v(reg);
                REQUIRE(v.set(i, x) == "");
                run_and_check(*m, v, reg[i].id + " = " + format_param_value(x));
            }
        }
        Rng rng(1234);
        for (int k = 0; k < 20; k++) {
            ParamValues v(reg);
            for (size_t i = 0; i < reg.size(); i++) REQUIRE(v.set(i, param_from_unit(reg[i], rng.uniform())) == "");
            run_and_check(*m, v, "random setting " + std::to_string(k));
        }
        for (const Preset& p : reg.presets()) {
            ParamValues v(reg);
            REQUIRE(v.apply(p) == "");
            run_and_check(*m, v, "preset " + p.id);
        }
    }
}

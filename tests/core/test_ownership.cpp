// test_ownership.cpp — registries outlive models (model.h, "Ownership"): a value set
// made on one model stays valid after that model is replaced by its clone and
// dropped, as rewind does. Under the sanitizer build a dangling registry is a
// heap-use-after-free report; in any build the registry's address must be shared.
#include <catch2/catch.hpp>

#include "core/scenario.h"
#include "core/scenes/scenes.h"

using namespace tj;

TEST_CASE("every scene: a clone shares the one static registry, and values outlive the original") {
    for (const std::string& scene : scene_ids()) {
        INFO("scene " << scene);
        std::unique_ptr<Model> m = make_model(scene);
        REQUIRE(m);
        const ParamRegistry* reg = &m->registry();
        CHECK(scene_registry(scene) == reg);
        ParamValues v(m->registry());
        m->advance_to(20 * m->natural_time_unit(), 100000);
        std::unique_ptr<Model> copy = m->clone();
        REQUIRE(copy);
        CHECK(&copy->registry() == reg);
        m = std::move(copy);  // the original is freed here, as in a rewind
        CHECK(&make_model(scene)->registry() == reg);

        // The values still name the registry and can be changed, read and applied.
        const ParamDef& def = v.registry()[0];
        double other = def.max != def.def ? def.max : def.min;
        CHECK(v.set(0, other) == "");
        CHECK(v[0] == other);
        m->reset(v, 2);
        CHECK(m->advance_to(5 * m->natural_time_unit(), 100000));

        // A link made from the kept values parses and applies against the same registry.
        Scenario s = make_scenario(scene, v, 2, 0), back;
        REQUIRE(scenario_from_url(scenario_to_url(s), scene_registry, back) == "");
        ParamValues w(m->registry());
        CHECK(apply_scenario(back, w) == "");
        CHECK(w == v);
    }
}

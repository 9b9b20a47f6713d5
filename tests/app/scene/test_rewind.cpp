// test_rewind.cpp — what rewind and links rely on, for every scene: a run's state at
// time t does not depend on how the way to t was cut into frames, and a snapshot
// (Model::clone) continues exactly as the original. So rewinding to t and playing
// forward gives the same metrics as the first pass through t.
#include <catch2/catch.hpp>

#include "core/scenes/scenes.h"

using namespace tj;

static std::vector<double> values_of(const Model& m) {
    std::vector<double> v;
    for (auto& x : m.metrics()) v.push_back(x.value);
    return v;
}

TEST_CASE("rewind: the state at t does not depend on how the run got there") {
    for (const std::string& scene : scene_ids()) {
        INFO("scene " << scene);
        auto frames = make_model(scene), once = make_model(scene);
        ParamValues v(frames->registry());
        frames->reset(v, 42);
        once->reset(v, 42);
        double unit = frames->natural_time_unit(), end = unit * 60;
        // Uneven "frames", as a real display would give.
        for (int i = 1; frames->now() < end && i < 100000; i++)
            frames->advance_to(std::min(end, frames->now() + unit * (0.05 + 0.37 * (i % 7))));
        while (once->now() < end) once->advance_to(end, 1000000);
        CHECK(frames->now() == once->now());
        CHECK(values_of(*frames) == values_of(*once));
    }
}

TEST_CASE("rewind: a snapshot continues exactly as the original") {
    for (const std::string& scene : scene_ids()) {
        INFO("scene " << scene);
        auto m = make_model(scene);
        ParamValues v(m->registry());
        m->reset(v, 7);
        double unit = m->natural_time_unit();
        m->advance_to(unit * 30);
        std::unique_ptr<Model> copy = m->clone();
        if (!copy) {
            WARN(scene << " cannot copy itself: rewinds replay from the start");
            continue;
        }
        m->advance_to(unit * 70);
        copy->advance_to(unit * 70);
        CHECK(values_of(*m) == values_of(*copy));
    }
}

// token_run.h — a token model with its parameter values, for tests: set presets and
// parameters, start, read metrics by id.
#pragma once
#include <catch2/catch.hpp>

#include <cmath>

#include "token/token_model.h"

namespace tj {

struct TokenRun {
    TokenModel m;
    ParamValues v{m.registry()};
    void preset(const char* id) {
        const Preset* p = m.registry().find_preset(id);
        REQUIRE(p);
        REQUIRE(v.apply(*p) == "");
    }
    void set(const char* id, double x) { REQUIRE(v.set(id, x) == ""); }
    void start(uint64_t seed = 1) { m.reset(v, seed); }
    double metric(const char* id) const { return metric_value(m.metrics(), id, NAN); }
    // Advances in slices until pred holds or the simulated time limit passes.
    template <class Pred>
    void run_until(Pred pred, double t_limit) {
        while (!pred() && m.now() < t_limit) m.advance_to(m.now() + 0.05, 200000);
    }
};

}  // namespace tj

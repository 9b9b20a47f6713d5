// token_run.h — a token model with its parameter values, for tests: set presets and
// parameters, start, read metrics by id.
#pragma once
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <string>

#include "core/text/bpe.h"
#include "core/token/token_model.h"

namespace tj::token {

// Whether the BPE vocabularies are where the tokenizer looks. Tests that need them
// print "SKIPPED: <why>" and return when they are not (CTest reports those as skipped);
// the hidden tests tagged [no-vocab] run with the folder pointed elsewhere (extra.cmake)
// and check the stand-in.
inline bool have_vocabularies() {
    for (const char* name : {"cl100k_base", "o200k_base"})
        if (!std::ifstream(vocab_file(default_vocab_dir(), name)).good()) return false;
    return true;
}
inline std::string no_vocabulary_reason() {
    return "SKIPPED: no BPE vocabulary in " + default_vocab_dir() + " (scripts/fetch_vocab.sh brings it)";
}

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

}  // namespace tj::token

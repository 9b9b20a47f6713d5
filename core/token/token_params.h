// token_params.h — the token scene's stations, parameter registry and presets.
//
// Every number the token model uses is a parameter here, with id
// "token.<word>.<name>", labels and help in English and Chinese, unit, range,
// scale and the source of its default. A station's sliders are the group named after
// it ("token.tokenizer", "token.hbm"), as in the chain; what belongs to no one station
// has a group of its own (run, model, host, serve, spec, energy, view). Hardware
// presets (kind "hardware") set the chip's and its links' figures and come with their
// usual serving stack (kind "stack": launches, fixed costs, how reductions cross the
// mesh); model presets (kind "model") set the model group from the model's published
// config.json; number formats (kind "format") set the weights' bits, scales included,
// and the format the multiplies run in.
// Capacities and bandwidths of memories are per chip; the model multiplies by the
// number of chips.
//
// Usage:
//   const ParamRegistry& reg = token_registry();   // one for the whole program
//   ParamValues v(reg); v.apply(*reg.find_preset("hw.h100_sxm"));
//   const StationInfo& t = station_text(kStTokenizer);  // names, unit, lesson
#pragma once
#include <cstdint>
#include <vector>

#include "core/model.h"
#include "core/params.h"

namespace tj::token {

// The stations, in the order a request meets them (indices into Model::stations()).
enum TokenStation : uint16_t {
    kStPrompt = 0, kStTokenizer, kStH2d, kStMesh, kStSram, kStDram3d, kStHbm, kStHostMem, kStSampler, kStD2h,
    kStDetok, kStScreen, kStationCount
};
// A station's id, names, unit (what goes through it) and lesson line; all of them in order.
const StationInfo& station_text(int station);
std::vector<StationInfo> station_texts();

// The token scene's registry: built on first use and alive until the program ends,
// so models, their clones and value sets can all point at it (see model.h).
const ParamRegistry& token_registry();
// Fills reg with the token scene's groups, parameters and presets.
void build_token_registry(ParamRegistry& reg);

// Choice values, in the order of their choices_en lists.
enum TokenRunMode { kClosedBatch = 0, kOpenArrivals = 1 };
enum TokenSamplerPlace { kSamplerOnDevice = 0, kSamplerOnHost = 1 };
enum TokenDetokMode { kDetokIncremental = 0, kDetokNaive = 1 };
enum TokenKvPolicy { kKvPaged = 0, kKvOffload = 1 };
enum TokenPreempt { kPreemptRecompute = 0, kPreemptSwap = 1 };
enum TokenScheduler { kPrefillFirst = 0, kMixedChunked = 1 };
enum TokenLengthDist { kLengthFixed = 0, kLengthUniform = 1, kLengthLognormal = 2 };

}  // namespace tj::token

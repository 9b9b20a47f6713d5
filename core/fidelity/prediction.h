// prediction.h — the prediction card: what this computer's measured figures
// (token/measured_machine.h) allow one user, for three model sizes at 4 and 16 bits,
// through the same path as the fidelity table's rows (fidelity.h): the token model
// run on the preset hw.measured with the figures set, reading tokens per second per
// sequence.
//
// Each case: Llama-3.2-1B, Llama-3.1-8B or Llama-3.1-70B; weights of 4.5 bits (4-bit
// with a 16-bit scale per 32 weights, as q4f16_1 and the MLC rows) or 16; one user,
// a 64-token prompt, answers of 256. The card says the memory the weights need against
// what the browser reports, and where the step sits on the roofline (its arithmetic
// intensity against the ridge, the rate over the bandwidth). Where the weights do not
// fit, the speed is still the one they would have in memory, and the card says so.
//
// Each speed is a range. The top reads at the measured bandwidth, as the visitor's
// streaming benchmark reached it. Engines stay under that: the published in-browser and
// native engines of the fidelity table (rows webllm_* and mlc_m3max_*, WebLLM and MLC-LLM
// on an M3 Max, arXiv:2412.15803) read at 0.38-0.65 of the memory's peak, and a
// streaming benchmark reads at most the peak; so the bottom reads at kEngineBwShareLow of
// the measured bandwidth, the same stack's fixed costs added to both.
//
// Usage:
//   std::vector<Prediction> ps = predict_measured(figures);   // six cases, 1B..70B x 4, 16 bits
//   FidelityRow row = prediction_row(figures, ps[0]);          // the row it ran
#pragma once
#include <string>
#include <vector>

#include "core/fidelity/fidelity.h"
#include "core/token/measured_machine.h"

namespace tj {

struct Prediction {
    std::string model;           // "Llama-3.1-8B"
    std::string preset;          // its model preset, "model.llama31_8b"
    std::string settings;        // the model's shape and bits, as a fidelity row's settings
    double weight_bits = 16;
    double need_gb = 0;          // weights, GB
    bool fits = false;           // need_gb <= the memory the browser reports (token::memory_in_use_gb)
    double tok_s = 0;            // the token model's speed for one user, at the measured bandwidth: the top
    double tok_s_low = 0;        // the same at kEngineBwShareLow of it: the bottom
    double closed_form = 0;      // token::closed_form_tok_s at the run's mean context, the top's
    double intensity = 0;        // FLOP per byte of a decode step
    double ridge = 0;            // FLOP/s over bytes/s: where compute starts to bind
    std::string error;           // non-empty when the run failed
};

// The lowest share of the memory's peak bandwidth a published engine reached (speed x
// bytes a token reads / peak): WebLLM's Phi-3.5-mini on an M3 Max, the fidelity row
// webllm_m3max_phi35_mini_q4, 0.386, rounded down (a test holds it to the table's rows).
constexpr double kEngineBwShareLow = 0.38;
// The figures with the bandwidth at kEngineBwShareLow of the measured one.
token::MeasuredFigures engine_low_figures(const token::MeasuredFigures& f);

// The model shape a prediction ran: its preset, then its settings.
token::ModelShape prediction_shape(const Prediction& p);

// The three sizes at 4.5 and 16 bits, run on the figures (checked first: a refused
// figure gives one Prediction whose error says why).
std::vector<Prediction> predict_measured(const token::MeasuredFigures& f);
// The fidelity row a prediction runs: presets hw.measured and the model, settings the
// figures, the memory raised to hold the weights, the shape and bits, one user.
FidelityRow prediction_row(const token::MeasuredFigures& f, const std::string& model_preset,
                           const std::string& shape_settings, double need_gb);

}  // namespace tj

// measured_card.h — "This computer on the roofline": the state of the page's
// benchmark of this computer (web/static/measure.js) and the card that shows it.
//
// The page reports the run's progress and its end through the JavaScript API
// (js_api.cpp: tj_measure_*); figures that pass check_measured() become the token
// scene's hw.measured preset (token/measured_machine.h) and the prediction card
// (fidelity/prediction.h). A refused report, a second start, a hidden page: the
// message says why and the last good figures stay.
//
// Usage:
//   MeasuredComputer& mc = measured_computer();
//   mc.progress(0.4, "measured.note_gpu_read"); // from the page: a share and a string-table key
//   std::string err = mc.finish(figures);       // "" or why refused
//   mc.draw_card(false, false);                 // the card's content, at the cursor
//   if (mc.card_open()) mc.draw_window(w, h);   // or as its own window
#pragma once
#include <string>
#include <vector>

#include "core/fidelity/prediction.h"
#include "core/token/measured_machine.h"

class MeasuredComputer {
public:
    // The page started a run (false: one is under way, and the message says so).
    bool start();
    void progress(double share, const std::string& note);
    // The run's figures: installed as hw.measured, with the prediction card; "" or why refused.
    std::string finish(const tj::token::MeasuredFigures& f);
    // The run ended without figures (no WebGPU device, hidden page, stopped): the last good ones stay.
    void fail(const std::string& why);
    bool running() const { return running_; }
    bool measured() const { return measured_; }
    const tj::token::MeasuredFigures& figures() const { return figures_; }
    const std::vector<tj::Prediction>& predictions() const { return predictions_; }
    std::string state_json() const;  // state().measured
    // The card's content: the buttons, the figures, the method and its limits, the
    // predictions. `compact` (a lesson's card): the figures and the Llama-3.1-8B rows the
    // lesson asks about; the method, the range, the roofline and the stack in one line that
    // says where they are written out (the card of Help > This computer on the roofline).
    // `held`: a lesson's question on these speeds is open, so the predictions wait for its answer.
    void draw_card(bool compact, bool held);
    // What the buttons ask of the scene whose parameters hold the preset: use it, or race it.
    static constexpr const char* kPreset = "hw.measured";
    static constexpr const char* kRacePair = "measured_h100";  // this computer against an H100
    bool use_requested() { bool r = use_; use_ = false; return r; }
    bool race_requested() { bool r = race_; race_ = false; return r; }
    // What the token scene runs on, told each frame: this computer's measured figures,
    // figures measured elsewhere (a link carries them as parameters), the stand-in, or none.
    void note_token_values(const tj::ParamValues& v);
    // The card as a window of its own (Help > This computer on the roofline).
    bool card_open() const { return open_; }
    void open_card(bool on) { open_ = on; }
    void draw_window(int win_w, int win_h);
    // Whether a run ended with new figures since the last call (a lesson on them shows its step again).
    bool news() { bool r = news_; news_ = false; return r; }

private:
    bool running_ = false, measured_ = false, use_ = false, race_ = false, open_ = false, news_ = false;
    enum class InUse { kNone, kHere, kLink, kStandIn, kMoved } in_use_ = InUse::kNone;
    tj::token::MeasuredFigures in_use_figures_;
    double progress_ = 0;
    std::string note_, message_;
    tj::token::MeasuredFigures figures_;
    std::vector<tj::Prediction> predictions_;
};

MeasuredComputer& measured_computer();

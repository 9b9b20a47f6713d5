// pace.h — which stage of the token route sets the pace of a phase (decode steps,
// prefill steps), measured one way for the map's headline, the station cards, the
// share_* metrics and the lessons.
//
// The method is the active-period method of Roser, Nakano and Tanaka ("Shifting
// bottleneck detection", Proc. Winter Simulation Conference 2002): the bottleneck is
// the stage that is active, neither starved nor blocked, the longest; a stage that
// waits for another is not the bottleneck. On the token route:
//   - the device runs one step at a time. In a step its parts (compute, each memory
//     level, the NoC, the chip links, overheads) all work on it, and the part whose
//     time alone is the longest (StepCost::bottleneck) is active throughout while the
//     others finish early and wait for it: that part holds the step's time;
//   - the host stages (tokenizer, the two links, the sampler on the host, the
//     detokenizer) work beside the device, each for the work it is given. One that is
//     given more work than the device's steps take (it is active longer than the
//     device) sets the pace: the device waits for it, or the tokens pile up in front of
//     it and reach the screen later. One that is given less waits for the device.
// Over a window (the phase's latest steps, back to a stated span of their time with
// the device's waits before them):
//   - a host stage active longer than the device is the bottleneck;
//   - else, when the device worked at least half the window, the part that held at
//     least 3/4 of its steps' time is; when it held less, the bottleneck is shifting
//     between it and the part that held the most of the rest;
//   - else (the device mostly waited for work) no stage binds.
// A stage active within kPaceTie of the winner's time shifts with it.
// Each stage's busy share is its busy time in the window over the window's span (a
// host stage's: the work it was given, at most the span): the one number written for it.
// A step is a decode step when it only makes tokens for decoding sequences (decode,
// verify); a step that reads prompt chunks in is a prefill step (prefill, and mixed
// steps, whose time the chunks they carry set); a prefill window of mostly mixed steps
// is named as such ("of mixed steps"). The headline measures the phase of the step
// under way (the last step's while the device waits), the step the map shows, unless
// the view keeps to one phase (token.view.headline_phase).
//
// Usage:
//   std::deque<PaceSample> log;                    // the model keeps the latest kPaceSamples
//   log.push_back(sample);                         // at every step's end
//   PaceMeasure m = measure_pace(log, kPhaseDecode, kPaceWindowS);
//   pace_window_words(m, false)                    // "the last 290 ms of decode steps"
//   m.stage (-1: none binds, or shifting between m.between[0] and m.between[1]), m.share[s]
#pragma once
#include <deque>
#include <string>

#include "core/token/step_cost.h"

namespace tj::token {

// Stages that can be the bottleneck: the step's parts (StepPart, step_cost.h), then the
// links and the host stages.
enum TokenStage : int {
    kStageH2d = kPartCount, kStageD2h, kStageTokenizer, kStageDetok, kStageSampler, kStageCount
};
enum PacePhase : int { kPhaseDecode = 0, kPhasePrefill = 1 };

constexpr double kPaceWindowS = 2.0;  // the span measured: the phase's steps of the last 2 s
constexpr size_t kPaceSamples = 2048;  // steps kept (a 1 ms step fills the window in 2,000)
constexpr double kPaceTie = 0.03;      // two stages active within 3% of the window shift

// One device step and the wait before it.
struct PaceSample {
    double start = 0, end = 0;  // the step, host work it waited for included
    double wait = 0;            // the device's idle time since the previous step ended
    int phase = kPhaseDecode;
    bool mixed = false;         // a prefill-phase step that also made answers' tokens
    int holder = 0;             // the StepPart that held the step (its longest part)
    double busy[kStageCount] = {};  // parts: their time in the step; host stages: the work given since the last step
};

struct PaceMeasure {
    int phase = kPhaseDecode;
    int steps = 0;            // the phase's steps in the window (0: none yet)
    bool mixed = false;       // most of them were mixed steps (prompt chunks beside answers)
    double window_s = 0;      // the span measured
    int stage = -1;           // the bottleneck, -1 when none binds or it shifts
    bool shifting = false;
    int between[2] = {-1, -1};  // while shifting: the two stages, the more active first
    double share[kStageCount] = {};  // busy share of the window, per stage
};

PaceMeasure measure_pace(const std::deque<PaceSample>& log, int phase, double window_s);
// The window in words: "the last 0.29 s of decode steps" / "最近 0.29 秒的解码步" (the span measured).
std::string pace_window_words(const PaceMeasure& m, bool zh);

}  // namespace tj::token

// model.h — what a scene's simulation gives the front end, the CLI and the tests.
//
// A Model owns its registry, runs on the Engine, and hands out three things:
//   - metrics by name (id, value, unit), for panels, the CLI, the JS API, CSV;
//   - parcel segments (parcel, kind, from, to, depart, arrive) for the renderer,
//     in a bounded buffer (see segments.h);
//   - its stations (id and labels), so panels and hover text can name them.
// Data flows one way: parameters -> reset() -> advance_to() -> metrics/segments.
//
// Ownership: a scene's ParamRegistry is one static object per scene
// (token_registry(), fab_registry()), built on first use and never freed. A Model
// only refers to it, and so do its clones and every ParamValues made from it, so
// replacing a model by a clone (rewind) or dropping the original leaves no value
// set pointing at freed memory.
//
// Usage:
//   std::unique_ptr<Model> m = make_model("token");   // see scenes.h
//   ParamValues v(m->registry());
//   m->reset(v, seed);
//   m->advance_to(m->now() + dt);
//   for (auto& x : m->metrics()) printf("%s = %g %s\n", x.id.c_str(), x.value, x.unit.c_str());
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "params.h"
#include "segments.h"

namespace tj {

struct Metric {
    std::string id;     // stable, e.g. "ttft_s"
    double value = 0;   // always finite (models replace NaN/inf by 0 and say why in notes)
    std::string unit;   // "s", "tok/s", "B", "pJ", ...
    std::string label_en, label_zh;
};

struct StationInfo {
    std::string id, label_en, label_zh;
    std::string lesson_en, lesson_zh;  // one line: what this station teaches
};

class Model {
public:
    // The scene's registry; lives until the program ends (see Ownership above).
    virtual ~Model() = default;
    virtual const char* scene_id() const = 0;          // "token" or "fab"
    virtual const ParamRegistry& registry() const = 0;
    // Restarts the run from time 0 with these values and seed.
    virtual void reset(const ParamValues& values, uint64_t seed) = 0;
    // Runs the simulation up to simulated time t (seconds). Bounded work per call:
    // max_events caps the events processed (0 = no cap); returns false if capped
    // before reaching t, so a frame never hangs on a huge step.
    virtual bool advance_to(double t, uint64_t max_events = 0) = 0;
    virtual double now() const = 0;
    // Applies new values to the running simulation without restarting it, when the
    // model can (rates, bandwidths, yields). Returns false when it cannot (shapes,
    // counts, anything "structural"): the caller then resets. Default: never live.
    virtual bool update_values(const ParamValues& values) { return false; }
    virtual std::vector<Metric> metrics() const = 0;
    virtual const std::vector<StationInfo>& stations() const = 0;
    // A copy of the whole run as it is now (for rewind snapshots), or nullptr when
    // the model cannot copy itself; the copy continues exactly as the original would.
    virtual std::unique_ptr<Model> clone() const { return nullptr; }
    virtual SegmentBuffer& segments() = 0;
    // A natural unit of time for this scene (1 decode step ~ 1e-3 s, 1 week = 604800 s),
    // used for the time lens and the CLI's default duration.
    virtual double natural_time_unit() const = 0;
    // The longest run (simulated seconds) that a link, a file, a lesson or the CLI may
    // ask for; check_run_time() refuses more, so no input can start hours of work.
    virtual double max_time() const = 0;
};

// "" when t is a time this model may be run to, else a message that names the limit.
std::string check_run_time(const Model& m, double t);

// Looks a metric up by id in a metrics() result; returns fallback when missing.
double metric_value(const std::vector<Metric>& ms, const std::string& id, double fallback = 0);

}  // namespace tj

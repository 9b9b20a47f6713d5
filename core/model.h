// model.h — what a scene's simulation gives the front end, the CLI and the tests.
//
// A Model refers to its scene's registry, runs on the Engine, and hands out three things:
//   - metrics by name (id, value, unit), for panels, the CLI, the JS API, CSV;
//   - parcel segments (parcel, kind, from, to, depart, arrive) for the renderer,
//     in a bounded buffer (see segments.h);
//   - its stations (id, names, unit and the line each teaches), so panels and hover text
//     can name them.
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
#include <utility>
#include <vector>

#include "core/params.h"
#include "core/segments.h"

namespace tj {

struct Metric {
    std::string id;     // stable, e.g. "ttft_s"
    double value = 0;   // always finite (models replace NaN/inf by 0 and say why in notes)
    std::string unit;   // "s", "tok/s", "B", "pJ", ...
    std::string label_en, label_zh;
};

// A station, as both scenes describe theirs: each keeps one table of these beside its
// parameters (core/token/token_params.cpp, core/fab/fab_params.cpp), in flow order.
struct StationInfo {
    std::string id;                    // "tokenizer", "pack": its sliders are the group "<scene>.<id>"
    std::string label_en, label_zh;    // the card's and the lists' name
    std::string unit_en, unit_zh;      // one of what goes through it: "token", "wafer"
    std::string lesson_en, lesson_zh;  // one line: what this station teaches
};

class Model {
public:
    virtual ~Model() = default;
    const char* scene_id() const { return scene_id_; }  // "token" or "fab"
    // The scene's registry; lives until the program ends (see Ownership above).
    const ParamRegistry& registry() const { return *registry_; }
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
    const std::vector<StationInfo>& stations() const { return stations_; }
    // A copy of the whole run as it is now (for rewind snapshots), or nullptr when
    // the model cannot copy itself; the copy continues exactly as the original would.
    virtual std::unique_ptr<Model> clone() const { return nullptr; }
    SegmentBuffer& segments() { return segments_; }
    // A natural unit of time for this scene (1 decode step ~ 1e-3 s, 1 week = 604800 s),
    // used for the time lens and the CLI's default duration.
    double natural_time_unit() const { return natural_time_unit_; }
    // The longest run (simulated seconds) that a link, a file, a lesson or the CLI may
    // ask for; check_run_time() refuses more, so no input can start hours of work.
    double max_time() const { return max_time_; }

protected:
    // What a scene's model is whatever its run: the scene's id and registry, its
    // stations, its natural time unit and its longest run.
    Model(const char* scene_id, const ParamRegistry& registry, std::vector<StationInfo> stations,
          double natural_time_unit, double max_time)
        : stations_(std::move(stations)), scene_id_(scene_id), registry_(&registry),
          natural_time_unit_(natural_time_unit), max_time_(max_time) {}

    std::vector<StationInfo> stations_;
    SegmentBuffer segments_{20000};  // the parcels a run draws, bounded (segments.h)

private:
    const char* scene_id_;
    const ParamRegistry* registry_;
    double natural_time_unit_, max_time_;
};

// "" when t is a time this model may be run to, else a message that names the limit.
std::string check_run_time(const Model& m, double t);

// Looks a metric up by id in a metrics() result; returns fallback when missing.
double metric_value(const std::vector<Metric>& ms, const std::string& id, double fallback = 0);

}  // namespace tj

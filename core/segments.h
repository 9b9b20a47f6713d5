// segments.h — parcel segments for the renderer, in a bounded buffer.
//
// A segment says: parcel P of kind K travels from station A to station B, leaving
// at time t0 and arriving at t1. The renderer interpolates the position on the GPU
// from the current time, so the picture never drifts from the simulation.
//
// The buffer holds at most `capacity` segments in flight. When a model emits more,
// segments of the same (kind, from, to) that depart within `fold_window` seconds of
// each other fold into one drawn parcel with a count: one drawn parcel stands for N.
// Segments whose arrival is older than the retention horizon are dropped by prune().
//
// Usage:
//   SegmentBuffer buf(20000);
//   buf.emit({parcel, kind, from, to, t0, t1});
//   buf.prune(now - keep);          // forget what has arrived
//   for (auto& s : buf.items()) ...  // what to draw
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tj {

struct Segment {
    uint32_t parcel = 0;   // id of the (first) parcel this draws
    uint16_t kind = 0;     // model-specific: token, weight fetch, wafer, tray, ...
    uint16_t from = 0, to = 0;  // station indices into Model::stations()
    double depart = 0, arrive = 0;
    uint32_t count = 1;    // how many parcels this drawn parcel stands for
};

class SegmentBuffer {
public:
    explicit SegmentBuffer(size_t capacity = 20000) : capacity_(capacity) {}
    void set_capacity(size_t c) { capacity_ = c < 16 ? 16 : c; }
    size_t capacity() const { return capacity_; }

    // Adds a segment; folds it into a recent one of the same route when full.
    void emit(const Segment& s);
    // Drops segments that arrived before t.
    void prune(double t);
    // Drops every segment of parcel p (a folded segment goes with its first parcel):
    // for a model that changes its mind about a trip already shown (a lot held mid-way).
    // Returns how many were dropped.
    size_t remove_parcel(uint32_t parcel);
    void clear() { items_.clear(); emitted_ = folded_ = 0; version_++; }

    const std::vector<Segment>& items() const { return items_; }
    uint64_t emitted() const { return emitted_; }  // parcels emitted since clear
    uint64_t folded() const { return folded_; }    // of those, how many were folded
    // Changes whenever items() changes: the renderer re-uploads only then.
    uint64_t version() const { return version_; }

private:
    std::vector<Segment> items_;
    size_t capacity_;
    uint64_t emitted_ = 0, folded_ = 0, version_ = 0;
};

}  // namespace tj

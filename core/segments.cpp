// segments.cpp — bounded segment buffer with folding. See segments.h.
#include "core/segments.h"

#include <algorithm>

namespace tj {

void SegmentBuffer::emit(const Segment& s) {
    emitted_ += s.count;
    version_++;
    if (items_.size() < capacity_) {
        items_.push_back(s);
        return;
    }
    // Full: fold into the latest segment on the same route (searching back a little),
    // else into the latest segment of any route, so memory never grows.
    size_t n = items_.size(), look = std::min<size_t>(n, 64);
    for (size_t k = 1; k <= look; k++) {
        Segment& t = items_[n - k];
        if (t.kind == s.kind && t.from == s.from && t.to == s.to) {
            t.count += s.count;
            t.arrive = std::max(t.arrive, s.arrive);
            folded_ += s.count;
            return;
        }
    }
    // Replace the oldest-arriving segment's slot: count its parcels into the newcomer.
    auto oldest = std::min_element(items_.begin(), items_.end(),
                                   [](const Segment& a, const Segment& b) { return a.arrive < b.arrive; });
    folded_ += oldest->count;
    *oldest = s;
}

void SegmentBuffer::prune(double t) {
    size_t before = items_.size();
    items_.erase(std::remove_if(items_.begin(), items_.end(), [t](const Segment& s) { return s.arrive < t; }),
                 items_.end());
    if (items_.size() != before) version_++;
}

size_t SegmentBuffer::remove_parcel(uint32_t parcel) {
    size_t before = items_.size();
    items_.erase(std::remove_if(items_.begin(), items_.end(), [parcel](const Segment& s) { return s.parcel == parcel; }),
                 items_.end());
    if (items_.size() != before) version_++;
    return before - items_.size();
}

}  // namespace tj

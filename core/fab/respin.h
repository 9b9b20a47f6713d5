// respin.h — the base-die respin and the yield curves it drives.
//
// A YieldPlan says what share of a station's output is good at time t: its normal
// value, a learning curve that starts when fixed masks arrive (for lots made with
// the new masks), and an optional dip window (e.g. rack tests failing on leaks).
// The RespinPlan is the event itself: at the discovery time the fab stops starting
// wafers; of the wafers inside it a share is scrapped and the rest is held for a
// metal-layer fix; new masks arrive after their lead time, the held wafers finish
// their remaining fab time and new starts begin. Die sort then yields along the
// learning curve: y(t) = y_normal - (y_normal - y_after) * exp(-(t - t_masks) / tau).
//
// Usage:
//   RespinPlan r{.enabled = true, .discovery_s = 31 * kWeek, .scrap_share = 0.4, .mask_s = 6 * kWeek};
//   respin_discover(line, fab_station, r);                 // at r.discovery_s
//   respin_masks_ready(line, fab_station, sort_station, r); // at r.masks_ready_s()
#pragma once
#include <cmath>
#include <cstdint>

namespace tj::fab {

class Line;

struct YieldPlan {
    double base = 1;               // normal yield, in [0, 1]
    double fix_start_s = INFINITY; // when fixed masks arrived; lots of revision >= 1 learn from here
    double after_fix = 1;          // yield right after the fix
    double learn_s = 0;            // time constant of the learning curve (0: at once)
    double dip_from_s = INFINITY, dip_to_s = -INFINITY, dip_yield = 1;  // a temporary drop
    // Yield for a lot finishing at t, made with mask revision rev.
    double at(double t, uint8_t rev) const;
};

struct RespinPlan {
    bool enabled = false;
    double discovery_s = 0;  // when the flaw is found
    double scrap_share = 0;  // share of wafers in the fab scrapped (the rest is held)
    double mask_s = 0;       // lead time of the new masks
    double yield_after = 1;  // die yield right after the fix
    double learn_s = 0;      // time constant of the die-yield learning curve
    double masks_ready_s() const { return discovery_s + mask_s; }
};

// At discovery: stop the fab, scrap a share of its wafers, hold the rest.
void respin_discover(Line& line, int fab, const RespinPlan& r);
// At masks ready: restart the fab with revision 1 and start the die-sort learning curve.
void respin_masks_ready(Line& line, int fab, int sort, const RespinPlan& r);

}  // namespace tj::fab

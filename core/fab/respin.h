// respin.h — a flaw in the masks, the respin that fixes it, and the yield curves it drives.
//
// A YieldPlan says what share of a station's output is good at time t: its normal
// value, an optional flaw (lots made with the flawed masks, revision 0, pass at the
// flawed yield), the learning curve of the fixed masks (revision >= 1: from the flawed
// yield back to normal, y(t) = base - (base - flawed) exp(-(t - t_fix) / tau), where
// t_fix is when the first fixed lot reaches the flawed step), and an optional dip
// window (e.g. rack tests failing on leaks).
//
// The RespinPlan is the event. The fab is three stages (front end -> metal layers ->
// back end, FabStages). At discovery:
//   - metal-only fix: the front end keeps starting wafers; the metal stage stops
//     starting, so wafers that reach it wait in front of it (the hold pile); wafers
//     already in the metal or back-end stages are scrapped or, by choice, go on and
//     ship as low-yield material;
//   - full respin (new base layers): the front end stops starting; every wafer in the
//     fab is scrapped or, by choice, goes on as low-yield material.
// When the new masks arrive, the held stage starts only the qualification lots with
// revision 1 (from the hold pile for a metal-only fix, new wafers for a full respin);
// they run through the rest of the fab, are tested for the qualification time, and
// then the held stage restarts volume (Line::qualify). Material already past the fab
// at discovery goes on at the flawed yield either way.
//
// Usage:
//   FabStages f{0, 1, 2, kBufMetalHold, kBufBackEnd};
//   respin_discover(line, f, plan);  // at plan.discovery_s
//   respin_qualify(line, f, plan);   // when the new masks arrive; line.volume_s() says when volume restarts
#pragma once
#include <cmath>
#include <cstdint>

namespace tj::fab {

class Line;

struct YieldPlan {
    double base = 1;               // normal yield, in [0, 1]
    double flawed = -1;            // yield of lots with revision 0 (flawed masks); < 0: no flaw here
    double fix_start_s = INFINITY; // when the first fixed lot (revision >= 1) reached this step
    double learn_s = 0;            // time constant of the learning curve (0: at once)
    double dip_from_s = INFINITY, dip_to_s = -INFINITY, dip_yield = 1;  // a temporary drop
    // Yield for a lot finishing at t, made with mask revision rev.
    double at(double t, uint8_t rev) const;
};

// The fab's three stages (line station indices) and the buffers between them.
struct FabStages {
    int front = 0, metal = 1, back = 2;
    int before_metal = -1, before_back = -1;
};

struct RespinPlan {
    bool enabled = false;
    bool metal_only = true;   // false: a full respin from the base layers
    bool scrap_past = true;   // wafers past the held step: scrapped (true) or shipped at the flawed yield
    double discovery_s = 0;   // when the flaw is found
    double masks_s = 0;       // when the new masks arrive and the qualification lots start
    int64_t qual_kits = 1;    // wafers in the qualification lots
    double qual_test_s = 0;   // tests of the qualification lots once they are out of the fab
};

// At discovery: hold the fab at the metal stage (metal-only) or at the front end (full),
// and scrap what is past the held step if the plan says so.
void respin_discover(Line& line, const FabStages& fab, const RespinPlan& r);
// When the new masks arrive: the qualification lots start at the held stage; once they
// are out of the fab and tested, it restarts, stamping revision 1 on what it starts.
void respin_qualify(Line& line, const FabStages& fab, const RespinPlan& r);

}  // namespace tj::fab

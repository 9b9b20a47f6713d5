// respin.cpp — yield curves and the respin's two moments. See respin.h.
#include "core/fab/respin.h"

#include "core/detmath.h"

#include <algorithm>

#include "core/fab/line.h"

namespace tj::fab {

double YieldPlan::at(double t, uint8_t rev) const {
    if (t >= dip_from_s && t < dip_to_s) return std::clamp(dip_yield, 0.0, 1.0);
    double y = base;
    if (flawed >= 0) {
        if (rev == 0) {
            y = flawed;
        } else if (t >= fix_start_s) {
            double k = learn_s > 0 ? det_exp(-(t - fix_start_s) / learn_s) : 0.0;
            y = base - (base - flawed) * k;
        }
    }
    return std::clamp(y, 0.0, 1.0);
}

void respin_discover(Line& line, const FabStages& f, const RespinPlan& r) {
    if (r.metal_only) {
        line.halt(f.metal);
        if (r.scrap_past) {
            line.purge(f.metal);
            line.purge_buffer(f.before_back);
            line.purge(f.back);
        }
        return;
    }
    line.halt(f.front);
    if (r.scrap_past) {
        line.purge(f.front);
        line.purge_buffer(f.before_metal);
        line.purge(f.metal);
        line.purge_buffer(f.before_back);
        line.purge(f.back);
    }
}

void respin_qualify(Line& line, const FabStages& f, const RespinPlan& r) {
    line.qualify(r.metal_only ? f.metal : f.front, f.back, r.qual_kits, r.qual_test_s, 1);
}

}  // namespace tj::fab

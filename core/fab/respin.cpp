// respin.cpp — yield curves and the respin's two moments. See respin.h.
#include "fab/respin.h"

#include "detmath.h"

#include <algorithm>

#include "fab/line.h"

namespace tj::fab {

double YieldPlan::at(double t, uint8_t rev) const {
    if (t >= dip_from_s && t < dip_to_s) return std::clamp(dip_yield, 0.0, 1.0);
    double y = base;
    if (rev >= 1 && t >= fix_start_s) {
        double k = learn_s > 0 ? det_exp(-(t - fix_start_s) / learn_s) : 0.0;
        y = base - (base - after_fix) * k;
    }
    return std::clamp(y, 0.0, 1.0);
}

void respin_discover(Line& line, int fab, const RespinPlan& r) {
    line.halt(fab, r.scrap_share);
}

void respin_masks_ready(Line& line, int fab, int sort, const RespinPlan& r) {
    YieldPlan& y = line.yield_plan(sort);
    y.fix_start_s = line.now();
    y.after_fix = r.yield_after;
    y.learn_s = r.learn_s;
    line.resume(fab, 1);
}

}  // namespace tj::fab

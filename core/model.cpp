// model.cpp — small helpers shared by all models. See model.h.
#include "core/model.h"

#include <cmath>
#include <cstdio>

namespace tj {

double metric_value(const std::vector<Metric>& ms, const std::string& id, double fallback) {
    for (auto& m : ms)
        if (m.id == id) return m.value;
    return fallback;
}

std::string check_run_time(const Model& m, double t) {
    char buf[200];
    if (!std::isfinite(t) || t < 0) {
        std::snprintf(buf, sizeof buf, "the time must be a number of seconds from 0 to %g", m.max_time());
        return buf;
    }
    if (t <= m.max_time()) return "";
    std::snprintf(buf, sizeof buf, "t = %g s is past the longest run the %s scene allows: %g s (%g of its %g s units)",
                  t, m.scene_id(), m.max_time(), m.max_time() / m.natural_time_unit(), m.natural_time_unit());
    return buf;
}

}  // namespace tj

// model.cpp — small helpers shared by all models. See model.h.
#include "model.h"

namespace tj {

double metric_value(const std::vector<Metric>& ms, const std::string& id, double fallback) {
    for (auto& m : ms)
        if (m.id == id) return m.value;
    return fallback;
}

}  // namespace tj

// metric_history.cpp — see metric_history.h.
#include "core/metric_history.h"

#include <cmath>
#include <cstdio>

#include "core/csv.h"

namespace tj {
namespace {
std::string num(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.10g", std::isfinite(v) ? v : 0.0);
    return b;
}
}  // namespace

std::string metrics_csv(const std::vector<Metric>& now, const MetricHistory* h) {
    std::string out = "metric,value,unit,label\n";
    for (auto& m : now) out += csv_field(m.id) + "," + num(m.value) + "," + csv_field(m.unit) + "," + csv_field(m.label_en) + "\n";
    if (h && !h->times.empty()) {
        out += "\ntime_s";
        for (auto& id : h->ids) out += "," + csv_field(id);
        out += "\n";
        for (size_t i = 0; i < h->times.size(); i++) {
            out += num(h->times[i]);
            for (double v : h->rows[i]) out += "," + num(v);
            out += "\n";
        }
    }
    return out;
}

}  // namespace tj

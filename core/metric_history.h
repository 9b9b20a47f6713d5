// metric_history.h — a scene's metrics sampled over its run, and the CSV they leave
// the app as (the export menu, the JavaScript API's metricsCsv).
//
// Usage:
//   tj::MetricHistory h;  h.ids = {...};  h.times.push_back(t);  h.rows.push_back(values);
//   std::string csv = tj::metrics_csv(model.metrics(), &h);
#pragma once
#include <string>
#include <vector>

#include "core/model.h"

namespace tj {

struct MetricHistory {
    std::vector<double> times;
    std::vector<std::string> ids;
    std::vector<std::vector<double>> rows;  // rows[i][k] = value of ids[k] at times[i]
};

// Summary CSV: "metric,value,unit,label" then one row per metric; with history,
// a time-series block follows: "time_s,<id>,<id>..." and one row per sample.
std::string metrics_csv(const std::vector<Metric>& now, const MetricHistory* history);

}  // namespace tj

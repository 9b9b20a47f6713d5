// export.h — what leaves the app as a file: metrics as CSV, the view as PNG, the
// scenario as JSON. Natively a file is written to the current folder; in the
// browser it is offered as a download (a Blob), so both builds share this code.
//
// Usage:
//   std::string where = deliver_file("metrics.csv", metrics_csv(scene), "text/csv");
#pragma once
#include <string>
#include <vector>

#include "core/model.h"

// Summary CSV: "metric,value,unit,label" then one row per metric; with history,
// a time-series block follows: "time_s,<id>,<id>..." and one row per sample.
struct MetricHistory {
    std::vector<double> times;
    std::vector<std::string> ids;
    std::vector<std::vector<double>> rows;  // rows[i][k] = value of ids[k] at times[i]
};
std::string metrics_csv(const std::vector<tj::Metric>& now, const MetricHistory* history);

// Writes or downloads the file; returns a line for the user saying where it went.
std::string deliver_file(const std::string& name, const std::string& data, const char* mime);

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

// stem + "-YYYYMMDD-HHMMSS" (local time) + ext, so exports do not replace each other.
std::string timestamped_name(const std::string& stem, const char* ext);
// Writes or downloads the file; returns a line for the user saying where it went.
// Natively it never replaces a file: a name already taken gets "-2", "-3", ... before
// the extension; the path written is also printed on standard output.
std::string deliver_file(const std::string& name, const std::string& data, const char* mime);

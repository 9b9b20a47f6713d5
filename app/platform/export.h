// export.h — how a file leaves the app (metrics as CSV, the view as PNG, the scenario
// as JSON). Natively a file is written to the current folder; in the browser it is
// offered as a download (a Blob), so both builds share this code.
//
// Usage:
//   std::string where = deliver_file("metrics.csv", tj::metrics_csv(now, history), "text/csv");
#pragma once
#include <string>

// stem + "-YYYYMMDD-HHMMSS" (local time) + ext, so exports do not replace each other.
std::string timestamped_name(const std::string& stem, const char* ext);
// Writes or downloads the file; returns a line for the user saying where it went.
// Natively it never replaces a file: a name already taken gets "-2", "-3", ... before
// the extension; the path written is also printed on standard output.
std::string deliver_file(const std::string& name, const std::string& data, const char* mime);

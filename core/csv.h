// csv.h — one CSV field as RFC 4180 writes it: as is, or in double quotes (with
// quotes doubled) when it holds a comma, a quote or a line break. The app's metrics
// export and the CLI's CSV output both write through it.
//
// Usage: out += tj::csv_field(label) + "," + ...;
#pragma once
#include <string>

namespace tj {

inline std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

}  // namespace tj

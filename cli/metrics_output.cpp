// metrics_output.cpp — JSON and CSV writers. See metrics_output.h.
#include "cli/metrics_output.h"

#include <cmath>

#include "core/csv.h"

namespace {
using tj::csv_field;

std::string number(double v, OutputFormat f) {
    if (!std::isfinite(v)) return f == OutputFormat::Json ? "null" : "";
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

std::string json_string(const std::string& s) {
    std::string o = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') { o += '\\'; o += char(c); }
        else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            o += buf;
        } else o += char(c);
    }
    return o + "\"";
}

}  // namespace

void print_metrics(std::FILE* out, OutputFormat f, const std::string& scene, uint64_t seed, double time,
                   const std::vector<tj::Metric>& metrics) {
    if (f == OutputFormat::Csv) {
        std::fprintf(out, "id,value,unit\n");
        for (auto& m : metrics)
            std::fprintf(out, "%s,%s,%s\n", csv_field(m.id).c_str(), number(m.value, f).c_str(),
                         csv_field(m.unit).c_str());
        return;
    }
    std::fprintf(out, "{\"scene\": %s, \"seed\": %llu, \"time\": %s, \"metrics\": [", json_string(scene).c_str(),
                 (unsigned long long)seed, number(time, f).c_str());
    for (size_t i = 0; i < metrics.size(); i++)
        std::fprintf(out, "%s\n  {\"id\": %s, \"value\": %s, \"unit\": %s}", i ? "," : "",
                     json_string(metrics[i].id).c_str(), number(metrics[i].value, f).c_str(),
                     json_string(metrics[i].unit).c_str());
    std::fprintf(out, "\n]}\n");
}

void print_params(std::FILE* out, OutputFormat f, const tj::ParamRegistry& reg) {
    if (f == OutputFormat::Csv) {
        std::fprintf(out, "id,unit,min,max,default,integer,label_en,label_zh\n");
        for (auto& d : reg.defs())
            std::fprintf(out, "%s,%s,%s,%s,%s,%d,%s,%s\n", csv_field(d.id).c_str(), csv_field(d.unit).c_str(),
                         number(d.min, f).c_str(), number(d.max, f).c_str(), number(d.def, f).c_str(),
                         d.integer ? 1 : 0, csv_field(d.label_en).c_str(), csv_field(d.label_zh).c_str());
        return;
    }
    std::fprintf(out, "{\"params\": [");
    for (size_t i = 0; i < reg.size(); i++) {
        const tj::ParamDef& d = reg[i];
        std::fprintf(out,
                     "%s\n  {\"id\": %s, \"unit\": %s, \"min\": %s, \"max\": %s, \"default\": %s, \"integer\": %s, "
                     "\"label_en\": %s, \"label_zh\": %s}",
                     i ? "," : "", json_string(d.id).c_str(), json_string(d.unit).c_str(), number(d.min, f).c_str(),
                     number(d.max, f).c_str(), number(d.def, f).c_str(), d.integer ? "true" : "false",
                     json_string(d.label_en).c_str(), json_string(d.label_zh).c_str());
    }
    std::fprintf(out, "\n], \"presets\": [");
    for (size_t i = 0; i < reg.presets().size(); i++)
        std::fprintf(out, "%s%s", i ? ", " : "", json_string(reg.presets()[i].id).c_str());
    std::fprintf(out, "]}\n");
}

// metrics_output.h — metrics and parameter lists as JSON or CSV on a FILE*.
//
// Numbers are written with %.17g, so every double reads back exactly and a native and
// a WebAssembly run can be compared byte for byte. Non-finite numbers (a model bug)
// are written as null in JSON and empty in CSV rather than as invalid text.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "core/model.h"
#include "core/params.h"

enum class OutputFormat { Json, Csv };

void print_metrics(std::FILE* out, OutputFormat f, const std::string& scene, uint64_t seed, double time,
                   const std::vector<tj::Metric>& metrics);
void print_params(std::FILE* out, OutputFormat f, const tj::ParamRegistry& reg);

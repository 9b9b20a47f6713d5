// strict_json.h — JSON parsing for text a user or a page hands us (scenario files,
// lesson files): the same as nlohmann::json::parse, except that an object naming a
// key twice is refused instead of keeping the last value silently, and it never
// throws.
//
// Usage:
//   nlohmann::json doc;
//   std::string err = parse_strict_json(text, doc);   // "" or why, doc unchanged on error
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace tj {

std::string parse_strict_json(const std::string& text, nlohmann::json& out);

}  // namespace tj

// strict_json.cpp — see strict_json.h.
#include "core/strict_json.h"

#include <set>
#include <vector>

namespace tj {

std::string parse_strict_json(const std::string& text, nlohmann::json& out) {
    using nlohmann::json;
    std::vector<std::set<std::string>> keys_seen;  // one set per open object
    std::string duplicate;
    auto watch = [&](int /*depth*/, json::parse_event_t event, json& parsed) {
        if (event == json::parse_event_t::object_start) keys_seen.emplace_back();
        else if (event == json::parse_event_t::object_end && !keys_seen.empty()) keys_seen.pop_back();
        else if (event == json::parse_event_t::key && !keys_seen.empty() && duplicate.empty() &&
                 !keys_seen.back().insert(parsed.get<std::string>()).second)
            duplicate = parsed.get<std::string>();
        return true;
    };
    json doc;
    try {
        doc = json::parse(text, watch, /*allow_exceptions=*/false);
    } catch (const std::exception& e) {  // only out-of-memory is possible here
        return std::string("could not read the JSON: ") + e.what();
    }
    if (doc.is_discarded()) return "not valid JSON";
    if (!duplicate.empty()) return "the key \"" + duplicate + "\" appears twice in one object";
    out = std::move(doc);
    return "";
}

}  // namespace tj

// asset_files.h — test helpers for the project's own files: read one whole, and walk
// every string of the JSON assets (string tables, lessons, glossary) with where it is.
//
//   std::string s = tj_test::read_file(path);
//   for (auto& [where, text] : tj_test::asset_strings()) ...   // "lessons.json.lessons[0].title.en"
#pragma once
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace tj_test {

inline std::string read_file(const std::filesystem::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

// Every string value under j, with its path; keys named in skip are not entered.
inline void json_strings(const nlohmann::json& j, const std::string& where,
                         std::vector<std::pair<std::string, std::string>>& out, const std::string& skip = "") {
    if (j.is_string()) out.push_back({where, j.get<std::string>()});
    else if (j.is_object()) {
        for (auto& [k, v] : j.items())
            if (k != skip) json_strings(v, where + "." + k, out, skip);
    } else if (j.is_array()) {
        for (size_t i = 0; i < j.size(); i++) json_strings(j[i], where + "[" + std::to_string(i) + "]", out, skip);
    }
}

// Every string of every assets/*.json file.
inline std::vector<std::pair<std::string, std::string>> asset_strings(const std::string& skip = "") {
    std::vector<std::pair<std::string, std::string>> out;
    for (auto& e : std::filesystem::directory_iterator(std::filesystem::path(TJ_SOURCE_DIR) / "assets"))
        if (e.path().extension() == ".json")
            json_strings(nlohmann::json::parse(read_file(e.path())), e.path().filename().string(), out, skip);
    return out;
}

}  // namespace tj_test

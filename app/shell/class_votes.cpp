// class_votes.cpp — see class_votes.h.
#include "app/shell/class_votes.h"

#include <algorithm>

#include "core/strict_json.h"

namespace {
constexpr size_t kMaxText = 4096, kMaxVotes = 2, kMaxEntries = 10, kMaxLessonId = 64;
constexpr int kMaxCount = 100000;

// A whole number from 0 to kMaxCount, or -1.
int count_of(const nlohmann::json& j) {
    if (!j.is_number_integer() && !j.is_number_unsigned()) return -1;
    const long long v = j.get<long long>();
    return v >= 0 && v <= kMaxCount ? int(v) : -1;
}
}  // namespace

int ClassVotes::most() const {
    int m = 1;
    for (const auto& h : histograms)
        for (int n : h) m = std::max(m, n);
    return m;
}

std::string parse_class_votes(const std::string& text, ClassVotes* out) {
    if (text.size() > kMaxText) return "the class's votes: longer than " + std::to_string(kMaxText) + " bytes";
    nlohmann::json j;
    if (std::string err = tj::parse_strict_json(text, j); !err.empty()) return "the class's votes: " + err;
    if (!j.is_object()) return "the class's votes: not an object";
    ClassVotes v;
    if (!j.contains("lesson") || !j["lesson"].is_string() || j["lesson"].get<std::string>().size() > kMaxLessonId)
        return "the class's votes: lesson must be a lesson id";
    v.lesson = j["lesson"].get<std::string>();
    if (!j.contains("step") || (v.step = count_of(j["step"])) < 0) return "the class's votes: step must be a whole number";
    if (!j.contains("students") || (v.students = count_of(j["students"])) < 0)
        return "the class's votes: students must be a whole number from 0 to " + std::to_string(kMaxCount);
    if (!j.contains("answered") || (v.answered = count_of(j["answered"])) < 0 || v.answered > v.students)
        return "the class's votes: answered must be a whole number, at most the students";
    if (!j.contains("histograms") || !j["histograms"].is_array() || j["histograms"].size() > kMaxVotes)
        return "the class's votes: histograms must be a list of at most " + std::to_string(kMaxVotes) + " votes";
    for (const auto& h : j["histograms"]) {
        if (!h.is_array() || h.size() > kMaxEntries)
            return "the class's votes: a vote must be a list of at most " + std::to_string(kMaxEntries) + " counts";
        std::vector<int> counts;
        for (const auto& n : h) {
            const int c = count_of(n);
            if (c < 0) return "the class's votes: a count must be a whole number from 0 to " + std::to_string(kMaxCount);
            counts.push_back(c);
        }
        v.histograms.push_back(counts);
    }
    *out = v;
    return "";
}

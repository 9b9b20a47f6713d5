// text_test_support.h — shared helpers for the core/text tests: the vocabulary folder
// (TJ_VOCAB_DIR, else the folder fetched at configure time), encodings loaded once, and
// the strings of a corpus file (tests/text/corpus.json or a generated one).
#pragma once
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/text/bpe.h"

inline std::string test_vocab_dir() {
    if (const char* dir = std::getenv("TJ_VOCAB_DIR"); dir && *dir)
        return dir;
#ifdef TJ_TEST_VOCAB_DIR
    return TJ_TEST_VOCAB_DIR;
#else
    return tj::default_vocab_dir();
#endif
}

inline std::string read_text_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

// Loads each encoding once; fails the test with the loader's message if it cannot.
inline const tj::BpeEncoding& test_encoding(const std::string& name) {
    static std::map<std::string, tj::BpeEncoding> loaded;
    auto it = loaded.find(name);
    if (it == loaded.end()) {
        std::string err;
        auto enc = tj::load_encoding(test_vocab_dir(), name, &err);
        INFO(err);
        REQUIRE(enc.has_value());
        it = loaded.emplace(name, std::move(*enc)).first;
    }
    return it->second;
}

// The strings of a corpus file; by default tests/text/corpus.json.
inline std::vector<std::string> corpus_strings(std::string path = "") {
    if (path.empty())
        path = std::string(TJ_SOURCE_DIR) + "/tests/text/corpus.json";
    std::string text = read_text_file(path);
    INFO("corpus " << path);
    REQUIRE(!text.empty());
    return nlohmann::json::parse(text).at("strings").get<std::vector<std::string>>();
}

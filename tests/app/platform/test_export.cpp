// test_export.cpp — exported files get names of their own: a timestamp in the name,
// and natively a name already taken is never written over.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>

#include "app/platform/export.h"

namespace fs = std::filesystem;

TEST_CASE("export names carry a timestamp", "[app][export]") {
    const std::string name = timestamped_name("token-journey-token", ".png");
    CHECK(std::regex_match(name, std::regex(R"(token-journey-token-\d{8}-\d{6}\.png)")));
}

TEST_CASE("a file delivered twice under one name is kept twice", "[app][export]") {
    const fs::path dir = fs::temp_directory_path() / "tj-export-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string name = (dir / "view.png").string();
    const std::string first = deliver_file(name, "first", "image/png");
    const std::string second = deliver_file(name, "second", "image/png");
    CHECK(first.find("view.png") != std::string::npos);
    CHECK(second.find("view-2.png") != std::string::npos);
    std::ifstream a(dir / "view.png"), b(dir / "view-2.png");
    std::string sa, sb;
    std::getline(a, sa);
    std::getline(b, sb);
    CHECK(sa == "first");
    CHECK(sb == "second");
    fs::remove_all(dir);
}

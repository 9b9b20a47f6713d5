// test_strings.cpp — the string tables: every key has an English and a Chinese
// text, none empty, no key in two tables, and every key the app's sources ask for
// with tr("...") exists.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "app/ui/i18n.h"
#include "core/scenes/scenes.h"

namespace fs = std::filesystem;

static std::string read_file(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

// Every assets/strings*.json merged; a key defined twice is a failure.
static nlohmann::json all_tables() {
    nlohmann::json all = nlohmann::json::object();
    for (auto& e : fs::directory_iterator(fs::path(TJ_SOURCE_DIR) / "assets")) {
        std::string name = e.path().filename().string();
        if (name.rfind("strings", 0) != 0 || e.path().extension() != ".json") continue;
        auto j = nlohmann::json::parse(read_file(e.path()));
        REQUIRE(j.is_object());
        for (auto& [k, v] : j.items()) {
            INFO(name << ": key " << k << " is defined in two tables");
            CHECK(!all.contains(k));
            all[k] = v;
        }
    }
    return all;
}

TEST_CASE("string table: both languages for every key, none empty") {
    auto j = all_tables();
    REQUIRE(j.size() > 10);
    for (auto& [key, v] : j.items()) {
        INFO("key " << key);
        REQUIRE(v.is_object());
        REQUIRE(v.contains("en"));
        REQUIRE(v.contains("zh"));
        CHECK(!v["en"].get<std::string>().empty());
        CHECK(!v["zh"].get<std::string>().empty());
        CHECK(v.size() == 2);
    }
}

TEST_CASE("string table: every tr() key used by the app exists") {
    auto j = all_tables();
    std::regex call(R"re(\btr\("([a-z0-9_.]+)"\))re");
    int uses = 0;
    for (auto& entry : fs::recursive_directory_iterator(fs::path(TJ_SOURCE_DIR) / "app")) {
        if (entry.path().extension() != ".cpp") continue;
        std::string src = read_file(entry.path());
        for (std::sregex_iterator it(src.begin(), src.end(), call), end; it != end; ++it) {
            INFO(entry.path().filename().string() << " uses " << (*it)[1]);
            CHECK(j.contains((*it)[1].str()));
            uses++;
        }
    }
    CHECK(uses > 10);
}

TEST_CASE("string table: every unit a parameter uses is named in both languages") {
    std::string error;
    REQUIRE(i18n_load(&error));
    int units = 0;
    for (const char* scene : {"token", "fab"}) {
        auto model = tj::make_model(scene);
        REQUIRE(model);
        for (size_t i = 0; i < model->registry().size(); i++) {
            const tj::ParamDef& d = model->registry()[i];
            if (d.unit.empty()) continue;
            std::string key = tj::unit_key(d.unit);
            INFO(d.id << " has the unit \"" << d.unit << "\" with no row " << key << " in assets/strings_units.json");
            CHECK(std::string(tr(key.c_str(), Lang::Zh)) != key);
            units++;
        }
    }
    CHECK(units > 40);
}

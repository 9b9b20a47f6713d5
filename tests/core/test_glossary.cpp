// test_glossary.cpp — the term table: every term the lessons lean on is defined in both
// languages, terms are found in text as a reader would find them, and no text of the
// map, the panels or the lessons uses a Chinese variant the table rules out.
#include <catch2/catch.hpp>

#include <filesystem>

#include "tests/asset_files.h"
#include "core/glossary.h"

using namespace tj;
namespace fs = std::filesystem;

namespace {

std::vector<GlossaryTerm> project_glossary() {
    std::vector<GlossaryTerm> terms;
    std::string err = parse_glossary(tj_test::read_file(fs::path(TJ_SOURCE_DIR) / "assets/glossary.json"), terms);
    INFO(err);
    REQUIRE(err == "");
    return terms;
}

const GlossaryTerm* by_id(const std::vector<GlossaryTerm>& terms, const std::string& id) {
    for (auto& t : terms)
        if (t.id == id) return &t;
    return nullptr;
}

}  // namespace

TEST_CASE("glossary: every term the lessons lean on, defined in both languages") {
    auto terms = project_glossary();
    for (const char* id : {"roofline", "ridge_point", "hbm", "sram", "pcie", "lpu", "gddr6", "prefill", "decode", "cv",
                           "respin", "base_die", "masks", "metal_layers", "interposer", "die_sort", "kv_cache",
                           "tokenizer", "detokenizer", "burn_in", "p99", "byte_hops"}) {
        INFO(id);
        const GlossaryTerm* t = by_id(terms, id);
        REQUIRE(t != nullptr);
        CHECK(t->define_en.size() > 40);
        CHECK(t->define_zh.size() > 30);
        CHECK(t->define_en.size() < 400);  // short: a tooltip, not an essay
    }
}

TEST_CASE("glossary: terms are found whole, longest first, English in any case") {
    auto terms = project_glossary();
    auto ids = [&](const std::string& s, bool zh) {
        std::string out;
        for (auto& h : find_terms(s, terms, zh)) out += terms[h.term].id + "=" + s.substr(h.begin, h.end - h.begin) + ";";
        return out;
    };
    CHECK(ids("The KV cache streams in from HBM.", false) == "kv_cache=KV cache;hbm=HBM;");
    CHECK(ids("kv Cache", false) == "kv_cache=kv Cache;");
    CHECK(ids("a sorted list, a HBMX part", false) == "");  // whole words only
    CHECK(ids("left of the ridge point", false) == "ridge_point=ridge point;");
    CHECK(ids("核心在等从边缘 HBM 流入的权重和 KV 缓存。", true) == "hbm=HBM;kv_cache=KV 缓存;");
    CHECK(ids("屋顶线：远在拐点左边", true) == "roofline=屋顶线;ridge_point=拐点;");
}

TEST_CASE("glossary: a broken file is refused with reasons") {
    std::vector<GlossaryTerm> terms;
    CHECK(parse_glossary("[]", terms) != "");
    CHECK(parse_glossary(R"({"terms": [{"id": "a", "en": "A", "zh": "甲"}]})", terms).find("define") != std::string::npos);
    CHECK(parse_glossary(R"({"terms": [{"id": "a", "en": "A", "zh": "甲", "define": {"en": "x", "zh": "y"}},
                                       {"id": "a", "en": "B", "zh": "乙", "define": {"en": "x", "zh": "y"}}]})",
                         terms).find("twice") != std::string::npos);
    CHECK(terms.empty());
}

TEST_CASE("term table: no text uses a Chinese variant the glossary rules out") {
    auto terms = project_glossary();
    auto texts = tj_test::asset_strings("avoid_zh");  // (where, text)
    // Registry labels, help and station cards are written in the sources.
    for (const char* dir : {"core", "app"})
        for (auto& e : fs::recursive_directory_iterator(fs::path(TJ_SOURCE_DIR) / dir))
            if (e.path().extension() == ".cpp" || e.path().extension() == ".h")
                texts.push_back({e.path().filename().string(), tj_test::read_file(e.path())});
    REQUIRE(texts.size() > 500);
    int avoided = 0;
    for (auto& t : terms)
        for (auto& bad : t.avoid_zh) {
            avoided++;
            for (auto& [where, s] : texts) {
                INFO(where << " uses " << bad << " (the term is " << t.zh << ")");
                CHECK(s.find(bad) == std::string::npos);
            }
        }
    CHECK(avoided >= 8);
}

TEST_CASE("glossary: the KV cache is explained where a lesson first names it") {
    auto lessons = nlohmann::json::parse(tj_test::read_file(fs::path(TJ_SOURCE_DIR) / "assets/lessons.json"))["lessons"];
    REQUIRE(!lessons.empty());
    // The first step of the first lesson that names the KV cache, in either language.
    for (auto& l : lessons)
        for (auto& st : l["steps"]) {
            std::vector<std::pair<std::string, std::string>> s;
            tj_test::json_strings(st, "", s);
            std::string en, zh;
            for (auto& [w, x] : s) (w.size() >= 3 && w.compare(w.size() - 3, 3, ".en") == 0 ? en : zh) += x + "\n";
            bool names_en = en.find("KV cache") != std::string::npos, names_zh = zh.find("KV 缓存") != std::string::npos;
            if (!names_en && !names_zh) continue;
            INFO(l["id"] << ": " << en);
            CHECK(l["id"] == lessons[0]["id"]);
            CHECK(en.find("keys and values") != std::string::npos);
            CHECK(zh.find("键") != std::string::npos);
            CHECK(zh.find("值") != std::string::npos);
            return;
        }
    FAIL("no lesson names the KV cache");
}

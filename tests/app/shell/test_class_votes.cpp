// test_class_votes.cpp — the class's votes as the page hands them to the lesson card:
// a well-formed tally is taken whole; anything malformed, oversized or out of range is
// refused with a reason and the last good votes stay.
#include <catch2/catch.hpp>

#include <string>

#include "app/shell/class_votes.h"

TEST_CASE("class votes: a tally of two votes is taken whole") {
    ClassVotes v;
    REQUIRE(parse_class_votes(R"({"lesson":"decode-is-logistics","step":1,"students":30,"answered":27,)"
                              R"("histograms":[[3,20,4],[1,25,1]]})", &v) == "");
    CHECK(v.for_step("decode-is-logistics", 1));
    CHECK_FALSE(v.for_step("decode-is-logistics", 2));
    CHECK(v.students == 30);
    CHECK(v.answered == 27);
    REQUIRE(v.histograms.size() == 2);
    CHECK(v.histograms[1] == std::vector<int>{1, 25, 1});
    CHECK(v.most() == 25);
}

TEST_CASE("class votes: a number question's ten bins on its log scale are taken") {
    ClassVotes v;
    REQUIRE(parse_class_votes(R"({"lesson":"one-token-at-a-time","step":3,"students":5,"answered":4,)"
                              R"("histograms":[[0,0,1,2,0,0,1,0,0,0]]})", &v) == "");
    REQUIRE(v.histograms.size() == 1);
    CHECK(v.histograms[0].size() == 10);
    CHECK(v.most() == 2);
}

TEST_CASE("class votes: hostile input is refused with a reason and changes nothing") {
    ClassVotes v;
    REQUIRE(parse_class_votes(R"({"lesson":"a","step":0,"students":2,"answered":1,"histograms":[[1,0]]})", &v) == "");
    const std::string bad[] = {
        "", "[]", "nope", R"({"lesson":"a"})",
        R"({"lesson":7,"step":0,"students":2,"answered":1,"histograms":[]})",
        R"({"lesson":"a","step":-1,"students":2,"answered":1,"histograms":[]})",
        R"({"lesson":"a","step":0.5,"students":2,"answered":1,"histograms":[]})",
        R"({"lesson":"a","step":0,"students":2,"answered":3,"histograms":[]})",          // more answers than students
        R"({"lesson":"a","step":0,"students":200000,"answered":1,"histograms":[]})",
        R"({"lesson":"a","step":0,"students":2,"answered":1,"histograms":[[1],[1],[1]]})",  // three votes
        R"({"lesson":"a","step":0,"students":2,"answered":1,"histograms":[[1,1,1,1,1,1,1,1,1,1,1]]})",  // 11 bins
        R"({"lesson":"a","step":0,"students":2,"answered":1,"histograms":[[1,"2"]]})",
        R"({"lesson":"a","step":0,"students":2,"answered":1,"histograms":[[1,-2]]})",
        R"({"lesson":"a","step":0,"students":2,"answered":1,"histograms":[[1e9]]})",
        R"({"lesson":"a","lesson":"b","step":0,"students":2,"answered":1,"histograms":[]})",  // a key twice
        R"({"lesson":")" + std::string(100, 'x') + R"(","step":0,"students":2,"answered":1,"histograms":[]})",
        std::string(5000, ' ') + "{}",
    };
    for (const std::string& text : bad) {
        INFO(text.substr(0, 120));
        std::string why = parse_class_votes(text, &v);
        CHECK(why.rfind("the class's votes: ", 0) == 0);
        CHECK(v.lesson == "a");
        CHECK(v.histograms == std::vector<std::vector<int>>{{1, 0}});
    }
}

// The small shared helpers: CSV fields as RFC 4180 quotes them (the app's export
// and the CLI write through the same one), and FNV-1a against published values.
#include <catch2/catch.hpp>

#include <string>

#include "core/csv.h"
#include "core/hash.h"

TEST_CASE("csv_field quotes exactly the fields that need it") {
    CHECK(tj::csv_field("token.tpot") == "token.tpot");
    CHECK(tj::csv_field("") == "");
    CHECK(tj::csv_field("a,b") == "\"a,b\"");
    CHECK(tj::csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
    CHECK(tj::csv_field("two\nlines") == "\"two\nlines\"");
    CHECK(tj::csv_field("cr\rhere") == "\"cr\rhere\"");
    CHECK(tj::csv_field("中文，标签") == "中文，标签");  // a full-width comma is not a separator
}

TEST_CASE("fnv1a matches the published FNV-1a 64-bit test vectors and chains") {
    CHECK(tj::fnv1a("", 0) == 0xcbf29ce484222325ull);
    CHECK(tj::fnv1a("a", 1) == 0xaf63dc4c8601ec8cull);
    CHECK(tj::fnv1a("foobar", 6) == 0x85944171f73967e8ull);
    CHECK(tj::fnv1a("bar", 3, tj::fnv1a("foo", 3)) == tj::fnv1a("foobar", 6));
}

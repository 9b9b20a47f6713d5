// published_checks.cpp — the generated table of published checks. See published_checks.h.
#include "core/token/published_checks.h"

namespace tj {

const std::vector<PublishedCheck>& published_checks() {
    static const std::vector<PublishedCheck> table = {
#include "core/token/published_checks_table.inc"
    };
    return table;
}

const PublishedCheck* published_check(const std::string& preset) {
    for (const PublishedCheck& c : published_checks())
        if (c.preset == preset) return &c;
    return nullptr;
}

}  // namespace tj

// asset_text_from_disk.cpp — the tests' find_asset_text: the app embeds assets/*.json at
// build time (app/embed_files.cmake); the tests read the same files from the source tree,
// so app code that looks up its string tables (app/ui/i18n.cpp) runs here unchanged.
#include <map>
#include <string>

#include "tests/asset_files.h"

const char* find_asset_text(const char* name) {
    static std::map<std::string, std::string> loaded;
    auto it = loaded.find(name);
    if (it == loaded.end()) {
        std::filesystem::path p = std::filesystem::path(TJ_SOURCE_DIR) / "assets" / name;
        if (!std::filesystem::exists(p)) return nullptr;
        it = loaded.emplace(name, tj_test::read_file(p)).first;
    }
    return it->second.c_str();
}

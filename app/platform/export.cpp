// export.cpp — see export.h.
#include "app/platform/export.h"

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

std::string timestamped_name(const std::string& stem, const char* ext) {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
#ifdef _WIN32
    localtime_s(&local, &now);
#else
    localtime_r(&now, &local);
#endif
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "-%Y%m%d-%H%M%S", &local);
    return stem + stamp + ext;
}

std::string deliver_file(const std::string& name, const std::string& data, const char* mime) {
#ifdef __EMSCRIPTEN__
    EM_ASM({
        const bytes = HEAPU8.slice($1, $1 + $2);
        const a = document.createElement('a');
        a.href = URL.createObjectURL(new Blob([bytes], {type: UTF8ToString($3)}));
        a.download = UTF8ToString($0);
        document.body.appendChild(a);
        a.click();
        setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
    }, name.c_str(), data.data(), int(data.size()), mime);
    return "Downloaded " + name;
#else
    namespace fs = std::filesystem;
    const fs::path asked(name);
    fs::path path = asked;
    std::error_code ec;
    for (int k = 2; fs::exists(path, ec) && k < 1000; k++)  // never replace an earlier export
        path = asked.parent_path() / (asked.stem().string() + "-" + std::to_string(k) + asked.extension().string());
    std::ofstream f(path, std::ios::binary);
    f.write(data.data(), std::streamsize(data.size()));
    if (!f) return "Could not write " + path.string();
    const std::string saved = "Saved " + fs::absolute(path, ec).string();
    std::printf("%s\n", saved.c_str());
    return saved;
#endif
}

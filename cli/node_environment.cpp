// node_environment.cpp — copies Node's process.env into the C environment. See
// node_environment.h.
#include "cli/node_environment.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

#include <cstdlib>
#include <string>

// process.env as "NAME=value\n" lines (variables whose value holds a newline are
// left out); the first call gives the length in bytes, the second copies it.
// (No commas outside parentheses in EM_JS bodies: the body is a macro argument.)
EM_JS(int, node_environment_length, (), {
    let s = "";
    for (const k of Object.keys(process.env)) {
        const v = process.env[k];
        if (!k.includes("=") && !v.includes("\n")) s += k + "=" + v + "\n";
    }
    Module.tjNodeEnvironment = s;
    return lengthBytesUTF8(s);
});
EM_JS(void, node_environment_copy, (char* out, int size), {
    stringToUTF8(Module.tjNodeEnvironment, out, size);
    delete Module.tjNodeEnvironment;
});

void import_node_environment() {
    int n = node_environment_length();
    std::string text(size_t(n) + 1, '\0');
    node_environment_copy(text.data(), n + 1);
    size_t start = 0;
    while (start < size_t(n)) {
        size_t end = text.find('\n', start), eq = text.find('=', start);
        if (end == std::string::npos) break;
        if (eq < end) setenv(text.substr(start, eq - start).c_str(), text.substr(eq + 1, end - eq - 1).c_str(), 1);
        start = end + 1;
    }
}
#else
void import_node_environment() {}
#endif

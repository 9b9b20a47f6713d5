// main.cpp — token-journey-cli: the headless front door to the simulation core.
//
//   token-journey-cli --scene token [--steps N] [--set id=value]... --format csv
//   token-journey-cli tokenize ... | detokenize ...     (text tools, cli/text_command.h)
//   token-journey-cli bench-engine [--customers N]      (engine speed, native or wasm)
//   token-journey-cli fidelity [--table FILE] [--fit|--cv] (the model against published figures)
//
// This file only dispatches; each command lives in its own file.
#include <cstdio>
#include <cstring>

#include "cli/bench_command.h"
#include "cli/fidelity_command.h"
#include "cli/node_environment.h"
#include "cli/run_command.h"

// The text tools are written alongside in cli/text_command.cpp; until that file is
// in the tree the subcommands say so instead of failing the build.
#if __has_include("cli/text_command.h")
#include "cli/text_command.h"
#define TJ_HAS_TEXT_COMMAND 1
#endif

int main(int argc, char** argv) {
    import_node_environment();
    const char* sub = argc > 1 ? argv[1] : "";
    if (std::strcmp(sub, "tokenize") == 0 || std::strcmp(sub, "detokenize") == 0) {
#ifdef TJ_HAS_TEXT_COMMAND
        return run_text_command(argc, argv);
#else
        std::fprintf(stderr, "token-journey-cli: '%s' is not built into this program\n", sub);
        return 2;
#endif
    }
    if (std::strcmp(sub, "bench-engine") == 0) return run_bench_command(argc - 1, argv + 1);
    if (std::strcmp(sub, "fidelity") == 0) return run_fidelity_command(argc - 1, argv + 1);
    return run_scene_command(argc, argv);
}

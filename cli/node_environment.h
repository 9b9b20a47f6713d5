// node_environment.h — under Node (the WebAssembly CLI), give the program the real
// environment variables.
//
// Emscripten starts a program with a made-up environment (HOME=/home/web_user, no
// TJ_CACHE ...), so the wasm CLI would look for files, e.g. tokenizer vocabularies,
// somewhere else than the native one and the two could not be compared. Natively
// this does nothing.
//
// Usage: first thing in main():  import_node_environment();
#pragma once

void import_node_environment();

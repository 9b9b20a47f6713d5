#!/usr/bin/env bash
# Builds Token Journey. Installs what is missing first (scripts/deps.sh).
#   scripts/build.sh --native   desktop app, CLI, unit tests, benchmarks -> build/native
#   scripts/build.sh --web      browser build -> build/web/web (index.html, app.js, app.wasm, app.data)
#   scripts/build.sh --server   only the class server, token-journey-server -> build/native
#   scripts/build.sh --asan     unit tests, CLI and desktop app with AddressSanitizer and
#                               UndefinedBehaviorSanitizer -> build/asan (the test command runs them)
#   scripts/build.sh            native and web
# BUILD_DIR (default <repo>/build) moves the build folders elsewhere.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${TJ_CACHE:-$HOME/.cache/token-journey}
BUILD=${BUILD_DIR:-$repo/build}
native=0 web=0 asan=0 server=0
[ $# -eq 0 ] && native=1 web=1
for a in "$@"; do case $a in --native) native=1 ;; --web) web=1 ;; --asan) asan=1 ;; --server) server=1 ;;
  *) echo "build.sh: unknown flag $a" >&2; exit 2 ;; esac; done

deps=()
[ $native = 1 ] || [ $asan = 1 ] || [ $server = 1 ] && deps+=(--native)
[ $web = 1 ] && deps+=(--web)
"$repo/scripts/deps.sh" "${deps[@]}"
imgui=$(ls -d "$CACHE"/src/imgui-1.86*/ | head -1)
vocab_args=()
if [ -x "$repo/scripts/fetch_vocab.sh" ]; then
  vocab_args=(-DTJ_VOCAB_DIR="$("$repo/scripts/fetch_vocab.sh" | tail -1)")
fi

if [ $native = 1 ] || [ $server = 1 ]; then
  cmake -S "$repo" -B "$BUILD/native" -G Ninja -DCMAKE_BUILD_TYPE=Release -DIMGUI_DIR="$imgui" "${vocab_args[@]}" >/dev/null
  if [ $native = 1 ]; then cmake --build "$BUILD/native" -j2
  else cmake --build "$BUILD/native" -j2 --target token-journey-server; fi
fi
if [ $asan = 1 ]; then
  # -O1 keeps the run fast enough; every finding stops the program (no recovery). Line
  # tables only (-g1): a report names file and line, and the build takes a quarter less.
  san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
  cmake -S "$repo" -B "$BUILD/asan" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
    -DCMAKE_C_FLAGS_DEBUG="-O1 -g1" -DCMAKE_CXX_FLAGS="$san" -DCMAKE_C_FLAGS="$san" \
    -DCMAKE_EXE_LINKER_FLAGS="$san" -DTJ_BUILD_BENCH=OFF -DIMGUI_DIR="$imgui" "${vocab_args[@]}" >/dev/null
  cmake --build "$BUILD/asan" -j2
fi
if [ $web = 1 ]; then
  export NODE_PATH=/usr/share/nodejs   # Debian's emscripten needs Debian's node modules (acorn)
  sdl=$(ls -d "$CACHE"/sdl2-wasm-*/ | head -1)
  emcmake cmake -S "$repo" -B "$BUILD/web" -G Ninja -DCMAKE_BUILD_TYPE=Release -DIMGUI_DIR="$imgui" \
    -DSDL2_DIR="${sdl}lib/cmake/SDL2" -DTJ_BUILD_TESTS=OFF -DTJ_BUILD_BENCH=OFF "${vocab_args[@]}" >/dev/null
  cmake --build "$BUILD/web" -j2
fi

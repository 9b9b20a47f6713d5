#!/usr/bin/env bash
# Installs everything Token Journey needs on a fresh Debian 12 machine, as root.
# Idempotent: a second run only checks. Sources that are built (SDL2 for wasm) and
# downloaded (Debian source packages, npm tarballs) go to a cache outside the repo:
#   TJ_CACHE (default ~/.cache/token-journey)
# Usage: scripts/deps.sh [--web] [--native] [--browser-tests]   (no flag: everything)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${TJ_CACHE:-$HOME/.cache/token-journey}
mkdir -p "$CACHE"
# One run at a time per cache: two builds started together must not install packages
# or build SDL2 over each other (the second waits, then finds everything done).
exec 9>"$CACHE/.deps.lock"
flock 9

want_web=0 want_native=0 want_browser=0
[ $# -eq 0 ] && want_web=1 want_native=1 want_browser=1
for a in "$@"; do case $a in
  --web) want_web=1 ;; --native) want_native=1 ;; --browser-tests) want_browser=1 want_web=1 ;;
  *) echo "deps.sh: unknown flag $a" >&2; exit 2 ;; esac; done

SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo

pkgs=(build-essential cmake ninja-build pkg-config git ca-certificates python3
      libglm-dev catch2 nlohmann-json3-dev libstb-dev libbenchmark-dev python3-simpy
      unicode-data libharfbuzz-bin fonts-wqy-microhei nodejs
      clang-14 libclang-rt-14-dev)   # clang + libFuzzer for the scenario fuzzer
[ $want_native = 1 ] && pkgs+=(libsdl2-dev libgles-dev xvfb x11-apps imagemagick
                              libboost-dev libsqlite3-dev libqrencode-dev   # the class server
                              zbar-tools)   # reads its QR code back in the tests
[ $want_web = 1 ] && pkgs+=(emscripten lld-14 dpkg-dev python3-brotli)
[ $want_browser = 1 ] && pkgs+=(chromium)

# npm comes with NodeSource's nodejs; Debian packages it apart.
command -v npm >/dev/null 2>&1 || pkgs+=(npm)
missing=()
for p in "${pkgs[@]}"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Dear ImGui 1.86 and SDL2 2.26.5 sources, from Debian source packages.
fetch_source() { # $1 source package, $2 folder glob that proves it is there
  if ! compgen -G "$CACHE/src/$2" >/dev/null; then
    if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ && ! grep -qs '^deb-src' /etc/apt/sources.list; then
      echo "deps: adding a deb-src entry for bookworm main"
      printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm bookworm-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
        | $SUDO tee /etc/apt/sources.list.d/token-journey-src.sources >/dev/null
      $SUDO apt-get update -qq
    fi
    mkdir -p "$CACHE/src" && (cd "$CACHE/src" && apt-get source -qq "$1" >/dev/null 2>&1 || apt-get source "$1")
  fi
}
fetch_source imgui 'imgui-1.86*'   # both builds compile Dear ImGui from this source
if [ $want_web = 1 ]; then
  fetch_source libsdl2 'libsdl2-2.26*'
  # SDL2 for WebAssembly: built once per machine, keyed by its version.
  sdl_src=$(ls -d "$CACHE"/src/libsdl2-2.26* | head -1)
  sdl_ver=$(basename "$sdl_src" | sed 's/^libsdl2-//')
  SDL_PREFIX="$CACHE/sdl2-wasm-$sdl_ver"
  if [ ! -f "$SDL_PREFIX/lib/libSDL2.a" ]; then
    echo "deps: building SDL2 $sdl_ver for WebAssembly (once per machine, about 3 min)"
    export NODE_PATH=/usr/share/nodejs
    rm -rf "$CACHE/sdl2-wasm-build"
    emcmake cmake -S "$sdl_src" -B "$CACHE/sdl2-wasm-build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF -DCMAKE_INSTALL_PREFIX="$SDL_PREFIX" >/dev/null
    cmake --build "$CACHE/sdl2-wasm-build" -j2 >/dev/null
    cmake --install "$CACHE/sdl2-wasm-build" >/dev/null
    rm -rf "$CACHE/sdl2-wasm-build"
  fi
fi

# npm packages: playwright-core and axe-core (the accessibility checks) for the browser
# tests, ws for the class server's tests and load benchmark (Node 20 has no WebSocket
# client of its own).
if [ $want_browser = 1 ] && [ ! -d "$CACHE/node/node_modules/playwright-core" ]; then
  mkdir -p "$CACHE/node" && (cd "$CACHE/node" && npm install --silent --no-audit --no-fund playwright-core@1 >/dev/null)
fi
if [ $want_browser = 1 ] && [ ! -d "$CACHE/node/node_modules/axe-core" ]; then
  mkdir -p "$CACHE/node" && (cd "$CACHE/node" && npm install --silent --no-audit --no-fund axe-core@4 >/dev/null)
fi
if { [ $want_native = 1 ] || [ $want_browser = 1 ]; } && [ ! -d "$CACHE/node/node_modules/ws" ]; then
  mkdir -p "$CACHE/node" && (cd "$CACHE/node" && npm install --silent --no-audit --no-fund ws@8 >/dev/null)
fi
echo "deps: ready (cache $CACHE)"

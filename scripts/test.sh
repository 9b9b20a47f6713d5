#!/usr/bin/env bash
# Runs every test of Token Journey on a fresh Debian 12 machine (as root) or a
# warm one: installs what is missing, builds both targets, then
#   1. unit tests of core/ (Catch2 through CTest) and the tokenizer's reference check,
#   2. browser end-to-end tests in headless Chromium (node --test tests/browser),
#   3. desktop smoke tests under Xvfb,
#   4. the checks that need both builds (native vs wasm determinism) and a short fuzz run.
# Screenshots and logs land in $OUT (default <repo>/out/test). The last line is the
# total: "summary: N passed, M failed".
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD_DIR:-$repo/build}
OUT=${OUT:-$repo/out/test}
mkdir -p "$OUT"
pass=0 fail=0
add() { pass=$((pass + $1)); fail=$((fail + $2)); }
stage() { echo; echo "=== $* ==="; }

stage "build (native and web)"
start=$(date +%s)
if ! "$repo/scripts/build.sh"; then echo "build failed"; echo "summary: 0 passed, 1 failed"; exit 1; fi
echo "build took $(( $(date +%s) - start )) s"
"$repo/scripts/deps.sh" --browser-tests

stage "unit tests (ctest)"
(cd "$BUILD/native" && ctest --output-on-failure -j2 --timeout 300) | tee "$OUT/ctest.log"
total=$(sed -n 's/.*tests failed out of \([0-9]*\).*/\1/p' "$OUT/ctest.log" | tail -1)
failed=$(sed -n 's/.* \([0-9]*\) tests failed out of.*/\1/p' "$OUT/ctest.log" | tail -1)
if [ -n "$total" ]; then add $((total - failed)) "$failed"; else add 0 1; fi

stage "browser end-to-end (headless Chromium)"
WEB_ROOT="$BUILD/web/web" SHOTS="$OUT" timeout 900 node --test --test-concurrency=1 "$repo/tests/browser/" | tee "$OUT/browser.log"
bp=$(sed -n 's/^# pass \([0-9]*\)/\1/p' "$OUT/browser.log" | tail -1)
bf=$(sed -n 's/^# fail \([0-9]*\)/\1/p' "$OUT/browser.log" | tail -1)
if [ -n "$bp" ]; then add "$bp" "${bf:-0}"; else add 0 1; fi

stage "desktop smoke (Xvfb)"
"$repo/tests/desktop/smoke.sh" "$BUILD/native/app/token-journey" "$OUT" | tee "$OUT/desktop.log"
dp=$(sed -n 's/^desktop: \([0-9]*\) passed, \([0-9]*\) failed/\1/p' "$OUT/desktop.log")
df=$(sed -n 's/^desktop: \([0-9]*\) passed, \([0-9]*\) failed/\2/p' "$OUT/desktop.log")
if [ -n "$dp" ]; then add "$dp" "$df"; else add 0 1; fi

stage "native vs wasm determinism (same scenarios, byte for byte)"
export NODE_PATH=/usr/share/nodejs
if timeout 900 "$repo/scripts/check_determinism.sh" "$BUILD/native/token-journey-cli" "$BUILD/web/token-journey-cli.js"; then
  add 1 0; else add 0 1; fi

stage "fuzz the link and scenario parsers (libFuzzer, 20 s)"
if timeout 600 "$repo/scripts/fuzz.sh" 20 > "$OUT/fuzz.log" 2>&1; then tail -3 "$OUT/fuzz.log"; add 1 0
else tail -30 "$OUT/fuzz.log"; add 0 1; fi

echo
echo "summary: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/usr/bin/env bash
# Runs every test of Token Journey on a fresh Debian 12 machine (as root) or a
# warm one: installs what is missing, builds both targets, then
#   1. unit tests of core/ (Catch2 through CTest) and the tokenizer's reference check (those
#      labelled slow, the cross-validation, on one core in the background until stage 2 ends),
#   2. the same unit tests, a CLI sweep and the desktop smoke built with AddressSanitizer
#      and UndefinedBehaviorSanitizer (any report fails),
#   3. browser end-to-end tests in headless Chromium (node --test tests/browser),
#   4. desktop smoke tests under Xvfb,
#   5. the checks that need both builds (native vs wasm determinism) and a short fuzz run.
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

# Adds what a CTest log reports (N tests failed out of M), or one failure if it reports nothing.
add_ctest() {
  local total failed
  total=$(sed -n 's/.*tests failed out of \([0-9]*\).*/\1/p' "$1" | tail -1)
  failed=$(sed -n 's/.* \([0-9]*\) tests failed out of.*/\1/p' "$1" | tail -1)
  if [ -n "$total" ]; then add $((total - failed)) "$failed"; else add 0 1; fi
}

stage "unit tests (ctest)"
# The tests labelled slow (the cross-validation: minutes on one core) run in the background
# beside the other tests and the sanitizer build; their result is counted after that stage.
(cd "$BUILD/native" && ctest --output-on-failure --timeout 900 -L slow) > "$OUT/ctest-slow.log" 2>&1 &
slow_pid=$!
(cd "$BUILD/native" && ctest --output-on-failure -j2 --timeout 300 -LE slow) | tee "$OUT/ctest.log"
add_ctest "$OUT/ctest.log"

stage "sanitizers: unit tests, a CLI sweep and the desktop smoke under AddressSanitizer + UBSan"
start=$(date +%s)
if "$repo/scripts/build.sh" --asan > "$OUT/asan-build.log" 2>&1; then
  echo "sanitizer build took $(( $(date +%s) - start )) s"
  # Any report ends the program with an error: the test that ran it fails.
  export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  (cd "$BUILD/asan" && ctest --output-on-failure -j2 --timeout 900) > "$OUT/asan-ctest.log" 2>&1
  tail -3 "$OUT/asan-ctest.log"
  add_ctest "$OUT/asan-ctest.log"
  if "$repo/tests/core/cli_sweep.sh" "$BUILD/asan/token-journey-cli" > "$OUT/asan-cli.log" 2>&1; then
    echo "ok   sanitizer CLI sweep"; add 1 0
  else echo "FAIL sanitizer CLI sweep"; tail -20 "$OUT/asan-cli.log"; add 0 1; fi
  # The graphics driver's own allocations are not ours to judge: no leak check here.
  ASAN_OPTIONS=abort_on_error=1:detect_leaks=0 "$repo/tests/desktop/smoke.sh" "$BUILD/asan/app/token-journey" "$OUT/asan" \
    > "$OUT/asan-desktop.log" 2>&1
  tail -1 "$OUT/asan-desktop.log"
  dp=$(sed -n 's/^desktop: \([0-9]*\) passed, \([0-9]*\) failed/\1/p' "$OUT/asan-desktop.log")
  df=$(sed -n 's/^desktop: \([0-9]*\) passed, \([0-9]*\) failed/\2/p' "$OUT/asan-desktop.log")
  if [ -n "$dp" ]; then add "$dp" "$df"; else add 0 1; fi
  unset ASAN_OPTIONS UBSAN_OPTIONS
else
  echo "sanitizer build failed"; tail -30 "$OUT/asan-build.log"; add 0 1
fi

stage "unit tests labelled slow (ctest, run beside the sanitizers)"
wait "$slow_pid"
cat "$OUT/ctest-slow.log"
add_ctest "$OUT/ctest-slow.log"

stage "browser end-to-end (headless Chromium)"
# A bound, not a pace: the suite takes about 16 minutes on a 2-core machine, longer while
# another build shares it.
WEB_ROOT="$BUILD/web/web" SHOTS="$OUT" timeout 2700 node --test --test-concurrency=1 "$repo/tests/browser/" | tee "$OUT/browser.log"
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

stage "fuzz every parser of outside input: links and scenario files, lessons, vocabularies (libFuzzer, 20 s each)"
if timeout 600 "$repo/scripts/fuzz.sh" 20 > "$OUT/fuzz.log" 2>&1; then tail -3 "$OUT/fuzz.log"; add 1 0
else tail -30 "$OUT/fuzz.log"; add 0 1; fi

echo
echo "summary: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

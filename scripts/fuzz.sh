#!/usr/bin/env bash
# Builds the libFuzzer target for the scenario parsers (fuzz/fuzz_scenario.cpp) with
# clang-14 and AddressSanitizer + UBSan, outside the repo, and runs it.
# Needs clang-14 and its runtime libraries (Debian: clang-14, libclang-rt-14-dev).
# Usage: scripts/fuzz.sh [seconds]   (default 20). Exit status non-zero on a finding.
# Work folder: $TJ_CACHE/fuzz (default ~/.cache/token-journey/fuzz); a crashing input
# is saved there as crash-*.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-20}
work=${TJ_CACHE:-$HOME/.cache/token-journey}/fuzz
mkdir -p "$work/corpus"
CXX=${CXX_FUZZ:-clang++-14}

"$CXX" -std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -I"$here/core" \
  "$here/fuzz/fuzz_scenario.cpp" "$here/core/scenario.cpp" "$here/core/params.cpp" \
  -o "$work/fuzz_scenario"

# A few valid inputs to start from, written fresh each run.
printf 's=token&seed=7&t=0.25&p.token.batch=8' > "$work/corpus/seed-url"
printf '#s=fab&lesson=respin&step=1&p.fab.yield=0.5' > "$work/corpus/seed-url2"
printf '{"scene": "token", "seed": 3, "time": 1.5, "params": {"token.hbm_bw": 2039}}' > "$work/corpus/seed-json"

cd "$work"
"$work/fuzz_scenario" -max_total_time="$secs" -max_len=4096 -dict="$here/fuzz/scenario.dict" \
  -print_final_stats=1 "$work/corpus"

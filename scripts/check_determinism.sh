#!/usr/bin/env bash
# Native and WebAssembly builds must compute the same numbers, bit for bit.
# Runs the same scenarios through both CLIs for every scene and compares the metric
# output (printed with %.17g) byte for byte: defaults at several seeds, every preset,
# and random settings drawn from each parameter's range by a fixed seed.
#
# Usage: scripts/check_determinism.sh NATIVE_CLI WASM_CLI_JS
#   NATIVE_CLI   e.g. build/token-journey-cli
#   WASM_CLI_JS  e.g. build-wasm/token-journey-cli.js (emcmake build; run under node)
# Exit status: 0 all identical, 1 a difference (the diff is printed), 2 usage error.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 NATIVE_CLI WASM_CLI_JS" >&2; exit 2; }
native=$1 wasm=$2
[ -x "$native" ] || { echo "check_determinism: no native CLI at $native" >&2; exit 2; }
[ -f "$wasm" ] || { echo "check_determinism: no wasm CLI at $wasm" >&2; exit 2; }
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run_native() { "$native" "$@"; }
run_wasm() { node --no-experimental-fetch "$wasm" "$@"; }

# Random settings: "--set id=value" lines from a parameter list in CSV, drawn by a
# fixed seed so every run checks the same cases.
random_sets() { # $1 params.csv, $2 seed
  python3 - "$1" "$2" <<'PY'
import csv, math, random, sys
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))
rng = random.Random(int(sys.argv[2]))
args = []
for r in rows:
    lo, hi = float(r["min"]), float(r["max"])
    if lo > 0 and hi / lo > 100:  # wide ranges: draw on a log scale, as the sliders do
        v = lo * (hi / lo) ** rng.random()
    else:
        v = lo + (hi - lo) * rng.random()
    v = min(max(v, lo), hi)
    if r["integer"] == "1":
        v = float(min(max(round(v), math.ceil(lo)), math.floor(hi)))
    args += ["--set", "%s=%r" % (r["id"], v)]
print("\n".join(args))
PY
}

scenes=$(run_native --list-scenes)
[ -n "$scenes" ] || { echo "check_determinism: the native CLI has no scenes" >&2; exit 2; }
cases=0 diffs=0
# A long run notes its progress on standard error every few seconds of wall clock, so
# how many notes there are depends on the machine's load, not on the model: they are
# left out of the comparison (messages and refusals stay in it).
without_progress() { sed -E 's/\r?token-journey-cli: +[0-9]+% \(t = [^)]*\) *//g; /^$/d' "$1" > "$2"; }
check() { # name, then CLI arguments
  local name=$1; shift
  cases=$((cases + 1))
  run_native "$@" >"$work/native.out" 2>"$work/native.raw" || true
  run_wasm "$@" >"$work/wasm.out" 2>"$work/wasm.raw" || true
  without_progress "$work/native.raw" "$work/native.err"
  without_progress "$work/wasm.raw" "$work/wasm.err"
  if cmp -s "$work/native.out" "$work/wasm.out" && cmp -s "$work/native.err" "$work/wasm.err"; then
    echo "same      $name"
  else
    diffs=$((diffs + 1))
    echo "DIFFERENT $name"
    diff "$work/native.out" "$work/wasm.out" | head -20 || true
    diff "$work/native.err" "$work/wasm.err" | head -5 || true
  fi
}

for scene in $scenes; do
  for seed in 1 7 123456789; do check "$scene seed $seed" --scene "$scene" --seed "$seed"; done
  check "$scene long run" --scene "$scene" --steps 400 --seed 3
  run_native --scene "$scene" --list-params --format json >"$work/params.json"
  presets=$(python3 -c 'import json,sys; print(" ".join(json.load(open(sys.argv[1]))["presets"]))' "$work/params.json")
  for p in $presets; do check "$scene preset $p" --scene "$scene" --preset "$p" --seed 5; done
  run_native --scene "$scene" --list-params --format csv >"$work/params.csv"
  for k in 1 2 3 4 5; do
    mapfile -t sets < <(random_sets "$work/params.csv" "$k")
    check "$scene random setting $k" --scene "$scene" --seed "$k" "${sets[@]}"
  done
done
echo "check_determinism: $cases cases, $diffs different"
[ "$diffs" -eq 0 ]

#!/usr/bin/env bash
# test_cli.sh — the headless CLI end to end: every scene runs and prints finite
# metrics in JSON and CSV, a run replays identically, a scenario file means the same
# as the equivalent --set options, and each kind of bad input exits 2 with a message
# naming the problem. Registered with CTest by extra.cmake.
# Usage: tests/core/test_cli.sh path/to/token-journey-cli
set -uo pipefail
cli=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# expect_error "what" "text the message must contain" args...
expect_error() {
  local what=$1 must=$2; shift 2
  "$cli" "$@" >"$work/out" 2>"$work/err"
  local rc=$?
  [ $rc -eq 2 ] || fail "$what: exit $rc, expected 2"
  grep -qF -- "$must" "$work/err" || fail "$what: stderr lacks '$must': $(head -c 300 "$work/err")"
  [ -s "$work/out" ] && fail "$what: printed to stdout on error"
}

scenes=$("$cli" --list-scenes) || fail "--list-scenes"
[ -n "$scenes" ] || fail "no scenes built in"
for scene in $scenes; do
  "$cli" --scene "$scene" --steps 20 >"$work/a.json" || fail "$scene: run failed"
  python3 - "$work/a.json" "$scene" <<'PY' || fail "$scene: JSON output"
import json, math, sys
doc = json.load(open(sys.argv[1]))
assert doc["scene"] == sys.argv[2], doc["scene"]
assert len(doc["metrics"]) > 0
for m in doc["metrics"]:
    assert isinstance(m["value"], (int, float)) and math.isfinite(m["value"]), m
    assert m["id"] and "unit" in m, m
PY
  "$cli" --scene "$scene" --steps 20 >"$work/b.json"
  cmp -s "$work/a.json" "$work/b.json" || fail "$scene: two identical runs differ"
  "$cli" --scene "$scene" --steps 20 --format csv >"$work/a.csv" || fail "$scene: csv run failed"
  [ "$(head -1 "$work/a.csv")" = "id,value,unit" ] || fail "$scene: csv header"
  [ "$(($(wc -l <"$work/a.csv") - 1))" -eq "$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["metrics"]))' "$work/a.json")" ] \
    || fail "$scene: csv and json list different numbers of metrics"

  # A scenario file with one parameter at its maximum means the same as --set.
  "$cli" --scene "$scene" --list-params --format csv >"$work/params.csv" || fail "$scene: --list-params"
  read -r pid pmax < <(python3 -c 'import csv,sys; r=next(csv.DictReader(open(sys.argv[1]))); print(r["id"], r["max"])' "$work/params.csv")
  printf '{"scene": "%s", "seed": 9, "params": {"%s": %s}}' "$scene" "$pid" "$pmax" >"$work/s.json"
  "$cli" --scenario "$work/s.json" --steps 20 >"$work/c.json" || fail "$scene: scenario file run"
  "$cli" --scene "$scene" --seed 9 --set "$pid=$pmax" --steps 20 >"$work/d.json" || fail "$scene: --set run"
  cmp -s "$work/c.json" "$work/d.json" || fail "$scene: scenario file and --set disagree"

  expect_error "$scene unknown parameter" "nope.nothing" --scene "$scene" --set nope.nothing=1
  expect_error "$scene out of range" "$pid" --scene "$scene" --set "$pid=1e300"
  expect_error "$scene unknown preset" "no-such-preset" --scene "$scene" --preset no-such-preset
done
first=$(echo "$scenes" | head -1)
expect_error "unknown scene" "unknown scene 'mars'" --scene mars
expect_error "no scene" "--scene is required"
expect_error "bad seed" "--seed" --scene "$first" --seed -3
expect_error "bad duration" "must last" --scene "$first" --duration -1
expect_error "duration and steps" "not both" --scene "$first" --duration 1 --steps 2
for scene in $scenes; do  # a run past the scene's stated limit is refused at once, not run for hours
  expect_error "$scene duration past the limit" "longest run" --scene "$scene" --duration 1e12
done
expect_error "unknown option" "unknown option '--colour'" --scene "$first" --colour red
expect_error "bad format" "json or csv" --scene "$first" --format xml
expect_error "missing file" "cannot open" --scenario "$work/none.json"
printf '{"scene": "%s", "seed": "x", "bogus": 1}' "$first" >"$work/bad.json"
expect_error "bad scenario file" "bogus" --scenario "$work/bad.json"
grep -qF "seed" "$work/err" || fail "bad scenario file: the seed problem is not reported too"
expect_error "scene mismatch" "scenario file is for scene" --scene mars --scenario "$work/s.json"

[ $failures -eq 0 ] && echo "test_cli: all passed" || echo "test_cli: $failures failures"
[ $failures -eq 0 ]

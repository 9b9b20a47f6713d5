#!/usr/bin/env bash
# A short sweep of the headless runner over every scene and preset, and every
# parameter at its minimum and maximum: for the sanitizer build, where any memory or
# undefined-behaviour report aborts the run. Usage: tests/core/cli_sweep.sh CLI
set -uo pipefail
cli=$1
failures=0
run() { "$cli" "$@" >/dev/null 2>"${TMPDIR:-/tmp}/cli_sweep.err" || { echo "FAIL: $*"; tail -5 "${TMPDIR:-/tmp}/cli_sweep.err"; failures=$((failures + 1)); }; }
for scene in $("$cli" --list-scenes); do
  run --scene "$scene" --steps 30
  "$cli" --scene "$scene" --list-params --format csv > "${TMPDIR:-/tmp}/cli_sweep.params"
  # Each parameter alone at its minimum, then at its maximum, for a few natural units.
  while IFS=, read -r id _ _ min max _; do
    [ "$id" = id ] && continue
    run --scene "$scene" --steps 3 --set "$id=$min"
    run --scene "$scene" --steps 3 --set "$id=$max"
  done < <(python3 -c 'import csv,sys
for r in csv.DictReader(open(sys.argv[1])): print(",".join([r["id"], "", "", r["min"], r["max"], ""]))' "${TMPDIR:-/tmp}/cli_sweep.params")
done
echo "cli sweep: $failures failures"
[ $failures -eq 0 ]

#!/usr/bin/env bash
# Engine speed on the tandem-queue benchmark: our engine natively and as WebAssembly
# under Node, against SimPy 2.3 on the same model. Prints events/s and the ratios the
# project aims for: native >= 100x SimPy, wasm within 2x of native.
#
# Usage: scripts/bench_engine.sh NATIVE_CLI [WASM_CLI_JS]
#   NATIVE_CLI   e.g. build/token-journey-cli          (runs `bench-engine`)
#   WASM_CLI_JS  e.g. build-wasm/token-journey-cli.js  (optional; run with node)
# Each program runs three times and the best run counts. Rates are per processor
# second of the process (fairer on a shared machine; for wasm, Node's
# process.cpuUsage(), which also counts Node's own compiler and GC threads).
# Google Benchmark's view of the same model: build/bench/bench_engine.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 NATIVE_CLI [WASM_CLI_JS]" >&2; exit 2; }
native=$1 wasm=${2:-}
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}

best_rate() { # command...: best events_per_second of three runs
  local best=0 r
  for _ in 1 2 3; do
    r=$("$@" | python3 -c 'import json,sys; print(int(json.loads(sys.stdin.read())["events_per_cpu_second"]))')
    [ "$r" -gt "$best" ] && best=$r
  done
  echo "$best"
}

n_rate=$(best_rate "$native" bench-engine --customers 2000000 --stations 3)
s_rate=$(best_rate /usr/bin/python3 "$here/scripts/bench_simpy.py" --customers 100000 --stations 3)
printf '%-22s %14s events per CPU second\n' "native engine" "$n_rate" "SimPy 2.3" "$s_rate"
w_rate=""
if [ -n "$wasm" ]; then
  w_rate=$(best_rate node --no-experimental-fetch "$wasm" bench-engine --customers 2000000 --stations 3)
  printf '%-22s %14s events per CPU second\n' "wasm engine (node)" "$w_rate"
fi
python3 - "$n_rate" "$s_rate" "$w_rate" <<'PY'
import sys
n, s = float(sys.argv[1]), float(sys.argv[2])
w = float(sys.argv[3]) if sys.argv[3] else None
print("native / SimPy: %.0fx  (target >= 100x: %s)" % (n / s, "met" if n / s >= 100 else "NOT met"))
if w:
    print("native / wasm:  %.2fx  (target <= 2x: %s)" % (n / w, "met" if n / w <= 2 else "NOT met"))
PY

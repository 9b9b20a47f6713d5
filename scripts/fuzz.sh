#!/usr/bin/env bash
# Builds the libFuzzer targets for every parser of outside input, with clang-14 and
# AddressSanitizer + UBSan, outside the repo, and runs each for the same time:
#   fuzz_scenario  links and scenario files (core/scenario.h)
#   fuzz_lessons   lesson files (core/lesson.h)
#   fuzz_vocab     vocabulary files, both forms (core/text/bpe.h)
# Needs clang-14 and its runtime libraries (Debian: clang-14, libclang-rt-14-dev).
# Usage: scripts/fuzz.sh [seconds per target] [target...]   (default 20, all three).
# Exit status non-zero on a finding. Work folder: $TJ_CACHE/fuzz (default
# ~/.cache/token-journey/fuzz); a crashing input is saved there as crash-*.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-20}
shift || true
targets=("$@")
pids=()
[ ${#targets[@]} -eq 0 ] && targets=(fuzz_scenario fuzz_lessons fuzz_vocab)
work=${TJ_CACHE:-$HOME/.cache/token-journey}/fuzz
mkdir -p "$work"
CXX=${CXX_FUZZ:-clang++-14}
flags=(-std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -I"$here")

# The Unicode classes the pretokenizer needs are generated, as in the CMake build
# (again whenever the generator is newer than the cached copy).
gen="$work/unicode_tables.cpp"
[ -s "$gen" ] && [ "$gen" -nt "$here/tools/gen_unicode_tables.py" ] || python3 "$here/tools/gen_unicode_tables.py" /usr/share/unicode/UnicodeData.txt \
  /usr/share/unicode/PropList.txt "$gen"
core=("$here/core/scenario.cpp" "$here/core/params.cpp" "$here/core/strict_json.cpp")
declare -A sources=(
  [fuzz_scenario]="${core[*]}"
  [fuzz_lessons]="${core[*]} $here/core/lesson.cpp"
  [fuzz_vocab]="$here/core/text/bpe.cpp $here/core/text/pretokenize.cpp $here/core/text/unicode_class.cpp $here/core/text/utf8.cpp $gen"
)
declare -A dicts=([fuzz_scenario]="$here/fuzz/scenario.dict" [fuzz_lessons]="$here/fuzz/scenario.dict" [fuzz_vocab]="")

# A few valid inputs to start from, written fresh each run.
seed_corpus() {
  local dir="$work/corpus-$1"
  mkdir -p "$dir"
  case $1 in
    fuzz_scenario)
      printf 's=token&seed=7&t=0.25&p.token.batch=8&cmp=1&b.token.batch=64&prompt=%%E5%%A4%%A7' > "$dir/seed-url"
      printf '#s=fab&lesson=respin&step=1&p.fab.yield=0.5&embed=1' > "$dir/seed-url2"
      printf '{"scene": "token", "seed": "3", "time": 1.5, "params": {"token.hbm_bw": 2039}, "lens": 0.01}' > "$dir/seed-json" ;;
    fuzz_lessons)
      head -c 4000 "$here/assets/lessons.json" > "$dir/seed-lessons"
      # A question that asks for a number (its "guess" may lie beyond the first 4000 bytes).
      printf '{"lessons": [{"id": "g", "scene": "token", "title": {"en": "x", "zh": "y"}, "steps": [{"title": {"en": "t", "zh": "t"}, "text": {"en": "t", "zh": "t"}, "predict": {"question": {"en": "q", "zh": "q"}, "explain": {"en": "e", "zh": "e"}, "guess": {"metric": "decode_step_s", "min": 0.001, "max": 1}}}]}]}' > "$dir/seed-guess" ;;
    fuzz_vocab)
      python3 - "$dir" <<'PY'
import base64, sys
lines = [base64.b64encode(bytes([b])).decode() + " " + str(b) for b in range(256)]
lines += [base64.b64encode(w.encode()).decode() + " " + str(256 + i) for i, w in enumerate(["he", "ll", "hello", " w"])]
open(sys.argv[1] + "/seed-text", "w").write("\n".join(lines) + "\n")
PY
      ;;
  esac
}

# The targets build side by side, then run side by side (two cores), each into its own
# log, shown in turn; a target that does not build or run clean fails the script.
for t in "${targets[@]}"; do
  # shellcheck disable=SC2086
  "$CXX" "${flags[@]}" "$here/fuzz/$t.cpp" ${sources[$t]} -o "$work/$t" &
done
for job in $(jobs -p); do wait "$job" || { echo "fuzz.sh: a target did not build" >&2; exit 1; }; done
for t in "${targets[@]}"; do
  seed_corpus "$t"
  dict=()
  [ -n "${dicts[$t]}" ] && dict=(-dict="${dicts[$t]}")
  (cd "$work" && "$work/$t" -max_total_time="$secs" -max_len=8192 -rss_limit_mb=2048 "${dict[@]}" \
     -print_final_stats=1 "$work/corpus-$t") > "$work/$t.log" 2>&1 &
  pids+=("$!")
done
status=0
for i in "${!targets[@]}"; do
  wait "${pids[$i]}" || status=1
  echo "== ${targets[$i]}: $secs s"
  cat "$work/${targets[$i]}.log"
done
exit $status

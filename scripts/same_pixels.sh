#!/usr/bin/env bash
# Same pixels: draws a set of views with two desktop builds under Xvfb and counts the
# pixels that differ, view by view. For a change that should not change the picture
# (a refactor): build the commit before it, keep its binary, build the change, then
#   scripts/same_pixels.sh OLD/token-journey NEW/token-journey [OUT_DIR]
# Exit 0 when every view is the same, 1 when one differs (its diff image is in OUT_DIR).
# Both builds must know --fixed-step (every frame 1/60 s and every time jump whole),
# which makes two runs of one build draw the same pixels.
set -euo pipefail
old=${1:?usage: same_pixels.sh OLD_BINARY NEW_BINARY [OUT_DIR]}
new=${2:?usage: same_pixels.sh OLD_BINARY NEW_BINARY [OUT_DIR]}
out=${3:-$(mktemp -d)}
mkdir -p "$out"

display=:$((90 + RANDOM % 400))
Xvfb "$display" -screen 0 1920x1200x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1

# name | size | flags
views=(
  "token_en|1280x720|--state s=token&t=2"
  "token_zh|1280x720|--lang zh --state s=token&t=2"
  "token_phone|390x844|--state s=token&t=2"
  "chain_en|1280x720|--state s=fab&t=36288000"
  "chain_zh|820x1180|--lang zh --state s=fab&t=36288000"
  "lesson_token|1280x720|--state s=token&lesson=decode-is-logistics&step=2"
  "lesson_chain|1280x720|--lang zh --state s=fab&lesson=respin-weakest-link&step=1"
  "present_chain|1920x1080|--present --state s=fab&t=36288000"
  "present_token|1920x1080|--present --state s=token&t=2"
  "race_chain|1280x720|--state s=fab&t=36288000&cmp=1&b.fab.respin.enabled=0"
)
differ=0
for v in "${views[@]}"; do
  IFS='|' read -r name size flags <<<"$v"
  read -r -a args <<<"$flags"
  for which in old new; do
    bin=$old; [ "$which" = new ] && bin=$new
    DISPLAY=$display "$bin" --fixed-step --size "$size" "${args[@]}" --frames 90 \
      --screenshot "$out/${name}_$which.png" >/dev/null
  done
  n=$(compare -metric AE "$out/${name}_old.png" "$out/${name}_new.png" "$out/${name}_diff.png" 2>&1 || true)
  printf '%-16s %-10s %s pixels differ\n' "$name" "$size" "$n"
  [ "$n" = 0 ] || differ=1
done
exit $differ

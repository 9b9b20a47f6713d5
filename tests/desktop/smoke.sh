#!/usr/bin/env bash
# Desktop smoke test under Xvfb: the app renders N frames of each scene (a GL error in
# any frame ends it with exit 3, so the check fails and prints it), writes the
# framebuffer as PNG and exits 0; the PNG must not be blank (luminance spread). Then
# the parcel shader's placement is read back and checked against the CPU's.
# Usage: tests/desktop/smoke.sh APP_BINARY OUT_DIR
# Prints "desktop: N passed, M failed" last.
set -uo pipefail
app=$1 out=$2
mkdir -p "$out"
display=:$(( 90 + RANDOM % 100 ))
Xvfb "$display" -screen 0 1920x1080x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
sleep 1
pass=0 fail=0
check() { # name, then the app's flags
  local name=$1; shift
  local png="$out/desktop-$name.png"
  rm -f "$png"
  if DISPLAY=$display timeout 120 "$app" --frames 90 --screenshot "$png" "$@" >"$out/desktop-$name.log" 2>&1 && [ -s "$png" ]; then
    local spread
    spread=$(convert "$png" -colorspace gray -format '%[fx:standard_deviation*255]' info: 2>/dev/null || echo 0)
    if awk -v s="$spread" 'BEGIN { exit !(s > 4) }'; then
      echo "ok   desktop $name (luminance spread $spread)"; pass=$((pass + 1)); return
    fi
    echo "FAIL desktop $name: the screenshot is blank (spread $spread)"
  else
    echo "FAIL desktop $name: the app did not exit 0 with a PNG"; sed 's/^/     /' "$out/desktop-$name.log" | tail -5
  fi
  fail=$((fail + 1))
}
check demo --scene demo --set demo.parcels=100000
for scene in token fab; do check "$scene" --scene "$scene"; done
check present --present
check welcome --scene token --welcome
check race --state "s=token&cmp=1&b.token.run.batch=64"
# A refused option must end the program with exit 2 and say why, never run on with
# other settings (so the checks above would notice a --set that did not apply).
refuse() { # name, text the message must hold, then the app's flags
  local name=$1 must=$2; shift 2
  DISPLAY=$display timeout 120 "$app" --frames 5 "$@" >"$out/desktop-$name.log" 2>&1
  local rc=$?
  if [ $rc -eq 2 ] && grep -qF -- "$must" "$out/desktop-$name.log"; then
    echo "ok   desktop $name (refused: exit 2)"; pass=$((pass + 1))
  else
    echo "FAIL desktop $name: exit $rc, expected 2 with '$must'"; fail=$((fail + 1))
  fi
}
refuse bad-set-value "demo.parcels=abc" --scene demo --set demo.parcels=abc
refuse bad-set-range "demo.parcels" --scene demo --set demo.parcels=-5
refuse bad-set-id "nope.nothing" --scene demo --set nope.nothing=1
refuse bad-state "--state" --state "s=token&p.token.run.batch=banana"
# The parcel shader against the CPU's placement (app/render/parcel_readback.h).
if DISPLAY=$display timeout 120 "$app" --check-parcel-geometry >"$out/desktop-geometry.log" 2>&1; then
  echo "ok   desktop $(tail -1 "$out/desktop-geometry.log")"; pass=$((pass + 1))
else
  echo "FAIL desktop parcel geometry:"; sed 's/^/     /' "$out/desktop-geometry.log" | tail -8; fail=$((fail + 1))
fi
echo "desktop: $pass passed, $fail failed"
[ $fail -eq 0 ]

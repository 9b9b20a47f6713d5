#!/usr/bin/env bash
# Screenshots of both builds for review: builds what is missing, then writes PNGs
# of every scene (browser: 1280x720, 1920x1080, a 390x844 phone and an 820x1180 tablet,
# English and Chinese; every lesson step at 1280x720 and on the phone in both languages; desktop
# under Xvfb) to out/screenshots/. Open them and look before calling a change done.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD_DIR:-$repo/build}
out=${1:-$repo/out/screenshots}
"$repo/scripts/build.sh"
"$repo/scripts/deps.sh" --browser-tests
node "$repo/scripts/screenshot_web.mjs" "$BUILD/web/web" "$out"
for lang in en zh; do  # every step of every lesson, and each question's answer
  node "$repo/scripts/screenshot_lessons.mjs" "$BUILD/web/web" "$out/lessons" --lang "$lang"
  node "$repo/scripts/screenshot_lessons.mjs" "$BUILD/web/web" "$out/lessons" --lang "$lang" --size 390x844
done
"$repo/tests/desktop/smoke.sh" "$BUILD/native/app/token-journey" "$out"
ls -1 "$out"/*.png

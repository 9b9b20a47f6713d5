#!/usr/bin/env bash
# Builds Token Journey and runs it.
#   scripts/run.sh            browser build, served compressed (scripts/serve.py) on
#                             http://127.0.0.1:PORT/ (PORT=8080 by default)
#   scripts/run.sh --native   desktop build, opened in a window (extra flags go to the app)
#   scripts/run.sh --class    class mode: the browser build and token-journey-server, which
#                             prints the students' join address with a QR code and the
#                             presenter's address (extra flags go to the server, e.g.
#                             --bind 0.0.0.0 for a school network; answers are kept in
#                             out/class/token-journey-class.db)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD_DIR:-$repo/build}
if [ "${1:-}" = "--class" ]; then
  shift
  "$repo/scripts/build.sh" --web --server
  mkdir -p "$repo/out/class"
  exec "$BUILD/native/token-journey-server" --web "$BUILD/web/web" --student "$repo/web/student" \
    --db "$repo/out/class/token-journey-class.db" --port "${PORT:-8080}" "$@"
fi
if [ "${1:-}" = "--native" ]; then
  shift
  "$repo/scripts/build.sh" --native
  exec "$BUILD/native/app/token-journey" "$@"
fi
"$repo/scripts/build.sh" --web
port=${PORT:-8080}
echo
echo "Token Journey is served at  http://127.0.0.1:$port/   (Ctrl+C stops it)"
echo
exec python3 "$repo/scripts/serve.py" "$BUILD/web/web" --port "$port" --bind 127.0.0.1

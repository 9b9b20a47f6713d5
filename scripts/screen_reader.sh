#!/bin/bash
# screen_reader.sh — what the Orca screen reader actually SPEAKS on Token Journey lesson steps.
#
# Needs: Debian 12 as root, the web build served (default http://127.0.0.1:8091, e.g.
#   python3 scripts/serve.py build/web/web --port 8091 &), network to Debian's archive for
#   the first run. Installs orca, at-spi2-core, xvfb, xdotool, chromium (apt-get), then:
#   Xvfb -> a private D-Bus session bus -> the AT-SPI bus -> Orca (speech logged to its
#   debug file; no audio is needed: Orca logs "SPEECH OUTPUT" before handing text to
#   speech-dispatcher) -> Debian's Chromium with the renderer's accessibility on, and
#   xdotool types what a blind student would type (Tab, H, Down, R, Space, Enter, B ...).
#   The page's state is read over Chromium's DevTools port (stdlib-only Python) only to
#   wait for the app and to note where the focus is; it never acts on the page.
# Scenarios: (a) decode-is-logistics step 2/5 (a question) before and after Reveal;
#   (b) respin-weakest-link step 1/5 (chain scene), then Next; (c) its step 2 in 中文
#   via the page's language button.
# Output: $OUT/speech.txt (keys and Orca's speech in time order), $OUT/orca.log (Orca's
#   whole debug log), $OUT/keys.log, $OUT/*.json (the mirror's model at each stage).
# Bounded: a watchdog stops everything after $LIMIT seconds; everything started is killed.
# Usage: bash scripts/screen_reader.sh [BASE_URL]        (env: W, PAUSE, LIMIT, DISP, CDP)
set -u
BASE=${1:-http://127.0.0.1:8091}
W=${W:-$(cd "$(dirname "$0")/.." && pwd)/out/screen-reader}   # working directory
OUT=$W/out
DISP=${DISP:-:97}             # the Xvfb display
CDP=${CDP:-9231}              # Chromium's DevTools port (read-only use)
PAUSE=${PAUSE:-2.5}           # seconds between keys (Orca must finish a line first)
LIMIT=${LIMIT:-1200}          # the whole run's bound in seconds
PY=/usr/bin/python3           # Debian's Python (pyatspi and Orca live there)

# ---- packages ----
need=()
for p in orca at-spi2-core dbus xvfb xdotool python3-pyatspi chromium; do
  dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if ((${#need[@]})); then
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${need[@]}" \
    || { echo "apt-get could not install ${need[*]}" >&2; exit 1; }
fi

rm -rf "$OUT" "$W/profile" "$W/prefs" "$W/run"
mkdir -p "$OUT" "$W/prefs" "$W/run" "$W/home"
chmod 700 "$W/run"
KEYS=$OUT/keys.log; : > "$KEYS"

# ---- helpers written out so that this file is all one needs ----
cat > "$W/cdp_eval.py" <<'PYEOF'
#!/usr/bin/python3
"""Evaluate one JavaScript expression in the first page of a Chromium started with
--remote-debugging-port; print the value as JSON. Standard library only.
usage: cdp_eval.py PORT 'expression'"""
import base64, json, os, socket, struct, sys, urllib.request
port, expr = int(sys.argv[1]), sys.argv[2]
tabs = json.load(urllib.request.urlopen(f'http://127.0.0.1:{port}/json', timeout=5))
page = next(t for t in tabs if t.get('type') == 'page')
path = page['webSocketDebuggerUrl'].split(f':{port}', 1)[1]
s = socket.create_connection(('127.0.0.1', port), timeout=20)
key = base64.b64encode(os.urandom(16)).decode()
s.sendall((f'GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n'
           f'Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n').encode())
data = b''
while b'\r\n\r\n' not in data:
    data += s.recv(4096)
data = data.split(b'\r\n\r\n', 1)[1]
msg = json.dumps({'id': 1, 'method': 'Runtime.evaluate',
                  'params': {'expression': expr, 'returnByValue': True, 'awaitPromise': True}}).encode()
n = len(msg)
hdr = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack('>H', n)
                       if n < 65536 else bytes([0x80 | 127]) + struct.pack('>Q', n))
mask = os.urandom(4)
s.sendall(hdr + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(msg)))
def need(k):
    global data
    while len(data) < k:
        chunk = s.recv(65536)
        if not chunk:
            raise EOFError
        data += chunk
payload = b''
while True:
    need(2)
    fin, ln, off = data[0] & 0x80, data[1] & 0x7f, 2
    if ln == 126:
        need(4); ln = struct.unpack('>H', data[2:4])[0]; off = 4
    elif ln == 127:
        need(10); ln = struct.unpack('>Q', data[2:10])[0]; off = 10
    need(off + ln)
    payload += data[off:off + ln]
    data = data[off + ln:]
    if fin:
        m = json.loads(payload)
        payload = b''
        if m.get('id') == 1:
            r = m.get('result', {}).get('result', {})
            print(json.dumps(r.get('value', r), ensure_ascii=False))
            break
PYEOF

cat > "$W/extract.py" <<'PYEOF'
#!/usr/bin/python3
"""Merge the keys pressed (keys.log: 'HH:MM:SS.ffffff KEY|NOTE|DOM text') with what Orca
spoke (its debug log's SPEECH OUTPUT records), in time order. Key echo is left out (the
key is listed). usage: extract.py orca.log keys.log > speech.txt"""
import re, sys
log = open(sys.argv[1], encoding='utf-8', errors='replace').read()
events = []
for m in re.finditer(r"(\d\d:\d\d:\d\d\.\d+) - SPEECH OUTPUT: '(.*?)'( voice=\w+| )?\{", log, re.S):
    if m.group(3) == ' ':
        continue  # speakKeyEvent: the echo of a key
    voice = m.group(3).strip() if m.group(3) else ''
    events.append((m.group(1), 'say', m.group(2).replace('\n', ' / ') + (f'   <{voice}>' if voice else '')))
for line in open(sys.argv[2], encoding='utf-8'):
    t, kind, rest = (line.rstrip('\n').split(' ', 2) + ['', ''])[:3]
    events.append((t, kind.lower(), rest))
events.sort(key=lambda e: e[0])
for t, kind, text in events:
    if kind == 'note':
        print(f'\n===== {text}')
    elif kind == 'key':
        print(f'{t[:8]} KEY  {text}')
    elif kind == 'dom':
        print(f'{t[:8]}        [page: {text}]')
    else:
        print(f'{t[:8]}   ORCA: "{text}"')
PYEOF
chmod +x "$W/cdp_eval.py" "$W/extract.py"

# ---- processes, killed on any exit ----
PIDS=()
CHPID=
ORCA_PID=
cleanup() {
  trap - EXIT INT TERM
  [ -n "${CHPID:-}" ] && { kill "$CHPID" 2>/dev/null; sleep 2; kill -9 "$CHPID" 2>/dev/null; }
  if [ -n "${ORCA_PID:-}" ]; then   # Orca first and gracefully: its log is flushed on exit
    kill "$ORCA_PID" 2>/dev/null
    for _ in $(seq 30); do kill -0 "$ORCA_PID" 2>/dev/null || break; sleep 0.5; done
    kill -9 "$ORCA_PID" 2>/dev/null
  fi
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do kill "${PIDS[i]}" 2>/dev/null; done
  sleep 1
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do kill -9 "${PIDS[i]}" 2>/dev/null; done
  [ -n "${DBUS_PID:-}" ] && kill "$DBUS_PID" 2>/dev/null
  [ -n "${WD:-}" ] && kill "$WD" 2>/dev/null
  if [ -s "$OUT/orca.log" ]; then
    "$PY" "$W/extract.py" "$OUT/orca.log" "$KEYS" > "$OUT/speech.txt"
    echo "speech: $OUT/speech.txt ($(grep -c 'ORCA:' "$OUT/speech.txt") utterances)"
  fi
}
trap cleanup EXIT
trap 'echo "stopped (signal or the ${LIMIT}s watchdog)" >&2; exit 2' INT TERM
( sleep "$LIMIT"; kill -TERM $$ ) & WD=$!

now() { date +%H:%M:%S.%6N; }
note() { echo "$(now) NOTE $*" >> "$KEYS"; echo "== $*"; }
js() { timeout 20 "$PY" "$W/cdp_eval.py" "$CDP" "$1" 2>/dev/null; }
focus_of() {
  js '(function(){const e=document.activeElement;if(!e)return "none";const t=(e.getAttribute("aria-label")||e.textContent||"").trim().slice(0,50);if(e===document.body)return "body";return (e.id?"#"+e.id:e.tagName.toLowerCase())+(e.type==="radio"?(e.checked?" checked":" unchecked"):"")+(t?" \""+t+"\"":"")})()' | tr -d '\n'
}
press() {  # press KEY... : one key (xdotool syntax) at a time, noting where the focus went
  for k in "$@"; do
    echo "$(now) KEY $k" >> "$KEYS"
    xdotool key --clearmodifiers "$k"
    sleep "$PAUSE"
    echo "$(now) DOM focus=$(focus_of)" >> "$KEYS"
  done
}
press_until() {  # press_until KEY ID N : KEY until the focus is on #ID, at most N times
  local k=$1 id=$2 n=$3
  for _ in $(seq "$n"); do
    press "$k"
    case "$(focus_of | tr -d '"\\') " in "#$id "*) return 0 ;; esac
  done
  return 1
}
snapshot() {  # snapshot NAME : the mirror's model and the lesson card's text as shown
  js 'JSON.stringify({lesson: tokenJourney.describe().lesson, language: tokenJourney.describe().language, card: (document.getElementById("m-lesson")||{}).innerText, announce: (document.getElementById("m-announce")||{}).textContent, headline: (document.getElementById("m-headline")||{}).textContent})' > "$OUT/$1.json"
}

export DISPLAY=$DISP XDG_RUNTIME_DIR=$W/run HOME=$W/home LANG=C.UTF-8
export GTK_MODULES=gail:atk-bridge NO_AT_BRIDGE=0 ACCESSIBILITY_ENABLED=1
# No audio: speech-dispatcher's autospawn can hang Orca's start; /bin/false makes it refuse
# at once, Orca goes on with "SPEECH: Not available" and still logs every utterance.
export SPEECHD_CMD=/bin/false

# ---- X, D-Bus, AT-SPI, Orca ----
Xvfb "$DISP" -screen 0 1280x800x24 -nolisten tcp > "$OUT/xvfb.out" 2>&1 & PIDS+=($!)
for _ in $(seq 50); do xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.2; done
read -r DBUS_SESSION_BUS_ADDRESS DBUS_PID < <(dbus-daemon --session --fork --print-address=1 --print-pid=1 | tr '\n' ' ')
export DBUS_SESSION_BUS_ADDRESS
/usr/libexec/at-spi-bus-launcher --launch-immediately > "$OUT/atspi.out" 2>&1 & PIDS+=($!)
sleep 2
dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress > "$OUT/atspi_address.txt" 2>&1 \
  || { echo "no AT-SPI bus: $(cat "$OUT/atspi_address.txt")" >&2; exit 1; }
orca -u "$W/prefs" --debug-file="$OUT/orca.log" > "$OUT/orca.out" 2>&1 & ORCA_PID=$!
# Orca's debug file is block-buffered: it is complete only once Orca has exited (cleanup
# stops Orca with SIGTERM and waits), so its start is judged by the process staying up.
sleep 12
kill -0 "$ORCA_PID" 2>/dev/null || { echo "Orca did not start: $(tail -5 "$OUT/orca.out")" >&2; exit 1; }
xdotool mousemove 1279 799   # the pointer off the page (no hover cards)

browser() {  # browser URL : a fresh Chromium on URL; waits for the app and its lesson card
  chromium --no-sandbox --force-renderer-accessibility --no-first-run --no-default-browser-check \
    --user-data-dir="$W/profile" --window-size=1280,720 --window-position=0,0 \
    --use-gl=angle --use-angle=swiftshader --enable-unsafe-swiftshader \
    --disable-background-networking --disable-component-update --disable-sync --password-store=basic \
    --disable-features=Translate,MediaRouter --remote-debugging-port="$CDP" --remote-allow-origins='*' \
    "$1" > "$OUT/chromium.out" 2>&1 &
  CHPID=$!; PIDS+=("$CHPID")
  for _ in $(seq 90); do
    [ "$(js 'typeof tokenJourney!=="undefined" && tokenJourney.ready() && !!document.getElementById("m-lesson-h")')" = true ] && break
    sleep 2
  done
  sleep 5   # let Orca finish what the load made it say
  WID=$(xdotool search --onlyvisible --class chromium 2>/dev/null | tail -1)
  [ -n "$WID" ] && xdotool windowfocus "$WID" 2>/dev/null
  echo "$(now) DOM loaded; focus=$(focus_of); $(js 'JSON.stringify({lesson: tokenJourney.describe().lesson && [tokenJourney.describe().lesson.id, tokenJourney.describe().lesson.step], language: tokenJourney.describe().language})')" >> "$KEYS"
}
close_browser() { [ -n "$CHPID" ] && kill "$CHPID" 2>/dev/null; wait "$CHPID" 2>/dev/null; CHPID=; sleep 2; }

# ---- (a) a question: decode-is-logistics, step 2 of 5 ----
note "(a) decode-is-logistics step 2/5 (question), English: page load (the canvas takes the focus)"
browser "$BASE/#s=token&lesson=decode-is-logistics&step=1"
snapshot a_before
note "(a) Tab out of the canvas, H to the lesson heading, H to the step title, then Down line by line"
press Tab h h
for _ in $(seq 30); do press Down; done
note "(a) Ctrl+Home, H H H back to the step title, R R R to the third choice, Space, Tab to Reveal"
press control+Home h h h
press r r r space Tab
snapshot a_chosen
note "(a) Enter on Reveal; listen (live region, focus moves to the verdict)"
press Return
sleep 6
snapshot a_after
note "(a) after the reveal: Down through verdict and explanation, then Shift+H back to the step title and Down through the card"
press Down Down Down
press shift+h
press Down Down Down Down Down Down Down Down Down Down Down Down Down Down
close_browser

# ---- (b) a chain step: respin-weakest-link, step 1 of 5 ----
note "(b) respin-weakest-link step 1/5 (chain scene), English: page load"
browser "$BASE/#s=fab&lesson=respin-weakest-link&step=0"
snapshot b_before
note "(b) Tab out of the canvas, H, H, then Down line by line"
press Tab h h
for _ in $(seq 16); do press Down; done
note "(b) B (next button) until Next, Enter on Next; listen for the step change"
press_until b m-next 4 && press Return
sleep 6
snapshot b_next

# ---- (c) 中文: the page's language button, same lesson, its step 2 ----
note "(c) 中文: Ctrl+Home, B (next button) until the language button 中文, Enter"
press control+Home
press_until b m-lang 8 && press Return
sleep 5
snapshot c_zh
note "(c) 中文: Ctrl+Home, H to the lesson heading, H to the step title, Down line by line"
press control+Home h h h
for _ in $(seq 12); do press Down; done
close_browser
note "end"
exit 0

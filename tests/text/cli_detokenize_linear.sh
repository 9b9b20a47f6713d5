#!/usr/bin/env bash
# cli_detokenize_linear.sh — text-mode detokenize prints work in proportion to the
# tokens: each row shows what its token added, so 4x the tokens print at most about
# 4x the bytes (a row that repeated the whole text so far would print about 16x).
# Usage: tests/text/cli_detokenize_linear.sh path/to/token-journey-cli VOCAB_DIR
set -uo pipefail
cli=$1 vocab=$2
ids() { python3 -c "import sys; print(' '.join(['15339'] * int(sys.argv[1])))" "$1"; }
bytes_for() { ids "$1" | "$cli" detokenize --vocab-dir "$vocab" | wc -c; }
small=$(bytes_for 500) || exit 1
large=$(bytes_for 2000) || exit 1
echo "printed bytes: 500 tokens $small, 2000 tokens $large (ratio $(python3 -c "print(round($large/$small, 2))"))"
python3 -c "import sys; sys.exit(0 if $large <= 4.5 * $small else 1)" || { echo "FAIL: output grows faster than the tokens"; exit 1; }

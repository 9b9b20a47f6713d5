#!/usr/bin/env python3
"""precompress.py — compressed copies of the web build's downloads.

Writes FILE.gz (gzip, level 9) next to each FILE given, and FILE.br (brotli, quality 11)
when the brotli module is installed (Debian: python3-brotli). scripts/serve.py sends
such a copy with Content-Encoding when the browser accepts it, so the wasm, its glue,
the preloaded font and the vocabularies travel compressed. A copy newer than its file
is kept; a file that does not exist is skipped (a build without vocabularies).

Usage: precompress.py FILE...   (prints one line per file: its bytes, gzip and brotli)
"""
import gzip
import os
import sys

try:
    import brotli
except ImportError:  # gzip alone still serves every browser
    brotli = None


def up_to_date(path, copy):
    return os.path.exists(copy) and os.path.getmtime(copy) >= os.path.getmtime(path)


def write_atomically(copy, data):
    with open(copy + ".tmp", "wb") as f:
        f.write(data)
    os.replace(copy + ".tmp", copy)


def main(paths):
    if not paths:
        sys.exit("usage: precompress.py FILE...")
    for path in paths:
        if not os.path.isfile(path):
            continue
        data = None
        if not up_to_date(path, path + ".gz"):
            data = open(path, "rb").read()
            # mtime 0: the same input gives the same bytes
            write_atomically(path + ".gz", gzip.compress(data, compresslevel=9, mtime=0))
        if brotli and not up_to_date(path, path + ".br"):
            data = data if data is not None else open(path, "rb").read()
            write_atomically(path + ".br", brotli.compress(data, quality=11))
        sizes = [os.path.getsize(path), os.path.getsize(path + ".gz")]
        br = os.path.getsize(path + ".br") if brotli and os.path.exists(path + ".br") else None
        print(f"precompress: {os.path.basename(path)} {sizes[0]} bytes, gzip {sizes[1]}, "
              f"brotli {br if br is not None else 'not installed (python3-brotli)'}")


if __name__ == "__main__":
    main(sys.argv[1:])

#!/usr/bin/env python3
"""Converts a published .tiktoken vocabulary ("BASE64 RANK" lines) into the compact
binary form that core/text/bpe.cpp also loads (smaller to download in the browser):

    "TJBPE01\\n", u32 little-endian count N, then for each rank 0..N-1 one length byte
    (0 = no token at that rank) followed by the token's bytes.

Usage: tiktoken_to_tjbpe.py INPUT.tiktoken OUTPUT.tjbpe   (standard library only)
"""
import base64
import os
import struct
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: tiktoken_to_tjbpe.py INPUT.tiktoken OUTPUT.tjbpe")
    tokens = {}
    with open(sys.argv[1], "rb") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            b64, rank = line.split()
            rank = int(rank)
            if rank in tokens:
                sys.exit("%s:%d: rank %d appears twice" % (sys.argv[1], n, rank))
            token = base64.b64decode(b64, validate=True)
            if not 1 <= len(token) <= 255:
                sys.exit("%s:%d: a token of %d bytes does not fit" % (sys.argv[1], n, len(token)))
            tokens[rank] = token
    count = max(tokens) + 1
    out = bytearray(b"TJBPE01\n")
    out += struct.pack("<I", count)
    for rank in range(count):
        token = tokens.get(rank, b"")
        out.append(len(token))
        out += token
    tmp = sys.argv[2] + ".tmp"
    with open(tmp, "wb") as f:
        f.write(out)
    os.replace(tmp, sys.argv[2])


if __name__ == "__main__":
    main()

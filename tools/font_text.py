#!/usr/bin/env python3
"""font_text.py — writes every character the browser build's font must hold.

The web font is a subset of Debian's WenQuanYi Micro Hei, made at build time by
hb-subset from this list: printable ASCII and Latin-1, common punctuation, the
3,755 level-1 characters of GB2312 (the common simplified-Chinese set, so typed
prompts render too), and every character in the project's own texts (assets/*.json
and the C++ sources that hold registry labels and help).

Usage: font_text.py REPO_DIR OUT.txt
"""
import pathlib
import sys


def main() -> None:
    repo, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    chars = set(chr(c) for c in range(0x20, 0x7F))
    chars |= set(chr(c) for c in range(0xA0, 0x100))
    chars |= set("–—‘’“”…←→↑↓↺µ×≈≤≥·、。，：；！？（）《》【】「」")
    for hi in range(0xB0, 0xD8):  # GB2312 level 1: rows 16-55
        for lo in range(0xA1, 0xFF):
            try:
                chars.add(bytes([hi, lo]).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    for pattern in ("assets/**/*.json", "core/**/*.cpp", "core/**/*.h", "app/**/*.cpp"):
        for path in repo.glob(pattern):
            chars |= set(path.read_text(encoding="utf-8", errors="ignore"))
    chars = {c for c in chars if c.isprintable() and ord(c) <= 0xFFFF}
    out.write_text("".join(sorted(chars)), encoding="utf-8")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""check_layers.py — holds app/'s layer order: every include looks down, never up.

The layers, lowest first (README, "Layers of app/"):
    platform            a leaf: SDL and the browser, no other app/ header
    render, ui          drawing and words; they do not include each other
    scene               the scene contract and what every scene shares
    token, fab          the two scenes; neither includes the other
    shell               the App: menus, windows, lessons
    main                the SDL loop and the JavaScript API
A file may include its own layer's folder and any lower layer. SDL's headers are for
platform, shell and main only: a scene sees the input already turned into its own types.
Every include of the project's own headers, anywhere in the tree, is spelled from the
repository's root ("app/ui/font.h", "core/model.h"): one include root, one spelling.

Usage: tools/check_layers.py [repo]   (exit 1 and one line per include that breaks a rule)
"""
import os
import re
import sys

LEVEL = {"platform": 0, "render": 1, "ui": 1, "scene": 2, "token": 3, "fab": 3, "shell": 4, "main": 5}
SDL_ALLOWED = {"platform", "shell", "main"}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def problems(repo):
    app = os.path.join(repo, "app")
    for folder in sorted(os.listdir(app)):
        if not os.path.isdir(os.path.join(app, folder)):
            continue
        if folder not in LEVEL:
            yield f"app/{folder}/: a folder with no place in the layer order"
            continue
        for name in sorted(os.listdir(os.path.join(app, folder))):
            path = f"app/{folder}/{name}"
            with open(os.path.join(repo, path), encoding="utf-8") as f:
                for n, line in enumerate(f, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    quote, target = m.groups()
                    close = ">" if quote == "<" else '"'
                    where = f"{path}:{n}: #include {quote}{target}{close}"
                    if quote == "<":
                        if target.startswith("SDL") and folder not in SDL_ALLOWED:
                            yield f"{where}: SDL below the shell"
                        continue
                    if target.startswith("imgui"):
                        if target == "imgui_impl_sdl.h" and folder not in SDL_ALLOWED:
                            yield f"{where}: SDL below the shell"
                        continue
                    parts = target.split("/")
                    if parts[0] == "core":
                        continue
                    if parts[0] != "app":
                        yield f"{where}: spell it from the repository's root"
                        continue
                    to = parts[1] if len(parts) > 2 else ""
                    if to not in LEVEL:
                        yield f"{where}: not in a layer's folder"
                    elif to != folder and LEVEL[to] >= LEVEL[folder]:
                        yield f"{where}: {to} is not below {folder}"


SPELLED = ("core", "cli", "server", "bench", "fuzz", "tests")


def spelling_problems(repo):
    """Quoted includes outside app/ that do not name a file from the root."""
    for top in SPELLED:
        for folder, _, names in os.walk(os.path.join(repo, top)):
            for name in sorted(names):
                if not name.endswith((".h", ".cpp", ".hpp", ".cc")):
                    continue
                path = os.path.relpath(os.path.join(folder, name), repo)
                with open(os.path.join(repo, path), encoding="utf-8") as f:
                    for n, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if not m or m.group(1) != '"' or m.group(2).startswith("imgui"):
                            continue
                        if not os.path.exists(os.path.join(repo, m.group(2))):
                            yield f'{path}:{n}: #include "{m.group(2)}": spell it from the repository\'s root'


def main():
    repo = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    found = list(problems(repo)) + list(spelling_problems(repo))
    for p in found:
        print(p)
    print(f"layers: {len(found)} include(s) against the order")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""serve.py — serves the web build as a visitor should get it: compressed.

For a request of FILE it sends FILE.br or FILE.gz (made at build time by
tools/precompress.py) with Content-Encoding when the request's Accept-Encoding allows
it (brotli first, then gzip), else FILE itself; the Content-Type is FILE's
(application/wasm for .wasm, which the browser's streaming compile needs), and
X-Unencoded-Length tells the page how large FILE is (its loading progress). Only
127.0.0.1 by default. The browser tests serve through this same program.

Usage: serve.py DIR [--port N] [--bind ADDR]   (port 0: any free one; the first
       line printed is "serving http://ADDR:PORT/")
"""
import argparse
import functools
import http.server
import os
import sys

ENCODINGS = (("br", ".br"), ("gzip", ".gz"))  # in order of preference


def accepted(header):
    """The content codings an Accept-Encoding header allows (q=0 refuses one)."""
    ok = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        for p in params.split(";"):
            key, _, value = p.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if name and q > 0:
            ok.add(name.strip().lower())
    return ok


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript",
                      ".data": "application/octet-stream", ".tjbpe": "application/octet-stream",
                      ".json": "application/json", ".ttf": "font/ttf"}

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if os.path.isfile(path):
            allowed = accepted(self.headers.get("Accept-Encoding", ""))
            for coding, suffix in ENCODINGS:
                if coding in allowed and os.path.isfile(path + suffix):
                    return self.send_encoded(path, path + suffix, coding)
        return super().send_head()

    def send_encoded(self, path, encoded, coding):
        f = open(encoded, "rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
        self.send_header("X-Unencoded-Length", str(os.path.getsize(path)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return f

    def log_message(self, fmt, *args):
        if os.environ.get("SERVE_LOG"):
            super().log_message(fmt, *args)


def main():
    ap = argparse.ArgumentParser(description="Serves the web build, compressed where the browser allows.")
    ap.add_argument("dir")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--bind", default="127.0.0.1")
    a = ap.parse_args()
    if not os.path.isdir(a.dir):
        sys.exit(f"serve.py: {a.dir} is not a folder (build it first: scripts/build.sh --web)")
    handler = functools.partial(Handler, directory=a.dir)
    server = http.server.ThreadingHTTPServer((a.bind, a.port), handler)
    print(f"serving http://{a.bind}:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Trunk's post-build hook: gives the built page a content security policy.

Trunk writes the script that starts the wasm inline; a policy without 'unsafe-inline' would block
it, so it moves to a file of its own (named by its hash), after a first script of our own, and the
page gets a policy that allows scripts from its own origin only (plus 'wasm-unsafe-eval', which
compiling WebAssembly needs), no inline script, no object or embed, images and frames never from
another host, style sheets from the page (style attributes, which the app sets to position its
virtual rows, are allowed; style elements are not). Data may come from the page's origin and from
the data directory a reader opens with `?data=`: the first script adds a second policy naming
exactly that origin before anything is fetched (policies combine, so the stricter wins), then runs
src/early_fetch.js, which asks for the data directory's manifest and first index shards while the
wasm downloads and compiles.

Run by Trunk with TRUNK_STAGING_DIR set (see Trunk.toml); idempotent on an already-processed page.
"""
import hashlib
import os
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent

POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    # The app positions virtual rows with style attributes; style elements stay blocked.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self' http: https:",
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
])

# Runs first: narrows connect-src to this page's origin and the one `?data=` names, before the
# app or src/early_fetch.js fetches anything.
DATA_POLICY = """\
{
  const data = new URLSearchParams(location.search).get('data');
  let origins = "'self'";
  if (data) { try { const url = new URL(data, location.href); if (url.origin !== location.origin) origins += ' ' + url.origin; } catch (_) {} }
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = "connect-src " + origins;
  document.head.appendChild(meta);
}
"""
# Then asks for the manifest and the first index shards while the wasm downloads and compiles.
EARLY_FETCH = ROOT / "src" / "early_fetch.js"


def written(staging, stem, code):
    """Writes `code` to the staging directory under a name carrying its hash; returns the name."""
    name = f"{stem}-{hashlib.sha256(code.encode()).hexdigest()[:16]}.js"
    (staging / name).write_text(code, encoding="utf-8")
    return name


def main():
    staging = pathlib.Path(os.environ.get("TRUNK_STAGING_DIR", "dist"))
    page = staging / "index.html"
    html = page.read_text(encoding="utf-8")
    inline = re.search(r'<script type="module">(.*?)</script>', html, re.S)
    if inline:
        # A classic script runs as the page is parsed; the module that starts the wasm runs only
        # once its imports are fetched, which is too late to ask for the data.
        first = written(staging, "early", DATA_POLICY + EARLY_FETCH.read_text(encoding="utf-8"))
        start = written(staging, "start", inline.group(1))
        tags = f'<script src="./{first}"></script>\n<script type="module" src="./{start}"></script>'
        html = html[: inline.start()] + tags + html[inline.end():]
    if "Content-Security-Policy" not in html:
        meta = f'<meta http-equiv="Content-Security-Policy" content="{POLICY}" />'
        html = html.replace('<meta charset="utf-8" />', '<meta charset="utf-8" />\n    ' + meta, 1)
    page.write_text(html, encoding="utf-8")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Trunk's post-build hook: the page's style sheet, minified by esbuild and written into the page.

Trunk 0.21 minifies only with its `minify` setting, which minifies the page too, before the other
steps read it. The sheet is 34 KB as written, 30 KB minified. As a file it was the last thing the
first rows waited for: the page's content security policy is a `<meta>`, so Chromium's preload
scanner asks for nothing early, and the sheet, which must come after the first script (an inline
script waits for the sheets linked before it), was requested only once that script had run, then
shared the server and the network with the data and the modules (traced: requested 24 ms after
the first shard, arrived 40 ms after it). Written into the page, it arrives with it, and the page
allows exactly it, by its SHA-256 (content_security_policy.py). Run with TRUNK_STAGING_DIR set
(see Trunk.toml); idempotent.
"""
import os
import pathlib
import re
import subprocess
import sys

SHEET = re.compile(r'<link rel="stylesheet" href="\./(main-[0-9a-f]+\.css)"[^>]*>')


def minified_css(css):
    result = subprocess.run(["esbuild", "--minify", "--loader=css", "--log-level=error"], input=css, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"inline_css: esbuild failed:\n{result.stderr}")
    return result.stdout


def main():
    staging = pathlib.Path(os.environ.get("TRUNK_STAGING_DIR", "dist"))
    page = staging / "index.html"
    html = page.read_text(encoding="utf-8")
    link = SHEET.search(html)
    if not link:
        if "<style>" in html:
            return
        sys.exit("inline_css: index.html links no main-<hash>.css style sheet")
    sheet = staging / link.group(1)
    css = minified_css(sheet.read_text(encoding="utf-8")).strip()
    if "</style" in css.lower():
        sys.exit("inline_css: style/main.css must not contain </style, it is written into the page")
    html = html[: link.start()] + f"<style>{css}</style>" + html[link.end():]
    page.write_text(html, encoding="utf-8")
    sheet.unlink()


if __name__ == "__main__":
    main()

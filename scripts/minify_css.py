#!/usr/bin/env python3
"""Trunk's post-build hook, last step: the page's style sheet, minified by esbuild.

Trunk 0.21 minifies only with its `minify` setting, which minifies the page too, before the other
steps read it. The sheet is 34 KB as written, 28 KB minified, and a page loads it before its first
rows. Written under a name carrying the new content's hash, with the page's link and integrity
hash following it. Run with TRUNK_STAGING_DIR set (see Trunk.toml); idempotent.
"""
import base64
import hashlib
import os
import pathlib
import re
import subprocess
import sys

SHEET = re.compile(r'<link rel="stylesheet" href="\./((main)-[0-9a-f]+\.css)" integrity="([^"]*)"\s*/?>')


def minified_css(css):
    result = subprocess.run(["esbuild", "--minify", "--loader=css", "--log-level=error"], input=css, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"minify_css: esbuild failed:\n{result.stderr}")
    return result.stdout


def main():
    staging = pathlib.Path(os.environ.get("TRUNK_STAGING_DIR", "dist"))
    page = staging / "index.html"
    html = page.read_text(encoding="utf-8")
    link = SHEET.search(html)
    if not link:
        sys.exit("minify_css: index.html links no main-<hash>.css style sheet")
    old_name, stem, _ = link.groups()
    css = minified_css((staging / old_name).read_text(encoding="utf-8")).encode("utf-8")
    name = f"{stem}-{hashlib.sha256(css).hexdigest()[:16]}.css"
    (staging / name).write_bytes(css)
    if name != old_name:
        (staging / old_name).unlink()
    integrity = "sha384-" + base64.b64encode(hashlib.sha384(css).digest()).decode()
    html = html[: link.start()] + f'<link rel="stylesheet" href="./{name}" integrity="{integrity}"/>' + html[link.end():]
    page.write_text(html, encoding="utf-8")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Trunk's post-build hook: gives the built page a content security policy.

Trunk writes the script that starts the wasm inline; a policy without 'unsafe-inline' would block
it, so it moves to a file of its own (named by its hash), which a first script of our own adds to
the page, and the page gets a policy that allows scripts from its own origin only (plus
'wasm-unsafe-eval', which compiling WebAssembly needs, and that first script, inline, by its
SHA-256: no other inline script runs), no object or embed, images and frames never from another
host, style sheets from the page's origin and its one style element (inline_css.py), by
its SHA-256 (style attributes, which the app sets to position its virtual rows, are allowed; any
other style element is not). Data may come from the page's origin and from
the data directory a reader opens with `?data=`: the first script adds a second policy naming
exactly that origin before anything is fetched (policies combine, so the stricter wins), then runs
src/early_fetch.js, which asks for the data directory's manifest and first index shards while the
wasm downloads and compiles.

Run by Trunk with TRUNK_STAGING_DIR set (see Trunk.toml); idempotent on an already-processed page.
"""
import base64
import hashlib
import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",  # and the first script's hash, see policy()
    "style-src 'self'",  # and the page's style element's hash, see policy()
    # The app positions virtual rows with style attributes; other style elements stay blocked.
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
# Then asks for the manifest and the first index shards while the wasm downloads and compiles,
# and draws the list's first screen from them (first_screen.js defines it, early_fetch.js calls it).
EARLY_SCRIPTS = [ROOT / "src" / "first_screen.js", ROOT / "src" / "early_fetch.js"]


def sha256_source(text):
    """A policy's source for `text` by its hash."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def policy(inline_script, inline_style):
    """POLICY, allowing the one inline script and the one style element by their hashes (an
    injected script or style has another)."""
    allowed = POLICY.replace("script-src 'self'", f"script-src 'self' {sha256_source(inline_script)}", 1)
    if inline_style is None:
        return allowed
    return allowed.replace("style-src 'self'", f"style-src 'self' {sha256_source(inline_style)}", 1)


def minified_script(code):
    """`code`, a classic script, minified by esbuild: its comments are for the source, not for
    every page load (the first script was 4.9 KB, 2.0 KB minified)."""
    result = subprocess.run(["esbuild", "--minify", "--log-level=error"], input=code, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"content_security_policy: esbuild failed on the first script:\n{result.stderr}")
    return result.stdout


def written(staging, stem, code):
    """Writes `code` to the staging directory under a name carrying its hash; returns the name."""
    name = f"{stem}-{hashlib.sha256(code.encode()).hexdigest()[:16]}.js"
    (staging / name).write_text(code, encoding="utf-8")
    return name


WASM_PRELOAD = re.compile(r'<link rel="preload" href="\./([^"]+_bg\.wasm)"[^>]*?integrity="([^"]*)"[^>]*>\s*')


def compiled_early(html, start_script):
    """The page and the start script with the wasm compiled by the first script as it downloads.

    Trunk's start script compiles the wasm only once the glue and the loader it imports have
    arrived and run, 20-30 ms after the wasm's own bytes. The first script now fetches and
    compiles it (src/early_fetch.js, told which file by the script's `data-wasm` attributes), and
    the start script hands the compiled module to the glue, or, if that failed, the file. Trunk's
    preload link for the wasm goes: the first script's request comes before it, and a link after
    a `fetch` would download the file again.

    The file is fetched again with the page's integrity hash: fetched without it (as before), a
    wasm that had failed the check was run all the same. If it cannot start, the page says so
    (`benchscopeNotStarted`, in the first script) instead of loading for ever.
    """
    link = WASM_PRELOAD.search(html)
    if not link:
        return html, start_script, ""
    wasm, integrity = link.groups()
    path = f"'./{wasm}'"
    call = f"init({{ module_or_path: {path} }})"
    if call not in start_script:
        sys.exit(f"content_security_policy: Trunk's start script does not load {path} as `{call}`")
    checked = f"fetch({path}, {{ integrity: '{integrity}' }})"
    start_script = start_script.replace(
        call,
        f"init({{ module_or_path: window.benchscopeWasm?.catch(() => {checked}) ?? {checked} }})"
        ".catch((error) => { window.benchscopeNotStarted?.(error); throw error; })",
        1,
    )
    return html[: link.start()] + html[link.end():], start_script, f' data-wasm="./{wasm}" data-wasm-integrity="{integrity}"'


MODULE_PRELOAD = re.compile(r'<link rel="modulepreload" href="(\./[^"\s]+)" crossorigin="anonymous" integrity="([^"\s]+)"\s*/?>\s*')


def modules_the_first_script_adds(html, start):
    """The page without the preload links of the modules the start script imports, and the
    first script's attributes naming them and the start script (`./start-<hash>.js`): that
    script adds them to the page once the list's first screen has its data, or when it asks for
    the wasm (`modulesAsked` in src/early_fetch.js). Asked for by the page as it was parsed, the
    three modules were fetched and compiled while the first screen's data came in."""
    preloads = MODULE_PRELOAD.findall(html)
    html = MODULE_PRELOAD.sub("", html)
    listed = " ".join(f"{href} {integrity}" for href, integrity in preloads)
    return html, f' data-modules="{listed}" data-start="./{start}"'


def main():
    staging = pathlib.Path(os.environ.get("TRUNK_STAGING_DIR", "dist"))
    page = staging / "index.html"
    html = page.read_text(encoding="utf-8")
    inline = re.search(r'<script type="module">(.*?)</script>', html, re.S)
    early = minified_script(DATA_POLICY + "".join(path.read_text(encoding="utf-8") for path in EARLY_SCRIPTS))
    if "</script" in early.lower():
        sys.exit("content_security_policy: src/first_screen.js and src/early_fetch.js must not contain </script, they are written inline")
    if inline:
        # The first script is inline, so it runs as soon as the page is parsed: fetched as a file
        # it ran 20-50 ms later, and the data it asks for then arrived while the wasm was
        # starting, when the main thread read it only after the app had asked. The module that
        # starts the wasm runs only once its imports are fetched, too late to ask for the data.
        # It comes before the style element, so that its requests go out before the style is
        # parsed. The module that starts the app is not in the page: the first script adds it,
        # with Trunk's preload links for what it imports (see `modules_the_first_script_adds`), as
        # an `async` module (a deferred one waited for the style sheet, 5-15 ms in alternated
        # loads when the sheet was a file, when the app can build its page meanwhile: it mounts
        # once the document is parsed, `start` in src/lib.rs).
        html = html[: inline.start()] + html[inline.end():]
        html, start_script, wasm_attributes = compiled_early(html, inline.group(1))
        start = written(staging, "start", start_script)
        html, module_attributes = modules_the_first_script_adds(html, start)
        html = html.replace('<meta charset="utf-8" />', f'<meta charset="utf-8" />\n    <script{wasm_attributes}{module_attributes}>{early}</script>', 1)
    if '<meta http-equiv="Content-Security-Policy"' not in html:
        # First in the head: a policy applies only to what comes after it.
        style = re.search(r"<style>(.*?)</style>", html, re.S)
        meta = f'<meta http-equiv="Content-Security-Policy" content="{policy(early, style and style.group(1))}" />'
        html = html.replace('<meta charset="utf-8" />', '<meta charset="utf-8" />\n    ' + meta, 1)
    page.write_text(html, encoding="utf-8")


if __name__ == "__main__":
    main()

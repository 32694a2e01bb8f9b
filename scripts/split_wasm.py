#!/usr/bin/env python3
"""Trunk's post-build hook: splits the app's wasm so that the first screen loads only its own code.

The pages the list does not need (the instance page, the leaderboard, the analysis, a site's
introduction) are split points (`src/pages/lazy.rs`). Trunk 0.21 has no step for them, so this hook redoes
the end of its pipeline on cargo's own output (linked with `--emit-relocs`, see
`.cargo/config.toml`):

1. `wasm-split-cli` cuts the module at the lazy functions: a main module, one module per page
   and the chunks pages share, and `__wasm_split.js`, which fetches and instantiates them;
2. `wasm-bindgen` makes the main module's JavaScript glue, keeping the linker's exports the
   split modules import;
3. `wasm-opt -Oz` shrinks every module (dropping the toolchain's custom sections), and esbuild
   the glue and the loader;
4. the split modules and the loader get content-hashed names (so a redeployed site never mixes
   old and new modules), the loader fetches each module with its integrity hash, and the staged
   glue, main module and the page's integrity hashes are replaced by the split ones.

Run by Trunk with TRUNK_STAGING_DIR set (see Trunk.toml), after its own build of the same wasm.
"""
import base64
import hashlib
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
CRATE = "benchscope-web"
PROFILE = "web-release"
WASM_OPT_OPTIONS = [
    "--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext",
    "--enable-mutable-globals", "--enable-reference-types", "--enable-multivalue",
    # The toolchain's custom sections: no browser reads them, and in 47 modules they were 8 KB
    # of the gzipped wasm.
    "--strip-producers", "--strip-target-features",
]
# BENCHSCOPE_WASM_NAMES=1 keeps the functions' names in the shipped wasm, for a CPU profile that
# names them (the modules are then larger; never for a site that is published).
if os.environ.get("BENCHSCOPE_WASM_NAMES"):
    WASM_OPT_OPTIONS.append("--debuginfo")
LOADER = "__wasm_split.js"


def run(*command, stdin=None):
    """Runs a tool, stopping the build with its error if it fails; returns what it printed."""
    result = subprocess.run(command, input=stdin, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"split_wasm: {' '.join(map(str, command))} failed:\n{result.stderr}")
    return result.stdout


def cargo_wasm():
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    wasm = target / "wasm32-unknown-unknown" / PROFILE / f"{CRATE.replace('-', '_')}.wasm"
    if not wasm.exists():
        wasm = wasm.with_name(f"{CRATE}.wasm")
    if not wasm.exists():
        sys.exit(f"split_wasm: cargo's wasm is not at {wasm}")
    return wasm


def staged_names(staging):
    """Trunk's hashed stem for the app (`benchscope-web-<hash>`)."""
    for path in staging.glob(f"{CRATE}-*_bg.wasm"):
        return path.name[: -len("_bg.wasm")]
    sys.exit(f"split_wasm: no {CRATE}-*_bg.wasm in {staging}")


def hashed(path, data):
    digest = hashlib.sha256(data).hexdigest()[:16]
    return f"{path.stem}-{digest}{path.suffix}"


def minified(code):
    """`code`, an ES module, minified by esbuild (its imports and exports kept): the glue
    wasm-bindgen writes is 62 KB, 28 KB minified, and the loader 11 KB, 6 KB."""
    return run("esbuild", "--minify", "--format=esm", "--log-level=error", stdin=code)


def sri(data):
    return "sha384-" + base64.b64encode(hashlib.sha384(data).digest()).decode()


def checked_fetch(loader, old, new, integrity):
    """The loader fetching `old` as `new`, with its integrity hash: the page checks the glue and
    the loader by theirs, and the loader now checks each module, so no module runs that differs
    from what was built."""
    fetch = f'fetch(new URL("./{old}", import.meta.url))'
    if loader.count(fetch) != 1:
        sys.exit(f"split_wasm: the loader does not fetch {old} once as `{fetch}`")
    return loader.replace(fetch, f'fetch(new URL("./{new}", import.meta.url), {{ integrity: "{integrity}" }})')


def preload_loader(html, stem, loader_name, integrity):
    """The page with a preload of the loader beside the glue's: the glue imports it, and without
    the link it was asked for only once the glue had arrived, and the wasm started after it."""
    if f'href="./{loader_name}"' in html:
        return html
    glue = re.search(r'<link rel="modulepreload" href="\./' + re.escape(f"{stem}.js") + r'"[^>]*>', html)
    if not glue:
        sys.exit(f"split_wasm: index.html has no modulepreload link for {stem}.js")
    link = f'<link rel="modulepreload" href="./{loader_name}" crossorigin="anonymous" integrity="{integrity}">'
    return html[: glue.end()] + link + html[glue.end():]


def main():
    if not os.environ.get("BENCHSCOPE_WEB_BUILD"):
        print("split_wasm: built without scripts/build_web.sh's settings: the site works, but its wasm"
              " carries the panic machinery (about 60 KB gzipped more)", file=sys.stderr)
    staging = pathlib.Path(os.environ["TRUNK_STAGING_DIR"])
    stem = staged_names(staging)
    with tempfile.TemporaryDirectory() as tmp:
        split, bound = pathlib.Path(tmp, "split"), pathlib.Path(tmp, "bound")
        run("wasm-split-cli", cargo_wasm(), split, "--out-name", stem)
        run("wasm-bindgen", "--target", "web", "--no-typescript", "--keep-lld-exports", "--no-demangle",
            "--out-name", stem, "--out-dir", bound, split / f"{stem}.wasm")
        # The split modules, optimized, under names that carry their content's hash.
        renamed = {}
        for module in sorted(split.glob("*.wasm")):
            if module.name == f"{stem}.wasm":
                continue
            optimized = pathlib.Path(tmp, module.name)
            run("wasm-opt", "-Oz", *WASM_OPT_OPTIONS, module, "-o", optimized)
            data = optimized.read_bytes()
            renamed[module.name] = hashed(module, data)
            (staging / renamed[module.name]).write_bytes(data)
        loader = (split / LOADER).read_text()
        for old, new in renamed.items():
            loader = checked_fetch(loader, old, new, sri((staging / new).read_bytes()))
        loader = minified(loader)
        loader_name = hashed(pathlib.Path(LOADER), loader.encode())
        (staging / loader_name).write_text(loader)
        # The main module and its glue replace Trunk's.
        run("wasm-opt", "-Oz", *WASM_OPT_OPTIONS, bound / f"{stem}_bg.wasm", "-o", staging / f"{stem}_bg.wasm")
        # Only the glue's `import ... from` lines name the loader's file; the wasm's import module
        # keeps its name.
        glue = minified((bound / f"{stem}.js").read_text().replace(f'from "./{LOADER}"', f'from "./{loader_name}"'))
        (staging / f"{stem}.js").write_text(glue)
    index = staging / "index.html"
    html = index.read_text()
    for name in (f"{stem}.js", f"{stem}_bg.wasm"):
        pattern = re.compile(r'(href="\./' + re.escape(name) + r'"[^>]*?integrity=")[^"]*(")')
        html = pattern.sub(lambda m: m.group(1) + sri((staging / name).read_bytes()) + m.group(2), html)
    index.write_text(preload_loader(html, stem, loader_name, sri((staging / loader_name).read_bytes())))
    print(f"split_wasm: {stem}_bg.wasm and {len(renamed)} split modules")


if __name__ == "__main__":
    main()

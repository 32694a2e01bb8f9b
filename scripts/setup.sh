#!/usr/bin/env bash
# Installs everything Benchscope needs on a fresh machine (Debian, rustup, node/npm, python3),
# idempotently: each step checks the installed version first, so a second run takes seconds.
#   the wasm32 target, clippy, rustfmt and rust-src, Trunk, wasm-bindgen-cli (the version Cargo.lock pins),
#   wasm-split-cli (cuts the app's wasm at its lazy pages: scripts/split_wasm.py), the npm tools
#   (binaryen's wasm-opt, esbuild, playwright-core; from e2e/package-lock.json), Debian chromium and
#   chromedriver, pytest, and pyarrow (tests write Parquet with it).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

TRUNK_VERSION=0.21.14
PYTEST_VERSION=9.2.0
PYARROW_VERSION=26.0.1
say() { printf 'setup: %s\n' "$*" >&2; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# rust-src: the web build compiles the standard library itself (scripts/build_web.sh).
for component in clippy rustfmt rust-src; do
  if ! rustup component list --installed | grep -Eq "^$component(-|$)"; then
    say "adding the $component component"
    rustup component add "$component"
  fi
done
# The standard library's own dependencies, which Trunk's offline build cannot download (on a
# machine whose Cargo cache lacks them, it stops with "no matching package named `moto-rt`").
RUSTC_BOOTSTRAP=1 cargo fetch --locked --quiet --manifest-path "$(rustc --print sysroot)/lib/rustlib/src/rust/library/Cargo.toml"

CARGO_FUZZ_VERSION=0.13.2
if ! trunk --version 2>/dev/null | grep -qx "trunk $TRUNK_VERSION"; then
  say "installing trunk $TRUNK_VERSION (several minutes, once)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

# wasm-bindgen-cli must match the wasm-bindgen crate exactly, and Trunk.toml must name the same version.
BINDGEN_VERSION=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$BINDGEN_VERSION" ]; then
  say "cannot find wasm-bindgen in Cargo.lock"; exit 1
fi
if ! grep -qx "wasm_bindgen = \"$BINDGEN_VERSION\"" Trunk.toml; then
  say "Trunk.toml's [tools] wasm_bindgen does not match Cargo.lock's wasm-bindgen $BINDGEN_VERSION: update Trunk.toml"; exit 1
fi
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $BINDGEN_VERSION"; then
  say "installing wasm-bindgen-cli $BINDGEN_VERSION (a few minutes, once)"
  # Without --locked: its lockfile wants a webpki-roots release the registry here does not serve.
  cargo install wasm-bindgen-cli --version "$BINDGEN_VERSION"
fi

# wasm-split-cli prints no version, so the installed one is read from cargo's own record.
WASM_SPLIT_VERSION=0.2.4
if ! grep -q "wasm_split_cli_support $WASM_SPLIT_VERSION " "${CARGO_HOME:-$HOME/.cargo}/.crates.toml" 2>/dev/null \
   || ! command -v wasm-split-cli >/dev/null; then
  say "installing wasm-split-cli $WASM_SPLIT_VERSION (a minute, once)"
  cargo install wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary --locked
fi

if ! cargo fuzz --version 2>/dev/null | grep -q "^cargo-fuzz $CARGO_FUZZ_VERSION"; then
  say "installing cargo-fuzz $CARGO_FUZZ_VERSION (a minute, once)"
  cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION" --locked
fi

LOCK_HASH=$(sha256sum e2e/package-lock.json | cut -d' ' -f1)
if [ "$(cat e2e/node_modules/.benchscope-lock 2>/dev/null)" != "$LOCK_HASH" ]; then
  say "installing npm tools from e2e/package-lock.json"
  (cd e2e && npm ci --no-audit --no-fund --loglevel=error)
  echo "$LOCK_HASH" > e2e/node_modules/.benchscope-lock
fi

if [ ! -x "$CHROMIUM" ] || [ ! -x "$CHROMEDRIVER" ]; then
  say "installing Debian chromium and chromium-driver"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
fi

if ! python3 -m pytest --version 2>&1 | grep -q "pytest $PYTEST_VERSION"; then
  say "installing pytest $PYTEST_VERSION"
  python3 -m pip install --quiet --disable-pip-version-check "pytest==$PYTEST_VERSION"
fi

if ! python3 -c "import pyarrow, sys; sys.exit(pyarrow.__version__ != '$PYARROW_VERSION')" 2>/dev/null; then
  say "installing pyarrow $PYARROW_VERSION (the tests write Parquet files the way the Hugging Face hub does)"
  python3 -m pip install --quiet --disable-pip-version-check "pyarrow==$PYARROW_VERSION"
fi

say "ready: $(trunk --version), $(wasm-bindgen --version), wasm-opt $(wasm-opt --version | cut -d' ' -f3), esbuild $(esbuild --version), $("$CHROMIUM" --version 2>/dev/null), $(python3 -m pytest --version 2>&1)"

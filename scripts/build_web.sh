#!/usr/bin/env bash
# Builds the explorer's release site into dist/ (Trunk, then its post-build hooks), with the
# standard library compiled for it, its panics reduced to a trap: the panic machinery and its
# messages would otherwise ship (the wasm in all 864 to 806 KB gzipped, the first view's 248 to
# 227). Every panic is a bug; it still stops the app with `RuntimeError: unreachable` in the
# console, just without the message.
#
# Those are unstable cargo and rustc flags, let through on the stable toolchain by
# RUSTC_BOOTSTRAP for this build alone: the CLI, the native tests and the wasm tests never see
# them. A plain `trunk build --release` still builds a working site, without the saving (the
# post-build hook says so).
#   scripts/build_web.sh [trunk build's options]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

export RUSTC_BOOTSTRAP=1
export CARGO_UNSTABLE_BUILD_STD=std,panic_abort
# Added to .cargo/config.toml's wasm32 rustflags, not in place of them.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort"
export BENCHSCOPE_WEB_BUILD=1
exec trunk build --release "$@"

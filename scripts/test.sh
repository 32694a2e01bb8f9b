#!/usr/bin/env bash
# Sets up what it needs and runs every test:
#   0. rustfmt and clippy (warnings are errors), natively and for wasm;
#   1. native unit and integration tests (contract, CLI, the app's pure modules), including the
#      ones over ../shared/realdata (skipped with a message when it is absent, required when CI=true);
#   2. the native dependency tree is checked free of the web stack;
#   3. the demo benchmark is rebuilt with real git and verified with real pytest;
#   4. wasm-bindgen-test tests of the app's components in headless Chromium;
#   5. the release build of the site with Trunk;
#   6. end-to-end tests in headless Chromium with Playwright against the built site;
#   7. coverage-guided fuzzing of every parser of untrusted input (scripts/fuzz.sh, 10 s a target).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

scripts/setup.sh
passed=0
failed=0
stage() {
  local name="$1"; shift
  printf '\n==> %s\n' "$name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAILED: %s\n' "$name"; fi
}
native_tree_has_no_web_stack() {
  local hits
  hits=$(cargo tree --workspace -e normal --prefix none | grep -E '^(leptos|web-sys|wasm-bindgen|gloo-net|js-sys) ' || true)
  if [ -n "$hits" ]; then printf 'the native build pulls in the web stack:\n%s\n' "$hits"; return 1; fi
  echo "native dependency tree: no leptos, web-sys, wasm-bindgen, gloo-net or js-sys"
}

lints() {
  cargo fmt --all --check &&
    cargo clippy --workspace --all-targets -- -D warnings &&
    cargo clippy -p benchscope-web --target wasm32-unknown-unknown --all-targets -- -D warnings
}

stage "formatting and lints (rustfmt, clippy on the native and wasm builds)" lints
stage "native tests" cargo test --workspace
stage "native build has no web stack" native_tree_has_no_web_stack
stage "demo benchmark is current and verified with pytest" python3 demo/build.py --check --verify
stage "wasm tests in headless Chromium" cargo test -p benchscope-web --target wasm32-unknown-unknown
stage "release build" scripts/build_web.sh
stage "end-to-end tests in headless Chromium" npm --prefix e2e test
stage "coverage-guided fuzzing (cargo-fuzz, 10 s a target)" scripts/fuzz.sh "${BENCHSCOPE_FUZZ_SECONDS:-10}"

printf '\nstages: %d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]

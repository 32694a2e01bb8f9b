#!/usr/bin/env bash
# Sets up what it needs, exports the embedded demo dataset, builds the explorer in release
# mode and serves it on http://127.0.0.1:PORT (default 8080). Ctrl-C stops the server.
#   scripts/serve.sh [PORT]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
PORT="${1:-${PORT:-8080}}"

scripts/setup.sh
cargo build --release --quiet -p benchscope-cli
trunk build --release
target/release/benchscope export demo/demo.jsonl --dataset demo --split test --categories demo/categories.json --out dist/data
echo
echo "Benchscope is served at http://127.0.0.1:$PORT/"
exec python3 -m http.server "$PORT" --bind 127.0.0.1 --directory dist

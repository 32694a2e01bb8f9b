#!/usr/bin/env bash
# Sets up what it needs, exports the embedded demo dataset, evaluates the demo's three
# prediction sets on its repositories, builds the explorer in release mode and serves it on
# http://127.0.0.1:PORT (default 8080). Ctrl-C stops the server.
#   scripts/serve.sh [PORT]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
PORT="${1:-${PORT:-8080}}"

scripts/setup.sh
cargo build --release --quiet -p benchscope-cli
scripts/build_web.sh
# The demo's repositories are built with git: the export stores the files the patches change
# (expandable diff context), and each prediction set's tests run on them for real with pytest.
REPOS="$(mktemp -d)"
trap 'rm -rf "$REPOS"' EXIT
python3 demo/build.py --check --repos-out "$REPOS" >/dev/null
target/release/benchscope export demo/demo.jsonl --dataset demo --split test --categories demo/categories.json \
  --repos "$REPOS" --out dist/data
for set in gold partly-right failure-modes; do
  target/release/benchscope eval --data dist/data --dataset demo --predictions "demo/predictions/$set.jsonl" \
    --repos "$REPOS" --run "$set" --timeout 10 --quiet
done
echo
echo "Benchscope is served at http://127.0.0.1:$PORT/"
python3 -m http.server "$PORT" --bind 127.0.0.1 --directory dist

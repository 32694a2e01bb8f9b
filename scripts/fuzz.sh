#!/usr/bin/env bash
# Coverage-guided fuzzing (cargo-fuzz, libFuzzer) of every parser of untrusted input, each target
# from a seed corpus of the project's own files and the real published ones (seeds.py):
#   scripts/fuzz.sh [SECONDS]    each target for SECONDS (default 10); exits non-zero on a crash,
#                                a hang (over 10 s on one input) or memory past 2 GiB, naming the
#                                input saved under dataset-export/fuzz/artifacts/.
# The machine's toolchain is stable; cargo-fuzz passes a few unstable compiler flags, which
# RUSTC_BOOTSTRAP lets stable accept. No sanitizer is used: the code under test has no unsafe.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
seconds="${1:-10}"
corpus="$ROOT/target/fuzz-corpus"
python3 dataset-export/fuzz/seeds.py "$corpus"
cd dataset-export
export RUSTC_BOOTSTRAP=1
cargo fuzz build --sanitizer none
for target in $(cargo fuzz list); do
  log="$ROOT/target/fuzz-$target.log"
  if ! cargo fuzz run --sanitizer none "$target" "$corpus/$target" -- \
      -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=65536 >"$log" 2>&1; then
    tail -40 "$log"
    echo "fuzz: $target FAILED (the input is in dataset-export/fuzz/artifacts/$target/)"
    exit 1
  fi
  echo "fuzz: $target: $(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$log" | tail -1), none failing"
done

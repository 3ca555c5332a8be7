#!/usr/bin/env bash
# fix --write's import check (issue 30 item 8), apart from bench/run.sh:
# `fix --write --verify import` against `--verify compile` on a fresh copy
# of PyTorch 1.13.1's test/ tree each run, with the host's Debian python3
# and torch 1.13.1 (the torch of that tree) and the HardwareClassification
# stand-in (tests/runtime/pyshim). Prints each run and the medians, and the
# import check's cost per written file. Not a test: it prints figures.
#   bench/import-verify.sh [BUILD_DIR] [RUNS]
set -euo pipefail
build=${1:-build}
runs=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
corpus=$("$here/../scripts/fetch-pytorch-tests.sh" "${HWCLASS_CORPUS_CACHE:-$HOME/.cache/hwclass}" 1.13.1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PATH="/usr/bin:$PATH" PYTHONPATH="$here/../tests/runtime/pyshim:$here/../tests/runtime/host-shim"
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
declare -A secs
for ((r = 1; r <= runs; r++)); do
  for verify in compile import; do
    rm -rf "$work/tree" && cp -r "$corpus" "$work/tree"
    start=$(date +%s.%N)
    "$build/hwclass" fix --write --no-cache --isolated --verify "$verify" --root "$work/tree" "$work/tree/test" \
      >/dev/null 2>"$work/err" || true
    t=$(echo "$(date +%s.%N) - $start" | bc -l)
    written=$(cd "$work/tree" && diff -rq "$corpus/test" test 2>/dev/null | grep -c differ || true)
    secs[$verify]+="$t "
    printf '%s run %d: %.2f s, %d files written\n' "$verify" "$r" "$t" "$written"
  done
done
c=$(printf '%s\n' ${secs[compile]} | median)
i=$(printf '%s\n' ${secs[import]} | median)
printf 'medians: --verify compile %.2f s, --verify import %.2f s; the import check %.2f s, %.1f ms per written file (%d)\n' \
  "$c" "$i" "$(echo "$i - $c" | bc -l)" "$(echo "($i - $c) * 1000 / $written" | bc -l)" "$written"

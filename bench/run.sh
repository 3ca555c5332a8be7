#!/usr/bin/env bash
# Benchmark: hwclass scan over PyTorch 2.6.0's test/ tree against the
# parse-only floor (same files, same tree-sitter build, same thread count),
# side by side in one run, median of N runs each. Not a test: it prints figures.
#   bench/run.sh [BUILD_DIR] [RUNS]
set -euo pipefail
build=${1:-build}
runs=${2:-5}
here=$(cd "$(dirname "$0")" && pwd)
corpus=$("$here/../scripts/fetch-pytorch-tests.sh" "${HWCLASS_CORPUS_CACHE:-$HOME/.cache/hwclass}" 2.6.0)
list=$(mktemp)
repo=$(mktemp -d)
trap 'rm -rf "$list" "$repo"' EXIT
(cd "$corpus" && find test -name '*.py' | sort | sed "s|^|$corpus/|") >"$list"
jobs=$(nproc)

# For report --history: the tree in a git repository, then 50 commits that
# each change one file (a line appended to the next test file).
cp -r "$corpus/test" "$repo/test"
git -C "$repo" init -q -b main
git -C "$repo" -c user.name=bench -c user.email=bench@example.com add -A
git -C "$repo" -c user.name=bench -c user.email=bench@example.com commit -qm base
for f in $(cd "$repo" && find test -name 'test_*.py' | sort | head -n 50); do
  echo "# bench edit" >>"$repo/$f"
  git -C "$repo" -c user.name=bench -c user.email=bench@example.com commit -qam "edit $f"
done

measure() {  # prints "seconds max_rss_kb"
  /usr/bin/time -f "%e %M" "$@" 2>&1 >/dev/null | tail -n1
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

declare -A secs rss
names=(floor scan_json scan_text lint classify select fix report history)
for name in "${names[@]}"; do secs[$name]=""; rss[$name]=""; done
for ((i = 0; i < runs; i++)); do
  for name in "${names[@]}"; do
    case $name in
      floor) r=$(measure "$build/bench/parse_floor" "$jobs" "$list") ;;
      scan_json) r=$(measure "$build/hwclass" scan -q --no-cache -j "$jobs" --root "$corpus" "$corpus/test") ;;
      scan_text) r=$(measure "$build/hwclass" scan -q --no-cache -j "$jobs" --format text --root "$corpus" "$corpus/test") ;;
      lint) r=$(measure "$build/hwclass" lint -q --no-cache -j "$jobs" --isolated --format lintrunner --root "$corpus" "$corpus/test") ;;
      classify) r=$(measure "$build/hwclass" classify -q --no-cache -j "$jobs" --isolated --format json --root "$corpus" "$corpus/test") ;;
      fix) r=$(measure "$build/hwclass" fix -q --no-cache -j "$jobs" --isolated --root "$corpus" "$corpus/test") ;;
      report) r=$(measure "$build/hwclass" report -q --no-cache -j "$jobs" --isolated --format html --root "$repo" "$repo/test") ;;
      history) r=$(measure "$build/hwclass" report -q --no-cache -j "$jobs" --isolated --format html --history main --root "$repo" \
                    "$repo/test") ;;
      select) r=$(measure "$build/hwclass" select -q --no-cache --use declared-or-inferred -j "$jobs" --isolated --hw-classification ACCELERATOR,GENERIC \
                    --shards 8 --root "$corpus" "$corpus/test") ;;
    esac
    secs[$name]+="${r% *}"$'\n'
    rss[$name]+="${r#* }"$'\n'
  done
done
floor=$(printf '%s' "${secs[floor]}" | median)
scan=$(printf '%s' "${secs[scan_json]}" | median)
printf 'files: %s, threads: %s, runs: %s (medians)\n' "$(wc -l <"$list")" "$jobs" "$runs"
for name in "${names[@]}"; do
  s=$(printf '%s' "${secs[$name]}" | median)
  m=$(printf '%s' "${rss[$name]}" | median)
  printf '%-10s %6.2f s  %5.2fx floor  %5.2fx scan  peak RSS %5.1f MiB\n' "$name" "$s" \
    "$(echo "$s / $floor" | bc -l)" "$(echo "$s / $scan" | bc -l)" "$(echo "$m / 1024" | bc -l)"
done
classify=$(printf '%s' "${secs[classify]}" | median)
select=$(printf '%s' "${secs[select]}" | median)
printf 'select / classify: %.2fx (target <= 1.2x)\n' "$(echo "$select / $classify" | bc -l)"
fix=$(printf '%s' "${secs[fix]}" | median)
printf 'fix (preview) / classify: %.2fx (target <= 1.3x)\n' "$(echo "$fix / $classify" | bc -l)"
report=$(printf '%s' "${secs[report]}" | median)
printf 'report (html) / classify: %.2fx (target <= 1.3x)\n' "$(echo "$report / $classify" | bc -l)"
history=$(printf '%s' "${secs[history]}" | median)
printf 'report --history over 51 commits / report: %.2fx (target < 3x)\n' "$(echo "$history / $report" | bc -l)"
printf 'cores: %s\n' "$(nproc)"

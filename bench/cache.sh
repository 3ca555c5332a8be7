#!/usr/bin/env bash
# Benchmark for the facts cache and single-file latency (issue 10), on
# PyTorch 2.6.0's test/ tree and the same tree copied 4 times. Not a test:
# it prints medians of RUNS whole-process runs, measured side by side.
#   bench/cache.sh [BUILD_DIR] [RUNS]
set -euo pipefail
build=$(cd "${1:-build}" && pwd)
runs=${2:-5}
here=$(cd "$(dirname "$0")" && pwd)
corpus=$("$here/../scripts/fetch-pytorch-tests.sh" "${HWCLASS_CORPUS_CACHE:-$HOME/.cache/hwclass}" 2.6.0)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
jobs=$(nproc)
hw="$build/hwclass"
floor="$build/bench/parse_floor"
python=${PYTHON:-python3}

# The tree, and the tree four times over (test/copy1/... keeps upstream's patterns).
cp -r "$corpus/test" "$work/one"
mkdir -p "$work/four"
for i in 1 2 3 4; do cp -r "$corpus/test" "$work/four/copy$i"; done
mkdir -p "$work/t1" "$work/t4"
mv "$work/one" "$work/t1/test"
mv "$work/four" "$work/t4/test"
git -C "$work/t1" init -q
git -C "$work/t4" init -q

measure() {  # prints "seconds max_rss_kb"
  /usr/bin/time -f "%e %M" "$@" 2>&1 >/dev/null | tail -n1
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# The floor of any Python-AST linter: ast.parse of the files upstream lints
# (test/**/test_*.py, test/**/*_test.py), with a process pool as large.
cat >"$work/ast_floor.py" <<'PY'
import ast, pathlib, sys
from concurrent.futures import ProcessPoolExecutor
def parse(path):
    try:
        ast.parse(pathlib.Path(path).read_bytes())
    except SyntaxError:
        pass
files = [str(p) for p in pathlib.Path(sys.argv[1], "test").rglob("*.py")
         if p.name.startswith("test_") or p.name.endswith("_test.py")]
with ProcessPoolExecutor(int(sys.argv[2])) as pool:
    list(pool.map(parse, files, chunksize=8))
PY

# The same files for the tree-sitter floor (bench/parse_floor: parse and walk,
# no facts), which bounds any run that parses every byte with tree-sitter.
(cd "$work/t1" && find test -name '*.py' \( -name 'test_*.py' -o -name '*_test.py' \) | sort | sed "s|^|$work/t1/|") \
  >"$work/upstream_files"
echo "$work/t1/test/test_torch.py" >"$work/test_torch_file"

lint() {  # lint TREE CACHE_ARGS...
  local tree=$1; shift
  measure "$hw" lint --upstream -q -j "$jobs" --isolated --format lintrunner --root "$tree" "$@" "$tree/test"
}
declare -A secs rss
names=(python_ast ts_floor cold warm one_changed ts_floor_torch test_torch cold_4x)
for n in "${names[@]}"; do secs[$n]=""; rss[$n]=""; done
edit="$work/t1/test/test_nn.py"
for ((i = 0; i < runs; i++)); do
  for n in "${names[@]}"; do
    case $n in
      python_ast) r=$(measure "$python" "$work/ast_floor.py" "$work/t1" "$jobs") ;;
      ts_floor) r=$(measure "$floor" "$jobs" "$work/upstream_files") ;;
      ts_floor_torch) r=$(measure "$floor" 1 "$work/test_torch_file") ;;
      cold) rm -rf "$work/cache"; r=$(lint "$work/t1" --cache-dir "$work/cache") ;;
      warm) r=$(lint "$work/t1" --cache-dir "$work/cache") ;;
      one_changed) echo "# bench edit $i" >>"$edit"; r=$(lint "$work/t1" --cache-dir "$work/cache") ;;
      test_torch) r=$(measure "$hw" lint --upstream -q --isolated --no-cache --format lintrunner --root "$work/t1" \
                      "$work/t1/test/test_torch.py") ;;
      cold_4x) r=$(lint "$work/t4" --no-cache) ;;
    esac
    secs[$n]+="${r% *}"$'\n'
    rss[$n]+="${r#* }"$'\n'
  done
done
printf 'cores: %s, threads: %s, runs: %s (medians); Python baseline: %s\n' "$(nproc)" "$jobs" "$runs" \
  "$("$python" -c 'import sys; print(sys.executable, sys.version.split()[0])')"
for n in "${names[@]}"; do
  s=$(printf '%s' "${secs[$n]}" | median)
  m=$(printf '%s' "${rss[$n]}" | median)
  printf '%-12s %7.3f s  peak RSS %6.1f MiB\n' "$n" "$s" "$(echo "$m / 1024" | bc -l)"
done
get() { printf '%s' "${secs[$1]}" | median; }
printf 'cold lint --upstream / python ast.parse pool: %.2fx (target <= 0.5x)\n' "$(echo "$(get cold) / $(get python_ast)" | bc -l)"
printf 'tree-sitter floor / python ast.parse pool: %.2fx (no full tree-sitter parse gets below this)\n' \
  "$(echo "$(get ts_floor) / $(get python_ast)" | bc -l)"
printf 'cold lint --upstream / tree-sitter floor: %.2fx\n' "$(echo "$(get cold) / $(get ts_floor)" | bc -l)"
printf 'warm / cold: %.3fx (target <= 0.05x)\n' "$(echo "$(get warm) / $(get cold)" | bc -l)"
printf 'one file changed / cold: %.3fx (target <= 0.1x)\n' "$(echo "$(get one_changed) / $(get cold)" | bc -l)"
printf 'test_torch.py end to end: %.0f ms (target <= 60 ms)\n' "$(echo "$(get test_torch) * 1000" | bc -l)"
printf 'test_torch.py tree-sitter floor (parse only, in-process): %.0f ms\n' "$(echo "$(get ts_floor_torch) * 1000" | bc -l)"
printf '4x tree / tree, cold: %.2fx (target <= 4.4x)\n' "$(echo "$(get cold_4x) / $(get cold)" | bc -l)"

#!/usr/bin/env bash
# Benchmark for cold and cached lint --upstream against upstream's linter
# (issues 10 and 20), on PyTorch 2.6.0's test/ tree and the same tree copied
# 4 times. Not a test: it prints medians of RUNS whole-process runs,
# measured side by side, each round running every case once.
#   bench/cache.sh [BUILD_DIR] [RUNS]
# PYTHON (default Debian's /usr/bin/python3, the README machine's) runs the
# Python baselines; PYTHON_ALT (default the python3 on PATH, when it is
# another interpreter) runs upstream's model again beside it.
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
python=${PYTHON:-/usr/bin/python3}
alt=${PYTHON_ALT:-$(command -v python3)}
[ "$(readlink -f "$alt")" = "$(readlink -f "$python")" ] && alt=""

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
# A fresh clone elsewhere, for a cache restored from an earlier run (CI).
cp -r "$work/t1" "$work/clone"

lint() {  # lint TREE CACHE_ARGS...
  local tree=$1; shift
  measure "$hw" lint --upstream -q -j "$jobs" --isolated --format lintrunner --root "$tree" "$@" "$tree/test"
}
declare -A secs rss
names=(upstream upstream_alt python_ast ts_floor no_cache cold warm restored one_changed ts_floor_torch test_torch cold_4x)
[ -n "$alt" ] || names=("${names[@]/upstream_alt}")
names=($(printf '%s\n' "${names[@]}" | grep .))
for n in "${names[@]}"; do secs[$n]=""; rss[$n]=""; done
edit="$work/t1/test/test_nn.py"
for ((i = 0; i < runs; i++)); do
  for n in "${names[@]}"; do
    case $n in
      upstream) r=$(measure "$python" "$here/upstream_model.py" "@$work/upstream_files") ;;
      upstream_alt) r=$(measure "$alt" "$here/upstream_model.py" "@$work/upstream_files") ;;
      python_ast) r=$(measure "$python" "$work/ast_floor.py" "$work/t1" "$jobs") ;;
      no_cache) r=$(lint "$work/t1" --no-cache) ;;
      ts_floor) r=$(measure "$floor" "$jobs" "$work/upstream_files") ;;
      ts_floor_torch) r=$(measure "$floor" 1 "$work/test_torch_file") ;;
      cold) rm -rf "$work/cache"; r=$(lint "$work/t1" --cache-dir "$work/cache") ;;
      warm) r=$(lint "$work/t1" --cache-dir "$work/cache") ;;
      restored) rm -rf "$work/restored"; cp -r "$work/cache" "$work/restored"
                r=$(lint "$work/clone" --cache-dir "$work/restored") ;;
      one_changed) echo "# bench edit $i" >>"$edit"; r=$(lint "$work/t1" --cache-dir "$work/cache") ;;
      test_torch) r=$(measure "$hw" lint --upstream -q --isolated --no-cache --format lintrunner --root "$work/t1" \
                      "$work/t1/test/test_torch.py") ;;
      cold_4x) r=$(lint "$work/t4" --no-cache) ;;
    esac
    secs[$n]+="${r% *}"$'\n'
    rss[$n]+="${r#* }"$'\n'
  done
done
printf 'cores: %s, threads: %s, runs: %s (medians); Python: %s%s\n' "$(nproc)" "$jobs" "$runs" \
  "$("$python" -c 'import sys; print(sys.executable, sys.version.split()[0])')" \
  "${alt:+; beside it $("$alt" -c 'import sys; print(sys.executable, sys.version.split()[0])')}"
for n in "${names[@]}"; do
  s=$(printf '%s' "${secs[$n]}" | median)
  m=$(printf '%s' "${rss[$n]}" | median)
  printf '%-14s %7.3f s  peak RSS %6.1f MiB\n' "$n" "$s" "$(echo "$m / 1024" | bc -l)"
done
get() { printf '%s' "${secs[$1]}" | median; }
ratio() { printf "%-44s %.3fx  %s\n" "$1" "$(echo "$(get "$2") / $(get "$3")" | bc -l)" "$4"; }
ratio 'cold / upstream:' cold upstream '(target <= 0.8x)'
ratio 'cold, --no-cache / upstream:' no_cache upstream ''
ratio 'tree-sitter floor / upstream:' ts_floor upstream '(what parsing every byte costs)'
[ -n "$alt" ] && ratio 'cold / upstream on the other python:' cold upstream_alt ''
printf '%-44s %.1f%%  (target <= 5%%)\n' 'writing the cache, share of a cold run:' \
  "$(echo "($(get cold) - $(get no_cache)) * 100 / $(get cold)" | bc -l)"
ratio 'warm / upstream:' warm upstream '(target <= 0.02x)'
ratio 'fresh clone, restored cache / upstream:' restored upstream '(target <= 0.1x)'
ratio 'cold / python ast.parse pool:' cold python_ast '(target <= 0.5x, issue 10)'
ratio 'cold / tree-sitter floor:' cold ts_floor ''
ratio 'warm / cold:' warm cold '(target <= 0.05x)'
ratio 'one file changed / cold:' one_changed cold '(target <= 0.1x)'
printf 'test_torch.py end to end: %.0f ms (target <= 60 ms)\n' "$(echo "$(get test_torch) * 1000" | bc -l)"
printf 'test_torch.py tree-sitter floor (parse only, in-process): %.0f ms\n' "$(echo "$(get ts_floor_torch) * 1000" | bc -l)"
ratio '4x tree / tree, cold:' cold_4x cold '(target <= 4.4x)'

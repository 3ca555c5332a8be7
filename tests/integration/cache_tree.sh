#!/bin/sh
# The facts cache and the thread count change nothing but time, on PyTorch
# 2.6.0's test/ tree: every command prints the same bytes with no cache on
# four threads, a cold cache, a warm one, and a warm one on one thread; two
# processes filling one cache at once leave it whole.
#   cache_tree.sh HWCLASS TREE_ROOT
set -u
hw=$1 root=$2
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
fail=0
run() {  # run NAME CACHE_ARGS... -- COMMAND ARGS...
  name=$1; shift
  "$hw" "$@" >"$work/$name" 2>/dev/null
  echo $? >>"$work/$name"
}
for cmd in "scan" "lint" "lint --upstream --format lintrunner" "classify --format json" \
           "select --use declared-or-inferred --hw-classification GENERIC,ACCELERATOR --shards 4" "fix --unsafe-fixes" "report --format json" \
           "explain"; do
  set -- $cmd
  sub=$1; shift
  target="$root/test"
  [ "$sub" = explain ] && target="$root/test/test_cuda.py::TestCuda"
  quiet=-q
  [ "$sub" = explain ] && quiet=""  # explain prints no file diagnostics to silence
  four=-j4 one=-j1
  [ "$sub" = explain ] && four="" one=""  # explain takes no -j (it uses MAX_JOBS, else the cores)
  rm -rf "$work/cache"
  run none "$sub" --isolated $quiet $four --no-cache --root "$root" "$@" "$target"
  run cold "$sub" --isolated $quiet --cache-dir "$work/cache" --root "$root" "$@" "$target"
  run warm "$sub" --isolated $quiet --cache-dir "$work/cache" --root "$root" "$@" "$target"
  run one "$sub" --isolated $quiet $one --cache-dir "$work/cache" --root "$root" "$@" "$target"
  [ "$(tail -n1 "$work/none")" -le 2 ] && [ "$(wc -l <"$work/none")" -gt 1 ] ||
    { echo "FAIL: '$cmd' printed nothing"; fail=1; }
  for state in cold warm one; do
    cmp -s "$work/none" "$work/$state" || { echo "FAIL: '$cmd' differs $state from without the cache on four threads"; fail=1; }
  done
done
# Two writers at once, three times over; then a warm run must agree too.
"$hw" scan --isolated -q --no-cache --root "$root" "$root/test" >"$work/expected"
for round in 1 2 3; do
  rm -rf "$work/shared"
  "$hw" scan --isolated -q -j1 --cache-dir "$work/shared" --root "$root" "$root/test" >"$work/a" &
  "$hw" scan --isolated -q -j1 --cache-dir "$work/shared" --root "$root" "$root/test" >"$work/b" &
  wait
  "$hw" scan --isolated -q --cache-dir "$work/shared" --root "$root" "$root/test" >"$work/c"
  for out in a b c; do
    cmp -s "$work/expected" "$work/$out" || { echo "FAIL: concurrent round $round: $out differs"; fail=1; }
  done
  if ls "$work/shared" | grep -q '^tmp\.'; then echo "FAIL: round $round left temporary files"; fail=1; fi
done
# Each writer wrote one pack with an entry per file; the warm run wrote none.
files=$(find "$root/test" -name '*.py' | wc -l)
"$hw" cache info --cache-dir "$work/shared" >"$work/info"
cat "$work/info"
grep -qx "packs: 2 (one per run that parsed)" "$work/info" || { echo "FAIL: expected two packs"; fail=1; }
grep -qx "entries: $((2 * files)) (one per file parsed, in each pack)" "$work/info" ||
  { echo "FAIL: expected $files entries in each pack"; fail=1; }
# A cache restored into a fresh clone elsewhere: the same output, nothing parsed again.
mkdir "$work/clone"
cp -r "$root/test" "$work/clone/test"
"$hw" scan --isolated -q --cache-dir "$work/shared" --root "$work/clone" "$work/clone/test" >"$work/d"
sed "s|$root/|$work/clone/|g" "$work/expected" | cmp -s - "$work/d" || { echo "FAIL: the restored cache changes the output"; fail=1; }
"$hw" cache info --cache-dir "$work/shared" | grep -qx "entries: $((2 * files)) (one per file parsed, in each pack)" &&
  echo "restored cache: nothing parsed in the clone" || { echo "FAIL: the clone's run parsed files again"; fail=1; }
exit $fail

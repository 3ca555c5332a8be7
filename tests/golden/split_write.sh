#!/bin/sh
# hwclass fix --split --write on a copy of tests/golden/split-tree: every
# class split in turn, the files end up byte for byte as in
# tests/golden/split-tree.after, a second run changes nothing (and says so,
# exit 0), upstream's linter finds nothing, and the errors are one line each.
#   split_write.sh HWCLASS GOLDEN_DIR
hw=$1 golden=$2
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
cp -r "$golden/split-tree" "$work/tree"
t="$work/tree/test"
split() { "$hw" fix --isolated -q --write --verify compile --root "$work/tree" --split "$1"; }
status=0
for c in test_split_mixed.py::TestMixed test_split_mixed.py::TestNoHelpers test_split_mixed.py::TestThreeParts \
         test_split_existing.py::TestDropoutNN; do
  split "$t/$c" || { echo "FAIL: fix --split $c exited $?"; status=1; }
done
if [ -n "$HWCLASS_UPDATE_GOLDEN" ]; then rm -rf "$golden/split-tree.after/test"; mkdir -p "$golden/split-tree.after"; cp -r "$t" "$golden/split-tree.after/"; fi
diff -r "$golden/split-tree.after/test" "$t" || status=1
before=$(cd "$work/tree" && find test -type f -exec cksum {} + | sort)
for c in test_split_mixed.py::TestMixed test_split_existing.py::TestDropoutNN; do
  out=$("$hw" fix --isolated --write --verify compile --root "$work/tree" --split "$t/$c" 2>&1)
  [ $? = 0 ] || { echo "FAIL: a second fix --split $c exited non-zero: $out"; status=1; }
done
after=$(cd "$work/tree" && find test -type f -exec cksum {} + | sort)
[ "$before" = "$after" ] || { echo "FAIL: a second --split changed files"; status=1; }
# Upstream's linter: only the class with no split (left undeclared) is reported.
found=$("$hw" lint --isolated --upstream --root "$work/tree" "$t" | grep ': \[' | grep -v "'TestPlainOnly'")
[ -z "$found" ] || { echo "FAIL: lint --upstream after the splits: $found"; status=1; }
# One-line errors, exit 2.
expect_error() {
  want=$1; shift
  got=$("$hw" fix --isolated "$@" 2>&1 >/dev/null); rc=$?
  [ "$rc" = 2 ] && [ "$got" = "$want" ] || { echo "FAIL: fix $*: exit $rc, said: $got"; echo "  expected: $want"; status=1; }
}
cp -r "$golden/split-tree" "$work/fresh"
f="$work/fresh/test/test_split_mixed.py"
expect_error "$f: error: no class TestNone in it" --root "$work/fresh" --split "$f::TestNone"
expect_error "$f:57: error: TestPlainOnly not split: classify proposes no split for TestPlainOnly (hwclass explain shows why)" \
  --root "$work/fresh" --split "$f::TestPlainOnly"
expect_error "$work/fresh/test/test_split_existing.py:20: error: TestDropoutNNDeviceType not split: classify proposes no split for TestDropoutNNDeviceType (hwclass explain shows why)" \
  --root "$work/fresh" --split "$work/fresh/test/test_split_existing.py::TestDropoutNNDeviceType"
exit $status

#!/bin/sh
# Every command that reads Python, built with AddressSanitizer and
# UndefinedBehaviorSanitizer, over a whole real PyTorch tree: a sanitizer
# report aborts the process (ASAN_OPTIONS=abort_on_error=1, set by the asan
# test preset), which fails this test with the report in its output.
#   asan_tree.sh HWCLASS TREE
set -u
hwclass=$1 tree=$2
[ -x "$hwclass" ] || { echo "$hwclass: no sanitizer build (scripts/oracle.sh builds build-asan/ first)"; exit 1; }
fail=0
run() {
  "$hwclass" "$@" --root "$tree" --no-cache "$tree/test" >/dev/null 2>"$TMPDIR_/err"
  rc=$?
  # 0 and 1 are answers (1: findings); 2 is a usage or input error, anything
  # above is a signal or a sanitizer abort.
  if [ "$rc" -gt 1 ] || grep -q "AddressSanitizer\|runtime error:" "$TMPDIR_/err"; then
    echo "hwclass $1 over $tree: exit $rc"; cat "$TMPDIR_/err"; fail=1
  else
    echo "hwclass $1: exit $rc"
  fi
}
TMPDIR_=$(mktemp -d); trap 'rm -rf "$TMPDIR_"' EXIT
run scan
run lint
run lint --upstream
run classify
run fix --unsafe-fixes
run report
exit $fail

# Sourced by the shell tests of the command line (cli_errors.sh,
# vendor_rules.sh): `expect EXIT STDERR_SUBSTRING -- command...` runs the
# command and counts it as a failure unless it exits EXIT and, when the
# substring is not empty, its stderr contains it. Needs $dir, a scratch
# directory the caller made.
failures=0 total=0
expect() {
  want_rc=$1 want_err=$2 total=$((total + 1))
  shift 3
  "$@" >"$dir/out" 2>"$dir/err"
  rc=$?
  if [ "$rc" != "$want_rc" ] || { [ -n "$want_err" ] && ! grep -qF -- "$want_err" "$dir/err"; }; then
    echo "FAIL: $* -> exit $rc (want $want_rc), stderr:"; cat "$dir/err"
    echo "  (wanted stderr containing: $want_err)"
    failures=$((failures + 1))
  fi
}

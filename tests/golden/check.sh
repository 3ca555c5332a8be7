#!/bin/sh
# Golden test: run a command and compare its stdout with a file, byte for byte.
#   check.sh GOLDEN EXPECTED_EXIT COMMAND...
# HWCLASS_UPDATE_GOLDEN=1 rewrites GOLDEN from the output instead.
golden=$1 expected=$2
shift 2
out=$(mktemp) || exit 2
"$@" >"$out"
rc=$?
if [ -n "$HWCLASS_UPDATE_GOLDEN" ]; then cp "$out" "$golden"; fi
status=0
if [ "$rc" != "$expected" ]; then
  echo "exit status $rc, expected $expected" >&2
  status=1
fi
if ! diff -u "$golden" "$out"; then status=1; fi
rm -f "$out"
exit $status

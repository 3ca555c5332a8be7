#!/bin/sh
# Golden test: run a command and compare its stdout with a file, byte for byte.
#   check.sh update|compare GOLDEN EXPECTED_EXIT COMMAND...
# With HWCLASS_UPDATE_GOLDEN=1, an `update` test rewrites GOLDEN from the
# output instead; a `compare` test (a variant that must match another run's
# golden) never does.
mode=$1 golden=$2 expected=$3
shift 3
out=$(mktemp) || exit 2
"$@" >"$out"
rc=$?
if [ -n "$HWCLASS_UPDATE_GOLDEN" ] && [ "$mode" = update ]; then cp "$out" "$golden"; fi
status=0
if [ "$rc" != "$expected" ]; then
  echo "exit status $rc, expected $expected" >&2
  status=1
fi
if ! diff -u "$golden" "$out"; then status=1; fi
rm -f "$out"
exit $status

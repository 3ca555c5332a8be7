#!/bin/sh
# lintrunner's adapter contract: every stdout line is a LintMessage (field
# types as lintrunner deserialises them), paths are echoed as given, no
# replacement appears twice for a path, and the exit status is 0 even with
# findings or a failure.
hw=$1 examples=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
(cd "$examples" && find "$(pwd)/test" -name '*.py' | sort) >"$dir/paths"
check() {
  python3 - "$dir/out" "$1" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
assert lines, "no output"
paths = set(l.strip() for l in open(sys.argv[2]).read().splitlines()) if sys.argv[2] != "-" else None
seen = set()
for line in lines:
    m = json.loads(line)
    assert list(m) == ["path", "line", "char", "code", "severity", "name", "original", "replacement", "description"], m
    assert m["path"] is None or isinstance(m["path"], str)
    assert m["line"] is None or (isinstance(m["line"], int) and m["line"] >= 0)
    assert m["char"] is None
    assert m["severity"] in ("error", "warning", "advice", "disabled")
    assert isinstance(m["name"], str) and isinstance(m["code"], str)
    if paths is not None and m["path"] is not None:
        assert m["path"] in paths, m["path"]
    if m["replacement"] is not None:
        assert m["path"] not in seen
        seen.add(m["path"])
print(len(lines), "messages ok")
PY
}
status=0
(cd "$examples" && "$hw" lint --root . --format lintrunner -- "@$dir/paths") >"$dir/out" || { echo "FAIL: exit $?"; status=1; }
check "$dir/paths" || status=1
# Internal failure (an unreadable allowlist) stays in-band: one path-null message, exit 0.
printf '[1, 2]' >"$dir/bad.json"
(cd "$examples" && "$hw" lint --root . --format lintrunner --allowlist "$dir/bad.json" -- "@$dir/paths") >"$dir/out" || { echo "FAIL: exit $?"; status=1; }
grep -q '"path": null' "$dir/out" && grep -q '"name": "command-failed"' "$dir/out" || { echo "FAIL: no command-failed message"; status=1; }
check - || status=1
# A bad command line is in-band too.
"$hw" lint --format lintrunner --no-such-option -- "@$dir/paths" >"$dir/out" || { echo "FAIL: exit $?"; status=1; }
grep -q '"name": "command-failed"' "$dir/out" || { echo "FAIL: no command-failed message for a bad option"; status=1; }
check - || status=1
[ $status = 0 ] && echo "3 passed, 0 failed" || echo "failed"
exit $status

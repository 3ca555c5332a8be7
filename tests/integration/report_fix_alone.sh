#!/bin/sh
# report's "fix alone makes these pass" is checked by running it: in a copy
# of TREE, each listed command is run as printed, from the root, and then
# upstream's rules (lint --upstream, with an empty allowlist, so an
# allowlisted file is checked too) must print nothing for that file. The
# list must not be empty, or the check would prove nothing. The allowlist's
# shrink-only refusals, with an empty allowlist, must name the same fix
# commands for the same files (and `explain` for the rest).
#   report_fix_alone.sh HWCLASS TREE
set -u
hw=$1 tree=$2
# Debian's python3 (install-deps.sh --tests) for fix's compile check and the
# steps below: where python3 on PATH is a pyenv shim, each of the ~460 fix
# commands paid some 0.4 s (1.5 s under load) in the shim's shell scripts
# before CPython started, most of this test's time.
[ -x /usr/bin/python3 ] && PATH=/usr/bin:$PATH
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
cp -r "$tree" "$work/tree"
cd "$work/tree" || exit 2
[ -d .git ] || git init -q
"$hw" report --isolated -q --no-cache --format json --top 1000000 --root . test >"$work/report.json" 2>"$work/err"
[ $? -le 2 ] || { cat "$work/err"; exit 1; }
# The default report decides only the files its lists of 10 need: its lists
# must be the first 10 of the lists with every file decided.
"$hw" report --isolated -q --no-cache --format json --root . test >"$work/top10.json" 2>/dev/null
python3 -c '
import json, sys
full, top = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
for key in ("fix_alone", "next_up"):
    if top[key] != full[key][:10]:
        sys.exit(f"FAIL: the default report'"'"'s {key} is not the first 10 of the full one")
' "$work/report.json" "$work/top10.json" || exit 1
python3 -c '
import json, sys
for f in json.load(open(sys.argv[1]))["fix_alone"]:
    print(f["path"] + "\t" + f["command"])
' "$work/report.json" >"$work/list" || exit 1
[ -s "$work/list" ] || { echo "FAIL: report lists no file that fix alone makes pass"; exit 1; }
echo "[]" >"$work/empty.json"
fail=0
"$hw" allowlist check --shrink-only --isolated -q --no-cache --allowlist "$work/empty.json" --root . 2>&1 |
  sed -n 's/^\([^:]*\): error: fails the test linter, and the allowlist only shrinks; run \(hwclass fix .*\)$/\1\t\2/p' |
  sort >"$work/refusals"
sort "$work/list" | cmp -s - "$work/refusals" ||
  { echo "FAIL: allowlist --shrink-only names other fix commands than report:"; sort "$work/list" | diff - "$work/refusals"; fail=1; }
while IFS="$(printf '\t')" read -r path command; do
  # The command as printed, with this build's hwclass and, as a user has, a
  # cache (outside the tree): fix reads the whole tree for importers. The
  # written file is checked by compile(): the import check needs a torch
  # with HardwareClassification, which this tree's python has not, and
  # finding that out imports torch, some 2 s for each of ~460 commands.
  eval "\"$hw\" ${command#hwclass } --isolated -q --verify compile --cache-dir \"$work/cache\"" >/dev/null 2>"$work/fix-err" ||
    { echo "FAIL: '$command' exited $?: $(head -c 300 "$work/fix-err")"; fail=1; continue; }
  left=$("$hw" lint --upstream --isolated -q --no-cache --format lintrunner --allowlist "$work/empty.json" --root . "$path")
  if [ -n "$left" ]; then echo "FAIL: after '$command', upstream still reports:"; echo "$left" | head -3; fail=1;
  else echo "ok: $command"; fi
done <"$work/list"
exit $fail

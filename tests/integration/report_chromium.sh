#!/bin/sh
# The HTML report of a tree with a migration history, rendered by headless
# Chromium: it loads without console errors, and the rendered DOM holds the
# charts' SVG (the trends with their labelled axes) and the file table. The
# history is made here, as a maintainer's would be: the tree without an
# allowlist, then the allowlist written (its baseline, no regression), then
# batches of `hwclass fix --write` on files the report says fix alone makes
# pass with the allowlist shrunk, and one regression (a new allowlisted
# file: the allowlist and unclassified classes grow, nothing else); the
# hardcoded sites are large and nearly flat. The screenshots
# (1400 px and a phone's 390 px) stay under OUT as the test's artifacts;
# docs/report-1400.png and docs/report-390.png are copies, looked at.
#   report_chromium.sh HWCLASS ROOT OUT
set -u
hwclass=$1 root=$2 out=$3
mkdir -p "$out"
profile=$(mktemp -d) || exit 2
repo=$(mktemp -d) || exit 2
trap 'rm -rf "$profile" "$profile.cache" "$repo"' EXIT
cp -r "$root/test" "$repo/test"
mkdir -p "$repo/tools/linter/adapters"
git -C "$repo" init -q -b main && git -C "$repo" config user.email t@example.com && git -C "$repo" config user.name t
hw() { (cd "$repo" && "$hwclass" "$@" --isolated -q --no-cache); }
commit() {  # commit DATE AUTHOR SUBJECT
  git -C "$repo" add -A
  GIT_COMMITTER_DATE="$1T12:00:00Z" GIT_AUTHOR_DATE="$1T12:00:00Z" git -C "$repo" -c user.name="$2" commit -qm "$3"
}
commit 2026-09-24 "Ann Admin" "Import test/ (no allowlist yet)"
echo "[]" >"$repo/tools/linter/adapters/test_linter_allowlist.json"
hw allowlist write >/dev/null 2>&1
commit 2026-10-01 "Ann Admin" "Allowlist every failing file"
batch() {  # batch N: fix the first N files fix alone makes pass, then shrink the allowlist
  hw report --format json --top "$1" test | python3 -c '
import json, sys
for f in json.load(sys.stdin)["fix_alone"]: print(f["path"])' >"$repo/.batch"
  # One fix run for the batch, as a maintainer would run it; compile() checks
  # what it writes (finding out whether python3's torch could import-check
  # it costs seconds, and here it cannot).
  (cd "$repo" && xargs "$hwclass" fix --write --unsafe-fixes --verify compile --isolated -q --no-cache <.batch) >/dev/null 2>&1
  rm -f "$repo/.batch"
  hw allowlist write --shrink-only >/dev/null 2>&1
}
batch 60 && commit 2026-10-20 "Bo Builder" "Declare hw_classification in 60 files"
batch 80 && commit 2026-11-06 "Cy Coder" "Declare hw_classification in 80 more files"
printf 'from torch.testing._internal.common_utils import TestCase\n\n\nclass TestNew(TestCase):\n    def test_n(self):\n        pass\n' \
  >"$repo/test/test_new_feature.py"
hw allowlist write >/dev/null 2>&1
commit 2026-11-18 "Di Dev" "Add test_new_feature.py (allowlisted)"
batch 50 && commit 2026-11-27 "Bo Builder" "Declare hw_classification in 50 more files"
"$hwclass" report --isolated -q --format html --history main -o "$out/report.html" --root "$repo" "$repo/test" || exit 1
if grep -Eq '(src|href)="(https?:)?//' "$out/report.html"; then
  echo "FAIL: the report loads something from outside itself"; exit 1
fi
# Flags: those the issue asks for, and the ones that keep Chromium off a
# closed network (docs/report.md).
chrome() {
  rm -rf "$profile"/*
  timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync --user-data-dir="$profile" \
    --enable-logging=stderr --v=0 "$@" "file://$out/report.html"
}
chrome --window-size=1400,2200 --screenshot="$out/report-1400.png" 2>"$out/console.log" >/dev/null || {
  echo "FAIL: chromium could not take the screenshot"; tail -5 "$out/console.log"; exit 1; }
chrome --window-size=390,3200 --screenshot="$out/report-390.png" 2>>"$out/console.log" >/dev/null || exit 1
chrome --dump-dom >"$out/dom.html" 2>>"$out/console.log" || exit 1
# A script error or a failed load shows as a CONSOLE line at error level.
if grep -E 'CONSOLE|Uncaught|ERR_FILE_NOT_FOUND|Failed to load' "$out/console.log"; then
  echo "FAIL: the page logged errors"; exit 1
fi
fail=0
check() {  # check WHAT MINIMUM COUNT
  if [ "$3" -lt "$2" ]; then echo "FAIL: the rendered DOM has $3 $1, expected at least $2"; fail=1; fi
}
check "bar charts" 1 "$(grep -c '<svg class="chart bars"' "$out/dom.html")"
check "bar segments" 16 "$(grep -o '<rect x=' "$out/dom.html" | wc -l)"
check "file table rows" 800 "$(grep -c '^<tr><td>test/' "$out/dom.html")"
# The sort script ran: clicking is not possible headless, but the buttons it binds exist.
check "sortable columns" 7 "$(grep -o '<th[^>]*><button>' "$out/dom.html" | wc -l)"
check "trend charts" 4 "$(grep -c '<svg class="chart trend"' "$out/dom.html")"
check "labelled y axes" 12 "$(grep -o 'text-anchor="end" class="axis-label"' "$out/dom.html" | wc -l)"
check "projections" 1 "$(grep -c 'class="projection">projection: at the pace from' "$out/dom.html")"
check "owner projections" 1 "$(grep -c '<table class="owners-projection">' "$out/dom.html")"
# The regression is marked on the allowlist's and unclassified classes'
# charts only; the allowlist's creation is a baseline, marked nowhere.
red=$(grep -o '<circle[^>]*class="regression"><title>[^<]*' "$out/dom.html")
if [ "$(echo "$red" | grep -c .)" != 2 ] || [ "$(echo "$red" | grep -c '^.*2026-11-18')" != 2 ]; then
  echo "FAIL: expected the 2026-11-18 regression on two charts, got:"; echo "$red"; fail=1
fi
# Round y ticks only (no "11745.5"), spaced by commit date.
if grep -Eo 'class="axis-label">[0-9,]*\.[0-9]' "$out/dom.html"; then echo "FAIL: a fractional y tick"; fail=1; fi
check "date-spaced x axes" 4 "$(grep -c 'class="axis-label">commit date</text>' "$out/dom.html")"
for png in report-1400.png report-390.png; do
  size=$(wc -c <"$out/$png")
  [ "$size" -gt 20000 ] || { echo "FAIL: $png is only $size bytes"; fail=1; }
done
[ $fail = 0 ] && echo "rendered: $out/report-1400.png, $out/report-390.png"
exit $fail

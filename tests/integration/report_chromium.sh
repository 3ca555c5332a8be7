#!/bin/sh
# The HTML report of a tree, rendered by headless Chromium: it loads
# without console errors, and the rendered DOM holds the charts' SVG and the
# file table. The screenshots (1280 px and a phone's 390 px) stay under
# OUT as the test's artifacts.
#   report_chromium.sh HWCLASS ROOT OUT
set -u
hwclass=$1 root=$2 out=$3
mkdir -p "$out"
profile=$(mktemp -d) || exit 2
trap 'rm -rf "$profile"' EXIT
"$hwclass" report --isolated -q --format html -o "$out/report.html" --root "$root" "$root/test" || exit 1
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
chrome --window-size=1280,2000 --screenshot="$out/report-1280.png" 2>"$out/console.log" >/dev/null || {
  echo "FAIL: chromium could not take the screenshot"; tail -5 "$out/console.log"; exit 1; }
chrome --window-size=390,2000 --screenshot="$out/report-390.png" 2>>"$out/console.log" >/dev/null || exit 1
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
for png in report-1280.png report-390.png; do
  size=$(wc -c <"$out/$png")
  [ "$size" -gt 20000 ] || { echo "FAIL: $png is only $size bytes"; fail=1; }
done
[ $fail = 0 ] && echo "rendered: $out/report-1280.png, $out/report-390.png"
exit $fail

#!/bin/sh
# The import line add-import writes keeps to the formatter's line length
# (issue 30, item 6): the configuration's `line-length` or --line-length
# when given, else the file's longest line, at least 88 (black's and
# ruff's default). A wrapped import is black's form, written here by hand:
# a parenthesised list, one name a line, each with a trailing comma.
hw=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
. "$(dirname "$0")/expect.sh"

# 68 characters; with "HardwareClassification, " it is 92.
import='from torch.testing._internal.common_utils import run_tests, TestCase'
body='


class TestPlain(TestCase):
    def test_add(self):
        self.assertEqual(1 + 1, 2)


if __name__ == "__main__":
    run_tests()'
url='# https://example.com/a/long/reference/that/a/formatter/leaves/as/it/is/because/it/cannot/split/a/url/'
wrapped='from torch.testing._internal.common_utils import (
    HardwareClassification,
    run_tests,
    TestCase,
)'
# make NAME [FIRST_LINE]: a repository holding test/test_NAME.py.
make() {
  rm -rf "$dir/repo" && mkdir -p "$dir/repo/.git" "$dir/repo/test"
  { [ -n "$2" ] && printf '%s\n' "$2"; printf '%s%s\n' "$import" "$body"; } >"$dir/repo/test/test_$1.py"
}
fix="fix --write --verify compile --no-cache"
# The import block as written: the lines from the import to the first blank one.
head_of() { sed -n '/^from torch/,/^$/p' "$dir/repo/test/test_$1.py" | sed '/^$/d'; }
check() {  # check WHAT FILE WANT
  got=$(head_of "$2")
  [ "$got" = "$3" ] || { echo "FAIL: $1: the import is"; echo "$got"; failures=$((failures + 1)); }
  grep -qx '    hw_classification = HardwareClassification.GENERIC' "$dir/repo/test/test_$2.py" ||
    { echo "FAIL: $1: no declaration written"; failures=$((failures + 1)); }
}
one_line=$(printf '%s' "$import" | sed 's/import run_tests/import HardwareClassification, run_tests/')
[ ${#one_line} = 92 ] || { echo "FAIL: the one-line form is ${#one_line} characters, not 92"; failures=$((failures + 1)); }

# Every line short: past 88, wrapped.
make short
expect 0 "" -- $hw $fix --isolated --root "$dir/repo" "$dir/repo/test"
check "all lines short" short "$wrapped"

# A 102-character URL comment: the file's formatter allows it, so 92 fits.
make url "$url"
[ ${#url} = 102 ] || { echo "FAIL: the comment is ${#url} characters, not 102"; failures=$((failures + 1)); }
expect 0 "" -- $hw $fix --isolated --root "$dir/repo" "$dir/repo/test"
got=$(head_of url)
case "$got" in
  *"("*|*"
"*) echo "FAIL: a 102-character file: the import was wrapped:"; echo "$got"; failures=$((failures + 1)) ;;
  *HardwareClassification*) ;;
  *) echo "FAIL: a 102-character file: no HardwareClassification imported: $got"; failures=$((failures + 1)) ;;
esac

# ... but the configured length wins: from the command line,
make url "$url"
expect 0 "" -- $hw $fix --isolated --line-length 88 --root "$dir/repo" "$dir/repo/test"
check "--line-length 88" url "$wrapped"
# from hwclass.toml,
make url "$url"
printf 'line-length = 88\n' >"$dir/repo/hwclass.toml"
expect 0 "" -- sh -c "cd '$dir/repo' && $hw $fix test"
check "hwclass.toml's line-length = 88" url "$wrapped"
# and from pyproject.toml's [tool.hwclass].
make url "$url"
printf '[tool.hwclass]\nline-length = 88\n' >"$dir/repo/pyproject.toml"
expect 0 "" -- sh -c "cd '$dir/repo' && $hw $fix test"
check "pyproject.toml's line-length = 88" url "$wrapped"
# A longer configured length keeps the one line in a short file.
make short
printf 'line-length = 120\n' >"$dir/repo/hwclass.toml"
expect 0 "" -- sh -c "cd '$dir/repo' && $hw $fix test"
check "line-length = 120" short "$one_line"

# Bad values: the file and line, or a usage error; exit 2.
make short
printf 'exclude = []\nline-length = 0\n' >"$dir/repo/hwclass.toml"
expect 2 "hwclass.toml:2: 'line-length' must be an integer from 1 to 320" -- sh -c "cd '$dir/repo' && $hw $fix test"
printf 'line-length = "88"\n' >"$dir/repo/hwclass.toml"
expect 2 "hwclass.toml:1: 'line-length' must be an integer from 1 to 320" -- sh -c "cd '$dir/repo' && $hw $fix test"
expect 2 "--line-length" -- $hw $fix --isolated --line-length 0 --root "$dir/repo" "$dir/repo/test"
[ "$(head_of short)" = "$import" ] || { echo "FAIL: a refused run changed the file"; failures=$((failures + 1)); }

echo "$total commands run, $failures failures"
[ "$failures" = 0 ]

#!/bin/sh
# The command line's error handling: one clear line naming the file, the
# right exit status, and no crash, for every kind of bad input.
hw=$1
dir=$(mktemp -d)
trap 'chmod -R u+rwx "$dir"; rm -rf "$dir"' EXIT
. "$(dirname "$0")/expect.sh"
mkdir -p "$dir/test"
printf 'class TestA:\n    def test_a(self): pass\n' >"$dir/test/test_ok.py"
printf 'x = 1\0\n' >"$dir/test/test_nul.py"
printf 'x = "\377"\n' >"$dir/test/test_latin1.py"
: >"$dir/test/test_empty.py"
ln -s loop_b.py "$dir/test/loop_a.py"
ln -s loop_a.py "$dir/test/loop_b.py"
printf 'schema = 1\nbogus = 1\n' >"$dir/devices.toml"

expect 2 "No such file or directory" -- "$hw" scan --root "$dir" "$dir/test/missing.py"
expect 0 "test_nul.py:1: error: source contains a NUL byte [nul-byte]" -- "$hw" scan --root "$dir" "$dir/test"
expect 0 "test_latin1.py:1: error: source is not valid UTF-8 [not-utf8]" -- "$hw" scan --root "$dir" "$dir/test"
expect 0 "loop_a.py: error: Too many levels of symbolic links" -- "$hw" scan --root "$dir" "$dir/test"
expect 0 "test_empty.py:1: note: empty file [empty]" -- "$hw" scan -v --root "$dir" "$dir/test"
expect 2 "devices.toml:2: unknown key 'bogus' in the top level" -- "$hw" scan --rules "$dir" --root "$dir" "$dir/test"
expect 2 "cannot read the @file argument list" -- "$hw" scan "@$dir/no-such-list"
expect 2 "hwclass: error:" -- "$hw" scan --format yaml "$dir/test"
expect 2 "hwclass: error:" -- "$hw" frobnicate
expect 2 "--allowlist $dir/none.json: No such file" -- "$hw" report --root "$dir" --allowlist "$dir/none.json" "$dir/test"
expect 2 "--history: '$dir/test/test_ok.py' is not a directory" -- "$hw" report --root "$dir" --history HEAD "$dir/test/test_ok.py"
expect 2 "--staged and --changed-since exclude each other" -- "$hw" lint --root "$dir" --staged --changed-since HEAD "$dir/test"
expect 2 "--every: '0' is no count of commits; give a whole number, 1 or more" -- "$hw" report --root "$dir" --history HEAD --every 0 "$dir/test"
expect 2 "rules --dump prints the device rules; --classify has no meaning with it" -- "$hw" rules --dump --classify
if [ "$(id -u)" != 0 ]; then
  chmod 000 "$dir/test/test_ok.py"
  expect 2 "cannot read: Permission denied" -- "$hw" scan --root "$dir" "$dir/test/test_ok.py"
  chmod 644 "$dir/test/test_ok.py"
else
  echo "skipped: unreadable file (root reads any file, so the case cannot be made)"
fi
# Pathological nesting: CPython's own limit (200 brackets) makes it a syntax
# error, and nothing may crash (tree-sitter's runtime itself fails on some).
# (awk prints piece by piece: building one string by concatenation is quadratic.)
awk 'BEGIN { printf "x = "; for (i = 0; i < 200000; i++) printf "("; print "" }' >"$dir/test/test_deep_open.py"
awk 'BEGIN { printf "x = torch"; for (i = 0; i < 100000; i++) printf ".a"; print ".cuda()" }' >"$dir/test/test_long_chain.py"
awk 'BEGIN { printf "x = torch.ones(1, device=\"cuda\""; for (i = 0; i < 50000; i++) printf " if c else \"cuda\""; print ")" }' >"$dir/test/test_long_ifexp.py"
expect 0 "test_deep_open.py:1: error: too many nested parentheses [syntax-error]" -- "$hw" scan --root "$dir" "$dir/test"
expect 0 "" -- "$hw" scan --root "$dir" -q "$dir/test/test_long_chain.py" "$dir/test/test_long_ifexp.py"
expect 1 "" -- "$hw" lint --root "$dir" -q "$dir/test/test_deep_open.py"
rm "$dir/test/test_deep_open.py" "$dir/test/test_long_chain.py" "$dir/test/test_long_ifexp.py"
mkdir -p "$dir/cfg"
printf '[tool.hwclass]\nfail-level = "warning"\nbogus-key = 1\n' >"$dir/cfg/pyproject.toml"
expect 2 "pyproject.toml:3: unknown key 'bogus-key' in the hwclass configuration" -- sh -c "cd '$dir/cfg' && '$hw' lint ."
expect 0 "" -- sh -c "cd '$dir/cfg' && '$hw' lint --isolated ."
printf 'exclude = ["test/test_ok.py"]\n' >"$dir/hwclass.toml"
printf 'class TestA:\n    def test_a(self): pass\n' >"$dir/test/test_more.py"
expect 1 "" -- sh -c "cd '$dir' && '$hw' lint --root . test/test_ok.py"
expect 0 "" -- sh -c "cd '$dir' && '$hw' lint --root . --force-exclude test/test_ok.py"
rm "$dir/hwclass.toml"
# One variable serves every command: a value a command lacks is ignored, with a note under -v.
expect 0 "HWCLASS_OUTPUT_FORMAT='yaml' is not a format of 'scan'" -- env HWCLASS_OUTPUT_FORMAT=yaml "$hw" scan -v --root "$dir" "$dir/test"
expect 0 "" -- env HWCLASS_OUTPUT_FORMAT=sarif "$hw" classify -q --root "$dir" "$dir/test/test_ok.py"
# A misspelt command or rule id says what was meant.
expect 2 "unknown command 'lnt'; did you mean 'lint'?" -- "$hw" lnt
expect 2 "unknown rule 'nevr-runs'; did you mean never-runs?" -- "$hw" lint --root "$dir" --select nevr-runs "$dir/test"
expect 0 "" -- "$hw" lint --root "$dir" -q --exit-zero --select "never_runs, only_for" --select decorator --output-format json "$dir/test"
expect 0 "" -- env HWCLASS_OUTPUT_FORMAT=text "$hw" scan --root "$dir" -q -o "$dir/facts.txt" "$dir/test/test_ok.py"
grep -q "class TestA (line 1)" "$dir/facts.txt" || { echo "FAIL: HWCLASS_OUTPUT_FORMAT=text ignored"; failures=$((failures + 1)); }
printf '%s\n' "$dir/test/test_ok.py" >"$dir/list"
expect 0 "" -- "$hw" scan --root "$dir" -o "$dir/facts.json" -- "@$dir/list"
grep -q '"name": "TestA"' "$dir/facts.json" || { echo "FAIL: -o did not write the facts"; failures=$((failures + 1)); }
ls "$dir" | grep -q hwclass-tmp && { echo "FAIL: a temporary file was left behind"; failures=$((failures + 1)); }

# No silent failures. An output file that outgrows `ulimit -f` (with SIGXFSZ
# ignored, so write() fails with EFBIG) is an error on every thread count,
# and leaves no temporary file behind.
mkdir -p "$dir/many/test"
i=0; while [ $i -lt 40 ]; do
  printf 'class TestA%s:\n    def test_a(self): x = torch.ones(2, device="cuda")\n' $i >"$dir/many/test/test_$i.py"; i=$((i + 1))
done
for j in 1 2; do
  expect 2 "facts.json: cannot write: File too large" -- sh -c "trap '' XFSZ; ulimit -f 8; exec '$hw' scan --root '$dir/many' -j$j -o '$dir/many/facts.json' '$dir/many/test'"
  ls "$dir/many" | grep -q hwclass-tmp && { echo "FAIL: -j$j left a temporary file behind"; failures=$((failures + 1)); }
done
# Standard output that cannot be written is an error, not a clean exit.
expect 2 "cannot write to standard output: No space left on device" -- sh -c "exec '$hw' scan --root '$dir/many' '$dir/many/test' >/dev/full"
expect 2 "cannot write to standard output: No space left on device" -- sh -c "exec '$hw' classify --root '$dir/many' '$dir/many/test' >/dev/full"
# A directory walk cut short (out of file descriptors 30 levels down) says
# where it stopped and fails, instead of finding nothing.
deep="$dir/deep"; i=0; while [ $i -lt 30 ]; do deep="$deep/d$i"; i=$((i + 1)); done
mkdir -p "$deep"; printf 'class TestZ:\n    def test_z(self): pass\n' >"$deep/test_z.py"
expect 2 "error: directory walk stopped here: Too many open files" -- sh -c "ulimit -n 12; exec '$hw' scan --root '$dir' '$dir/deep'"
# lintrunner's unreadable {{PATHSFILE}} is reported in-band with exit 0.
expect 0 "" -- "$hw" lint --format lintrunner "@$dir/no-such-list"
grep -q '"name": "command-failed".*no-such-list: cannot read the @file argument list' "$dir/out" ||
  { echo "FAIL: unreadable @PATHSFILE not reported in-band"; failures=$((failures + 1)); }
# A missing path is an error, never "Found 0 findings": lint says it once, in
# its output (every format, issue 49), and exits 2.
expect 2 "" -- "$hw" lint --root "$dir" "$dir/test/missing.py"
{ grep -q "missing.py: \[read-error\] No such file or directory" "$dir/out" &&
  grep -q "^Found 1 finding (1 error)" "$dir/out"; } ||
  { echo "FAIL: lint's output does not name the missing path:"; cat "$dir/out"; failures=$((failures + 1)); }
# Mistakes are never silent (issue 12, part 5).
mkdir -p "$dir/empty" "$dir/test/helpers"
printf 'class TestH(TestCase):\n    def test_h(self): pass\n' >"$dir/test/helpers/common.py"
expect 0 "note: no Python files here" -- "$hw" lint --root "$dir" --exit-zero "$dir/empty" "$dir/test/test_ok.py"
expect 0 "common.py: note: not a test file by upstream's patterns" -- "$hw" lint --root "$dir" --exit-zero "$dir/test/helpers/common.py"
expect 2 "--allowlist $dir/none.json: No such file" -- "$hw" lint --root "$dir" --allowlist "$dir/none.json" "$dir/test"
printf 'class TestB(TestCase):\n    def test_b(self:\n        pass\n' >"$dir/test/test_bad_syntax.py"
expect 2 "does not parse, so its classes are not classified" -- "$hw" classify -q --root "$dir" "$dir/test/test_bad_syntax.py"
expect 0 "" -- "$hw" allowlist write --root "$dir" --allowlist "$dir/new/dir/allowlist.json"
[ -f "$dir/new/dir/allowlist.json" ] || { echo "FAIL: allowlist write did not create its directory"; failures=$((failures + 1)); }
rm -f "$dir/test/test_bad_syntax.py"
# select: bad inputs are one line naming the file (and line), exit 2.
printf '<testsuites>\n<testcase name="x">\n</testsuites>\n' >"$dir/bad.xml"
expect 2 "bad.xml:2: not a JUnit XML report" -- "$hw" select --root "$dir" --hw-classification GENERIC --junit "$dir/bad.xml" "$dir/test"
printf '{\n "default": \n' >"$dir/times.json"
expect 2 "times.json:3: not valid JSON" -- "$hw" select --root "$dir" --hw-classification GENERIC --test-class-times "$dir/times.json" "$dir/test"
expect 2 "unknown member 'GPU' (members: GENERIC, ACCELERATOR, CPU, CUDA, MPS, XPU)" -- "$hw" select --root "$dir" --hw-classification GPU "$dir/test"
expect 2 "--shard: expected K/N with 1 <= K <= N, got '4/3'" -- "$hw" select --root "$dir" --hw-classification GENERIC --shard 4/3 "$dir/test"
expect 2 "--device: 'tpu' is no device in the rules" -- "$hw" select --root "$dir" --hw-classification GENERIC --device tpu "$dir/test"
# A runner's device count is a whole number, and a range that can hold a class.
expect 2 "--min-devices: expected a whole number of devices (0 to 1073741824), got 'two'" -- "$hw" select --root "$dir" --hw-classification GENERIC --min-devices two "$dir/test"
expect 2 "--max-devices: expected a whole number of devices (0 to 1073741824), got '-1'" -- "$hw" select --root "$dir" --hw-classification GENERIC --max-devices=-1 "$dir/test"
expect 2 "--min-devices 3 is above --max-devices 2: no class needs that many devices and at most that few" -- "$hw" select --root "$dir" --hw-classification GENERIC --min-devices 3 --max-devices 2 "$dir/test"
# select --check: a committed manifest the tree no longer matches exits 1 and says what changed.
"$hw" select --root "$dir" -q --use declared-or-inferred --hw-classification GENERIC -o "$dir/manifest.json" "$dir/test/test_ok.py"
expect 0 "" -- "$hw" select --root "$dir" -q --use declared-or-inferred --hw-classification GENERIC --check "$dir/manifest.json" "$dir/test/test_ok.py"
# A comment that moves every line changes nothing CI runs: no drift (it was, by bytes).
{ printf '# a comment\n\n'; cat "$dir/test/test_ok.py"; } >"$dir/commented.py" && mv "$dir/commented.py" "$dir/test/test_ok.py"
expect 0 "" -- "$hw" select --root "$dir" -q --use declared-or-inferred --hw-classification GENERIC --check "$dir/manifest.json" "$dir/test/test_ok.py"
# Other options than the manifest's are a usage error, not drift.
expect 2 "manifest.json: the manifest was made with other options: 'hwclass select --hw-classification GENERIC --use declared-or-inferred $dir/test/test_ok.py'; check with those" -- "$hw" select --root "$dir" -q --use declared \
  --hw-classification GENERIC --check "$dir/manifest.json" "$dir/test/test_ok.py"
printf 'class TestNew(TestCase):\n    def test_n(self): pass\n' >>"$dir/test/test_ok.py"
"$hw" select --root "$dir" -q --use declared-or-inferred --hw-classification GENERIC --check "$dir/manifest.json" "$dir/test/test_ok.py" >"$dir/check.out"
rc=$?; total=$((total + 1))
if [ "$rc" != 1 ] || ! grep -qx "added        test_ok::TestNew (GENERIC, inferred)" "$dir/check.out" ||
   ! grep -qx "$dir/manifest.json is out of date: 1 class changed" "$dir/check.out"; then
  echo "FAIL: select --check exited $rc:"; cat "$dir/check.out"; failures=$((failures + 1))
fi
# What a user met (issue 20, part 5): each note names its real reason, and
# one error is said once.
mkdir -p "$dir/test/cpp_extensions/open_registration_extension/test" "$dir/tools/linter/adapters"
printf 'class TestO(TestCase):\n    def test_o(self): pass\n' \
  >"$dir/test/cpp_extensions/open_registration_extension/test/test_openreg.py"
expect 0 "test_openreg.py: note: excluded by upstream's exclude_patterns (test/cpp_extensions/open_registration_extension/**); not linted" \
  -- "$hw" lint --root "$dir" --exit-zero "$dir/test/cpp_extensions/open_registration_extension/test/test_openreg.py"
printf '[\n  "test/test_ok.py"\n]\n' >"$dir/tools/linter/adapters/test_linter_allowlist.json"
expect 0 "test_ok.py: note: on the allowlist (tools/linter/adapters/test_linter_allowlist.json), so not linted; --force-allowlisted lints it (\`hwclass allowlist prune\` drops the entry only once the file passes, so it stays while it fails)" \
  -- "$hw" lint --root "$dir" --exit-zero "$dir/test/test_ok.py"
# Linting a file while migrating it (issue 32): --force-allowlisted for the
# files named, --no-allowlist for all; test_ok.py's TestA is undeclared.
for how in "--force-allowlisted $dir/test/test_ok.py" "--no-allowlist $dir/test" "--allowlist /dev/null $dir/test/test_ok.py"; do
  # shellcheck disable=SC2086
  expect 1 "" -- "$hw" lint --root "$dir" --no-cache $how
  if ! grep -q "test_ok.py:[0-9]*:1: \[hw_classification\] Test class" "$dir/out"; then
    echo "FAIL: lint $how did not lint test_ok.py:"; cat "$dir/out"; failures=$((failures + 1))
  fi
done
# A directory's allowlisted files stay skipped under --force-allowlisted.
"$hw" lint --root "$dir" --no-cache --force-allowlisted "$dir/test" >"$dir/out" 2>&1
total=$((total + 1))
if grep -q "test_ok.py" "$dir/out"; then
  echo "FAIL: --force-allowlisted linted an allowlisted file it was not named:"; cat "$dir/out"; failures=$((failures + 1))
fi
# `--allowlist ''` (an unset variable) names no file: one line, exit 2.
for command in lint report fix allowlist; do
  case $command in allowlist) sub="allowlist check" path="" ;; *) sub=$command path="$dir/test/test_ok.py" ;; esac
  # shellcheck disable=SC2086
  expect 2 "hwclass: error: --allowlist '': an empty path names no file" -- "$hw" $sub --root "$dir" --allowlist '' $path
  total=$((total + 1))
  if [ "$(wc -l <"$dir/err")" != 1 ]; then echo "FAIL: $sub --allowlist '' said more than one line:"; cat "$dir/err"; failures=$((failures + 1)); fi
done
rm "$dir/tools/linter/adapters/test_linter_allowlist.json"
printf 'class TestB(TestCase):\n    def test_b(self)\n        pass\n' >"$dir/test/test_bad_syntax.py"
"$hw" lint --root "$dir" --force-exclude "$dir/test/test_bad_syntax.py" >"$dir/out" 2>&1
total=$((total + 1))
# Line 2 is where CPython's compile() puts the error (issue 49: the line named is the line shown).
if [ "$(grep -c "syntax" "$dir/out")" != 1 ] || ! grep -q "test_bad_syntax.py:2:1: \[parse_error\]" "$dir/out"; then
  echo "FAIL: a syntax error is reported other than once, as [parse_error]:"; cat "$dir/out"; failures=$((failures + 1))
fi
expect 0 "test_bad_syntax.py:2: error: invalid syntax" -- "$hw" lint --root "$dir" --upstream-version 7 "$dir/test/test_bad_syntax.py"
rm "$dir/test/test_bad_syntax.py" "$dir/test/cpp_extensions/open_registration_extension/test/test_openreg.py"
for action in write check prune; do
  expect 0 "" -- "$hw" allowlist "$action" --root "$dir" --no-cache --cache-dir "$dir/c" -q --allowlist "$dir/al.json"
done
# Nothing selected is loud (issue 18): exit 1 and why, never an empty list (test_ok.py
# holds TestA and, from the --check test above, TestNew: two undeclared classes)
# that `pytest $(hwclass select ...)` would read as "run everything".
expect 1 "nothing selected: 2 test classes in 1 file under $dir; 0 declared GENERIC; 2 undeclared ones are inferred GENERIC" \
  -- "$hw" select --root "$dir" -q --hw-classification GENERIC --format pytest "$dir/test/test_ok.py"
printf 'from torch.testing._internal.common_utils import HardwareClassification, TestCase\nclass TestG(TestCase):\n    hw_classification = HardwareClassification.GENERIC\n    def test_g(self): pass\n' >"$dir/test/test_g.py"
expect 0 "warning: 10 shards asked for 1 class; planning 1" -- "$hw" select --root "$dir" -q --hw-classification GENERIC --shards 10 "$dir/test/test_g.py"
# A fixed matrix of 10 jobs over 1 class: --shard 10/10 is an empty shard
# (issue 27), loud like any empty selection unless --allow-empty, which
# prints an empty output (a matrix with no entries) and a note.
expect 1 "error: shard 10/10 is empty: the 1 selected class fills 1 shard" -- "$hw" select --root "$dir" -q --hw-classification GENERIC --shard 10/10 "$dir/test/test_g.py"
expect 0 "note: shard 10/10 is empty: the 1 selected class fills 1 shard (--allow-empty: the output is empty)" -- "$hw" select --root "$dir" -q --hw-classification GENERIC --shard 10/10 --allow-empty --format pytest "$dir/test/test_g.py"
total=$((total + 1)); [ ! -s "$dir/out" ] || { echo "FAIL: an empty shard printed: $(cat "$dir/out")"; failures=$((failures + 1)); }
expect 0 "note: nothing selected: 1 test class in 1 file under $dir; 0 declared CUDA (--allow-empty: the output is empty)" -- "$hw" select --root "$dir" -q --hw-classification CUDA --allow-empty --format github-matrix "$dir/test/test_g.py"
total=$((total + 1)); [ "$(cat "$dir/out")" = '{"include": []}' ] || { echo "FAIL: empty matrix: $(cat "$dir/out")"; failures=$((failures + 1)); }
expect 0 "" -- "$hw" select --root "$dir" -q --hw-classification GENERIC --shard 1/10 "$dir/test/test_g.py"
# Device names are case-insensitive, as members are; a name no runner has
# (gpu: cuda or xpu; meta: virtual) is a usage error (issue 27).
expect 0 "" -- "$hw" select --root "$dir" -q --hw-classification generic --device CPU "$dir/test/test_g.py"
grep -q '"devices": \[ *"cpu" *\]' "$dir/out" || grep -A1 '"devices"' "$dir/out" | grep -q '"cpu"' ||
  { echo "FAIL: --device CPU is not the cpu runner:"; grep -A2 '"devices"' "$dir/out"; failures=$((failures + 1)); }
expect 2 "--device: 'gpu' is no runner's device" -- "$hw" select --root "$dir" -q --hw-classification GENERIC --device gpu "$dir/test/test_g.py"
expect 2 "--device: 'meta' is no runner's device" -- "$hw" select --root "$dir" -q --hw-classification GENERIC --device meta "$dir/test/test_g.py"
# The timing table is run_test.py's: $BUILD_ENVIRONMENT and $TEST_CONFIG pick it.
printf '{"linux-x": {"slow": {"test_g": {"TestG": 7.0}}}, "default": {"default": {"test_g": {"TestG": 1.0}}}}\n' >"$dir/times-env.json"
expect 0 "" -- env BUILD_ENVIRONMENT=linux-x TEST_CONFIG=slow "$hw" select --root "$dir" -q --hw-classification GENERIC \
  --test-class-times "$dir/times-env.json" "$dir/test/test_g.py"
grep -q '"est_seconds": 7' "$dir/out" ||
  { echo "FAIL: \$BUILD_ENVIRONMENT/\$TEST_CONFIG not read:"; grep est_seconds "$dir/out"; failures=$((failures + 1)); }
expect 0 "" -- env BUILD_ENVIRONMENT=linux-x TEST_CONFIG=slow "$hw" select --root "$dir" -q --hw-classification GENERIC \
  --build-environment default --test-config default --test-class-times "$dir/times-env.json" "$dir/test/test_g.py"
grep -q '"est_seconds": 1' "$dir/out" ||
  { echo "FAIL: --build-environment does not win over \$BUILD_ENVIRONMENT"; failures=$((failures + 1)); }
rm "$dir/test/test_g.py"
# A file the runtime cannot import is never selected: an error naming the
# declaration's line, exit 2, and no selection that reads as success.
printf 'class TestH(TestCase):\n    hw_classification = HardwareClassification.GENERIC\n    def test_h(self): pass\n' >"$dir/test/test_h.py"
expect 2 "test/test_h.py:1: error: TestH: not collected: test/test_h.py:2: class TestH's hw_classification names HardwareClassification, which the file never imports or defines: importing it raises NameError" -- "$hw" select --root "$dir" -q --hw-classification GENERIC "$dir/test/test_h.py"
expect 2 "nothing selected: 1 test class in 1 file under $dir; 1 declared GENERIC, 1 of them not collected (said above)" -- "$hw" select --root "$dir" -q --hw-classification GENERIC "$dir/test/test_h.py"
# Asked for another member, the file is still said (no class, a warning),
# and the summary counts none of the 0 declared CUDA as not collected.
expect 1 "test/test_h.py:2: warning: not collected: test/test_h.py:2: class TestH's hw_classification names HardwareClassification" -- "$hw" select --root "$dir" -q --hw-classification CUDA "$dir/test/test_h.py"
grep -qx "hwclass: error: nothing selected: 1 test class in 1 file under $dir; 0 declared CUDA" "$dir/err" ||
  { echo "FAIL: a file said with no class is counted among the declared:"; cat "$dir/err"; failures=$((failures + 1)); }
rm "$dir/test/test_h.py"
# A class a runner collects but cannot run is "left out", as the line above
# the summary says, not "not collected" (issue 32).
printf 'import torch
from torch.testing._internal.common_utils import HardwareClassification, TestCase
class TestCudaOnly(TestCase):
    hw_classification = HardwareClassification.CUDA
    def test_a(self): torch.ones(1).cuda()
' >"$dir/test/test_cu.py"
expect 1 "nothing selected: 1 test class in 1 file under $dir; 1 declared CUDA, 1 of them left out (said above)" -- "$hw" select --root "$dir" -q --device xpu --hw-classification CUDA "$dir/test/test_cu.py"
rm "$dir/test/test_cu.py"
# A root with no test classes says which root it used and why.
mkdir -p "$dir/bare/test"
expect 1 "nothing selected: 0 test classes in 0 files under $dir/bare (the root: given by --root)" -- "$hw" select --root "$dir/bare" -q --hw-classification GENERIC
expect 1 "(the root: the working directory (no PyTorch checkout or .git above it))" -- sh -c "cd '$dir/bare' && exec '$hw' select -q --isolated --hw-classification GENERIC"
# A subset of paths without the aggregator that runs them warns.
mkdir -p "$dir/bare/test/fx"
printf 'class TestFxThing(TestCase):\n    def test_a(self): pass\n' >"$dir/bare/test/fx/test_thing.py"
expect 1 "hwclass: warning: test/test_fx.py runs files under test/fx/, but is not among the paths" -- "$hw" select --root "$dir/bare" -q --hw-classification GENERIC "$dir/bare/test/fx"
rm -rf "$dir/bare"
# report: a missing path is exit 2 and no report at all (issue 22).
"$hw" report --root "$dir" "$dir/test/nosuchdir" >"$dir/out" 2>"$dir/err"
rc=$?; total=$((total + 1))
if [ "$rc" != 2 ] || [ -s "$dir/out" ] || ! grep -q "nosuchdir: error: No such file or directory" "$dir/err"; then
  echo "FAIL: report on a missing path exited $rc with:"; cat "$dir/out" "$dir/err"; failures=$((failures + 1))
fi
mkdir -p "$dir/hist/test" && cp "$dir/test/test_ok.py" "$dir/hist/test/" &&
  git -C "$dir/hist" init -q && git -C "$dir/hist" add -A &&
  git -C "$dir/hist" -c user.name=t -c user.email=t@example.com commit -qm one
expect 0 "note: --history HEAD..HEAD holds no commits, so the report has no history" \
  -- "$hw" report --root "$dir/hist" --history HEAD..HEAD "$dir/hist/test"
# fix --write --update-allowlist with a bad path writes the other files and
# says that the prune, which would read a half-fixed tree, was skipped.
mkdir -p "$dir/fx/test"
printf 'from torch.testing._internal.common_utils import TestCase\n\n\nclass TestF(TestCase):\n    def test_a(self):\n        pass\n' >"$dir/fx/test/test_f.py"
expect 2 "hwclass: note: the allowlist was not pruned (a given path could not be read); run \`hwclass allowlist prune\` once the run is clean" \
  -- "$hw" fix --root "$dir/fx" --no-cache --write --update-allowlist --verify compile "$dir/fx/test/test_f.py" "$dir/fx/test/test_missing.py"
grep -q "hw_classification = HardwareClassification.GENERIC" "$dir/fx/test/test_f.py" ||
  { echo "FAIL: fix --write did not write the file it could read"; failures=$((failures + 1)); }
# fix -v's summary counts what it lists (issue 32: "7 classes left" over 7
# sites of one class): the places, and the distinct classes they name.
examples=$(cd "$(dirname "$0")/../../examples" && pwd)
"$hw" fix --isolated -v --unsafe-fixes --no-cache --root "$examples" "$examples/test" >/dev/null 2>"$dir/err"
places=$(grep -c '^  [^ ]*: line [0-9]*: ' "$dir/err")
classes=$(sed -n 's/^  \([^ ]*\): line [0-9]*: \([A-Za-z_0-9]*\).*/\1 \2/p' "$dir/err" | sort -u | wc -l)
total=$((total + 1))
if [ "$places" -lt 2 ] || [ "$classes" = "$places" ] || ! grep -q "; $places places in $classes classes left as they are:" "$dir/err"; then
  echo "FAIL: fix -v lists $places places in $classes classes, but says:"; cat "$dir/err"; failures=$((failures + 1))
fi
echo "$((total - failures)) passed, $failures failed"
[ "$failures" = 0 ]

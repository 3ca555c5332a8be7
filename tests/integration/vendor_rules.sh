#!/bin/sh
# A backend in one small file (issue 28, items 3 and 4): --rules-extend and
# its configuration key, errors naming the extension's file and line, the
# hint for an unknown --device, and each configuration file's own form.
hw=$1 src=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
. "$(dirname "$0")/expect.sh"
mkdir -p "$dir/repo/.git" "$dir/repo/test"
cat >"$dir/repo/test/test_npu.py" <<'PY'
from torch.testing._internal.common_device_type import instantiate_device_type_tests
from torch.testing._internal.common_utils import HardwareClassification, TestCase


class TestFoo(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR

    def test_y(self, device):
        pass


instantiate_device_type_tests(TestFoo, globals())
PY
cat >"$dir/npu.toml" <<'TOML'
[instantiate]
privateuse1 = ["npu"]

[device.npu]
strings = ["npu"]
TOML
sel="select --root $dir/repo --isolated -q --hw-classification ACCELERATOR --format pytest"

# The backend is unknown to the built-in rules: say what to add, and how.
expect 2 "--device: 'npu' is no device in the rules (hwclass rules --dump prints them); for an out-of-tree backend, add a rules file with --rules-extend FILE" -- $hw $sel --device npu
grep -qx '\[device.npu\]' "$dir/err" && grep -qx 'privateuse1 = \["npu"\]' "$dir/err" ||
  { echo "FAIL: the unknown device's hint shows no minimal table:"; cat "$dir/err"; failures=$((failures + 1)); }
# ... and the table it shows is enough.
sed -n '/^\[device.npu\]/,$p' "$dir/err" >"$dir/hint.toml"
expect 0 "" -- $hw $sel --device npu --rules-extend "$dir/hint.toml"
[ "$(cat "$dir/out")" = "test/test_npu.py::TestFooPRIVATEUSE1" ] || { echo "FAIL: with the hint's table:"; cat "$dir/out"; failures=$((failures + 1)); }
expect 2 "did you mean 'cuda'?" -- $hw $sel --device cudda
# The one small file, from the command line or the configuration (relative
# to the configuration file), selects what the built-in privateuse1 runner does.
expect 0 "" -- $hw $sel --device npu --rules-extend "$dir/npu.toml"
cp "$dir/out" "$dir/npu.out"
expect 0 "" -- $hw $sel --device privateuse1
cmp -s "$dir/out" "$dir/npu.out" || { echo "FAIL: npu and privateuse1 runners differ"; failures=$((failures + 1)); }
mkdir -p "$dir/cfg/rules"
cp "$dir/npu.toml" "$dir/cfg/rules/npu.toml"
printf 'rules-extend = "rules/npu.toml"\n' >"$dir/cfg/hwclass.toml"
expect 0 "" -- sh -c "cd '$dir/cfg' && $hw select --root '$dir/repo' -q --hw-classification ACCELERATOR --format pytest --device npu"
cmp -s "$dir/out" "$dir/npu.out" || { echo "FAIL: rules-extend from hwclass.toml"; cat "$dir/out"; failures=$((failures + 1)); }
printf '[tool.hwclass]\nrules-extend = ["rules/npu.toml"]\n' >"$dir/cfg/pyproject.toml"
rm "$dir/cfg/hwclass.toml"
expect 0 "" -- sh -c "cd '$dir/cfg' && $hw select --root '$dir/repo' -q --hw-classification ACCELERATOR --format pytest --device npu"
cmp -s "$dir/out" "$dir/npu.out" || { echo "FAIL: rules-extend from pyproject.toml"; cat "$dir/out"; failures=$((failures + 1)); }

# Errors in an extension name its file and line.
printf '[device.npu]\nstrings = ["npu"]\nstrngs = ["x"]\n' >"$dir/typo.toml"
expect 2 "typo.toml:3: unknown key 'strngs' in [device.npu]" -- $hw $sel --rules-extend "$dir/typo.toml"
printf '[device.npu]\nstrings = ["npu"\n' >"$dir/syntax.toml"
expect 2 "syntax.toml:2: " -- $hw $sel --rules-extend "$dir/syntax.toml"
printf '\n[instantiate]\nprivateuse1 = ["npu"]\n' >"$dir/no-table.toml"
expect 2 "no-table.toml:3: [instantiate] privateuse1 names 'npu', which has no [device.npu] table" -- $hw $sel --rules-extend "$dir/no-table.toml"
printf '[device.npu]\nstrings = ["cuda"]\n' >"$dir/taken.toml"
expect 2 "taken.toml:2: string 'cuda' is in both [device.cuda] and [device.npu]" -- $hw $sel --rules-extend "$dir/taken.toml"
expect 2 "missing.toml: cannot read the rules file" -- $hw $sel --rules-extend "$dir/missing.toml"
# Each configuration file takes its own form, and says so of the other.
printf '[tool.hwclass]\nfail-level = "warning"\n' >"$dir/cfg/hwclass.toml"
expect 2 "hwclass.toml:1: [tool.hwclass] is pyproject.toml's form; hwclass.toml takes the keys at its top level" -- sh -c "cd '$dir/cfg' && $hw lint --root '$dir/repo' '$dir/repo/test'"
mv "$dir/cfg/hwclass.toml" "$dir/cfg/.hwclass.toml"
expect 2 ".hwclass.toml:1: [tool.hwclass] is pyproject.toml's form; .hwclass.toml takes the keys at its top level" -- sh -c "cd '$dir/cfg' && $hw lint --root '$dir/repo' '$dir/repo/test'"
rm "$dir/cfg/.hwclass.toml"
printf 'fail-level = "warning"\n\n[project]\nname = "x"\n' >"$dir/cfg/pyproject.toml"
expect 2 "pyproject.toml:1: 'fail-level' at the top level: pyproject.toml takes hwclass's keys under [tool.hwclass]" -- sh -c "cd '$dir/cfg' && $hw lint --root '$dir/repo' '$dir/repo/test'"
expect 2 "pyproject.toml:1: 'fail-level' at the top level" -- $hw lint --config "$dir/cfg/pyproject.toml" --root "$dir/repo" "$dir/repo/test"
printf '[tool.hwclass]\nfail-level = "warning"\n' >"$dir/ci.toml"
expect 2 "ci.toml:1: [tool.hwclass] is pyproject.toml's form; ci.toml takes the keys at its top level" -- $hw lint --config "$dir/ci.toml" --root "$dir/repo" "$dir/repo/test"
# A pyproject.toml without hwclass's keys is passed over, as before: the
# hwclass.toml above it is read (and says fail-level is no level).
printf '[project]\nname = "x"\n' >"$dir/cfg/pyproject.toml"
printf 'fail-level = "none"\n' >"$dir/hwclass.toml"
expect 2 "hwclass.toml:1: 'fail-level' must be error, warning or advice" -- sh -c "cd '$dir/cfg' && $hw lint -q --root '$dir/repo' '$dir/repo/test'"
rm "$dir/hwclass.toml"

# The README's blocks as written: both configuration forms, each naming the
# vendor's rules file, which is the README's own.
block() {  # block SECTION N: the Nth ```toml block after the heading SECTION
  awk -v section="$1" -v want="$2" '$0 == section {on = 1; next} on && /^## / {exit}
    on && /^```toml$/ {n++; inside = (n == want); next} on && /^```$/ {inside = 0; next} inside {print}' "$src/README.md"
}
for form in hwclass.toml pyproject.toml; do
  mkdir -p "$dir/readme-$form/ci"
  block "## Device rules are data" 1 >"$dir/readme-$form/ci/npu-rules.toml"
  if [ "$form" = hwclass.toml ]; then n=1; else n=2; fi
  block "## Configuration" $n >"$dir/readme-$form/$form"
  grep -q "rules-extend" "$dir/readme-$form/$form" || { echo "FAIL: no README block for $form"; failures=$((failures + 1)); }
  expect 0 "" -- sh -c "cd '$dir/readme-$form' && $hw select --root '$dir/repo' -q --hw-classification ACCELERATOR --format pytest --device npu"
  cmp -s "$dir/out" "$dir/npu.out" || { echo "FAIL: the README's $form:"; cat "$dir/out"; failures=$((failures + 1)); }
done

echo "$((total - failures)) of $total checks passed"
[ "$failures" = 0 ]

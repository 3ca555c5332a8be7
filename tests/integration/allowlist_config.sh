#!/bin/sh
# The allowlist is upstream's: a file upstream's linter checks (its v8
# test-file patterns, docs/upstream-contract.md) and fails stays listed,
# whatever hwclass's own configuration says. Every configuration key, in
# both file forms, is tried: `allowlist prune` must drop exactly the entry
# that now passes, and `allowlist check` must call the result up to date.
# An allowlist that cannot be read is an error, never an empty list.
hw=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
. "$(dirname "$0")/expect.sh"
repo=$dir/repo
mkdir -p "$repo/.git" "$repo/test/sub" "$repo/tools/linter/adapters" "$repo/rules"
# Fails upstream's linter (no hw_classification), in and below test/.
printf 'from torch.testing._internal.common_utils import TestCase\n\n\nclass TestA(TestCase):\n    def test_a(self):\n        pass\n' >"$repo/test/test_a.py"
cp "$repo/test/test_a.py" "$repo/test/sub/test_b.py"
# Passes it: its entry is the one prune drops.
printf 'from torch.testing._internal.common_utils import HardwareClassification, TestCase\n\n\nclass TestC(TestCase):\n    hw_classification = HardwareClassification.GENERIC\n\n    def test_c(self):\n        pass\n' >"$repo/test/test_c.py"
printf '[device.npu]\nstrings = ["npu"]\n' >"$repo/rules/npu.toml"
allowlist=$repo/tools/linter/adapters/test_linter_allowlist.json
before='[
  "test/sub/test_b.py",
  "test/test_a.py",
  "test/test_c.py"
]'
after='[
  "test/sub/test_b.py",
  "test/test_a.py"
]'
# One line per configuration: its keys, as a dedicated file writes them.
cat >"$dir/configs" <<'TOML'
exclude = ["test/sub/**"]
exclude = ["test/**"]
exclude = ["**"]
exclude = ["test/test_a.py", "test/sub/test_b.py"]
select = ["never-runs"]
ignore = ["hw_classification", "parse_error"]
upstream = false
upstream = true
inherit = false
fail-level = "advice"
code = "OTHER_LINTER"
upstream-version = 8
allowlist = "tools/linter/adapters/test_linter_allowlist.json"
rules-extend = ["rules/npu.toml"]
exclude = ["test/sub/**"]; select = ["hw_classification"]; upstream = true; inherit = false
TOML
while IFS= read -r line; do
  # `;` separates keys on one line of the list above.
  keys=$(printf '%s\n' "$line" | sed 's/; /\n/g')
  for form in dedicated pyproject; do
    rm -f "$repo/hwclass.toml" "$repo/pyproject.toml"
    if [ $form = dedicated ]; then printf '%s\n' "$keys" >"$repo/hwclass.toml"
    else printf '[tool.hwclass]\n%s\n' "$keys" >"$repo/pyproject.toml"; fi
    printf '%s\n' "$before" >"$allowlist"
    expect 0 "" -- sh -c "cd '$repo' && '$hw' allowlist prune --root . --no-cache -q"
    [ "$(cat "$allowlist")" = "$after" ] ||
      { echo "FAIL: prune under $form config '$line' left:"; cat "$allowlist"; failures=$((failures + 1)); }
    printf '%s\n' "$after" >"$allowlist"
    expect 0 "" -- sh -c "cd '$repo' && '$hw' allowlist check --root . --no-cache -q"
  done
done <"$dir/configs"

# An allowlist that exists but cannot be read is an error naming it, exit 2,
# for every command that reads it; never an empty list (issue 31, bug 3).
rm -f "$repo/hwclass.toml" "$repo/pyproject.toml" "$allowlist"
ln -s test_linter_allowlist.json "$allowlist"
for command in "lint" "report" "allowlist check" "allowlist prune"; do
  expect 2 "test_linter_allowlist.json: cannot read the allowlist: Too many levels of symbolic links" -- \
    sh -c "cd '$repo' && '$hw' $command --root . --no-cache -q"
  [ "$(grep -c . "$dir/err")" = 1 ] || { echo "FAIL: $command: not one line:"; cat "$dir/err"; failures=$((failures + 1)); }
done
echo "$total checks, $failures failures"
[ "$failures" = 0 ]

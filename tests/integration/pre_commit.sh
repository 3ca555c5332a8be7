#!/bin/sh
# The shipped .pre-commit-hooks.yaml under Debian's real pre-commit (3.0.4,
# language: system): a clean file passes, a file with findings fails, and the
# allowlist hook fails on drift. Runs `pre-commit try-repo` against this repo.
hw=$1 repo=$2
# Debian's package (3.0.4 on bookworm), not whatever else is on PATH.
pre_commit=/usr/bin/pre-commit
[ -x "$pre_commit" ] || pre_commit=$(command -v pre-commit) || { echo "pre-commit is not installed"; exit 1; }
"$pre_commit" --version
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/bin" "$dir/work/test" "$dir/home"
ln -s "$hw" "$dir/bin/hwclass"
export PATH="$dir/bin:$PATH" HOME="$dir/home" PRE_COMMIT_HOME="$dir/cache" XDG_CACHE_HOME="$dir/cache"
cd "$dir/work" && git init -q . && git config user.email t@example.com && git config user.name t
cat >test/test_ok.py <<'PY'
from torch.testing._internal.common_utils import HardwareClassification, TestCase


class TestOk(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_a(self):
        pass
PY
git add -A && git commit -qm init
status=0 passed=0
expect() {  # expect EXPECTED_EXIT PRE_COMMIT_ARGS... (the hook's id is the last)
  want=$1; shift
  "$pre_commit" "$@" --all-files >"$dir/out" 2>&1
  rc=$?
  if [ "$rc" = "$want" ]; then passed=$((passed + 1)); else echo "FAIL: pre-commit $* exit $rc, want $want"; cat "$dir/out"; status=1; fi
}
run() { expect "$1" try-repo "$repo" "$2"; }  # the shipped .pre-commit-hooks.yaml
run 0 hwclass-lint
printf 'class TestBad(TestCase):\n    def test_b(self):\n        pass\n' >test/test_bad.py
git add -A
run 1 hwclass-lint
grep -q "missing or invalid hw_classification" "$dir/out" || { echo "FAIL: no finding shown"; status=1; }
run 1 hwclass-allowlist
mkdir -p tools/linter/adapters && printf '[\n  "test/test_bad.py"\n]\n' >tools/linter/adapters/test_linter_allowlist.json
git add -A
run 0 hwclass-allowlist
run 0 hwclass-lint
# The README's own .pre-commit-config.yaml, as written, run by `pre-commit
# run`: the allowlist only shrinks. A new undeclared file is refused with the
# command that makes it pass, and a plain `allowlist write` that adds it is
# refused too (the allowlist grew since HEAD).
mkdir -p "$dir/readme" && cd "$dir/readme" && git init -q . && git config user.email t@example.com && git config user.name t
awk '/^```yaml$/ { if (seen++ == 0) { keep = 0 } } /^repos:$/ { keep = 1 } keep && /^```$/ { exit } keep { print }' \
  "$repo/README.md" >.pre-commit-config.yaml
grep -q "hwclass allowlist check --shrink-only" .pre-commit-config.yaml || { echo "FAIL: no config in the README"; status=1; }
mkdir -p test tools/linter/adapters && cp "$dir/work/test/test_ok.py" test/ && printf '[]\n' >tools/linter/adapters/test_linter_allowlist.json
git add -A && git commit -qm init
readme() { expect "$1" run "$2"; }  # the README's .pre-commit-config.yaml
readme 0 hwclass-allowlist
printf 'class TestNew(TestCase):\n    def test_n(self):\n        pass\n' >test/test_new.py
git add -A
readme 1 hwclass-allowlist
grep -q "test/test_new.py: error: fails the test linter, and the allowlist only shrinks; run hwclass " "$dir/out" ||
  { echo "FAIL: the refusal names no command"; cat "$dir/out"; status=1; }
hwclass allowlist write >/dev/null 2>&1
git add -A
readme 1 hwclass-allowlist
# The README's strict entry (issue 32): a hardcoded device in an
# ACCELERATOR class, a warning hwclass-lint lets through, fails the commit.
cat >test/test_acc.py <<'PY'
import torch
from torch.testing._internal.common_device_type import instantiate_device_type_tests
from torch.testing._internal.common_utils import HardwareClassification, TestCase


class TestAcc(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR

    def test_a(self, device):
        torch.ones(2, device=device)


instantiate_device_type_tests(TestAcc, globals())
PY
git add -A
readme 0 hwclass-device-hygiene
sed -i 's/device=device)/device="cuda")/' test/test_acc.py
git add -A
readme 1 hwclass-device-hygiene
grep -q 'test/test_acc.py:10:.*\[hardcoded-device\]' "$dir/out" || { echo "FAIL: no [hardcoded-device] finding shown"; cat "$dir/out"; status=1; }
echo "$passed passed, $((10 - passed)) failed"
exit $status

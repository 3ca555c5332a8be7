#!/bin/sh
# report --history over a repository missing an object: one line naming the
# file, the commit and the blob, exit 2; never `map::at` (issue 31, bug 4).
hw=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
. "$(dirname "$0")/expect.sh"
repo=$dir/repo
mkdir -p "$repo/test"
git -C "$repo" init -q
git -C "$repo" config user.email t@example.com
git -C "$repo" config user.name t
printf 'from torch.testing._internal.common_utils import TestCase\n\n\nclass TestA(TestCase):\n    def test_a(self):\n        pass\n' >"$repo/test/test_a.py"
git -C "$repo" add test && git -C "$repo" commit -qm one
printf '\n\nclass TestB(TestCase):\n    def test_b(self):\n        pass\n' >>"$repo/test/test_a.py"
git -C "$repo" commit -qam two
commit=$(git -C "$repo" rev-parse HEAD)
blob=$(git -C "$repo" rev-parse HEAD:test/test_a.py)
# The newest blob's object is lost (a partial clone, a corrupt pack).
rm -f "$repo/.git/objects/$(echo "$blob" | cut -c1-2)/$(echo "$blob" | cut -c3-)"
expect 2 "hwclass: error: test/test_a.py at $(echo "$commit" | cut -c1-12): git cannot read its blob $blob" -- \
  "$hw" report --isolated -q --no-cache --root "$repo" --history HEAD "$repo/test"
[ "$(grep -c . "$dir/err")" = 1 ] || { echo "FAIL: not one line:"; cat "$dir/err"; failures=$((failures + 1)); }
echo "$total checks, $failures failures"
[ "$failures" = 0 ]

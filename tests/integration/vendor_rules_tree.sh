#!/bin/sh
# Issue 28's acceptance on the real tree: a vendor's one small file (one
# [device.npu] table and [instantiate] privateuse1 = ["npu"]) given with
# --rules-extend selects, for `--device npu`, byte for byte what a full
# copy of the built-in rules with the same two changes selects through
# --rules, for every member, warnings and exit code included.
hw=$1 src=$2 tree=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp -r "$src/rules" "$dir/full"
grep -qx 'privateuse1 = \[\]' "$dir/full/devices.toml" || { echo "FAIL: rules/devices.toml has no empty privateuse1 list"; exit 1; }
sed -i 's/^privateuse1 = \[\]$/privateuse1 = ["npu"]/' "$dir/full/devices.toml"
printf '\n[device.npu]\nstrings = ["npu"]\n' >>"$dir/full/devices.toml"
printf '[instantiate]\nprivateuse1 = ["npu"]\n\n[device.npu]\nstrings = ["npu"]\n' >"$dir/npu.toml"
failures=0
for member in GENERIC ACCELERATOR CPU CUDA MPS XPU; do
  sel="select --root $tree --isolated -q --cache-dir $dir/cache --use declared-or-inferred --hw-classification $member --device npu --format json"
  $hw $sel --rules "$dir/full" "$tree/test" >"$dir/full.out" 2>"$dir/full.err"; full=$?
  $hw $sel --rules-extend "$dir/npu.toml" "$tree/test" >"$dir/ext.out" 2>"$dir/ext.err"; ext=$?
  n=$(grep -c '"runs_as"' "$dir/full.out")
  echo "$member: exit $full and $ext, $n classes"
  if [ "$full" != "$ext" ] || ! cmp -s "$dir/full.out" "$dir/ext.out" || ! cmp -s "$dir/full.err" "$dir/ext.err"; then
    echo "FAIL: $member differs:"; diff "$dir/full.out" "$dir/ext.out" | head; diff "$dir/full.err" "$dir/ext.err" | head
    failures=$((failures + 1))
  fi
  # The comparison means something only where npu's variants are selected.
  if [ "$member" = ACCELERATOR ]; then
    v=$(grep -c '"runs_as": *"[A-Za-z0-9_]*PRIVATEUSE1"' "$dir/ext.out")
    echo "  of them $v PRIVATEUSE1 variants"
    [ "$v" -gt 0 ] || { echo "FAIL: no PRIVATEUSE1 variant selected"; failures=$((failures + 1)); }
  fi
done
echo "$failures failed"
[ "$failures" = 0 ]

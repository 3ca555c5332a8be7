#!/usr/bin/env bash
# Fetch PyTorch's real test suite from Debian's source package, as input for
# hwclass's integration tests and benchmarks (never committed to this repo).
#
#   scripts/fetch-pytorch-tests.sh CACHE_DIR [2.6.0|1.13.1]
#
# Prints the tree's path: CACHE_DIR/pytorch-VERSION/{test,torch/testing,tools}.
# The upstream tarball is checked against its sha256 and kept in CACHE_DIR, so
# later runs are offline and instant (fetch-debian-source.sh).
set -euo pipefail

cache=${1:?usage: fetch-pytorch-tests.sh CACHE_DIR [2.6.0|1.13.1]}
version=${2:-2.6.0}
case $version in
  2.6.0)
    suite=trixie top=pytorch-v2.6.0 tarball=pytorch_2.6.0+dfsg.orig.tar.xz
    sha256=099a9601bc40d67656e75735c44abedb0fbe92d08817852ab7472eebb7e6ddff ;;
  1.13.1)
    suite=bookworm top=pytorch-1.13.1 tarball=pytorch_1.13.1+dfsg.orig.tar.xz
    sha256=d0355588b8528566d477e6ebf1b4d9d036a6fd75711339f66b27472ce5879dc7 ;;
  *) echo "fetch-pytorch-tests.sh: no pinned tarball for version '$version' (2.6.0 or 1.13.1)" >&2; exit 2 ;;
esac

mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
tree=$cache/pytorch-$version
if [[ -e $tree/.complete ]]; then echo "$tree"; exit 0; fi

"$(dirname "$0")/fetch-debian-source.sh" "$cache" "$suite" pytorch "$tarball" "$sha256" >/dev/null

staging=$(mktemp -d "$cache/.unpack.XXXXXX")
trap 'rm -rf "$staging"' EXIT
members=("$top/test/*" "$top/torch/testing/*" "$top/tools/*")
[[ $version == 2.6.0 ]] && members+=("$top/.lintrunner.toml")
tar -xJf "$cache/$tarball" -C "$staging" --wildcards "${members[@]}"
rm -rf "$tree"
mv "$staging/$top" "$tree"
touch "$tree/.complete"
echo "$tree"

#!/usr/bin/env bash
# Fetch PyTorch's real test suite from Debian's source package, as input for
# hwclass's integration tests and benchmarks (never committed to this repo).
#
#   scripts/fetch-pytorch-tests.sh CACHE_DIR [2.6.0|1.13.1]
#
# Prints the tree's path: CACHE_DIR/pytorch-VERSION/{test,torch/testing,tools}.
# The upstream tarball is checked against its sha256 and kept in CACHE_DIR, so
# later runs are offline and instant. Only a private apt state under CACHE_DIR
# is touched; the system's apt configuration is left alone.
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

verified() { [[ -f $cache/$tarball ]] && echo "$sha256  $cache/$tarball" | sha256sum --check --status; }

if ! verified; then
  # Find the Debian mirror this machine already uses (deb822 or one-line format).
  mirror=$(sed -n 's/^URIs:[[:space:]]*\(.*\/debian\/\{0,1\}\)[[:space:]]*$/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n1)
  if [[ -z $mirror ]]; then
    mirror=$(awk '$1 == "deb" && $2 ~ /\/debian\/?$/ {print $2; exit}' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null || true)
  fi
  [[ -n $mirror ]] || { echo "fetch-pytorch-tests.sh: no Debian mirror found in /etc/apt" >&2; exit 1; }
  apt_state=$cache/apt-state-$suite
  mkdir -p "$apt_state/lists/partial" "$apt_state/sources"
  cat >"$apt_state/sources/pytorch-src.sources" <<SOURCES
Types: deb-src
URIs: $mirror
Suites: $suite
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
  apt_opts=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$apt_state/sources"
            -o "Dir::State::Lists=$apt_state/lists")
  apt-get "${apt_opts[@]}" -qq update >&2
  # Only the upstream tarball matters; the Debian part may be gone from the archive.
  (cd "$cache" && apt-get "${apt_opts[@]}" -qq source --download-only pytorch >&2) || true
  verified || { echo "fetch-pytorch-tests.sh: $tarball is missing or fails its sha256 check" >&2; exit 1; }
fi

staging=$(mktemp -d "$cache/.unpack.XXXXXX")
trap 'rm -rf "$staging"' EXIT
members=("$top/test/*" "$top/torch/testing/*" "$top/tools/*")
[[ $version == 2.6.0 ]] && members+=("$top/.lintrunner.toml")
tar -xJf "$cache/$tarball" -C "$staging" --wildcards "${members[@]}"
rm -rf "$tree"
mv "$staging/$top" "$tree"
touch "$tree/.complete"
echo "$tree"

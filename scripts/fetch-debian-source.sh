#!/usr/bin/env bash
# Fetch one upstream tarball of a Debian source package into a cache, checked
# against its sha256, and print its path. The PyTorch corpus
# (fetch-pytorch-tests.sh) and the static release binary's tinyxml2
# (packaging/, whose Debian binary package has no static library) come this
# way: Debian's archive is the one source of code besides npm.
#
#   scripts/fetch-debian-source.sh CACHE_DIR SUITE PACKAGE TARBALL SHA256
#
# A tarball already in CACHE_DIR that passes the check is used as it is, so
# later runs are offline and instant. Only a private apt state under
# CACHE_DIR is touched; the system's apt configuration is left alone.
set -euo pipefail
cache=${1:?usage: fetch-debian-source.sh CACHE_DIR SUITE PACKAGE TARBALL SHA256}
suite=${2:?} package=${3:?} tarball=${4:?} sha256=${5:?}

mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
verified() { [[ -f $cache/$tarball ]] && echo "$sha256  $cache/$tarball" | sha256sum --check --status; }

if ! verified; then
  # Find the Debian mirror this machine already uses (deb822 or one-line format).
  mirror=$(sed -n 's/^URIs:[[:space:]]*\(.*\/debian\/\{0,1\}\)[[:space:]]*$/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n1)
  if [[ -z $mirror ]]; then
    mirror=$(awk '$1 == "deb" && $2 ~ /\/debian\/?$/ {print $2; exit}' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null || true)
  fi
  [[ -n $mirror ]] || { echo "fetch-debian-source.sh: no Debian mirror found in /etc/apt" >&2; exit 1; }
  apt_state=$cache/apt-state-$suite
  mkdir -p "$apt_state/lists/partial" "$apt_state/sources"
  # The file's earlier name, when only the corpus used this state: one
  # entry, not two that apt warns about.
  rm -f "$apt_state/sources/pytorch-src.sources"
  cat >"$apt_state/sources/debian-src.sources" <<SOURCES
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
  (cd "$cache" && apt-get "${apt_opts[@]}" -qq source --download-only "$package" >&2) || true
  verified || { echo "fetch-debian-source.sh: $tarball is missing or fails its sha256 check" >&2; exit 1; }
fi
echo "$cache/$tarball"

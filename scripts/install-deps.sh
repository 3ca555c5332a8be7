#!/bin/sh
# Install hwclass's build and test dependencies from Debian's packages
# (bookworm). Idempotent; works as root or through sudo.
set -eu
packages="build-essential cmake pkg-config libtree-sitter-dev libcli11-dev nlohmann-json3-dev \
libtinyxml2-dev libtomlplusplus-dev catch2 groff-base man-db pre-commit xz-utils ca-certificates python3"
# The grammar comes from the npm registry at configure time; Debian's npm
# brings it where no npm is installed yet.
command -v npm >/dev/null 2>&1 || packages="$packages npm"
if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
fi

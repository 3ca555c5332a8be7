#!/bin/sh
# Install hwclass's dependencies from Debian's packages (bookworm).
#   install-deps.sh             what building and running hwclass needs
#   install-deps.sh --release   that, plus what the release artifacts need
#                               (cmake --build build --target dist)
#   install-deps.sh --tests     that, plus what its tests need
# Idempotent; works as root or through sudo.
set -eu
packages="build-essential cmake pkg-config libcli11-dev nlohmann-json3-dev \
libtinyxml2-dev libtomlplusplus-dev libxxhash-dev ca-certificates"
# The release artifacts (packaging/): python3-build, -setuptools and -wheel
# build the wheel offline, python3-venv installs it, dpkg-dev's
# dpkg-shlibdeps gives the .deb its Depends. The tests build and install them.
release="python3-build python3-setuptools python3-wheel python3-venv dpkg-dev"
case "${1:-}" in
  "") ;;
  --release) packages="$packages $release" ;;
  # Catch2 for the unit tests, python3 for the CPython references, groff and
  # man-db for the man page check, pre-commit for the hook test, xz-utils to
  # unpack the PyTorch corpus, torch and pytest for the real-client test of
  # `hwclass select`, chromium to render the HTML report, clang and its
  # runtime for the libFuzzer targets (fuzz/), debootstrap for the PyTorch
  # 2.6.0 runtime below, and bash-completion, zsh and fish to ask each shell
  # what `hwclass completion` makes Tab offer.
  --tests) packages="$packages $release catch2 python3 groff-base man-db pre-commit xz-utils python3-torch python3-pytest chromium clang libclang-rt-14-dev debootstrap iproute2 bash-completion zsh fish" ;;
  *) echo "usage: install-deps.sh [--release | --tests]" >&2; exit 2 ;;
esac
# The tree-sitter runtime and grammar come from the npm registry at configure
# time (grammars/CMakeLists.txt); Debian's npm
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
# The tests that ask PyTorch 2.6.0 itself run in a chroot built once into the
# cache (scripts/pytorch-runtime.sh; needs root, as CI has).
if [ "${1:-}" = --tests ]; then
  $sudo "$(dirname "$0")/pytorch-runtime.sh" "${HWCLASS_RUNTIME_DIR:-$HOME/.cache/hwclass/torch-2.6.0}" >/dev/null
fi

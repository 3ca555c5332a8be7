#!/usr/bin/env bash
# A real PyTorch 2.6.0 runtime for the tests that ask PyTorch itself (the
# select oracle, fix's collection check): Debian trixie's python3-torch 2.6.0
# with pytest, expecttest, hypothesis and numpy, in a chroot built from the
# Debian mirror this machine's apt uses. It matches the 2.6.0 corpus
# (fetch-pytorch-tests.sh). About 1.7 GB and a minute or two, once; needs root.
#
#   pytorch-runtime.sh DEST                  build DEST if needed; print DEST
#   pytorch-runtime.sh DEST run DIR CMD...   run CMD in DEST with DIR bind-free
#                                            copied to DEST/work/<name> as cwd
#                                            (<name>: HWCLASS_WORK_NAME, else DIR's),
#                                            in a network namespace of its own
#
# PYSHIM=DIR copies DIR into the run's copy and puts it on PYTHONPATH
# (tests/harness/pyshim: the HardwareClassification stand-in, a fake
# PrivateUse1 backend, the collection recorder).
set -euo pipefail
dest=${1:?usage: pytorch-runtime.sh DEST [run DIR CMD...]}
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
# pytest-rerunfailures and pytest-xdist: run_test.py refuses to start without
# them (and pytest-flakefinder, which Debian lacks: tests/harness/pyshim stands in).
# python-is-python3: `python` on PATH, as CI runners and select's run-test
# command have it.
packages="python3-torch python3-pytest python3-expecttest python3-hypothesis python3-numpy python3-setuptools
python3-yaml python3-psutil python3-typing-extensions python3-pytest-rerunfailures python3-pytest-xdist
python-is-python3"

mirror() {
  local uri
  uri=$(sed -n 's/^URIs:[[:space:]]*\(.*\/debian\/\{0,1\}\)[[:space:]]*$/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n1)
  [[ -n $uri ]] || uri=$(awk '$1 == "deb" && $2 ~ /\/debian\/?$/ {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
  [[ -n $uri ]] || { echo "pytorch-runtime.sh: no Debian mirror in /etc/apt" >&2; exit 1; }
  echo "$uri"
}

# Runs started at once (ctest -j) build or update the runtime once: the
# first takes the lock, the others wait for it and find it done.
if [[ ! -e $dest/.complete || "$(cat "$dest/.complete")" != "$packages" ]]; then
  exec 9>"$dest/.lock"
  flock 9
fi
if [[ ! -e $dest/.complete ]]; then
  command -v debootstrap >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; }
  [[ -x $dest/usr/bin/apt-get ]] || debootstrap --variant=minbase trixie "$dest" "$(mirror)" >&2
  cp /etc/resolv.conf "$dest/etc/resolv.conf" 2>/dev/null || true
  # shellcheck disable=SC2086
  chroot "$dest" sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(echo $packages)" >&2
  chroot "$dest" python3 -c "import torch, pytest, expecttest, hypothesis; assert torch.__version__.startswith('2.6.0'), torch.__version__" >&2
  echo "$packages" >"$dest/.complete"
fi
# A runtime built from an older package list gets what the list added.
if [[ "$(cat "$dest/.complete")" != "$packages" ]]; then
  # shellcheck disable=SC2086
  chroot "$dest" sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(echo $packages)" >&2
  echo "$packages" >"$dest/.complete"
fi
mountpoint -q "$dest/proc" || mount -t proc proc "$dest/proc" 2>/dev/null || true
# This machine's name resolves to loopback, as on the host: distributed
# tests look it up (gloo, elastic), and the chroot's resolver would otherwise
# ask a name server, in C, where no Python time box reaches.
host=$(uname -n)
if ! grep -qE "[[:space:]]$host([[:space:]]|\$)" "$dest/etc/hosts"; then
  { cat "$dest/etc/hosts"; printf '127.0.0.1\t%s\n' "$host"; } >"$dest/etc/hosts.$$"
  mv "$dest/etc/hosts.$$" "$dest/etc/hosts"
fi
[[ ${2:-} == run ]] || { echo "$dest"; exit 0; }

dir=${3:?run needs DIR}
shift 3
# HWCLASS_WORK_NAME names the copy when several runs at once copy one tree
# (a ctest fixture tree read by two tests); by default it is DIR's name.
name=${HWCLASS_WORK_NAME:-$(basename "$dir")}
rm -rf "${dest:?}/work/$name" "${dest:?}/work/.layers/$name"
mkdir -p "$dest/work"
# HWCLASS_OVERLAY=1: DIR is laid under the copy by overlayfs rather than
# copied (a 2.6.0 test/ tree is 7,000 files: seconds per run); writes go to
# a layer of the run's own. The caller unmounts it (tests/harness/runtime.py).
layers=$dest/work/.layers/$name
if [[ -n ${HWCLASS_OVERLAY:-} ]] && mkdir -p "$layers/up" "$layers/work" "$dest/work/$name" &&
   mount -t overlay overlay -o "lowerdir=$dir,upperdir=$layers/up,workdir=$layers/work" "$dest/work/$name" 2>/dev/null; then
  :
else
  rm -rf "${dest:?}/work/$name" "$layers"
  cp -a "$dir" "$dest/work/$name"
fi
# PYSHIM goes into this run's own copy, not a path shared by the runs going
# on at the same time (ctest runs the runtime tests two at a time).
shim=/opt/pyshim
if [[ -n ${PYSHIM:-} ]]; then shim=/work/$name/.hwclass-pyshim; rm -rf "$dest$shim"; cp -a "$PYSHIM" "$dest$shim"; fi
# Each run gets a loopback of its own: distributed tests bind ports (a
# TCPStore, an elastic rendezvous), and two runs at once on the host's
# loopback can meet on one port and wait in C++, where no Python time box
# reaches. Where namespaces are refused, the run shares the host's.
netns=()
if unshare --net true 2>/dev/null && command -v ip >/dev/null; then
  netns=(unshare --net sh -c 'ip link set lo up && exec "$@"' netns)
fi
exec "${netns[@]}" chroot "$dest" env PYTHONPATH="$shim" PYTHONDONTWRITEBYTECODE=1 HOME=/tmp \
  sh -c 'cd "$0" && exec "$@"' "/work/$name" "$@"

#!/bin/sh
# The oracle tier (README, "Test tiers"): every whole-tree runtime oracle,
# after building what they need: the release build (build/), and the
# sanitizer build's hwclass (build-asan/) for ASan over the 1.13.1 tree.
#   scripts/oracle.sh [CTEST OPTIONS...]     e.g. -R 'select' to run some
# Collections and runs are kept in the collection cache
# (HWCLASS_COLLECTION_CACHE, default ~/.cache/hwclass/collections), so a
# second run costs what changed. A cold run: HWCLASS_COLLECTION_CACHE=$(mktemp -d).
set -e
cd "$(dirname "$0")/.."
scripts/install-deps.sh --tests
cmake -S . -B build
cmake --build build -j "$(nproc)"
cmake --preset asan >/dev/null
cmake --build --preset asan -j "$(nproc)" --target hwclass
exec ctest --preset oracle -j 2 "$@"

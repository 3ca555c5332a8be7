#!/bin/sh
# The three-file migration of issue 12, replayed on PyTorch 2.6.0: what
# explain tells a contributor about test_bundled_images.py, test_view_ops.py
# and test_cuda_trace.py, compared byte for byte with advice checked by
# reading those files (tests/integration/migration/*.txt). That following the
# advice lints clean is checked for every such class by
# declare_recommended.py.
#   migration.sh HWCLASS TREE_ROOT GOLDEN_DIR
hw=$1 root=$2 golden=$3
failures=0
check() {
  name=$1
  shift
  out=$(mktemp) || exit 2
  (cd "$root" && "$hw" explain --isolated --root . "$@") >"$out" 2>&1
  if [ -n "$HWCLASS_UPDATE_GOLDEN" ]; then cp "$out" "$golden/$name.txt"; fi
  if ! diff -u "$golden/$name.txt" "$out"; then failures=$((failures + 1)); fi
  rm -f "$out"
}
check files-bundled-images test/test_bundled_images.py
check files-view-ops test/test_view_ops.py
check files-cuda-trace test/test_cuda_trace.py
check bundled-images test/test_bundled_images.py::TestBundledImages
check view-ops test/test_view_ops.py::TestViewOps
check old-view-ops test/test_view_ops.py::TestOldViewOps
check cuda-trace test/test_cuda_trace.py::TestCudaTrace
echo "$failures of 7 differ"
[ "$failures" = 0 ]

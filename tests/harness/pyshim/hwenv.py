"""The environment variables the shims read, spelt here once.

The shims (sitecustomize and the hw* pytest plugins) import these names,
and the harness loads this file too (harness/env.py), so a misspelt
variable is a NameError at import on either side, never a setting that
silently does nothing (issue 46: the whole-tree fix oracle once set a
variable no shim read, and its PrivateUse1 pass repeated the cpu pass)."""

# NAME: rename PrivateUse1 to NAME and register a device module for it
# (sitecustomize), so instantiate_device_type_tests makes its variants.
PRIVATEUSE1 = "HWCLASS_PRIVATEUSE1"
# hwcollect: a JSON line per collected item, collection error, module
# skipped at import, and per test file the tree modules its process had
# loaded by the end of its collection (the collection cache's key).
COLLECT_OUT = "HWCOLLECT_OUT"
# hwcollect: a JSON line per test that ran or was skipped.
RUN_OUT = "HWRUN_OUT"
# hwcollect: the tree's root as the process sees it; module paths are
# recorded relative to it, and modules outside it are not recorded.
TREE_ROOT = "HWCOLLECT_TREE"
# hwsample: the `file::Class` prefixes to keep, the box of each test's
# call in seconds, and a file of node ids to leave out.
SAMPLE_CLASSES = "HWSAMPLE_CLASSES"
SAMPLE_BOX = "HWSAMPLE_BOX"
SAMPLE_SKIP = "HWSAMPLE_SKIP"

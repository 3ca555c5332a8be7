#!/usr/bin/env python3
"""Contract 5.8's device need, upstream's newest rule, computed in the
PyTorch runtime from the classes as imported (run inside the runtime by
multigpu_runtime.py):

    multigpu_reference.py TEST_DIR FILE...

The result is one line on stdout, MARKER and then JSON: the tests' modules
print too, and the runtime's tree is read, never written.

Imports each FILE (relative to TEST_DIR) as `python -m pytest` does from
TEST_DIR (import mode prepend: the first directory up without an
__init__.py goes first on sys.path, the module named from there)
and, for every unittest.TestCase class it defines, records whether upstream
marks its tests `multigpu` (a subclass of MultiProcessTestCase or
MultiProcContinuousTest) and each test's need, upstream's way:
  * a multigpu test: the largest of its function's stamps
    (`_min_gpus_required`, `_required_world_size`), read along its
    `__wrapped__` chain as upstream's conftest reads them, 0 without one;
    the class's world_size is no need (test_multigpu_marker.py);
  * any other test: 1, or more where the function says so: those stamps,
    deviceCountAtLeast's `num_required_devices`, and requires_multigpu
    (unittest.skipIf with the reason "requires multiple cuda devices") = 2.
2.6.0's decorators do not stamp yet: before any test module is imported,
each one the newest rule reads is wrapped to stamp `_min_gpus_required`
as upstream's does now: skip_if_lt_x_gpu(n), require_n_gpus_for_nccl_backend
(n, backend) and nccl_skip_if_lt_x_gpu(backend, n) with n, and
common_dtensor's skip_unless_torch_gpu with 2, a floor (requires_world_size
is newer than 2.6.0).
A file that fails to import is listed with its error.
"""
import functools
import importlib
import json
import pathlib
import sys
import unittest
import warnings

MARKER = "multigpu-reference: "
MULTIGPU_REASON = "requires multiple cuda devices"


def stamping(factory, count_of):
    """FACTORY (a decorator factory) made to stamp `_min_gpus_required`
    with count_of(its arguments) on what it decorates."""
    @functools.wraps(factory)
    def stamped(*args, **kwargs):
        decorate = factory(*args, **kwargs)

        def decorator(func):
            wrapper = decorate(func)
            wrapper._min_gpus_required = count_of(*args, **kwargs)
            return wrapper
        return decorator
    return stamped


def stamp_as_upstream_does():
    from torch.testing._internal import common_distributed as cd
    cd.skip_if_lt_x_gpu = stamping(cd.skip_if_lt_x_gpu, lambda n: n)
    cd.require_n_gpus_for_nccl_backend = stamping(cd.require_n_gpus_for_nccl_backend, lambda n, backend: n)
    cd.nccl_skip_if_lt_x_gpu = stamping(cd.nccl_skip_if_lt_x_gpu, lambda backend, n: n)
    try:
        from torch.testing._internal.distributed._tensor import common_dtensor as dt
    except Exception:  # noqa: BLE001: a runtime without distributed has no such tests either
        return
    original = dt.skip_unless_torch_gpu

    @functools.wraps(original)
    def skip_unless_torch_gpu(method):
        wrapper = original(method)
        wrapper._min_gpus_required = 2
        return wrapper
    dt.skip_unless_torch_gpu = skip_unless_torch_gpu


def multigpu_bases():
    from torch.testing._internal import common_distributed as cd
    return tuple(getattr(cd, n) for n in ("MultiProcessTestCase", "MultiProcContinuousTest") if hasattr(cd, n))


def as_count(value):
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def stamps(fn):
    """The stamps along FN's __wrapped__ chain."""
    found, seen = [], set()
    while fn is not None and id(fn) not in seen:
        seen.add(id(fn))
        found += [v for v in (as_count(getattr(fn, "_min_gpus_required", None)),
                              as_count(getattr(fn, "_required_world_size", None))) if v is not None]
        fn = getattr(fn, "__wrapped__", None)
    return found


def single_need(cls, fn):
    need = [1, *stamps(fn)]
    if as_count(getattr(fn, "num_required_devices", None)) is not None:
        need.append(fn.num_required_devices)
    if getattr(fn, "__unittest_skip_why__", None) == MULTIGPU_REASON or \
            getattr(cls, "__unittest_skip_why__", None) == MULTIGPU_REASON:
        need.append(2)
    return max(need)


def import_as_pytest(path):
    base = path.parent
    while (base / "__init__.py").exists():
        base = base.parent
    name = ".".join(path.relative_to(base).with_suffix("").parts)
    if str(base) not in sys.path:
        sys.path.insert(0, str(base))
    known = sys.modules.get(name)
    if known is not None and pathlib.Path(getattr(known, "__file__", "") or "").resolve() != path:
        del sys.modules[name]  # another file of that name: pytest would stop at the mismatch
    return importlib.import_module(name), name


def main():
    test_dir = pathlib.Path(sys.argv[1]).resolve()
    sys.path.insert(0, str(test_dir))
    warnings.simplefilter("ignore")
    stamp_as_upstream_does()
    bases = multigpu_bases()
    classes, failed = [], {}
    for rel in sys.argv[2:]:
        try:
            module, name = import_as_pytest(test_dir / rel)
        except BaseException as e:  # SystemExit too: some files exit when distributed is missing
            failed[rel] = f"{type(e).__name__}: {e}"[:200]
            continue
        for cls_name, cls in sorted(vars(module).items()):
            if not (isinstance(cls, type) and issubclass(cls, unittest.TestCase)) or cls.__module__ != name:
                continue
            multigpu = bool(bases) and issubclass(cls, bases)
            tests = {}
            for test in unittest.TestLoader().getTestCaseNames(cls):
                fn = getattr(cls, test)
                if multigpu:
                    tests[test] = max([0, *stamps(fn)])
                else:
                    tests[test] = single_need(cls, fn)
            classes.append({"file": rel, "class": cls_name, "multigpu": multigpu, "tests": tests})
    # The interpreter's own stdout: a test module may have replaced sys.stdout.
    sys.__stdout__.write("\n" + MARKER + json.dumps({"classes": classes, "failed": failed}, sort_keys=True) + "\n")
    sys.__stdout__.flush()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Contract 5.8's device need, computed in the PyTorch runtime from the
classes as imported (run inside the runtime by multigpu_runtime.py):

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
    (`_min_gpus_required`, `_required_world_size`) and the class's
    world_size read through cls.__new__ (-2 is
    torch.accelerator.device_count(); an unreadable or non-integer one
    2**30), world_size not counted in a file on a CPU backend (stem ending
    `_cpu`, or holding `gloo`);
  * any other test: 1, or more where the function says so: those stamps,
    deviceCountAtLeast's `num_required_devices`, and requires_multigpu
    (unittest.skipIf with the reason "requires multiple cuda devices") = 2.
2.6.0's skip_if_lt_x_gpu does not stamp yet: before any test module is
imported it is wrapped to stamp `_min_gpus_required` as upstream's does now.
A file that fails to import is listed with its error.
"""
import functools
import importlib
import json
import pathlib
import sys
import unittest
import warnings

UNREADABLE = 2 ** 30
MARKER = "multigpu-reference: "
MULTIGPU_REASON = "requires multiple cuda devices"


def stamp_skip_if_lt_x_gpu():
    from torch.testing._internal import common_distributed as cd
    original = cd.skip_if_lt_x_gpu

    @functools.wraps(original)
    def skip_if_lt_x_gpu(x):
        decorate = original(x)

        def decorator(func):
            wrapper = decorate(func)
            wrapper._min_gpus_required = x
            return wrapper
        return decorator
    cd.skip_if_lt_x_gpu = skip_if_lt_x_gpu


def multigpu_bases():
    from torch.testing._internal import common_distributed as cd
    return tuple(getattr(cd, n) for n in ("MultiProcessTestCase", "MultiProcContinuousTest") if hasattr(cd, n))


def as_count(value):
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def world_size(cls):
    import torch
    try:
        value = as_count(cls.__new__(cls).world_size)
    except Exception:
        return UNREADABLE
    if value is None:
        return UNREADABLE
    if value == -2:
        return torch.accelerator.device_count()
    return value


def stamps(fn):
    return [v for v in (as_count(getattr(fn, "_min_gpus_required", None)),
                        as_count(getattr(fn, "_required_world_size", None))) if v is not None]


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
    stamp_skip_if_lt_x_gpu()
    bases = multigpu_bases()
    classes, failed = [], {}
    for rel in sys.argv[2:]:
        try:
            module, name = import_as_pytest(test_dir / rel)
        except BaseException as e:  # SystemExit too: some files exit when distributed is missing
            failed[rel] = f"{type(e).__name__}: {e}"[:200]
            continue
        stem = pathlib.Path(rel).stem
        cpu_backend = stem.endswith("_cpu") or "gloo" in stem
        for cls_name, cls in sorted(vars(module).items()):
            if not (isinstance(cls, type) and issubclass(cls, unittest.TestCase)) or cls.__module__ != name:
                continue
            multigpu = bool(bases) and issubclass(cls, bases)
            size = None if cpu_backend or not multigpu else world_size(cls)
            tests = {}
            for test in unittest.TestLoader().getTestCaseNames(cls):
                fn = getattr(cls, test)
                if multigpu:
                    tests[test] = max([0, *stamps(fn), *([size] if size is not None else [])])
                else:
                    tests[test] = single_need(cls, fn)
            classes.append({"file": rel, "class": cls_name, "multigpu": multigpu, "tests": tests})
    # The interpreter's own stdout: a test module may have replaced sys.stdout.
    sys.__stdout__.write("\n" + MARKER + json.dumps({"classes": classes, "failed": failed}, sort_keys=True) + "\n")
    sys.__stdout__.flush()


if __name__ == "__main__":
    main()

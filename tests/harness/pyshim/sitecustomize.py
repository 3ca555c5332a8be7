"""Stand-ins for what the PyTorch runtimes the tests use (1.13.1, 2.6.0) lack,
put on PYTHONPATH by tests/harness/runtime.py:

- torch.testing._internal.common_utils gets a HardwareClassification enum
  when it has none, so declared test files import (patched lazily, when the
  module is first imported, and only if it lacks the name);
- hwenv.PRIVATEUSE1 (its value NAME) renames PrivateUse1 to NAME and registers a
  device module for it with is_available, device_count and current_device,
  which is what instantiate_device_type_tests needs to create the
  PrivateUse1 variants at collection time. Nothing runs on it.
"""
import enum
import importlib.abc
import importlib.util
import os
import sys

_COMMON_UTILS = "torch.testing._internal.common_utils"


class HardwareClassification(enum.Enum):
    GENERIC = "generic"
    ACCELERATOR = "accelerator"
    CPU = "cpu"
    CUDA = "cuda"
    MPS = "mps"
    XPU = "xpu"


class _AddEnum(importlib.abc.MetaPathFinder):
    """Finds common_utils the normal way and adds the enum after it runs."""

    def find_spec(self, name, path, target=None):
        if name != _COMMON_UTILS:
            return None
        sys.meta_path.remove(self)
        try:
            spec = importlib.util.find_spec(name)
        finally:
            sys.meta_path.insert(0, self)
        if spec is None or spec.loader is None:
            return spec
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            if not hasattr(module, "HardwareClassification"):
                module.HardwareClassification = HardwareClassification

        spec.loader.exec_module = exec_module
        return spec


sys.meta_path.insert(0, _AddEnum())

from hwenv import PRIVATEUSE1  # noqa: E402

if os.environ.get(PRIVATEUSE1):
    import types

    import torch

    backend = os.environ[PRIVATEUSE1]
    torch.utils.rename_privateuse1_backend(backend)
    module = types.ModuleType(backend)
    module.is_available = lambda: True
    module.device_count = lambda: 1
    module.current_device = lambda: 0
    torch._register_device_module(backend, module)

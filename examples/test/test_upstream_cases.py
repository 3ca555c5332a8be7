# The corner cases upstream's own linter tests pin (docs/upstream.md 2.18).
import unittest

import torch
from torch.testing._internal.common_device_type import (
    instantiate_device_type_tests,
    onlyNativeDeviceTypesAnd,
    onlyOn,
)
from torch.testing._internal.common_utils import HardwareClassification, TestCase, run_tests
from torch.testing._internal.inductor_utils import GPU_TYPE


@unittest.skipIf(not torch.cuda.is_available(), "needs CUDA")
class TestGenericClassDecorator(TestCase):
    # v8 walks class decorators for [accelerator_api]; v7 does not.
    hw_classification = HardwareClassification.GENERIC

    def test_a(self):
        pass


class TestGenericInstantiated(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_a(self):
        pass


class TestCalledDenyList(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR

    @onlyOn(["cuda", "xpu"])
    def test_on(self, device):
        pass

    @onlyNativeDeviceTypesAnd(["mps"])
    def test_native(self, devices):
        pass


class TestOnlyForNone(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR

    def test_a(self, device):
        pass


class TestOnlyForName(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR

    def test_a(self, device):
        pass


class TestOnlyForCuda(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR

    def test_a(self, device):
        pass


instantiate_device_type_tests(TestGenericInstantiated, globals())
instantiate_device_type_tests(TestCalledDenyList, globals())
instantiate_device_type_tests(TestOnlyForNone, globals(), only_for=None)
instantiate_device_type_tests(TestOnlyForName, globals(), only_for=GPU_TYPE)
instantiate_device_type_tests(TestOnlyForCuda, globals(), only_for="cuda")

if __name__ == "__main__":
    run_tests()

import unittest

import torch
from torch.testing._internal.common_device_type import instantiate_device_type_tests
from torch.testing._internal.common_utils import TEST_MPS, TEST_XPU, HardwareClassification, TestCase, run_tests


# label: MPS
class TestMetal(TestCase):
    # Before: MPS-only code, not instantiated.
    @unittest.skipIf(not TEST_MPS, "no MPS")
    def test_a(self):
        torch.ones(1, device="mps")
        torch.mps.synchronize()


# label: MPS
class TestMetalMPS(TestCase):
    # After: MPS class, only_for="mps" with allow_mps=True.
    hw_classification = HardwareClassification.MPS

    def test_a(self, device):
        torch.backends.mps.is_available()


# label: XPU
class TestXpuLegacy(TestCase):
    @unittest.skipIf(not TEST_XPU, "no XPU")
    def test_a(self):
        torch.ones(1).xpu()
        torch.xpu.synchronize()


# label: XPU
class TestXpuDevice(TestCase):
    hw_classification = HardwareClassification.XPU

    def test_a(self, device):
        torch.xpu.memory.empty_cache()


instantiate_device_type_tests(TestMetalMPS, globals(), only_for="mps", allow_mps=True)
instantiate_device_type_tests(TestXpuDevice, globals(), only_for="xpu", allow_xpu=True)

if __name__ == "__main__":
    run_tests()

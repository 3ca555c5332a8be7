# Owner(s): ["module: tests"]
import unittest

import torch
from torch.testing._internal.common_device_type import instantiate_device_type_tests
from torch.testing._internal.common_utils import (
    HardwareClassification,
    TEST_CUDA,
    TestCase,
    run_tests,
)


class _TestMixedBase(TestCase):
    """Plain tests and guarded CUDA tests in one class."""

    scale = 2

    def _double(self, x):
        return x * self.scale


class TestMixed(_TestMixedBase):
    hw_classification = HardwareClassification.GENERIC

    def test_plain(self):
        self.assertEqual(self._double(torch.ones(2)), torch.full((2,), 2.0))

    def test_other_plain(self):
        self.assertTrue(self.scale == 2)


class TestMixedDevice(_TestMixedBase):
    hw_classification = HardwareClassification.ACCELERATOR

    # runs where CUDA is
    @unittest.skipIf(not TEST_CUDA, "needs CUDA")
    def test_on_gpu(self, device):
        x = torch.ones(2, device=device)
        self.assertEqual(self._double(x).sum().item(), 4.0)

    @unittest.skipIf(not TEST_CUDA, "needs CUDA")
    def test_cuda_tensor(self, device):
        y = torch.zeros(3).to(device)
        self.assertEqual(y.sum().item(), 0.0)


instantiate_device_type_tests(TestMixedDevice, globals())


class TestNoHelpers(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_shape(self):
        self.assertEqual(torch.ones(2, 3).shape, (2, 3))


class TestNoHelpersDevice(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR

    @unittest.skipIf(not TEST_CUDA, "needs CUDA")
    def test_gpu_add(self, device):
        a = torch.ones(2, device=device)
        self.assertEqual((a + a).sum().item(), 4.0)


instantiate_device_type_tests(TestNoHelpersDevice, globals())


class TestThreeParts(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_cpu_sum(self):
        self.assertEqual(torch.ones(3).sum().item(), 3.0)


class TestThreePartsDevice(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR

    @unittest.skipIf(not TEST_CUDA, "needs CUDA")
    def test_ones_on_gpu(self, device):
        self.assertEqual(torch.ones(3, device=device).sum().item(), 3.0)


class TestThreePartsCUDA(TestCase):
    hw_classification = HardwareClassification.CUDA

    @unittest.skipIf(not TEST_CUDA, "needs CUDA")
    def test_device_name(self, device):
        self.assertTrue(len(torch.cuda.get_device_properties(0).name) > 0)


instantiate_device_type_tests(TestThreePartsDevice, globals())
instantiate_device_type_tests(TestThreePartsCUDA, globals(), only_for="cuda")


class TestPlainOnly(TestCase):
    def test_len(self):
        self.assertEqual(len(torch.ones(2)), 2)


if __name__ == "__main__":
    run_tests()

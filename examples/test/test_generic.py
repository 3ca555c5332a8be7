# A migrated file: hardware-invariant logic, declared GENERIC.
import unittest

import torch
from torch.testing._internal.common_cuda import TEST_CUDA
from torch.testing._internal.common_utils import HardwareClassification, TestCase, run_tests


class TestShapes(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_view(self):
        x = torch.arange(6)
        self.assertEqual(x.view(2, 3).shape, (2, 3))

    def test_cat(self):
        self.assertEqual(torch.cat([torch.ones(2), torch.zeros(2)]).numel(), 4)


class TestGenericLeftovers(TestCase):
    hw_classification: HardwareClassification = HardwareClassification.GENERIC

    def setUp(self):
        if torch.cuda.is_available():
            torch.cuda.synchronize()

    def test_no_device(self, device):
        pass


class TestSecretlyCuda(TestCase):
    # Tagged GENERIC, but every test needs CUDA: classification-mismatch.
    hw_classification = HardwareClassification.GENERIC

    @unittest.skipIf(not TEST_CUDA, "needs CUDA")
    def test_moves(self):
        x = torch.ones(2)
        self.assertEqual(x.cuda().sum().item(), 2)


class TestTaggedCuda(TestCase):
    # Tagged CUDA, but nothing in it needs CUDA (#192172).
    hw_classification = HardwareClassification.CUDA

    def test_add(self):
        self.assertEqual(1 + 1, 2)


if __name__ == "__main__":
    run_tests()
# Owner(s): ["module: tests"]

# Owner(s): ["module: tests"]
# A subclass inherits its base's declaration (test_dataloader.py's
# TestDataLoaderPersistentWorkers(TestDataLoader) once TestDataLoader is
# GENERIC): the safe fixes repeat the base's member or leave the class,
# never declare another one that would move its inherited tests off the
# base's runner; where its own tests need another device, that is a split.
import unittest

import torch
from torch.testing._internal.common_utils import HardwareClassification, TEST_CUDA, TestCase, run_tests


class TestInheritedBase(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_add(self):
        self.assertEqual(torch.ones(2).sum().item(), 2)

    @unittest.skipIf(not TEST_CUDA, "CUDA unavailable")
    def test_cuda(self):
        self.assertEqual(torch.ones(2, device="cuda").sum().item(), 2)


class TestInheritedSub(TestInheritedBase):
    def test_more(self):
        self.assertEqual(torch.ones(3).sum().item(), 3)


class TestInheritedCudaSub(TestInheritedBase):
    def test_cuda_only(self):
        x = torch.ones(2).cuda()
        self.assertEqual(x.sum().item(), 2)

    def test_cuda_again(self):
        x = torch.ones(3).cuda()
        self.assertEqual(x.sum().item(), 3)


if __name__ == "__main__":
    run_tests()

# Owner(s): ["module: tests"]
import unittest

import torch
from torch.testing._internal.common_utils import TEST_CUDA, TestCase, run_tests


class TestMixed(TestCase):
    """Plain tests and guarded CUDA tests in one class."""

    scale = 2

    def _double(self, x):
        return x * self.scale

    def test_plain(self):
        self.assertEqual(self._double(torch.ones(2)), torch.full((2,), 2.0))

    # runs where CUDA is
    @unittest.skipIf(not TEST_CUDA, "needs CUDA")
    def test_on_gpu(self):
        x = torch.ones(2, device="cuda")
        self.assertEqual(self._double(x).sum().item(), 4.0)

    def test_other_plain(self):
        self.assertTrue(self.scale == 2)

    @unittest.skipIf(not TEST_CUDA, "needs CUDA")
    def test_cuda_tensor(self):
        y = torch.zeros(3).cuda()
        self.assertEqual(y.sum().item(), 0.0)


class TestNoHelpers(TestCase):
    def test_shape(self):
        self.assertEqual(torch.ones(2, 3).shape, (2, 3))

    @unittest.skipIf(not TEST_CUDA, "needs CUDA")
    def test_gpu_add(self):
        a = torch.ones(2, device="cuda")
        self.assertEqual((a + a).sum().item(), 4.0)


class TestThreeParts(TestCase):
    def test_cpu_sum(self):
        self.assertEqual(torch.ones(3).sum().item(), 3.0)

    @unittest.skipIf(not TEST_CUDA, "needs CUDA")
    def test_device_name(self):
        self.assertTrue(len(torch.cuda.get_device_properties(0).name) > 0)

    @unittest.skipIf(not TEST_CUDA, "needs CUDA")
    def test_ones_on_gpu(self):
        self.assertEqual(torch.ones(3, device="cuda").sum().item(), 3.0)


class TestPlainOnly(TestCase):
    def test_len(self):
        self.assertEqual(len(torch.ones(2)), 2)


if __name__ == "__main__":
    run_tests()

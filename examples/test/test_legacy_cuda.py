# An unmigrated file, written for CUDA only (it is on the allowlist).
import unittest

import torch
from torch.testing._internal.common_cuda import TEST_CUDA, TEST_MULTIGPU
from torch.testing._internal.common_device_type import (
    instantiate_device_type_tests,
    onlyCUDA,
    onlyOn,
    skipCUDAIfNoCudnn,
)
from torch.testing._internal.common_utils import TestCase, run_tests

DEVICE = torch.device("cuda:0")
device_type = "cuda" if TEST_CUDA else "cpu"


class TestLegacy(TestCase):
    @unittest.skipIf(not TEST_CUDA, "CUDA not available")
    def test_to_cuda(self):
        x = torch.randn(3).cuda()
        y = torch.randn(3).to("cuda")
        z = torch.randn(3, device=DEVICE)
        torch.cuda.synchronize()
        self.assertEqual(x.device, y.device)

    @unittest.skipIf(not TEST_MULTIGPU, "needs two GPUs")
    def test_peer(self):
        for i in range(torch.cuda.device_count()):
            torch.empty(1, device=f"cuda:{i}")


class TestLegacyDevice(TestCase):
    @onlyCUDA
    @skipCUDAIfNoCudnn
    def test_cudnn(self, device):
        with torch.autocast("cuda"):
            pass

    @onlyOn(["cuda", "xpu"])
    def test_two_gpus(self, device):
        self.assertIn(device_type, ("cuda", "cpu"))


instantiate_device_type_tests(TestLegacyDevice, globals(), only_for=("cpu", "cuda"))


if __name__ == "__main__":
    run_tests()

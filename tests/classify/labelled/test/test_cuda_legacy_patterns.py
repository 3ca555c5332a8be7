import unittest

import torch
from torch.testing._internal.common_cuda import TEST_CUDA, TEST_CUDNN, TEST_MULTIGPU
from torch.testing._internal.common_utils import TestCase, requires_cuda, run_tests

DEVICE = "cuda"
device_type = "cuda" if TEST_CUDA else "cpu"


# label: CUDA
class TestMoveToCuda(TestCase):
    # Before #192974: .cuda(), device="cuda", skipIf(not TEST_CUDA).
    @unittest.skipIf(not TEST_CUDA, "no CUDA")
    def test_a(self):
        x = torch.ones(2).cuda()
        y = torch.zeros(2, device="cuda")
        self.assertEqual(x.device, y.device)

    @unittest.skipIf(not TEST_CUDA, "no CUDA")
    def test_b(self):
        torch.ones(2).to("cuda:0")


# label: CUDA
class TestCudnnLegacy(TestCase):
    # Truly CUDA (cuDNN), not yet in its own class.
    @unittest.skipIf(not TEST_CUDNN, "no cuDNN")
    def test_conv(self):
        with torch.backends.cudnn.flags(enabled=True):
            torch.ones(1, device="cuda")


# label: CUDA
class TestCudaGraphs(TestCase):
    # CUDA graphs stay CUDA.
    @unittest.skipIf(not TEST_CUDA, "no CUDA")
    def test_graph(self):
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            pass


# label: CUDA
@requires_cuda
class TestClassLevelRequirement(TestCase):
    # A class decorator requires CUDA for every test.
    def test_a(self):
        torch.ones(1, device="cuda")

    def test_b(self):
        pass


# label: CUDA
class TestGlobalDevice(TestCase):
    # Module-level DEVICE = "cuda" read by the tests (#184192).
    def test_a(self):
        torch.ones(1, device=DEVICE)


# label: GENERIC relabelled 2026-12-01, ACCELERATOR → GENERIC: a "cuda"-only-if-available choice is a value, not a need (contract 14 rule 6); not a distributed base (rule 3)
class TestRuntimeDevice(TestCase):
    # device_type chosen at run time: CUDA when there is one, else the CPU.
    def test_a(self):
        torch.ones(1, device=device_type)


# label: CUDA
class TestAvailabilityDecorator(TestCase):
    @unittest.skipIf(not torch.cuda.is_available(), "no CUDA")
    def test_a(self):
        torch.cuda.synchronize()


# label: CUDA
class TestAutocastCuda(TestCase):
    @unittest.skipIf(not TEST_CUDA, "no CUDA")
    def test_autocast(self):
        with torch.autocast("cuda"):
            torch.mm(torch.ones(2, 2, device="cuda"), torch.ones(2, 2, device="cuda"))


# label: CUDA
class TestMultiGpu(TestCase):
    @unittest.skipIf(not TEST_MULTIGPU, "needs 2 GPUs")
    def test_peer(self):
        torch.ones(1, device="cuda:1")


# label: GENERIC relabelled 2026-12-01, CUDA → GENERIC: its one device test guards itself (contract 14 rule 5); split: test_cuda out (accelerator_api: torch.ones(1).cuda())
class TestMixedGenericAndCuda(TestCase):
    # A mixed class: split into TestMixedGenericAndCuda + ...Device.
    def test_generic(self):
        self.assertEqual(torch.ones(1).item(), 1)

    @unittest.skipIf(not TEST_CUDA, "no CUDA")
    def test_cuda(self):
        torch.ones(1).cuda()


if __name__ == "__main__":
    run_tests()

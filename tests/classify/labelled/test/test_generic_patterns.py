import torch
from torch.testing._internal.common_utils import HardwareClassification, TestCase, run_tests


# label: GENERIC
class TestShapeLogic(TestCase):
    # After #190508: hardware-invariant, declared GENERIC.
    hw_classification = HardwareClassification.GENERIC

    def test_view(self):
        self.assertEqual(torch.arange(6).view(2, 3).shape, (2, 3))


# label: GENERIC
class TestPlainCpu(TestCase):
    # Before tagging: plain CPU tensors, no device at all.
    def test_sum(self):
        self.assertEqual(torch.ones(3).sum().item(), 3)

    def test_cpu_literal(self):
        x = torch.zeros(2, device="cpu")
        self.assertEqual(x.numel(), 2)


# label: GENERIC
class TestGuardedAccelerator(TestCase):
    # Guarded accelerator checks do not make a test need an accelerator.
    def test_maybe(self):
        if torch.accelerator.is_available():
            torch.accelerator.synchronize()
        self.assertTrue(True)


# label: GENERIC
class TestDeclaredCudaButGeneric(TestCase):
    # #192172: tagged CUDA, neither instantiated nor taking device; nothing CUDA in it.
    hw_classification = HardwareClassification.CUDA

    def test_add(self):
        self.assertEqual(1 + 1, 2)


# label: CPU
class TestMkldnnPaths(TestCase):
    # CPU-only backends throughout.
    def test_mkldnn_flag(self):
        with torch.backends.mkldnn.flags(enabled=True):
            pass

    def test_mkldnn_conv(self):
        torch.backends.mkldnn.is_available()


if __name__ == "__main__":
    run_tests()

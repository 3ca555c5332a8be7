import unittest

import torch
from torch.testing._internal.common_utils import TestCase, run_tests
from torch.testing._internal.inductor_utils import GPU_TYPE, HAS_GPU, requires_gpu
from torch.testing._internal.triton_utils import requires_cuda


# label: ACCELERATOR
class TestGpuKernels(TestCase):
    # GPU_TYPE / requires_gpu: needs some GPU, written for a fixed set (#191908).
    @requires_gpu
    def test_a(self):
        torch.ones(2, device=GPU_TYPE)

    @requires_gpu
    def test_b(self):
        torch.compile(lambda x: x + 1)(torch.ones(2, device=GPU_TYPE))


# label: ACCELERATOR
@unittest.skipIf(not HAS_GPU, "needs a GPU")
class TestHasGpuClass(TestCase):
    def test_a(self):
        torch.zeros(2, device=GPU_TYPE)


# label: CUDA
class TestTritonCuda(TestCase):
    # requires_cuda: CUDA as written.
    @requires_cuda
    def test_a(self):
        torch.ones(2, device="cuda")


if __name__ == "__main__":
    run_tests()

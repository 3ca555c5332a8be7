# Inductor style: a fixed set of GPUs through HAS_GPU and GPU_TYPE.
import torch
from torch.testing._internal.common_utils import TestCase, run_tests
from torch.testing._internal.inductor_utils import GPU_TYPE, HAS_GPU, requires_gpu


class TestKernels(TestCase):
    @requires_gpu
    def test_compile(self):
        x = torch.randn(4, device=GPU_TYPE)
        torch.compile(lambda t: t + 1)(x)

    def test_cpu_only(self):
        torch.compile(lambda t: t * 2)(torch.ones(2))


if __name__ == "__main__":
    if HAS_GPU:
        run_tests()
# Owner(s): ["module: inductor"]

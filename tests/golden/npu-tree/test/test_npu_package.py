import torch
import torch_npu  # noqa: F401
from torch.testing._internal.common_utils import TestCase, run_tests


class TestNpuPackage(TestCase):
    def test_a(self):
        torch_npu.npu.synchronize()
        torch_npu.npu.set_device(0)
        torch.ones(1)


if __name__ == "__main__":
    run_tests()

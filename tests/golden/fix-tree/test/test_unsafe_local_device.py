# Owner(s): ["module: tests"]
import torch
from torch.testing._internal.common_utils import TestCase, run_tests


class TestLocalDevice(TestCase):
    def test_local(self):
        device = "cuda"
        x = torch.ones(2, device=device)
        self.assertEqual(x.device.type, "cuda")

    def test_kwarg(self):
        x = torch.zeros(2, device="cuda")
        self.assertEqual(x.sum().item(), 0)


if __name__ == "__main__":
    run_tests()

# Owner(s): ["module: tests"]
import torch
from torch.testing._internal.common_utils import TestCase, run_tests

DEVICE = "cuda"


class TestDeviceGlobal(TestCase):
    def test_kwarg(self):
        x = torch.ones(2, device=DEVICE)
        self.assertEqual(x.sum().item(), 2)

    def test_to(self):
        x = torch.zeros(2).to(DEVICE)
        self.assertEqual(x.sum().item(), 0)

    def test_with_index(self):
        d = torch.device(DEVICE, 0)
        self.assertEqual(d.index, 0)

    def test_message(self):
        self.assertIn("cuda", f"runs on {DEVICE}")


if __name__ == "__main__":
    run_tests()

import torch
from torch.testing._internal.common_utils import TestCase, run_tests

from common_npu import DEVICE, get_device
from common_missing import device_type


class TestAdd(TestCase):
    def test_add(self):
        x = torch.ones(3, device=DEVICE)
        self.assertEqual((x + x).sum().item(), 6)

    def test_sub(self):
        x = torch.ones(3, device=DEVICE)
        self.assertEqual((x - x).sum().item(), 0)


class TestMul(TestCase):
    def test_mul(self):
        x = torch.ones(3).to(get_device())
        self.assertEqual((x * x).sum().item(), 3)


class TestDiv(TestCase):
    def test_div(self):
        x = torch.ones(3, device=device_type)
        self.assertEqual((x / x).sum().item(), 3)


class TestPlain(TestCase):
    def test_list(self):
        self.assertEqual([1] * 2, [1, 1])


if __name__ == "__main__":
    run_tests()

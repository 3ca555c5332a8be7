import unittest

import torch
from torch.testing._internal.common_device_type import instantiate_device_type_tests
from torch.testing._internal.common_utils import TestCase, run_tests


class TestOnNpu(TestCase):
    @unittest.skipIf(not TEST_NPU, "no NPU")
    def test_a(self):
        x = torch.ones(2).npu()
        torch.npu.synchronize()
        torch.zeros(1, device="npu:0")


class TestEverywhere(TestCase):
    def test_b(self, device):
        pass


instantiate_device_type_tests(TestEverywhere, globals())

if __name__ == "__main__":
    run_tests()

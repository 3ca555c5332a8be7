import unittest

import torch
from torch.testing._internal.common_device_type import instantiate_device_type_tests
from torch.testing._internal.common_utils import TestCase, run_tests


class TestOnCuda(TestCase):
    @unittest.skipIf(not TEST_CUDA, "no CUDA")
    def test_a(self):
        x = torch.ones(2).cuda()
        torch.cuda.synchronize()
        torch.zeros(1, device="cuda:0")


class TestEverywhereToo(TestCase):
    def test_b(self, device):
        pass


instantiate_device_type_tests(TestEverywhereToo, globals())

if __name__ == "__main__":
    run_tests()

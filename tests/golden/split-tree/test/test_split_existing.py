# Owner(s): ["module: nn"]
import unittest

import torch
from torch.testing._internal.common_device_type import instantiate_device_type_tests
from torch.testing._internal.common_utils import TEST_CUDA, TestCase, run_tests


class TestDropoutNN(TestCase):
    def test_dropout_shape(self):
        x = torch.ones(4)
        self.assertEqual(torch.nn.functional.dropout(x, 0.0).shape, x.shape)

    @unittest.skipIf(not TEST_CUDA, "needs CUDA")
    def test_dropout_cuda(self):
        x = torch.ones(4, device="cuda")
        self.assertEqual(torch.nn.functional.dropout(x, 0.0).sum().item(), 4.0)


class TestDropoutNNDeviceType(TestCase):
    def test_dropout_device(self, device):
        x = torch.ones(4, device=device)
        self.assertEqual(torch.nn.functional.dropout(x, 0.0).sum().item(), 4.0)


instantiate_device_type_tests(TestDropoutNNDeviceType, globals())

if __name__ == "__main__":
    run_tests()

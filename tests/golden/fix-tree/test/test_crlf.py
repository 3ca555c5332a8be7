import torch
from torch.testing._internal.common_utils import TestCase


class TestCrlf(TestCase):
    def test_r(self):
        pass

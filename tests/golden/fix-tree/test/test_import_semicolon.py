import torch; from torch.testing._internal.common_utils import TestCase, run_tests; import os


class TestSemicolon(TestCase):
    def test_a(self):
        pass

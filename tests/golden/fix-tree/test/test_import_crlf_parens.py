from torch.testing._internal.common_utils import (TestCase,
    run_tests,)


class TestCrlfParens(TestCase):
    def test_a(self):
        pass

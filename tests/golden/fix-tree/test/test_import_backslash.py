from torch.testing._internal.common_utils import (TestCase, run_tests,\
    gradcheck)


class TestBackslash(TestCase):
    def test_a(self):
        pass

from torch.testing._internal.common_utils import TestCase, \
    run_tests


class TestBackslashBare(TestCase):
    def test_a(self):
        pass

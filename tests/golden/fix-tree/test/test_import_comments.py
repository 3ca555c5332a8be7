from torch.testing._internal.common_utils import (  # the basics
    TestCase,  # base class
    run_tests  # entry point
)


class TestComments(TestCase):
    def test_a(self):
        pass

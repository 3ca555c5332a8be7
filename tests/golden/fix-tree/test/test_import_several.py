from torch.testing._internal.common_utils import TestCase
from torch.testing._internal.common_utils import (
    IS_WINDOWS as WIN,
    run_tests,
)


class TestSeveral(TestCase):
    def test_a(self):
        pass

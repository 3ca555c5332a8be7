# A real syntax error: CPython rejects this file, so upstream reports [parse_error].
from torch.testing._internal.common_utils import TestCase


class TestBroken(TestCase):
    def test_x(self:
        pass

from torch.testing._internal.common_utils import (
    DynamoTestCase,
    gradcheck  # last
)
from torch.testing._internal.common_utils import run_tests


class TestLastPerLine(DynamoTestCase):
    def test_a(self):
        pass

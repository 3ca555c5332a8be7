from torch.testing._internal.common_utils import (
    DynamoTestCase,
    gradcheck,  # last
    HardwareClassification,
)
from torch.testing._internal.common_utils import run_tests


class TestLastPerLine(DynamoTestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_a(self):
        pass

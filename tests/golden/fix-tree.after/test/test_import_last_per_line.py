from torch.testing._internal.common_utils import (
    ABC,
    gradcheck,  # last
    HardwareClassification,
)
from torch.testing._internal.common_utils import run_tests


class TestLastPerLine(ABC):
    hw_classification = HardwareClassification.GENERIC

    def test_a(self):
        pass

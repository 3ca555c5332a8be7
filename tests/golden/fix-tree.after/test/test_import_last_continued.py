from torch.testing._internal.common_utils import (ABC, DeterministicGuard,\
    gradcheck, HardwareClassification)


class TestLastContinued(ABC):
    hw_classification = HardwareClassification.GENERIC

    def test_a(self):
        pass

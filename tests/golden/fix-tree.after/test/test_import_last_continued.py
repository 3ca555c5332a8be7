from torch.testing._internal.common_utils import (DynamoTestCase, DeterministicGuard,\
    gradcheck, HardwareClassification)


class TestLastContinued(DynamoTestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_a(self):
        pass

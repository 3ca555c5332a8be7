# Owner(s): ["module: tests"]
# A test reads the template by name when it runs (test_c10d_common.py's
# CommonDistributedDataParallelTest.CustomOutput): instantiating it would
# delete the name first, so it is not migrated.
import torch
from torch.testing._internal.common_utils import TestCase, run_tests


class TestRunTimeRead(TestCase):
    SCALE = 2

    def test_scale(self):
        x = torch.ones(2, device="cuda")
        self.assertEqual(x.sum().item() * TestRunTimeRead.SCALE, 4)


if __name__ == "__main__":
    run_tests()

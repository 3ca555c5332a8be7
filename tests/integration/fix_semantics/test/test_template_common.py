# Owner(s): ["module: tests"]
# A template other modules import and subclass (test_c10d_common.py's
# CommonDistributedDataParallelTest): instantiating it here would delete the
# name they import, so it is not migrated.
import torch
from torch.testing._internal.common_utils import TestCase, run_tests


class TestSharedTemplate(TestCase):
    def test_add(self):
        x = torch.ones(2, device="cuda")
        self.assertEqual(x.sum().item(), 2)


if __name__ == "__main__":
    run_tests()

# Owner(s): ["module: tests"]
# The only read after the class is under the `if __name__` guard: no place
# before the guard comes after it, so the class is not migrated.
import torch
from torch.testing._internal.common_utils import TestCase, run_tests


class TestReadInMain(TestCase):
    def test_add(self):
        x = torch.ones(2, device="cuda")
        self.assertEqual(x.sum().item(), 2)


if __name__ == "__main__":
    TestReadInMain.maxDiff = None
    run_tests()

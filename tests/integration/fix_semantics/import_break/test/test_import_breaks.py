# Owner(s): ["module: tests"]
# Module-level code that a declaration breaks: `fix --write --verify import`
# imports the written module, finds it fails where it imported before, and
# puts its bytes back.
import torch
from torch.testing._internal.common_utils import TestCase, run_tests


class TestBreaks(TestCase):
    def test_add(self):
        self.assertEqual(torch.ones(2).sum().item(), 2)


assert "hw_classification" not in vars(TestBreaks), "declared"

if __name__ == "__main__":
    run_tests()

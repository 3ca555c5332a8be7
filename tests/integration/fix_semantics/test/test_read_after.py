# Owner(s): ["module: tests"]
# The template is extended by module-level code after the class (through a
# function, as test_torch.py's add_neg_dim_tests() does): the instantiate
# call goes after that call, so the added test is instantiated too.
import torch
from torch.testing._internal.common_utils import TestCase, run_tests


class TestReadAfter(TestCase):
    def test_add(self):
        x = torch.ones(2, device="cuda")
        self.assertEqual(x.sum().item(), 2)


def make_test(name):
    def test(self):
        self.assertEqual(name, "neg")
    return test


def add_generated_tests():
    setattr(TestReadAfter, "test_generated_neg", make_test("neg"))


add_generated_tests()
TestReadAfter.test_assigned = make_test("neg")

if __name__ == "__main__":
    run_tests()

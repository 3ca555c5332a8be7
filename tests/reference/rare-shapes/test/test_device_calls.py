# Device calls where the extractor's usual shapes do not reach (issue 20):
# a class base, a class keyword, a class decorator, defaults, lambdas and
# match patterns. Valid Python; each once crashed or could.
import torch
from torch.testing._internal.common_utils import HardwareClassification, TestCase


class TestBase(torch.device("cuda")):
    def test_a(self):
        pass


class TestKeyword(TestCase, metaclass=type(torch.device("cuda"))):
    hw_classification = HardwareClassification.CUDA

    def test_k(self, d=torch.device("cuda")):
        f = lambda x=torch.device("cuda"): x  # noqa: E731
        g = lambda: torch.device("cuda")  # noqa: E731
        return f, g


@(lambda cls: cls)
@decorate(torch.device("cuda"), device="cuda")
class TestDecorated(TestCase):
    hw_classification: HardwareClassification = HardwareClassification.GENERIC

    @staticmethod
    @decorate(lambda: torch.zeros(1, device="cuda"))
    def test_static():
        pass

    def test_match(self, value):
        match value:
            case torch.device(type="cuda"):
                pass
            case [torch.device(), *rest] if rest:
                pass
            case {"device": "cuda", **kw}:
                pass
            case _:
                pass


class TestInvalidDeclaration(TestCase):
    hw_classification = "GENERIC"

    def test_x(self):
        pass

# Non-ASCII names and every string form in device positions.
import torch
from torch.testing._internal.common_utils import TestCase


class TestÜnicode(TestCase):
    def test_ä(self, device="cuda"):
        a = torch.ones(1, device=f"cuda:{0}")
        b = torch.ones(1, device=r"cuda")
        c = torch.ones(1, device="cu" "da")
        d = torch.ones(1, device=("cuda"))
        e = torch.ones(1, device="""cuda""")
        return a, b, c, d, e, "ünïcode", b"cuda"

import torch
class TestA(torch.device("cuda")):
    def test_a(self):
        pass

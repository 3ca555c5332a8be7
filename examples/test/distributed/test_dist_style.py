# Distributed style: GPU counts and a CUDA device mesh.
import torch
from torch.distributed.device_mesh import init_device_mesh
from torch.testing._internal.common_distributed import MultiProcessTestCase, requires_nccl, skip_if_lt_x_gpu
from torch.testing._internal.common_utils import run_tests


class TestMesh(MultiProcessTestCase):
    @skip_if_lt_x_gpu(2)
    @requires_nccl()
    def test_mesh(self):
        mesh = init_device_mesh("cuda", (2,))
        torch.cuda.set_device(self.rank)
        self.assertEqual(mesh.device_type, "cuda")


if __name__ == "__main__":
    run_tests()
# Owner(s): ["oncall: distributed"]

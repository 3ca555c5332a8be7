import torch
from torch.distributed.device_mesh import init_device_mesh
from torch.testing._internal.common_distributed import MultiProcessTestCase, requires_nccl, skip_if_lt_x_gpu
from torch.testing._internal.common_utils import run_tests


# label: CUDA
class TestNcclMesh(MultiProcessTestCase):
    # NCCL and a CUDA mesh: CUDA.
    @skip_if_lt_x_gpu(2)
    @requires_nccl()
    def test_mesh(self):
        init_device_mesh("cuda", (2,))
        torch.cuda.set_device(self.rank)


# label: ACCELERATOR
class TestGenericMesh(MultiProcessTestCase):
    # skip_if_lt_x_gpu with a device-generic mesh (#189686).
    @skip_if_lt_x_gpu(2)
    def test_mesh(self):
        init_device_mesh(self.device_type, (2,))


# label: CUDA
class TestCudaCollectives(MultiProcessTestCase):
    @skip_if_lt_x_gpu(2)
    def test_all_reduce(self):
        t = torch.ones(1).cuda(self.rank)
        torch.cuda.synchronize()


if __name__ == "__main__":
    run_tests()

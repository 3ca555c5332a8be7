# Owner(s): ["module: tests"]
# Callees that take a device *type* (test/distributed/_composable/fsdp/
# test_fully_shard_init.py): the injected device may be "cuda:0", which they
# reject, so a device string there becomes torch.device(device).type.
import torch
from torch.testing._internal.common_utils import TestCase, run_tests


class TestDeviceType(TestCase):
    def test_type_and_index(self):
        d = torch.device("cuda", 0)
        self.assertEqual(d.index, 0)

    def test_mesh(self):
        from torch.distributed.device_mesh import init_device_mesh

        mesh = init_device_mesh(
            "cuda", (1,)
        )
        self.assertEqual(mesh.size(), 1)

    def test_device(self):
        x = torch.ones(2, device="cuda")
        self.assertEqual(torch.device("cuda").type, x.device.type)


if __name__ == "__main__":
    run_tests()

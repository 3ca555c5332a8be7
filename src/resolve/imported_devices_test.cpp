// What an imported device name stands for, worked out by reading the
// modules: the device global of that name where the import leads, through
// re-exports; nothing when the module is not among the files.
#include <catch2/catch.hpp>

#include "resolve/resolver.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

std::vector<std::string> resolved(const std::vector<std::pair<std::string, std::string>>& sources) {
  std::vector<FileFacts> files;
  for (const auto& [path, text] : sources) files.push_back(scan_source(text, path));
  Resolution r = resolve(files, Vocabulary::embedded());
  std::vector<std::string> out;
  for (const ImportedDevice& d : r.imported_devices.at(0))
    out.push_back(d.site.text + " " + d.module + (d.module_read ? " read " : " unread ") +
                  (d.resolved ? d.site.device.label() : "?"));
  return out;
}

}  // namespace

TEST_CASE("an imported device name is the module's device global", "[resolve][issue29]") {
  const std::string test = "from common_dev import DEVICE, get_device\nfrom .rel import dev\nclass T(TestCase):\n"
                           "    def test_a(self):\n        torch.ones(1, device=DEVICE)\n"
                           "        x.to(get_device())\n        x.to(dev)\n";
  CHECK(resolved({{"test/sub/test_x.py", test},
                  {"test/sub/common_dev.py", "from config import DEVICE\ndef get_device(): return DEVICE\n"},
                  {"test/sub/config.py", "DEVICE = 'xpu'\n"},
                  {"test/sub/rel.py", "dev = torch.device('mps')\n"}}) ==
        std::vector<std::string>{"DEVICE common_dev read xpu", "get_device common_dev read xpu", "dev .rel read mps"});
  CHECK(resolved({{"test/sub/test_x.py", test}}) ==
        std::vector<std::string>{"DEVICE common_dev unread ?", "get_device common_dev unread ?", "dev .rel unread ?"});
}

TEST_CASE("a device helper module's function and branch-bound global", "[resolve][issue29]") {
  // common_fsdp.py binds DEVICE_TYPE by what is available and returns it
  // from get_devtype(): a run-time device, not the first branch's; a vendor's
  // get_device() returning its own DEVICE = "xpu" is xpu's.
  const std::string test = "from common_fsdp import DEVICE_TYPE, get_devtype\nfrom common_npu import get_device\n"
                           "class T(TestCase):\n    def test_a(self):\n        torch.ones(1, device=DEVICE_TYPE)\n"
                           "        x.to(get_devtype())\n        x.to(get_device())\n";
  CHECK(resolved({{"test/test_x.py", test},
                  {"test/common_fsdp.py", "if TEST_CUDA:\n    DEVICE_TYPE = 'cuda'\nelse:\n    DEVICE_TYPE = 'cpu'\n"
                                          "def get_devtype():\n    return torch.device(DEVICE_TYPE)\n"},
                  {"test/common_npu.py", "DEVICE = 'xpu'\ndef get_device():\n    return torch.device(DEVICE)\n"}}) ==
        std::vector<std::string>{"DEVICE_TYPE common_fsdp read dynamic", "get_devtype common_fsdp read dynamic",
                                 "get_device common_npu read xpu"});
}

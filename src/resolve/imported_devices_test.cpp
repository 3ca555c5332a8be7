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
        std::vector<std::string>{"DEVICE common_dev read xpu", "get_device common_dev read ?", "dev .rel read mps"});
  CHECK(resolved({{"test/sub/test_x.py", test}}) ==
        std::vector<std::string>{"DEVICE common_dev unread ?", "get_device common_dev unread ?", "dev .rel unread ?"});
}

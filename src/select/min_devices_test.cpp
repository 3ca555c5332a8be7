// select plans runners by device count (issue 27 item 5): --min-devices N
// keeps the classes needing at least N devices, --max-devices N those
// whose tests all run on N (contract 5.8's --multigpu-min-gpus and
// --multigpu-filter, by class).
#include <catch2/catch.hpp>

#include "classify/classifier.h"
#include "resolve/resolver.h"
#include "select/selection.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

const char* kSource =
    "from torch.testing._internal.common_utils import HardwareClassification, TestCase\n"
    "from torch.testing._internal.common_distributed import MultiProcessTestCase, skip_if_lt_x_gpu\n"
    "class TestTwo(MultiProcessTestCase):\n"
    "    hw_classification = HardwareClassification.CUDA\n"
    "    world_size = 8\n"
    "    @skip_if_lt_x_gpu(2)\n"
    "    def test_a(self): pass\n"
    "class TestEight(MultiProcessTestCase):\n"
    "    hw_classification = HardwareClassification.CUDA\n"
    "    def test_a(self): pass\n"
    "    @skip_if_lt_x_gpu(8)\n"
    "    def test_b(self): pass\n"
    "class TestOne(TestCase):\n"
    "    hw_classification = HardwareClassification.CUDA\n"
    "    def test_a(self): pass\n";

std::vector<std::string> pick(int64_t min, int64_t max) {
  std::vector<FileFacts> files{scan_source(kSource, "test/distributed/test_d.py")};
  const Vocabulary& vocab = Vocabulary::embedded();
  Resolution resolution = resolve(files, vocab);
  std::vector<Verdict> verdicts = classify(files, resolution, vocab);
  SelectionRequest request{{"CUDA"}, TrustedClassification::Declared, "", min, max};
  std::vector<std::string> out;
  for (const SelectedClass& c : select_classes(files, resolution, verdicts, request, vocab)) {
    std::string tests;
    for (const auto& [name, need] : c.test_min_devices) tests += " " + name + "=" + std::to_string(need);
    out.push_back(c.name + " " + std::to_string(c.min_devices) + (c.multi_process ? " mp" : "") + tests);
  }
  return out;
}

}  // namespace

TEST_CASE("each selected class says the devices it and its tests need", "[select][min-devices]") {
  // Upstream's newest rule: the stamps only. TestEight's unstamped test_a
  // needs 0, test_b 8; TestTwo's world_size, 8, is no need.
  CHECK(pick(-1, -1) == std::vector<std::string>{"TestEight 8 mp test_a=0 test_b=8", "TestOne 1 test_a=1",
                                                 "TestTwo 2 mp test_a=2"});
}

TEST_CASE("a runner device count, from --min-devices and --max-devices, bounds min_devices", "[select][min-devices]") {
  CHECK(pick(2, -1) == std::vector<std::string>{"TestEight 8 mp test_a=0 test_b=8", "TestTwo 2 mp test_a=2"});
  CHECK(pick(3, -1) == std::vector<std::string>{"TestEight 8 mp test_a=0 test_b=8"});
  CHECK(pick(-1, 1) == std::vector<std::string>{"TestOne 1 test_a=1"});
  CHECK(pick(2, 4) == std::vector<std::string>{"TestTwo 2 mp test_a=2"});
  CHECK(pick(9, -1).empty());
  // --max-devices K and --min-devices K+1 split the selection in two.
  CHECK(pick(-1, 2).size() + pick(3, -1).size() == pick(-1, -1).size());
}

// fix --split on small classes: the expected files are written by hand from
// the inputs (the parts classify names, the moves rules/classify.md's
// "Splits" describes), not taken from a run.
#include <catch2/catch.hpp>

#include "classify/classifier.h"
#include "fix/split.h"
#include "resolve/resolver.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

struct Split {
  std::string fixed, error;
  std::vector<std::string> notes;
};

Split split_of(const std::string& source, const std::string& name) {
  std::vector<FileFacts> files{scan_source(source, "test/test_x.py")};
  const Vocabulary& vocabulary = Vocabulary::embedded();
  Resolution resolution = resolve(files, vocabulary);
  int index = -1;
  for (size_t k = 0; k < files[0].classes.size(); ++k)
    if (files[0].classes[k].name == name) index = static_cast<int>(k);
  REQUIRE(index >= 0);
  Verdict v;
  for (Verdict& c : classify(files, resolution, vocabulary))
    if (c.ref == ClassRef{0, index}) v = c;
  REQUIRE(v.ref.valid());
  SplitEdits s = split_class(files, source, v, resolution, vocabulary, FixTargets::none_missing(), 0);
  return {s.error.empty() ? apply_edits(source, s.edits) : "", s.error, s.notes};
}

const char* kImports =
    "import unittest\n"
    "from torch.testing._internal.common_device_type import instantiate_device_type_tests\n"
    "from torch.testing._internal.common_utils import HardwareClassification, TEST_CUDA, TestCase\n";

}  // namespace

TEST_CASE("a mixed class without helpers keeps its plain tests; the guarded one moves to TestXDevice", "[fix][split]") {
  const std::string body =
      "class TestX(TestCase):\n"
      "    def test_a(self):\n"
      "        pass\n"
      "\n"
      "    @unittest.skipIf(not TEST_CUDA, 'cuda')\n"
      "    def test_b(self):\n"
      "        torch.ones(1, device='cuda')\n";
  Split s = split_of(std::string(kImports) + "\n\n" + body, "TestX");
  REQUIRE(s.error == "");
  CHECK(s.fixed == std::string(kImports) +
                       "\n\n"
                       "class TestX(TestCase):\n"
                       "    hw_classification = HardwareClassification.GENERIC\n"
                       "\n"
                       "    def test_a(self):\n"
                       "        pass\n"
                       "\n"
                       "\n"
                       "class TestXDevice(TestCase):\n"
                       "    hw_classification = HardwareClassification.ACCELERATOR\n"
                       "\n"
                       "    @unittest.skipIf(not TEST_CUDA, 'cuda')\n"
                       "    def test_b(self, device):\n"
                       "        torch.ones(1, device=device)\n"
                       "\n"
                       "\ninstantiate_device_type_tests(TestXDevice, globals())\n");
}

TEST_CASE("a mixed class with a helper becomes a test-less base that both parts inherit", "[fix][split]") {
  const std::string source = std::string(kImports) +
                             "\n\n"
                             "class TestX(TestCase):\n"
                             "    def _make(self):\n"
                             "        return 1\n"
                             "\n"
                             "    def test_a(self):\n"
                             "        self._make()\n"
                             "\n"
                             "    @unittest.skipIf(not TEST_CUDA, 'cuda')\n"
                             "    def test_b(self):\n"
                             "        x = torch.ones(1).cuda()\n";
  Split s = split_of(source, "TestX");
  REQUIRE(s.error == "");
  CHECK(s.fixed == std::string(kImports) +
                       "\n\n"
                       "class _TestXBase(TestCase):\n"
                       "    def _make(self):\n"
                       "        return 1\n"
                       "\n"
                       "\n"
                       "class TestX(_TestXBase):\n"
                       "    hw_classification = HardwareClassification.GENERIC\n"
                       "\n"
                       "    def test_a(self):\n"
                       "        self._make()\n"
                       "\n"
                       "\n"
                       "class TestXDevice(_TestXBase):\n"
                       "    hw_classification = HardwareClassification.ACCELERATOR\n"
                       "\n"
                       "    @unittest.skipIf(not TEST_CUDA, 'cuda')\n"
                       "    def test_b(self, device):\n"
                       "        x = torch.ones(1).to(device)\n"
                       "\n"
                       "\ninstantiate_device_type_tests(TestXDevice, globals())\n");
}

TEST_CASE("the device tests move into the module's instantiated TestXDeviceType", "[fix][split]") {
  const std::string source = std::string(kImports) +
                             "\n\n"
                             "class TestX(TestCase):\n"
                             "    def test_a(self):\n"
                             "        pass\n"
                             "\n"
                             "    @unittest.skipIf(not TEST_CUDA, 'cuda')\n"
                             "    def test_b(self):\n"
                             "        torch.ones(1, device='cuda')\n"
                             "\n"
                             "\n"
                             "class TestXDeviceType(TestCase):\n"
                             "    def test_c(self, device):\n"
                             "        pass\n"
                             "\n"
                             "\ninstantiate_device_type_tests(TestXDeviceType, globals())\n";
  Split s = split_of(source, "TestX");
  REQUIRE(s.error == "");
  CHECK(s.fixed == std::string(kImports) +
                       "\n\n"
                       "class TestX(TestCase):\n"
                       "    hw_classification = HardwareClassification.GENERIC\n"
                       "\n"
                       "    def test_a(self):\n"
                       "        pass\n"
                       "\n"
                       "\n"
                       "class TestXDeviceType(TestCase):\n"
                       "    hw_classification = HardwareClassification.ACCELERATOR\n"
                       "\n"
                       "    def test_c(self, device):\n"
                       "        pass\n"
                       "\n"
                       "    @unittest.skipIf(not TEST_CUDA, 'cuda')\n"
                       "    def test_b(self, device):\n"
                       "        torch.ones(1, device=device)\n"
                       "\n"
                       "\ninstantiate_device_type_tests(TestXDeviceType, globals())\n");
  REQUIRE(s.notes.size() == 1);
  CHECK(s.notes[0] == "TestX: 1 device test moves into TestXDeviceType (line 15), instantiated already");
}

TEST_CASE("the instantiate call goes after the module's last read of the class", "[fix][split]") {
  const std::string source = std::string(kImports) +
                             "\n\n"
                             "class TestX(TestCase):\n"
                             "    def test_a(self):\n"
                             "        pass\n"
                             "\n"
                             "    @unittest.skipIf(not TEST_CUDA, 'cuda')\n"
                             "    def test_b(self):\n"
                             "        torch.ones(1, device='cuda')\n"
                             "\n"
                             "\n"
                             "setattr(TestX, 'extra', 1)\n";
  Split s = split_of(source, "TestX");
  REQUIRE(s.error == "");
  const std::string tail = "setattr(TestX, 'extra', 1)\n\n\ninstantiate_device_type_tests(TestXDevice, globals())\n";
  REQUIRE(s.fixed.size() > tail.size());
  CHECK(s.fixed.substr(s.fixed.size() - tail.size()) == tail);
}

TEST_CASE("classes fix --split leaves, with why", "[fix][split]") {
  CHECK(split_of(std::string(kImports) + "class TestX(TestCase):\n    def test_a(self):\n        pass\n", "TestX").error ==
        "classify proposes no split for TestX (hwclass explain shows why)");
  // Its subclass would lose the moved tests.
  const std::string subclassed = std::string(kImports) +
                                 "class TestX(TestCase):\n"
                                 "    def test_a(self):\n"
                                 "        pass\n"
                                 "    @unittest.skipIf(not TEST_CUDA, 'cuda')\n"
                                 "    def test_b(self):\n"
                                 "        torch.ones(1, device='cuda')\n"
                                 "class TestY(TestX):\n"
                                 "    pass\n";
  Split s = split_of(subclassed, "TestX");
  CHECK(s.fixed == "");
  CHECK(s.error.rfind("its tests cannot move out of TestX: ", 0) == 0);
}

TEST_CASE("the class's decorators go on its parts; instantiate_parametrized_tests not on TestXDevice", "[fix][split]") {
  const std::string source = std::string(kImports) +
                             "\n\n"
                             "@instantiate_parametrized_tests\n"
                             "@skipIfTorchDynamo(\"slow\")\n"
                             "class TestX(TestCase):\n"
                             "    def test_a(self):\n"
                             "        pass\n"
                             "\n"
                             "    @unittest.skipIf(not TEST_CUDA, 'cuda')\n"
                             "    def test_b(self):\n"
                             "        torch.ones(1, device='cuda')\n";
  Split s = split_of(source, "TestX");
  REQUIRE(s.error == "");
  CHECK(s.fixed == std::string(kImports) +
                       "\n\n"
                       "@instantiate_parametrized_tests\n"
                       "@skipIfTorchDynamo(\"slow\")\n"
                       "class TestX(TestCase):\n"
                       "    hw_classification = HardwareClassification.GENERIC\n"
                       "\n"
                       "    def test_a(self):\n"
                       "        pass\n"
                       "\n"
                       "\n"
                       "@skipIfTorchDynamo(\"slow\")\n"
                       "class TestXDevice(TestCase):\n"
                       "    hw_classification = HardwareClassification.ACCELERATOR\n"
                       "\n"
                       "    @unittest.skipIf(not TEST_CUDA, 'cuda')\n"
                       "    def test_b(self, device):\n"
                       "        torch.ones(1, device=device)\n"
                       "\n"
                       "\ninstantiate_device_type_tests(TestXDevice, globals())\n");
}

TEST_CASE("a class parametrized only under a condition keeps its parametrized device tests", "[fix][split]") {
  const std::string source = std::string(kImports) +
                             "from torch.testing._internal.common_utils import instantiate_parametrized_tests, parametrize\n"
                             "backends = []\n"
                             "class TestX(TestCase):\n"
                             "    def test_a(self):\n"
                             "        pass\n"
                             "    @unittest.skipIf(not TEST_CUDA, 'cuda')\n"
                             "    @parametrize('b', backends)\n"
                             "    def test_b(self, b):\n"
                             "        torch.ones(1, device='cuda')\n"
                             "if backends:\n"
                             "    instantiate_parametrized_tests(TestX)\n";
  Split s = split_of(source, "TestX");
  CHECK(s.fixed == "");
  CHECK(s.error == "line 14 parametrizes TestX under a condition, and instantiate_device_type_tests would expand "
                   "test_b's @parametrize always");
}

// Contract 1.1 and 8: a device-specific class is instantiated with
// only_for its device (and MPS/XPU's opt-in keyword), its tests take
// `device`; a CUDA class left plain is what reviewers flag (#192172) and
// device-specific-contract warns about. The device code stays as written.
TEST_CASE("a device-specific part is instantiated for its device only, its tests given device", "[fix][split]") {
  const std::string imports = std::string(kImports) + "from torch.testing._internal.common_utils import TEST_MPS\n";
  const std::string source = imports +
                             "\n\n"
                             "class TestY(TestCase):\n"
                             "    def test_a(self):\n"
                             "        pass\n"
                             "\n"
                             "    @unittest.skipIf(not TEST_MPS, 'mps')\n"
                             "    def test_b(self):\n"
                             "        self.assertGreater(torch.mps.driver_allocated_memory(), -1)\n"
                             "\n"
                             "    @unittest.skipIf(not TEST_MPS, 'mps')\n"
                             "    def test_c(self):\n"
                             "        torch.ones(1, device='mps')\n";
  Split s = split_of(source, "TestY");
  REQUIRE(s.error == "");
  CHECK(s.fixed == imports +
                       "\n\n"
                       "class TestY(TestCase):\n"
                       "    hw_classification = HardwareClassification.GENERIC\n"
                       "\n"
                       "    def test_a(self):\n"
                       "        pass\n"
                       "\n"
                       "\n"
                       "class TestYDevice(TestCase):\n"
                       "    hw_classification = HardwareClassification.ACCELERATOR\n"
                       "\n"
                       "    @unittest.skipIf(not TEST_MPS, 'mps')\n"
                       "    def test_c(self, device):\n"
                       "        torch.ones(1, device=device)\n"
                       "\n"
                       "\n"
                       "class TestYMPS(TestCase):\n"
                       "    hw_classification = HardwareClassification.MPS\n"
                       "\n"
                       "    @unittest.skipIf(not TEST_MPS, 'mps')\n"
                       "    def test_b(self, device):\n"
                       "        self.assertGreater(torch.mps.driver_allocated_memory(), -1)\n"
                       "\n"
                       "\ninstantiate_device_type_tests(TestYDevice, globals())"
                       "\ninstantiate_device_type_tests(TestYMPS, globals(), only_for=\"mps\", allow_mps=True)\n");
}

// Contract 5.8: a class run in several processes is scheduled by device
// count, not instantiated; its CUDA part stays a plain class, declared CUDA
// (device-specific-contract leaves such classes alone too).
TEST_CASE("a multi-process class's device-specific part is not instantiated", "[fix][split]") {
  const std::string imports =
      std::string(kImports) + "from torch.testing._internal.common_distributed import MultiProcessTestCase\n";
  const std::string source = imports +
                             "\n\n"
                             "class TestZ(MultiProcessTestCase):\n"
                             "    def test_a(self):\n"
                             "        pass\n"
                             "\n"
                             "    @unittest.skipIf(not TEST_CUDA, 'cuda')\n"
                             "    def test_b(self):\n"
                             "        self.assertTrue(torch.cuda.get_device_properties(0).name)\n";
  Split s = split_of(source, "TestZ");
  REQUIRE(s.error == "");
  CHECK(s.fixed == imports +
                       "\n\n"
                       "class TestZ(MultiProcessTestCase):\n"
                       "    hw_classification = HardwareClassification.GENERIC\n"
                       "\n"
                       "    def test_a(self):\n"
                       "        pass\n"
                       "\n"
                       "\n"
                       "class TestZCUDA(MultiProcessTestCase):\n"
                       "    hw_classification = HardwareClassification.CUDA\n"
                       "\n"
                       "    @unittest.skipIf(not TEST_CUDA, 'cuda')\n"
                       "    def test_b(self):\n"
                       "        self.assertTrue(torch.cuda.get_device_properties(0).name)\n");
}

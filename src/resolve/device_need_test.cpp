// The multi-GPU axis decided once (issue 27 item 5, contract 5.8). Each
// expected value is worked out by hand from 5.8: a multi-process test needs
// max(stamps of skip_if_lt_x_gpu/requires_world_size, the class's
// world_size), world_size not counted in a CPU-backend file, -2 meaning the
// runner's count (0 without devices), an unreadable one 2**30; other tests
// one device, or what deviceCountAtLeast/skip_if_lt_x_gpu/requires_multigpu ask.
#include <catch2/catch.hpp>

#include <map>

#include "resolve/device_need.h"
#include "resolve/resolver.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

struct Need {
  bool multi_process = false;
  int64_t min_devices = 0;
  std::map<std::string, int64_t> tests;
};

std::map<std::string, Need> needs(const std::vector<std::pair<std::string, std::string>>& sources) {
  std::vector<FileFacts> files;
  for (const auto& [path, text] : sources) files.push_back(scan_source(text, path));
  Resolution resolution = resolve(files, Vocabulary::embedded());
  std::map<std::string, Need> out;
  for (size_t f = 0; f < files.size(); ++f)
    for (size_t c = 0; c < files[f].classes.size(); ++c) {
      const ResolvedClass& r = resolution.classes[f][c];
      Need& n = out[files[f].classes[c].name];
      n.multi_process = r.multi_process;
      n.min_devices = r.min_devices;
      REQUIRE(r.test_min_devices.size() == r.tests.size());
      for (size_t t = 0; t < r.tests.size(); ++t) n.tests[r.tests[t].name] = r.test_min_devices[t];
    }
  return out;
}

const char* kMultiProcess =
    "from torch.testing._internal.common_distributed import MultiProcessTestCase, skip_if_lt_x_gpu\n"
    "class TestMP(MultiProcessTestCase):\n"
    "    @property\n"
    "    def world_size(self):\n"
    "        return 2\n"
    "    def test_plain(self): pass\n"
    "    @skip_if_lt_x_gpu(4)\n"
    "    def test_four(self): pass\n"
    "    @deviceCountAtLeast(8)\n"
    "    def test_not_stamped(self): pass\n"
    "class TestLib(FSDPTest):\n"
    "    def test_x(self): pass\n"
    "class TestEnv(TestDistBackend):\n"
    "    def test_x(self): pass\n"
    "class TestRunner(MultiProcessTestCase):\n"
    "    world_size = -2\n"
    "    def test_plain(self): pass\n"
    "    @skip_if_lt_x_gpu(1)\n"
    "    def test_one(self): pass\n"
    "class TestAdapts(MultiProcessTestCase):\n"
    "    @property\n"
    "    def world_size(self):\n"
    "        return min(4, torch.cuda.device_count())\n"
    "    @skip_if_lt_x_gpu(2)\n"
    "    def test_two(self): pass\n"
    "    def test_plain(self): pass\n";

}  // namespace

TEST_CASE("a multi-process test needs the larger of its stamps and world_size", "[resolve][device-need]") {
  auto n = needs({{"test/distributed/test_a.py", kMultiProcess}});
  CHECK(n["TestMP"].multi_process);
  CHECK(n["TestMP"].tests == std::map<std::string, int64_t>{{"test_plain", 2}, {"test_four", 4}, {"test_not_stamped", 2}});
  CHECK(n["TestMP"].min_devices == 4);
  // A library base's world_size comes from the rules: FSDPTest's DEVICE_COUNT
  // is 1 where CUDA is not (common_fsdp.py).
  CHECK(n["TestLib"].tests == std::map<std::string, int64_t>{{"test_x", 1}});
  // TestDistBackend reads os.environ["WORLD_SIZE"]: unreadable.
  CHECK(n["TestEnv"].tests == std::map<std::string, int64_t>{{"test_x", kUnreadableNeed}});
  CHECK(n["TestEnv"].min_devices == 1073741824);
  // -2: the runner's device count, none here.
  CHECK(n["TestRunner"].tests == std::map<std::string, int64_t>{{"test_plain", 0}, {"test_one", 1}});
  CHECK(n["TestAdapts"].tests == std::map<std::string, int64_t>{{"test_two", 2}, {"test_plain", 0}});
  CHECK(n["TestAdapts"].min_devices == 2);
}

TEST_CASE("world_size is inherited across files, and a subclass's own wins", "[resolve][device-need]") {
  auto n = needs({{"test/distributed/test_a.py", kMultiProcess},
                  {"test/distributed/test_b.py",
                   "from distributed.test_a import TestMP\n"
                   "class TestChild(TestMP):\n"
                   "    def test_child(self): pass\n"
                   "class TestBig(TestMP):\n"
                   "    world_size = 8\n"}});
  CHECK(n["TestChild"].multi_process);
  CHECK(n["TestChild"].tests ==
        std::map<std::string, int64_t>{{"test_child", 2}, {"test_plain", 2}, {"test_four", 4}, {"test_not_stamped", 2}});
  CHECK(n["TestBig"].tests == std::map<std::string, int64_t>{{"test_plain", 8}, {"test_four", 8}, {"test_not_stamped", 8}});
  CHECK(n["TestBig"].min_devices == 8);
}

TEST_CASE("in a file on a CPU backend only the decorators count", "[resolve][device-need]") {
  const char* source =
      "class TestG(MultiProcessTestCase):\n"
      "    def test_a(self): pass\n"
      "    @skip_if_lt_x_gpu(2)\n"
      "    def test_b(self): pass\n";
  for (const char* path : {"test/distributed/test_c10d_gloo.py", "test/distributed/test_store_cpu.py"}) {
    auto n = needs({{path, source}});
    CHECK(n["TestG"].tests == std::map<std::string, int64_t>{{"test_a", 0}, {"test_b", 2}});
  }
  // Elsewhere MultiProcessTestCase's world_size, 4, counts.
  auto n = needs({{"test/distributed/test_c10d_nccl.py", source}});
  CHECK(n["TestG"].tests == std::map<std::string, int64_t>{{"test_a", 4}, {"test_b", 4}});
}

TEST_CASE("a single-process test needs one device unless a decorator asks for more", "[resolve][device-need]") {
  auto n = needs({{"test/test_s.py",
                   "class TestSingle(TestCase):\n"
                   "    world_size = 8\n"  // not a multi-process class: nobody reads it
                   "    def test_a(self): pass\n"
                   "    @deviceCountAtLeast(2)\n"
                   "    def test_b(self, devices): pass\n"
                   "    @skip_if_lt_x_gpu(3)\n"
                   "    def test_c(self): pass\n"
                   "@requires_multigpu()\n"
                   "class TestDeco(TestCase):\n"
                   "    def test_a(self): pass\n"
                   "class TestNone(TestCase):\n"
                   "    def test_a(self): pass\n"}});
  CHECK_FALSE(n["TestSingle"].multi_process);
  CHECK(n["TestSingle"].tests == std::map<std::string, int64_t>{{"test_a", 1}, {"test_b", 2}, {"test_c", 3}});
  CHECK(n["TestSingle"].min_devices == 3);
  CHECK(n["TestDeco"].tests == std::map<std::string, int64_t>{{"test_a", 2}});
  CHECK(n["TestNone"].min_devices == 1);
}

TEST_CASE("tests a helper copies in at import count toward the class's need", "[resolve][device-need]") {
  // 2.6.0's test_aot_inductor.py: copy_tests(AOTInductorTestsTemplate,
  // AOTInductorTestABICompatibleCpu, "cpu") copies a @requires_multigpu()
  // test, which the runtime reads as 2 on the copy (its __dict__ travels).
  auto n = needs({{"test/inductor/test_copy.py",
                   "class Template:\n"
                   "    def test_a(self): pass\n"
                   "    @requires_multigpu()\n"
                   "    def test_two(self): pass\n"
                   "class TestCopyCpu(TestCase):\n"
                   "    device = 'cpu'\n"
                   "copy_tests(Template, TestCopyCpu, 'cpu')\n"
                   "class TestOwn(TestCase):\n"
                   "    def test_b(self): pass\n"
                   "copy_tests(Missing, TestOwn, 'cpu')\n"}});
  CHECK(n["TestCopyCpu"].min_devices == 2);
  CHECK(n["TestCopyCpu"].tests.empty());  // copies are named at import (test_two_cpu): none listed
  CHECK(n["TestOwn"].min_devices == 1);
}

TEST_CASE("a count that names a module-level value reads the file's binding, else the library's", "[resolve][device-need]") {
  auto n = needs({{"test/distributed/test_n.py",
                   "WORLD_SIZE = min(4, max(2, torch.cuda.device_count()))\n"
                   "NUM_DEVICES = 3\n"
                   "class TestFile(MultiProcessTestCase):\n"
                   "    @property\n"
                   "    def world_size(self):\n"
                   "        return WORLD_SIZE\n"
                   "    def test_a(self): pass\n"
                   "class TestShadow(MultiProcessTestCase):\n"
                   "    world_size = NUM_DEVICES\n"
                   "    def test_a(self): pass\n"
                   "class TestLibrary(MultiProcessTestCase):\n"
                   "    world_size = 1\n"
                   "    @skip_if_lt_x_gpu(TEST_GPU_NUM)\n"
                   "    def test_a(self): pass\n"
                   "    @skip_if_lt_x_gpu(UNKNOWN_NAME)\n"
                   "    def test_b(self): pass\n"}});
  CHECK(n["TestFile"].tests == std::map<std::string, int64_t>{{"test_a", 2}});  // min(4, max(2, 0))
  CHECK(n["TestShadow"].tests == std::map<std::string, int64_t>{{"test_a", 3}});  // the file's, not the library's 4
  CHECK(n["TestLibrary"].tests == std::map<std::string, int64_t>{{"test_a", 4}, {"test_b", kUnreadableNeed}});
}

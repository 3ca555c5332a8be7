// The multi-GPU axis decided once (issue 27 item 5, contract 5.8). Each
// expected value is worked out by hand from 5.8. Upstream's newest rule
// (the rules' default): a multi-process test needs its largest stamp
// (skip_if_lt_x_gpu, requires_world_size, require_n_gpus_for_nccl_backend,
// nccl_skip_if_lt_x_gpu, skip_unless_torch_gpu = 2), 0 without one; its
// class's world_size is no need. The older rule, kept as a named policy:
// max(stamps, the class's world_size), world_size not counted in a
// CPU-backend file, -2 meaning the runner's count (0 without devices), an
// unreadable one 2**30. Other tests, under both: one device, or what
// deviceCountAtLeast/skip_if_lt_x_gpu/requires_multigpu ask.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "resolve/device_need.h"
#include "resolve/resolver.h"
#include "vocab/rules_document.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

struct Need {
  bool multi_process = false;
  int64_t min_devices = 0;
  std::map<std::string, int64_t> tests;
};

// The embedded rules with their multi-process rule switched to the older one.
const Vocabulary& older_rule() {
  static const Vocabulary v = [] {
    std::string text(embedded_rules_text());
    const std::string key = "multi_process_rule = \"stamps\"";
    size_t at = text.find(key);
    REQUIRE(at != std::string::npos);
    return Vocabulary::from_toml(text.replace(at, key.size(), "multi_process_rule = \"stamps-and-world-size\""),
                                 "<older rule>");
  }();
  return v;
}

std::map<std::string, Need> needs(const std::vector<std::pair<std::string, std::string>>& sources,
                                  const Vocabulary& vocabulary = older_rule()) {
  std::vector<FileFacts> files;
  for (const auto& [path, text] : sources) files.push_back(scan_source(text, path));
  Resolution resolution = resolve(files, vocabulary);
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

TEST_CASE("upstream's newest rule: the stamps only, world_size is no need", "[resolve][device-need]") {
  const Vocabulary& newest = Vocabulary::embedded();
  REQUIRE(newest.multi_process_rule == "stamps");
  auto n = needs({{"test/distributed/test_a.py", kMultiProcess}}, newest);
  CHECK(n["TestMP"].tests == std::map<std::string, int64_t>{{"test_plain", 0}, {"test_four", 4}, {"test_not_stamped", 0}});
  CHECK(n["TestMP"].min_devices == 4);
  // FSDPTest's and TestDistBackend's world_size no longer count: no stamp, 0.
  CHECK(n["TestLib"].tests == std::map<std::string, int64_t>{{"test_x", 0}});
  CHECK(n["TestEnv"].tests == std::map<std::string, int64_t>{{"test_x", 0}});
  CHECK(n["TestRunner"].tests == std::map<std::string, int64_t>{{"test_plain", 0}, {"test_one", 1}});
  CHECK(n["TestAdapts"].min_devices == 2);
}

TEST_CASE("upstream's worked cases of the newest rule, and its new stamp sources", "[resolve][device-need]") {
  // test_multigpu_marker.py: DistributedDataParallelTest.test_gloo_backend_2gpu_module
  // (test_c10d_gloo) -> 4 and TestFullyShard2DTraining.test_train_parity_2d_mlp -> 4,
  // with the decorators those tests carry upstream.
  auto n = needs({{"test/distributed/test_c10d_gloo.py",
                   "class DistributedDataParallelTest(MultiProcessTestCase):\n"
                   "    @requires_gloo()\n"
                   "    @skip_if_lt_x_gpu(4)\n"
                   "    def test_gloo_backend_2gpu_module(self): pass\n"},
                  {"test/distributed/_composable/fsdp/test_fully_shard_training.py",
                   "class TestFullyShard2DTraining(FSDPTest):\n"
                   "    @property\n"
                   "    def world_size(self) -> int:\n"
                   "        return min(4, torch.cuda.device_count())\n"
                   "    @skip_if_lt_x_gpu(4)\n"
                   "    def test_train_parity_2d_mlp(self): pass\n"
                   "    def test_unstamped(self): pass\n"},
                  {"test/distributed/test_sources.py",
                   "class TestSources(DTensorTestBase):\n"
                   "    @require_n_gpus_for_nccl_backend(3, BACKEND)\n"
                   "    def test_nccl_n(self): pass\n"
                   "    @nccl_skip_if_lt_x_gpu(BACKEND, 5)\n"
                   "    def test_nccl_skip(self): pass\n"
                   "    @skip_unless_torch_gpu\n"
                   "    def test_floor(self): pass\n"
                   "    @requires_world_size(6)\n"
                   "    def test_world(self): pass\n"}},
                 Vocabulary::embedded());
  CHECK(n["DistributedDataParallelTest"].tests ==
        std::map<std::string, int64_t>{{"test_gloo_backend_2gpu_module", 4}});
  CHECK(n["TestFullyShard2DTraining"].tests ==
        std::map<std::string, int64_t>{{"test_train_parity_2d_mlp", 4}, {"test_unstamped", 0}});
  // skip_unless_torch_gpu is a floor of 2 under the newest rule, not NUM_DEVICES.
  CHECK(n["TestSources"].tests == std::map<std::string, int64_t>{
                                      {"test_nccl_n", 3}, {"test_nccl_skip", 5}, {"test_floor", 2}, {"test_world", 6}});
}

TEST_CASE("a file's own decorator that stamps _min_gpus_required is a stamp", "[resolve][device-need]") {
  // Upstream's test_requires_multi_gpu_stamps_four: `_requires_multi_gpu`
  // of distributed/pipelining/test_dtensor_pp_integration.py stamps 4, and
  // the conftest reads it like any stamp. A factory's count is its argument;
  // a name is read where the file binds it; a stamp under another name, or a
  // decorator of another file, stamps nothing here.
  auto n = needs({{"test/distributed/pipelining/test_dtensor_pp_integration.py",
                   "import functools\n"
                   "NEED = 3\n"
                   "def _requires_multi_gpu(fn):\n"
                   "    @functools.wraps(fn)\n"
                   "    def wrapper(*args, **kwargs):\n"
                   "        return fn(*args, **kwargs)\n"
                   "    wrapper._min_gpus_required = 4\n"
                   "    return wrapper\n"
                   "def needs_gpus(count, reason=''):\n"
                   "    def decorator(fn):\n"
                   "        fn._required_world_size = count\n"
                   "        return fn\n"
                   "    return decorator\n"
                   "def by_name(fn):\n"
                   "    fn._min_gpus_required = NEED\n"
                   "    return fn\n"
                   "def not_a_stamp(fn):\n"
                   "    fn._min_gpus = 8\n"
                   "    return fn\n"
                   "class TestPP(MultiProcessTestCase):\n"
                   "    @_requires_multi_gpu\n"
                   "    def test_four(self): pass\n"
                   "    @needs_gpus(5)\n"
                   "    def test_factory(self): pass\n"
                   "    @by_name\n"
                   "    def test_named(self): pass\n"
                   "    @not_a_stamp\n"
                   "    def test_other(self): pass\n"
                   "class TestSingle(TestCase):\n"
                   "    @_requires_multi_gpu\n"
                   "    def test_four(self): pass\n"},
                  {"test/distributed/test_elsewhere.py",
                   "class TestElsewhere(MultiProcessTestCase):\n"
                   "    @_requires_multi_gpu\n"
                   "    def test_x(self): pass\n"}},
                 Vocabulary::embedded());
  CHECK(n["TestPP"].tests == std::map<std::string, int64_t>{
                                 {"test_four", 4}, {"test_factory", 5}, {"test_named", 3}, {"test_other", 0}});
  CHECK(n["TestPP"].min_devices == 5);
  CHECK(n["TestSingle"].tests == std::map<std::string, int64_t>{{"test_four", 4}});
  CHECK(n["TestElsewhere"].tests == std::map<std::string, int64_t>{{"test_x", 0}});
}

TEST_CASE("a rules file names a multi-process rule it defines", "[resolve][device-need]") {
  std::string text(embedded_rules_text());
  const std::string key = "multi_process_rule = \"stamps\"";
  size_t at = text.find(key);
  REQUIRE(at != std::string::npos);
  CHECK_THROWS_WITH(Vocabulary::from_toml(text.replace(at, key.size(), "multi_process_rule = \"newest\""), "r.toml"),
                    Catch::Contains("names no [device_count.rule.newest] table"));
}

TEST_CASE("the older rule: a multi-process test needs the larger of its stamps and world_size", "[resolve][device-need]") {
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

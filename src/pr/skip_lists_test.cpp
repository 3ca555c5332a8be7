// Which skip-list entries a rename leaves stale (contract 10), matched as
// 2.6.0's check_if_enable and dynamo_test_failures.py match them.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "pr/skip_lists.h"
#include "util/error.h"

using namespace hwclass;

namespace {

NodeId id(const std::string& cls, const std::string& def, const std::string& source, const std::string& device = "",
          bool suffixed = false) {
  return NodeId{"test/test_foo.py", cls, device.empty() ? def : def + "_" + device, source, def, device, suffixed,
                "test/test_foo.py"};
}

std::filesystem::path fresh_root(const std::string& name) {
  auto root = std::filesystem::temp_directory_path() / ("hwclass-skip-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(root);
  std::filesystem::create_directories(root / "test");
  return root;
}

std::vector<std::string> keys(const std::vector<SkipEntry>& entries) {
  std::vector<std::string> out;
  for (const SkipEntry& e : entries) out.push_back(e.file + ":" + std::to_string(e.line) + " " + e.key);
  return out;
}

}  // namespace

TEST_CASE("skip lists: entries naming a test that moved to a device variant are stale", "[pr]") {
  auto root = fresh_root("stale");
  std::ofstream(root / "test/slow_tests.json") << "{\n  \"test_x (__main__.TestFoo)\": 120.5,\n"
                                                  "  \"test_y_cuda_float32 (__main__.TestFooCUDA)\": 99.0,\n"
                                                  "  \"test_z (__main__.TestOther)\": 80.0\n}\n";
  std::filesystem::create_directories(root / "test/dynamo_skips");
  std::filesystem::create_directories(root / "test/dynamo_expected_failures");
  std::ofstream(root / "test/dynamo_skips/TestFoo.test_x");
  std::ofstream(root / "test/dynamo_expected_failures/TestFooCUDA.test_y_cuda_float32");
  SkipLists lists = read_skip_lists(root);
  CHECK(lists.read == std::vector<std::string>{"test/slow_tests.json", "test/dynamo_expected_failures/", "test/dynamo_skips/"});
  CHECK(lists.absent == std::vector<std::string>{".pytorch-disabled-tests.json"});
  // TestFoo::test_x becomes TestFooCPU::test_x_cpu; TestFooCUDA's
  // parametrized test_y stays where it is.
  std::vector<NodeId> before{id("TestFoo", "test_x", "TestFoo"), id("TestFooCUDA", "test_y", "TestFoo", "cuda", true)};
  std::vector<NodeId> after{id("TestFooCPU", "test_x", "TestFoo", "cpu"), id("TestFooCUDA", "test_y", "TestFoo", "cuda", true)};
  CHECK(keys(stale_entries(lists, before, after)) ==
        std::vector<std::string>{"test/slow_tests.json:2 test_x (__main__.TestFoo)", "test/dynamo_skips/TestFoo.test_x:0 TestFoo.test_x"});
  std::filesystem::remove_all(root);
}

TEST_CASE("skip lists: upstream's matching, by class prefix and dtype-stripped name", "[pr]") {
  SkipEntry slow{"test/slow_tests.json", 1, "test_x (__main__.TestFoo)", "TestFoo", "test_x", true};
  // A class that starts with the entry's class matches (TestSuite disables TestSuiteCPU) ...
  CHECK(entry_matches(slow, id("TestFooDeviceTypeX", "test_x", "TestFooDeviceTypeX")));
  // ... a test renamed by its device suffix does not, unless it has dtypes,
  // whose names check_if_enable strips of dtype and device.
  CHECK_FALSE(entry_matches(slow, id("TestFooCPU", "test_x", "TestFoo", "cpu")));
  CHECK(entry_matches(slow, id("TestFooCPU", "test_x", "TestFoo", "cpu", true)));
  // @parametrize puts its suffix before the device's: test_x_shard_dim_0_cpu.
  SkipEntry param{"test/slow_tests.json", 1, "test_x_shard_dim_0_cpu (__main__.TestFooCPU)", "TestFooCPU",
                  "test_x_shard_dim_0_cpu", true};
  CHECK(entry_matches(param, id("TestFooCPU", "test_x", "TestFoo", "cpu", true)));
  CHECK_FALSE(entry_matches(param, id("TestFooCPU", "test_x", "TestFoo", "cpu", false)));
  SkipEntry dynamo{"test/dynamo_skips/TestFoo.test_x", 0, "TestFoo.test_x", "TestFoo", "test_x", false};
  CHECK_FALSE(entry_matches(dynamo, id("TestFooX", "test_x", "TestFooX")));  // the exact class only
  CHECK(entry_matches(dynamo, id("TestFoo", "test_x", "TestFoo")));
}

TEST_CASE("skip lists: none present is no error; a broken one names its file and line", "[pr]") {
  auto root = fresh_root("broken");
  SkipLists none = read_skip_lists(root);
  CHECK(none.read.empty());
  CHECK(none.absent.size() == 4);
  std::ofstream(root / ".pytorch-disabled-tests.json") << "{\n  \"a (__main__.B)\": [1, []],\n  oops\n}\n";
  CHECK_THROWS_WITH(read_skip_lists(root), ".pytorch-disabled-tests.json:3: not valid JSON");
  std::filesystem::remove_all(root);
}

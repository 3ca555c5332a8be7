// Device counts as facts (issue 27 item 5): decorator arguments and a
// class's world_size, folded as facts.h DeviceCount says. Expected values
// are what Python evaluates each expression to where device_count() is 0.
#include <catch2/catch.hpp>

#include "support/scan_source.h"

using namespace hwclass;

namespace {

std::string show(const DeviceCount& c) {
  switch (c.state) {
    case DeviceCount::State::Absent: return "absent";
    case DeviceCount::State::Known: return std::to_string(c.value);
    case DeviceCount::State::Unknown: return "unknown:" + c.text;
  }
  return "?";
}

std::string world_size_of(const std::string& body) {
  FileFacts f = scan_source("class TestX(MultiProcessTestCase):\n" + body + "    def test_a(self): pass\n");
  REQUIRE(f.classes.size() == 1);
  return show(f.classes[0].world_size);
}

}  // namespace

TEST_CASE("a decorator's first argument is a device count", "[extract][device-count]") {
  FileFacts f = scan_source(
      "class TestX(TestCase):\n"
      "    @skip_if_lt_x_gpu(2)\n"
      "    @requires_world_size(0x8)\n"
      "    @deviceCountAtLeast(1_0)\n"
      "    @skip_if_lt_x_gpu(TEST_GPU_NUM)\n"
      "    @skip_if_lt_x_gpu(x=3)\n"
      "    @requires_multigpu()\n"
      "    @onlyCUDA\n"
      "    def test_a(self): pass\n");
  REQUIRE(f.classes.size() == 1);
  const auto& d = f.classes[0].methods.at(0).decorators;
  REQUIRE(d.size() == 7);
  auto first = [&](size_t i) { return d[i].count_arguments.empty() ? "absent" : show(d[i].count_arguments[0]); };
  CHECK(first(0) == "2");
  CHECK(first(1) == "8");
  CHECK(first(2) == "10");
  CHECK(first(3) == "unknown:TEST_GPU_NUM");
  CHECK(first(4) == "absent");  // a keyword is no positional argument
  CHECK(first(5) == "absent");
  CHECK(first(6) == "absent");
}

TEST_CASE("a decorator's count may be a later positional argument", "[extract][device-count]") {
  FileFacts f = scan_source(
      "class TestX(TestCase):\n"
      "    @nccl_skip_if_lt_x_gpu(BACKEND, 3)\n"
      "    @require_n_gpus_for_nccl_backend(2, BACKEND)\n"
      "    @skip_if_lt_x_gpu(2, *rest)\n"
      "    def test_a(self): pass\n");
  REQUIRE(f.classes.size() == 1);
  const auto& d = f.classes[0].methods.at(0).decorators;
  REQUIRE(d.size() == 3);
  REQUIRE(d[0].count_arguments.size() == 2);
  CHECK(show(d[0].count_arguments[0]) == "unknown:BACKEND");
  CHECK(show(d[0].count_arguments[1]) == "3");
  REQUIRE(d[1].count_arguments.size() == 2);
  CHECK(show(d[1].count_arguments[0]) == "2");
  CHECK(d[2].count_arguments.size() == 1);  // up to the splat
}

TEST_CASE("world_size from a class attribute or a property", "[extract][device-count]") {
  CHECK(world_size_of("    world_size = 2\n") == "2");
  CHECK(world_size_of("    world_size: int = 3\n") == "3");
  CHECK(world_size_of("    @property\n    def world_size(self):\n        return 8\n") == "8");
  CHECK(world_size_of("    @property\n    def world_size(self) -> int:\n        \"\"\"doc\"\"\"\n        return -2\n") ==
        "-2");
  // min(4, 0) and max(0, 2) where no device is.
  CHECK(world_size_of("    @property\n    def world_size(self):\n        return min(4, torch.cuda.device_count())\n") ==
        "0");
  CHECK(world_size_of("    @property\n    def world_size(self):\n        return max(torch.cuda.device_count(), 2)\n") ==
        "2");
  CHECK(world_size_of("    @property\n    def world_size(self):\n        return (min(4, max(2, 0)))\n") == "2");
  CHECK(world_size_of("    @property\n    def world_size(self):\n        return super().world_size\n") == "absent");
  CHECK(world_size_of("    @property\n    def world_size(self):\n        return WORLD_SIZE\n") ==
        "unknown:WORLD_SIZE");
  // A property that branches is read as the largest count an arm returns
  // (device_count() 0, a local bound to it substituted): 2.6.0's
  // test_parallelize_api.py, which the CPU runtime reads as 4.
  CHECK(world_size_of("    @property\n    def world_size(self):\n        if x:\n            return 2\n        return 4\n") ==
        "4");
  CHECK(world_size_of("    @property\n    def world_size(self):\n        gpu_num = torch.cuda.device_count()\n"
                      "        return gpu_num if gpu_num % 2 == 0 and gpu_num > 4 else 4\n") == "4");
  CHECK(world_size_of("    @property\n    def world_size(self):\n        if a:\n            return 8\n"
                      "        elif b:\n            return min(2, torch.cuda.device_count())\n"
                      "        else:\n            return 3\n") == "8");
  // An arm that adapts to the runner beside the inherited size inherits:
  // test_c10d_object_collectives.py (NCCL: device_count(); else super()'s 4).
  CHECK(world_size_of("    @property\n    def world_size(self):\n        if BACKEND == dist.Backend.NCCL:\n"
                      "            return torch.cuda.device_count()\n        return super().world_size\n") == "absent");
  // A fixed count beside the inherited one is not foldable here (the
  // inherited size is resolve's); nor is an arm that does not fold, a
  // loop, or a property that may end without a return.
  CHECK(world_size_of("    @property\n    def world_size(self):\n        if x:\n            return 8\n"
                      "        return super().world_size\n") == "unknown:def world_size");
  CHECK(world_size_of("    @property\n    def world_size(self):\n        if x:\n            return n\n        return 4\n") ==
        "unknown:def world_size");
  CHECK(world_size_of("    @property\n    def world_size(self):\n        for i in y:\n            return 2\n        return 4\n") ==
        "unknown:def world_size");
  CHECK(world_size_of("    @property\n    def world_size(self):\n        if x:\n            return 2\n") ==
        "unknown:def world_size");
  CHECK(world_size_of("    @property\n    def world_size(self):\n        return int(os.environ[\"WORLD_SIZE\"])\n") ==
        "unknown:int(os.environ[\"WORLD_SIZE\"])");
  CHECK(world_size_of("    x = 2\n") == "absent");
  // The last binding wins, as in Python.
  CHECK(world_size_of("    world_size = 2\n    world_size = 6\n") == "6");
}

TEST_CASE("a module-level binding keeps its value as a count", "[extract][device-count]") {
  FileFacts f = scan_source("WORLD_SIZE = min(4, max(2, torch.cuda.device_count()))\nN = 4\nS = 'x'\n");
  REQUIRE(f.module_bindings.size() == 3);
  CHECK(show(f.module_bindings[0].count) == "2");
  CHECK(show(f.module_bindings[1].count) == "4");
  CHECK(show(f.module_bindings[2].count) == "absent");
}

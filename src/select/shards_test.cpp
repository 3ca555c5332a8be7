#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>

#include "select/durations.h"
#include "select/shards.h"
#include "util/error.h"

using namespace hwclass;
namespace fs = std::filesystem;

namespace {

std::vector<SelectedClass> classes_named(const std::vector<std::string>& names) {
  std::vector<SelectedClass> out;
  for (const auto& n : names) {
    SelectedClass c;
    c.module = "test_m";
    c.invoking_file = "test/test_m.py";
    c.name = n;
    out.push_back(c);
  }
  return out;
}

std::vector<std::vector<std::string>> plan(const std::vector<SelectedClass>& cs, const Durations& d, int n,
                                           std::vector<double>* seconds = nullptr) {
  std::vector<std::vector<std::string>> out;
  for (const Shard& s : plan_shards(time_classes(cs, d), n)) {
    out.emplace_back();
    for (const SelectedClass* c : s.classes) out.back().push_back(c->name);
    if (seconds) seconds->push_back(s.seconds);
  }
  return out;
}

fs::path write_temp(const std::string& name, const std::string& text) {
  fs::path dir = fs::temp_directory_path() / "hwclass-shards-test";
  fs::create_directories(dir / "python-unittest" / "test_nn");
  fs::path p = dir / name;
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

}  // namespace

TEST_CASE("LPT: longest first, to the lightest shard, ties to the lower number", "[select][shards]") {
  auto cs = classes_named({"A", "B", "C", "D", "E"});
  Durations d = {{{"test_m", "A"}, 7}, {{"test_m", "B"}, 5}, {{"test_m", "C"}, 4}, {{"test_m", "D"}, 3}, {{"test_m", "E"}, 1}};
  std::vector<double> seconds;
  // By hand: A(7)->1, B(5)->2, C(4)->2 (5<7), D(3)->1 (7<9)? no: 1 has 7, 2 has 9 -> D->1 (10), E(1)->2 (10).
  CHECK(plan(cs, d, 2, &seconds) == std::vector<std::vector<std::string>>{{"A", "D"}, {"B", "C", "E"}});
  CHECK(seconds == std::vector<double>{10, 10});
}

TEST_CASE("unknown durations are the mean of the known ones", "[select][shards]") {
  auto cs = classes_named({"A", "B", "U"});
  Durations d = {{{"test_m", "A"}, 6}, {{"test_m", "B"}, 2}};
  auto timed = time_classes(cs, d);
  CHECK(timed[2].seconds == 4.0);
  CHECK_FALSE(timed[2].known);
  // With nothing known, every class counts one second: shards by count.
  std::vector<double> seconds;
  plan(classes_named({"P", "Q", "R", "S"}), {}, 2, &seconds);
  CHECK(seconds == std::vector<double>{2, 2});
}

// Issue 27: a class with no time weighs its test count (TestDecomp's
// 8,962 tests are not 2), a new device's variant takes its CUDA sibling's
// time, and stderr says what each got, without "the mean of the known
// ones" when none is known.
TEST_CASE("untimed classes weigh their test count; a new variant its sibling's time", "[select][shards]") {
  auto cs = classes_named({"TestBig", "TestSmall"});
  cs[0].tests = 8962, cs[1].tests = 2;
  auto timed = time_classes(cs, {});
  CHECK(timed[0].seconds == 8962.0);
  CHECK(timed[1].seconds == 2.0);
  CHECK(timed[0].basis == "tests");
  CHECK(untimed_notes(timed) ==
        std::vector<std::string>{"no duration for 2 classes (the first: test_m::TestBig); each weighs its test count "
                                 "(collected, else its test defs) at 1 s a test, as no class has a time"});
  // Collected counts (from --junit) win over defs; the rate is the timed classes' seconds per test.
  auto mixed = classes_named({"A", "U"});
  mixed[0].tests = 4, mixed[1].tests = 1;
  auto rated = time_classes(mixed, {{{"test_m", "A"}, 10}}, {{{"test_m", "U"}, 30}});
  CHECK(rated[1].seconds == 75.0);  // 30 collected tests at 10 s / 4 tests
  CHECK(untimed_notes(rated) ==
        std::vector<std::string>{"no duration for 1 class (the first: test_m::U); each weighs its test count "
                                 "(collected, else its test defs) at 2.5 s a test, the mean of the 1 class with a time"});
  // TestFooPRIVATEUSE1 has no history: TestFooCUDA's time, before the CPU one.
  auto variant = classes_named({"TestFooPRIVATEUSE1", "TestBarXPU"});
  variant[0].source_class = "TestFoo", variant[0].device = "privateuse1";
  variant[1].source_class = "TestBar", variant[1].device = "xpu";
  Durations d = {{{"test_m", "TestFooCPU"}, 3}, {{"test_m", "TestFooCUDA"}, 40}, {{"test_m", "TestFooCUDAGraphs"}, 99},
                 {{"test_m", "TestBarCPU"}, 5}};
  auto siblings = time_classes(variant, d);
  CHECK(siblings[0].seconds == 40.0);
  CHECK(siblings[0].basis == "TestFooCUDA");
  CHECK(siblings[1].seconds == 5.0);
  CHECK(siblings[1].basis == "TestBarCPU");
  CHECK(untimed_notes(siblings) == std::vector<std::string>{"2 classes took a sibling variant's time (the first: "
                                                            "test_m::TestFooPRIVATEUSE1 as TestFooCUDA)"});
}

TEST_CASE("one class longer than a shard gets a shard to itself", "[select][shards]") {
  auto cs = classes_named({"Big", "a", "b", "c", "d"});
  Durations d = {{{"test_m", "Big"}, 100}, {{"test_m", "a"}, 3}, {{"test_m", "b"}, 3}, {{"test_m", "c"}, 2}, {{"test_m", "d"}, 2}};
  CHECK(plan(cs, d, 3) == std::vector<std::vector<std::string>>{{"Big"}, {"a", "c"}, {"b", "d"}});
  // More shards than classes: no empty shard is emitted.
  CHECK(plan(classes_named({"x"}), {}, 4).size() == 1);
}

TEST_CASE("the plan depends on the inputs only, not their order", "[select][shards]") {
  std::vector<std::string> names;
  Durations d;
  std::mt19937 rng(7);
  for (int i = 0; i < 200; ++i) {
    names.push_back(std::string("T").append(std::to_string(i)));  // not "T" + string&&: gcc 12 -Wrestrict
    d[{"test_m", names.back()}] = static_cast<double>(rng() % 1000) / 10.0;
  }
  auto first = plan(classes_named(names), d, 7);
  std::shuffle(names.begin(), names.end(), rng);
  CHECK(plan(classes_named(names), d, 7) == first);
  // Balanced within 10% of the ideal on synthetic durations.
  std::vector<double> seconds;
  plan(classes_named(names), d, 7, &seconds);
  double total = 0;
  for (double s : seconds) total += s;
  CHECK(*std::max_element(seconds.begin(), seconds.end()) <= 1.10 * total / 7);
}

TEST_CASE("JUnit reports in the three classname styles", "[select][junit]") {
  Durations d;
  // PyTorch's sanitised pytest report: bare class, file attribute.
  read_junit(write_temp("pytorch.xml", R"(<?xml version="1.0"?>
<testsuites><testsuite name="pytest">
  <testcase classname="TestConvCUDA" name="test_a_cuda" file="nn/test_conv.py" time="0.5"/>
  <testcase classname="TestConvCUDA" name="test_b_cuda" file="nn/test_conv.py" time="1.25"><rerun time="1.0"/><failure message="x"/></testcase>
  <testcase classname="TestConvCUDA" name="test_c_cuda" file="nn/test_conv.py" time="9"><skipped message="no"/></testcase>
  <testcase classname="" name="collection error" time="3"/>
</testsuite></testsuites>)")
                 .string(),
             d);
  // Plain pytest xunit2: dotted module path and class.
  read_junit(write_temp("plain.xml", R"(<testsuites><testsuite>
  <testcase classname="test.test_torch.TestTorch" name="test_x" time="2"/>
</testsuite></testsuites>)")
                 .string(),
             d);
  // unittest-xml-reporting: the directory names the invoking module.
  read_junit(write_temp("python-unittest/test_nn/TEST-TestNN-1.xml", R"(<testsuite name="TestNN">
  <testcase classname="TestNN" name="test_y" time="4.000"/>
</testsuite>)")
                 .string(),
             d);
  CHECK(d == Durations{{{"nn/test_conv", "TestConvCUDA"}, 2.75}, {{"test_torch", "TestTorch"}, 2.0},
                       {{"test_nn", "TestNN"}, 4.0}});
  CHECK_THROWS_WITH(read_junit(write_temp("bad.xml", "<testsuites>\n<testcase name='x'>\n</testsuites>\n").string(), d),
                    Catch::Contains("bad.xml:2: not a JUnit XML report"));  // the unclosed <testcase>
}

TEST_CASE("test-class-times.json with run_test's fallbacks", "[select][junit]") {
  std::string path = write_temp("times.json", R"({"default": {"default": {"test_nn": {"TestNNDeviceTypeCPU": 310.0}},
    "slow": {"test_nn": {"TestNN": 75.5}}}})")
                         .string();
  Durations d;
  auto warnings = read_class_times(path, "linux-jammy", "slow", d);
  CHECK(d == Durations{{{"test_nn", "TestNN"}, 75.5}});
  REQUIRE(warnings.size() == 1);  // [linux-jammy][slow] missing, ["default"]["slow"] used
  Durations fallback;
  CHECK(read_class_times(path, "linux-jammy", "nope", fallback).size() == 2);
  CHECK(fallback == Durations{{{"test_nn", "TestNNDeviceTypeCPU"}, 310.0}});
  CHECK_THROWS_WITH(read_class_times(write_temp("broken.json", "{\n  \"default\": \n").string(), "a", "b", fallback),
                    Catch::Contains("broken.json:3: not valid JSON"));
}

// What the fuzzer found (fuzz/regressions/): times that are not durations,
// and numbers too large for JSON's double, are one-line errors naming the file.
#include "select/durations.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "lint/allowlist.h"
#include "util/error.h"

using namespace hwclass;

namespace {

std::string temp_file(const std::string& text, const char* suffix) {
  std::string path = "/tmp/hwclass-durations-" + std::to_string(getpid()) + suffix;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a JUnit time that is not a duration names its line", "[select][durations]") {
  std::string path = temp_file("<testsuite>\n  <testcase classname=\"a.TestX\" time=\"1.5\"/>\n"
                               "  <testcase classname=\"a.TestY\" time=\"-12\"/>\n</testsuite>\n",
                               ".xml");
  Durations d;
  CHECK(error_of([&] { read_junit(path, d); }) == path + ":3: time '-12' is not a duration in seconds");
  std::ofstream(path) << "<testsuite><testcase classname=\"a.TestX\" time=\"inf\"/></testsuite>";
  CHECK(error_of([&] { read_junit(path, d); }) == path + ":1: time 'inf' is not a duration in seconds");
  std::remove(path.c_str());
}

TEST_CASE("test-class-times.json: a negative time, a number out of range", "[select][durations]") {
  std::string path = temp_file(R"({"default": {"default": {"test_a": {"TestX": -1}}}})", ".json");
  Durations d;
  CHECK(error_of([&] { read_class_times(path, "default", "default", d); }) ==
        path + ": the time of test_a.TestX is not a duration in seconds");
  std::ofstream(path) << R"({"default": {"default": {"test_a": {"TestX": 1e999}}}})";
  CHECK(error_of([&] { read_class_times(path, "default", "default", d); }) ==
        path + ": not valid JSON: a number out of range");
  std::remove(path.c_str());
  CHECK(error_of([] { parse_allowlist("list.json", "[33e3633]"); }) == "list.json: not valid JSON: a number out of range");
}

TEST_CASE("a JUnit report counts the tests each class ran as, skipped ones too", "[select][durations]") {
  // Three testcases of one @ops def expanded per dtype, one skipped: the
  // class ran as 3 tests and took the time of the two that ran.
  std::string path = temp_file("<testsuites><testsuite>\n"
                               "<testcase classname=\"test_ops.TestCommonCPU\" name=\"test_x_cpu_float32\" time=\"1\"/>\n"
                               "<testcase classname=\"test_ops.TestCommonCPU\" name=\"test_x_cpu_int64\" time=\"2\"/>\n"
                               "<testcase classname=\"test_ops.TestCommonCPU\" name=\"test_x_cpu_bool\" time=\"0\">"
                               "<skipped message=\"dtype\"/></testcase>\n"
                               "<testcase classname=\"\" name=\"collection error\"/>\n"
                               "</testsuite></testsuites>\n",
                               ".xml");
  Durations d;
  TestCounts counts;
  read_junit(path, d, &counts);
  CHECK(counts == TestCounts{{{"test_ops", "TestCommonCPU"}, 3}});
  CHECK(d == Durations{{{"test_ops", "TestCommonCPU"}, 3.0}});
  std::remove(path.c_str());
}

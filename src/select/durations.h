// How long a class takes, from the reports CI already has: JUnit XML
// (PyTorch's pytest style, plain pytest's and unittest-xml-reporting's) and
// PyTorch's test-class-times.json. Keys are (module, class as it ran).
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace hwclass {

using DurationKey = std::pair<std::string, std::string>;  // module ("test_nn"), class ("TestNNDeviceTypeCUDA")
using Durations = std::map<DurationKey, double>;
// How many tests a class ran as (its testcases, skipped ones included): an
// `@ops` def is hundreds of tests, so the source's def count is no count.
using TestCounts = std::map<DurationKey, size_t>;

// Adds the times of every testcase in a JUnit report (a file, or every .xml
// under a directory) to `into`: class = last dotted part of classname;
// module = the file attribute, else the report directory's dotted name,
// else the classname's dotted prefix. Reruns add their time; testcases that
// were only skipped are left out. Throws ConfigError naming the file and
// line of malformed XML. `counts`, when given, gets each class's testcases.
void read_junit(const std::string& path, Durations& into, TestCounts* counts = nullptr);

// test-class-times.json: build env -> test config -> module -> class ->
// seconds, with run_test's fallbacks ([env][config], ["default"][config],
// ["default"]["default"]); each fallback taken is returned as a warning.
std::vector<std::string> read_class_times(const std::string& path, const std::string& build_env,
                                          const std::string& test_config, Durations& into);

}  // namespace hwclass

// SARIF 2.1.0 (the subset GitHub code scanning reads) and JUnit XML reports
// of lint findings.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "lint/finding.h"

namespace hwclass {

// One run, driver "hwclass", rules keyed by rule id, repo-relative URIs,
// columnKind unicodeCodePoints, no security-severity, no fingerprints.
std::string sarif_log(const std::vector<Finding>& findings);

// A repository-relative path as a SARIF URI reference: percent-encoded
// (RFC 3986), '/' kept between segments.
std::string uri_path(std::string_view path);

// One testsuite (jenkins junit.xsd's shape); a testcase per file in `files`
// (the files linted) or with findings, named by its repository path; a file
// with findings fails with one <failure> listing them all. `tests` counts the
// testcases, `failures` the failed ones.
std::string junit_report(const std::vector<Finding>& findings, const std::vector<std::string>& files);

}  // namespace hwclass

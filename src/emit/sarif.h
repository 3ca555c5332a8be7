// SARIF 2.1.0 (the subset GitHub code scanning reads) and JUnit XML reports
// of lint findings.
#pragma once

#include <string>
#include <vector>

#include "lint/finding.h"

namespace hwclass {

// One run, driver "hwclass", rules keyed by rule id, repo-relative URIs,
// columnKind unicodeCodePoints, no security-severity, no fingerprints.
std::string sarif_log(const std::vector<Finding>& findings);

// One testsuite; a testcase per file checked with findings, each finding a <failure>.
std::string junit_report(const std::vector<Finding>& findings, size_t files_checked);

}  // namespace hwclass

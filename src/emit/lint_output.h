// Lint findings in every output format: text, json, lintrunner (upstream's
// JSON lines, byte for byte), github (workflow commands), sarif, junit.
#pragma once

#include <string>
#include <vector>

#include "lint/finding.h"
#include "util/output_sink.h"

namespace hwclass {

struct LintOutputOptions {
  std::string format = "text";
  std::string code = "TEST_LINTER";  // lintrunner's linter code
  bool color = false;
  bool show_source = true;  // text: the offending source line under each finding
  size_t files_checked = 0;
  // The files linted, repository-relative: junit gives each its testcase,
  // so a clean file shows as a passed test, not as nothing.
  std::vector<std::string> linted_files;
};

// `findings` sorted by path then position within the file.
void write_lint_output(OutputSink& out, const std::vector<Finding>& findings, const LintOutputOptions& options);

// The message a lintrunner adapter prints about its own failure (path null,
// name "command-failed"), so lintrunner shows it instead of a crash.
std::string lintrunner_failure(const std::string& code, const std::string& message);

// "N rule" counts, most frequent first, then the linted test classes by
// declared classification ("unclassified" for missing or invalid).
std::string lint_statistics(const std::vector<Finding>& findings,
                            const std::vector<std::pair<std::string, size_t>>& classes_by_member);

}  // namespace hwclass

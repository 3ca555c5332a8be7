// [parse_error] (upstream v8): the file is not valid Python, so no class in
// it can be linted. v7 only logged the failure, so the rule is v8's alone.
// The message is CPython's where --python-check asked python3, else the
// parser's own; upstream adds no hint line to it (see lint_description).
// Why: a file that does not parse runs no tests at all.
// Example: `def test_x(self) -> None` without the colon.
// Fix: none.
#include "lint/rule_context.h"

namespace hwclass {

void check_parse_error(const FileContext& c) {
  if (!c.file.readable || !c.file.has_syntax_error()) return;
  std::string reason = "invalid syntax";
  const FileIssue* at = nullptr;
  for (const FileIssue& issue : c.file.issues) {
    if (issue.code == "python-syntax-error") reason = issue.message, at = &issue;
    if (issue.is_syntax_error() && issue.code != "python-syntax-error" && !at) at = &issue;
  }
  // Upstream reports line 1 (the lintrunner format keeps it); hwclass's own
  // formats name and show the line at fault (Finding::where). No column:
  // tree-sitter's error region and CPython's offset (bytes or characters,
  // by how it read the file) need not agree on one, so the line is the claim.
  c.report(1, "Failed to parse the file: " + reason);
  c.out.back().source_line = at ? at->line : 0;
}

}  // namespace hwclass

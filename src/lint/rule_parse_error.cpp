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
  uint32_t where = 0;
  for (const FileIssue& issue : c.file.issues) {
    if (issue.code == "python-syntax-error") reason = issue.message, where = issue.line;
    if (issue.code == "syntax-error" && !where) where = issue.line;
  }
  // Upstream reports line 1; the text output shows the line at fault.
  c.report(1, "Failed to parse the file: " + reason);
  c.out.back().source_line = where;
}

}  // namespace hwclass

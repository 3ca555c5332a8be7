// read-error (hwclass): the file could not be read (permissions, not a
// regular file, a directory race, an I/O error) or, named on the command
// line, found; like ruff's E902.
// Why: a CI that reads only the output (lintrunner, SARIF, JUnit) must see
// a file that was not checked, or it silently passes; lint_file reports it
// whatever the rule set, and lint exits 2 (issue 49).
// Example: a test file without read permission.
// Fix: none.
#include "lint/rule_context.h"

namespace hwclass {

void check_read_error(const FileContext& c) {
  if (c.file.readable) return;
  c.report(0, c.file.issues.empty() ? "cannot read" : c.file.issues.front().message);
}

}  // namespace hwclass

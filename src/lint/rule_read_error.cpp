// read-error (hwclass): the file could not be read (permissions, a
// directory race, an I/O error), like ruff's E902.
// Why: lintrunner shows only what an adapter prints on stdout, so an
// unreadable file must be a finding there, or it silently passes.
// Example: a test file without read permission.
// Fix: none.
#include "lint/rule_context.h"

namespace hwclass {

void check_read_error(const FileContext& c) {
  if (c.file.readable) return;
  c.report(0, c.file.issues.empty() ? "cannot read" : c.file.issues.front().message);
}

}  // namespace hwclass

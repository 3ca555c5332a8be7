// partial_parse (hwclass): valid Python that the tree-sitter grammar does
// not accept (a grammar gap the repair in parse/grammar_gaps.cpp could not
// close) at a place where it can hide class, declaration or instantiate
// statements from every other rule.
// Why: the other rules would pass a class they never saw.
// Example: a construct newer than the pinned grammar at module level.
// Fix: none (report the gap; the file itself is fine).
#include "lint/rule_context.h"

namespace hwclass {

void check_partial_parse(const FileContext& c) {
  if (!c.file.readable || c.file.has_syntax_error()) return;
  for (const FileIssue& issue : c.file.issues) {
    if (issue.code != "grammar-gap" || !issue.scan_level) continue;
    c.report(issue.line, "Line " + std::to_string(issue.line) +
                             " is valid Python the grammar does not accept; classes, declarations or "
                             "instantiate calls there may be missed.",
             issue.column);
  }
}

}  // namespace hwclass

// Lint's fix marks ("[safe fix]", "[unsafe fix]", JSON "fix"), from the
// same decisions fix edits by: a finding gets the plan's fix for its
// subject (fix/fix_plan.h), when that fix's rule answers the finding's rule
// (fix/fixes.cpp `answers`).
#pragma once

#include <vector>

#include "classify/analysis.h"
#include "fix/fix_plan.h"
#include "lint/finding.h"
#include "lint/linter.h"

namespace hwclass {

void mark_fixes(std::vector<Finding>& findings, const FixPlan& plan);

// The fix plan of file `index` of the analysis, as `hwclass fix` makes it.
FixPlan file_plan(const Analysis& world, size_t index, const Vocabulary& vocabulary, const FixTargets& targets);

// lint_file on file `index` of the analysis, its findings marked from the
// file's plan: what `hwclass lint` reports.
std::vector<Finding> lint_marked(const Analysis& world, size_t index, const Vocabulary& vocabulary,
                                 const LintOptions& options);

}  // namespace hwclass

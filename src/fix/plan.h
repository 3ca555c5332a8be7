// What a fix run would edit in one file: the verdicts its rules read and the
// edits of the chosen rules, in rule order. `hwclass fix` writes them; the
// report and the allowlist's shrink-only check ask what they would leave.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "classify/analysis.h"
#include "fix/fixes.h"

namespace hwclass {

// Every safe fix rule, and the unsafe ones too when `unsafe`, in run order.
std::vector<const FixRule*> fix_rules(bool unsafe);

// The verdicts of the classes lint checks in file `index`, so that every
// finding lint marks as fixable is one the rules fix (rules/README.md).
// They are the analysis's: fix classifies nothing again.
std::map<int, Verdict> linted_verdicts(const Analysis& analysis, size_t index);

// The chosen rules' edits to one file, from its plan (fix/fix_plan.h,
// whose `verdicts` these are), in rule order; a later rule reads what the
// earlier ones did (FixDecisions), never their edits. Why a rule left a
// class goes to `why`.
// Lines the rules write keep to `line_length` (the configuration's), or,
// when it is 0, to the file's own.
std::vector<Edit> plan_edits(const std::vector<const FixRule*>& rules, const FixPlan& plan, const FileFacts& file,
                             const std::string& source, const std::map<int, Verdict>& verdicts,
                             const Resolution& resolution, const Vocabulary& vocabulary, std::vector<std::string>& why,
                             size_t line_length = 0);

}  // namespace hwclass

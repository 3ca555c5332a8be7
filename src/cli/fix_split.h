// fix --split PATH::Class in the CLI (see fix/split.h for the split itself).
#pragma once

#include <string>
#include <vector>

#include "classify/analysis.h"
#include "cli/common.h"
#include "fix/verify.h"

namespace hwclass {

// The one candidate splitting `class_name` of the scan's first file makes,
// into `out`; 0, or the exit status when there is none (its one-line
// error, `path:line: error: ...`, printed). A class split already is
// reported and gives 0 with no candidate. `input` is the path as given;
// `fixed_files` the scan's inputs (past them are modules read for context).
int split_candidate(const std::string& class_name, bool quiet, size_t line_length, const std::string& input,
                    const ScanResult& result, size_t fixed_files, const Analysis& analysis,
                    const FixTargets& targets, std::vector<FixCandidate>& out);

}  // namespace hwclass

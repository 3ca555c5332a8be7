// fix --split PATH::Class in the CLI (see fix/split.h for the split itself).
#pragma once

#include <string>
#include <vector>

#include "classify/analysis.h"
#include "resolve/session.h"
#include "vocab/fix_targets.h"
#include "fix/verify.h"

namespace hwclass {

// The one candidate splitting `class_name` of the session's named file
// (the one input; the Context files are modules read to resolve it), into
// `out`; 0, or the exit status when there is none (its one-line error,
// `path:line: error: ...`, printed). A class split already is reported and
// gives 0 with no candidate. `input` is the path as given.
int split_candidate(const std::string& class_name, bool quiet, size_t line_length, const std::string& input,
                    const Session& session, const Analysis& analysis, const FixTargets& targets,
                    std::vector<FixCandidate>& out);

}  // namespace hwclass

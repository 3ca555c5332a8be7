// The report of the tree as it is now: each file's counts under one
// denominator (upstream's test classes, a declaration counted where it is
// written), its status against the allowlist, and, for the "next up" lists,
// whether `hwclass fix` alone makes it pass. It reads the run's analysis,
// asks lint's advice on the undeclared classes, counts and orders.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "classify/verdict.h"
#include "discover/discover.h"
#include "lint/rule_context.h"
#include "report/report.h"
#include "vocab/fix_targets.h"
#include "vocab/vocabulary.h"

namespace hwclass {

// `verdicts` are classify's for world.files (listed_verdicts); `targets`, what the torch tree defines, for the fixes
// fix-alone runs; `top` is the length of the "next up" lists.
Report build_report(const Analysis& world, const std::vector<Verdict>& verdicts, const std::vector<SourceFile>& sources,
                    const std::set<std::string>& allowlist, const Vocabulary& vocabulary, const FixTargets& targets,
                    int jobs, size_t top);

}  // namespace hwclass

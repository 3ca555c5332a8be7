#include "fix/marks.h"

#include <algorithm>

#include "fix/fixes.h"
#include "fix/plan.h"
#include "util/run_stats.h"

namespace hwclass {
namespace {

bool answers(FixKind kind, const std::string& lint_rule) {
  const FixRule* rule = find_fix_rule(fix_rule_id(kind));
  return rule && std::any_of(rule->answers.begin(), rule->answers.end(),
                             [&](const char* id) { return lint_rule == id; });
}

// The same subject: the class (or, for an import, the module, which any
// class's finding names), and the same method and site, or none of either.
bool same_subject(const FixDescription& fix, const Subject& about) {
  return (fix.class_index < 0 || fix.class_index == about.class_index) && fix.method == about.method &&
         fix.site == about.site;
}

}  // namespace

void mark_fixes(std::vector<Finding>& findings, const FixPlan& plan) {
  for (Finding& f : findings)
    for (const PlannedFix& p : plan.entries)
      if (p.refused.empty() && same_subject(p.fix, f.about) && answers(p.fix.kind, f.rule)) {
        f.fix = p.fix;
        break;
      }
}

FixPlan file_plan(const Analysis& world, size_t index, const Vocabulary& vocabulary, const FixTargets& targets) {
  if (world.stats) world.stats->add(world.files[index].relative_path, world.files[index].content_hash, Work::Plan);
  return plan_fixes(world.files[index], linted_verdicts(world, index), world.resolution, vocabulary, targets);
}

std::vector<Finding> lint_marked(const Analysis& world, size_t index, const Vocabulary& vocabulary,
                                 const LintOptions& options) {
  std::vector<Finding> findings = lint_file(world.files[index], vocabulary, options, &world, static_cast<int>(index));
  if (!options.settings.upstream_only) mark_fixes(findings, file_plan(world, index, vocabulary, options.fix_targets));
  return findings;
}

}  // namespace hwclass

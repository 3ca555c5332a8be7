#include "fix/plan.h"

#include "facts/queries.h"

namespace hwclass {

std::vector<const FixRule*> fix_rules(bool unsafe) {
  std::vector<const FixRule*> out;
  for (const FixRule& r : all_fix_rules())
    if (r.safety() == FixSafety::Safe || unsafe) out.push_back(&r);
  return out;
}

std::map<int, Verdict> linted_verdicts(const Analysis& analysis, size_t index) {
  std::map<int, Verdict> verdicts;
  for (int k : linted_classes(analysis.files[index])) {
    ClassRef ref{static_cast<int>(index), k};
    const Verdict* v = analysis.resolution.of(ref).tests.empty() ? nullptr : analysis.verdict(ref);
    if (v) verdicts.emplace(k, *v);
  }
  return verdicts;
}

std::vector<Edit> plan_edits(const std::vector<const FixRule*>& rules, const FixPlan& plan, const FileFacts& file,
                             const std::string& source, const std::map<int, Verdict>& verdicts,
                             const Resolution& resolution, const Vocabulary& vocabulary, std::vector<std::string>& why,
                             size_t line_length) {
  std::vector<Edit> edits;
  FixDecisions decisions;
  for (const FixRule* rule : rules) {
    std::vector<Edit> made;
    rule->fix(FixContext{file, source, plan, verdicts, resolution, vocabulary, decisions, made, why, line_length});
    edits.insert(edits.end(), made.begin(), made.end());
  }
  return edits;
}

}  // namespace hwclass

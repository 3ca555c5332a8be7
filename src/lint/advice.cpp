#include "lint/advice.h"

#include "facts/owner.h"
#include "lint/linter.h"

namespace hwclass {

const std::string& recommended_member(const Verdict& v) { return v.target.empty() ? v.inferred : v.target; }

void attach_advice(Verdict& v, const LintWorld& world, const Vocabulary& vocabulary) {
  v.blockers.clear();
  v.cleanups.clear();
  const FileFacts& file = world.files[v.ref.file];
  LintOptions options;
  // The verdict is what is being checked; asking classify again is circular.
  options.ignore = {"classification-mismatch"};
  for (const Finding& f : lint_class_as(file, v.ref.cls, recommended_member(v), vocabulary, options, &world, v.ref.file, &v)) {
    Reason r{f.rule, "", f.message, file.classes[v.ref.cls].name, f.line, file.relative_path};
    (f.severity == Severity::Error ? v.blockers : v.cleanups).push_back(std::move(r));
  }
}

}  // namespace hwclass

#include "lint/advice.h"

#include "facts/owner.h"
#include "lint/linter.h"
#include "vocab/runner_condition.h"

namespace hwclass {

const std::string& recommended_member(const Verdict& v) { return v.target.empty() ? v.inferred : v.target; }

namespace {

// Lint's findings on the class, errors into one list and the rest into the other.
void sort_into(const std::vector<Finding>& findings, const FileFacts& file, int cls,
               std::vector<AdviceFinding>& errors, std::vector<AdviceFinding>& warnings) {
  errors.clear();
  warnings.clear();
  for (const Finding& f : findings) {
    AdviceFinding r{f.rule, f.message, file.classes[cls].name, f.line, file.relative_path, f.subject};
    (f.severity == Severity::Error ? errors : warnings).push_back(std::move(r));
  }
}

}  // namespace

Advice advise(const Verdict& v, const Analysis& analysis, bool with_current) {
  Advice a;
  const FileFacts& file = analysis.files[v.ref.file];
  if (with_current)
    sort_into(lint_class(file, v.ref.cls, analysis.vocabulary, {}, &analysis, v.ref.file), file, v.ref.cls,
              a.current_errors, a.current_warnings);
  LintOptions options;
  // classification-mismatch would report the verdict's own recommendation
  // against its inference: the verdict is what is being checked.
  options.ignore = {"classification-mismatch"};
  sort_into(lint_class_as(file, v.ref.cls, recommended_member(v), analysis.vocabulary, options, &analysis, v.ref.file),
            file, v.ref.cls, a.blockers, a.cleanups);
  return a;
}

std::vector<Advice> advise_all(const std::vector<Verdict>& verdicts, const Analysis& analysis) {
  std::vector<Advice> out;
  out.reserve(verdicts.size());
  for (const Verdict& v : verdicts) out.push_back(advise(v, analysis));
  return out;
}

std::string declaration_harm(const FileFacts& file, int class_index, const ResolvedClass& resolved,
                             const std::string& member, const Verdict& verdict, const Vocabulary& vocabulary) {
  LintOptions upstream;
  upstream.settings.upstream_only = true;
  // Upstream's rules read the file alone (no world, no verdict: the fix
  // marks they would compute need both, and upstream has none).
  (void)verdict;
  for (const Finding& f : lint_class_as(file, class_index, member, vocabulary, upstream))
    if (f.severity == Severity::Error)
      return "declaring " + member + " would give it upstream's [" + f.rule + "] (line " + std::to_string(f.line) +
             "): " + f.message;
  if (resolved.notest) {
    // The one device whose runner alone collects it (vocab/runner_condition.h).
    const std::string* needed =
        resolved.notest->known_condition ? device_where_false(resolved.notest->condition, vocabulary) : nullptr;
    const DeviceInfo* own = vocabulary.device_of_member(member);
    bool runs = needed && ((own && own->key == *needed) ||
                           (vocabulary.members.is_accelerator(member) && vocabulary.kind_of(*needed) == DeviceKind::Accelerator));
    if (needed && !runs)
      return "it runs only where " + *needed + " is (" + resolved.notest_file + ":" +
             std::to_string(resolved.notest->line) + " rebinds " + resolved.notest->name + " to NoTest when " +
             resolved.notest->condition + "), so no " + member + " job would run it";
  }
  return "";
}

}  // namespace hwclass

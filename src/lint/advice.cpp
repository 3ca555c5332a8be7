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

namespace {

// The one device a NoTest rebinding's condition says must be there for the
// class to be collected: `not torch.backends.mps.is_available()`, `not
// TEST_CUDA`; null when the condition says none, or not plainly.
const std::string* device_required_by(const NoTestRebinding& rebinding, const Vocabulary& vocabulary) {
  std::string_view condition = rebinding.condition;
  if (!rebinding.known_condition || condition.rfind("not ", 0) != 0) return nullptr;
  condition.remove_prefix(4);
  if (const std::string* flag = vocabulary.flag_device(condition)) return flag;
  const std::string* found = nullptr;
  size_t at = 0;
  while (at < condition.size()) {
    size_t end = condition.find_first_of(".()", at);
    if (end == std::string_view::npos) end = condition.size();
    std::string_view part = condition.substr(at, end - at);
    if (const std::string* d = part == "torch" ? nullptr : vocabulary.api_module_device(part)) {
      if (found && *found != *d) return nullptr;
      found = d;
    }
    at = end + 1;
  }
  return found;
}

}  // namespace

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
    const std::string* needed = device_required_by(*resolved.notest, vocabulary);
    const DeviceInfo* own = vocabulary.device_of_member(member);
    bool runs = needed && ((own && own->key == *needed) ||
                           (member == "ACCELERATOR" && vocabulary.kind_of(*needed) == DeviceKind::Accelerator));
    if (needed && !runs)
      return "it runs only where " + *needed + " is (" + resolved.notest_file + ":" +
             std::to_string(resolved.notest->line) + " rebinds " + resolved.notest->name + " to NoTest when " +
             resolved.notest->condition + "), so no " + member + " job would run it";
  }
  return "";
}

}  // namespace hwclass

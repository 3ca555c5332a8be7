#include "classify/bases.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <set>
#include <string_view>

#include "classify/classifier.h"

namespace hwclass {
namespace {

// A module of a library ([classify] library_packages, by top-level
// package) rather than of the test suite: its classes and values hold no
// test's device choice. [classify] helper_packages inside them are the
// suite's (torch.testing._internal: the bases and device helpers that choose).
bool library_module(const Vocabulary& vocab, std::string_view module) {
  for (const std::string& helper : vocab.helper_packages)
    if (module == helper || (module.rfind(helper, 0) == 0 && module[helper.size()] == '.')) return false;
  const std::string_view top = module.substr(0, module.find('.'));
  return std::find(vocab.library_packages.begin(), vocab.library_packages.end(), top) != vocab.library_packages.end();
}

// Whether `base`, as the module of `file` spells it, names code hwclass
// should have read: a class of a test helper module (relative, local, or
// torch.testing's) that is not a framework base, seen through `import ... as`.
bool base_should_be_followed(const FileFacts& file, const Vocabulary& vocab, const std::string& base) {
  const size_t first_dot = base.find('.');
  const std::string first = base.substr(0, first_dot);
  const std::string rest = first_dot == std::string::npos ? "" : base.substr(first_dot + 1);
  for (const Import& imp : file.imports) {
    if (imp.name == "*" || imp.bound_name() != first) continue;
    std::string real = imp.name.empty() ? rest : imp.name + (rest.empty() ? "" : "." + rest);
    const std::string& module = imp.module;
    const size_t dot = real.rfind('.');
    const std::string name = dot == std::string::npos ? real : real.substr(dot + 1);
    if (name.empty() || name == "object" || vocab.is_framework_base(name)) return false;
    return module.rfind('.', 0) == 0 || !library_module(vocab, module);
  }
  return false;  // a builtin or a star import: nothing names where it lives
}

// The first base of the MRO that names code hwclass should have read and
// could not, as a sentence; "" when none.
std::string unfollowed_base(const std::vector<FileFacts>& files, const Resolution& resolution,
                            const Vocabulary& vocabulary, const ResolvedClass& resolved) {
  for (ClassRef ref : resolved.mro)
    for (const std::string& base : resolution.of(ref).unresolved_bases) {
      const FileFacts& file = files[ref.file];
      if (!base_should_be_followed(file, vocabulary, base)) continue;
      const ClassFact& owner = file.classes[ref.cls];
      return "the base " + base + " of " + owner.name + " (" + file.relative_path + ":" +
             std::to_string(owner.line) + ") was not followed to its code, which may choose a device";
    }
  return "";
}

// The first device helper of the class's code whose device resolve could
// not read, as a sentence; "" when none. A library's (torch.*) is not a test
// helper and chooses no test's device.
std::string unread_device_helper(const std::vector<FileFacts>& files, const Resolution& resolution,
                                 const Vocabulary& vocabulary, const ResolvedClass& resolved) {
  for (ClassRef ref : resolved.mro) {
    const FileFacts& file = files[ref.file];
    if (ref != resolved.mro.front() && vocabulary.is_framework_base(file.classes[ref.cls].name)) continue;
    if (static_cast<size_t>(ref.file) >= resolution.imported_devices.size()) continue;
    for (const ImportedDevice& d : resolution.imported_devices[ref.file]) {
      if (d.resolved || d.site.class_index != ref.cls || d.module.empty()) continue;
      if (d.module[0] != '.' && library_module(vocabulary, d.module)) continue;
      const std::string where = "(" + file.relative_path + ":" + std::to_string(d.site.location.line) + ")";
      return d.module_read ? "the device helper " + d.site.text + " " + where + " is not a device value of " +
                                 d.module + " that hwclass reads, and may choose a device"
                           : "the device helper " + d.site.text + " " + where + " comes from " + d.module +
                                 ", which was not followed to its code, and may choose a device";
    }
  }
  return "";
}

}  // namespace

void cap_for_unfollowed_code(const std::vector<FileFacts>& files, const Resolution& resolution,
                             const Vocabulary& vocabulary, const ResolvedClass& resolved, Verdict& v) {
  if (v.confidence != Confidence::High) return;
  std::string why = unfollowed_base(files, resolution, vocabulary, resolved);
  if (why.empty()) why = unread_device_helper(files, resolution, vocabulary, resolved);
  if (why.empty()) return;
  v.confidence = Confidence::Medium;
  v.confidence_reasons.push_back(std::move(why));
}

// Contract 14: a test-less base or mixin that test classes inherit from
// declares once for them, so it gets the member its subclasses share
// (`base-of-classes`, medium, the subclasses as evidence). Subclasses that
// disagree leave it without a verdict. Framework bases are not the test
// author's to declare.
void add_base_verdicts(const Analysis& analysis, std::vector<Verdict>& out) {
  const auto& files = analysis.files;
  const Resolution& resolution = analysis.resolution;
  const Vocabulary& vocabulary = analysis.vocabulary;
  std::set<ClassRef> judged;
  for (const Verdict& v : out) judged.insert(v.ref);
  std::map<ClassRef, std::vector<size_t>> subclasses;
  for (size_t i = 0; i < out.size(); ++i)
    for (ClassRef base : resolution.of(out[i].ref).mro)
      if (!judged.count(base) && !vocabulary.is_framework_base(files[base.file].classes[base.cls].name))
        subclasses[base].push_back(i);
  std::vector<Verdict> bases;
  for (const auto& [base, subs] : subclasses) {
    const std::string& member = out[subs.front()].inferred;
    if (!std::all_of(subs.begin(), subs.end(), [&](size_t i) { return out[i].inferred == member; })) continue;
    const Verdict* own = analysis.verdict(base);
    Verdict v = own ? *own : classify_class(files, resolution, vocabulary, base);
    v.rules = {ClassifyRuleId::BaseOfClasses};
    v.inferred = member;
    v.confidence = Confidence::Medium;
    v.confidence_reasons = {"it has no tests of its own; its " + std::to_string(subs.size()) +
                            (subs.size() == 1 ? " subclass is " : " subclasses are ") + member};
    v.reasons.clear();
    v.split.clear();
    v.never_runs.clear();
    v.target.clear();
    v.member_note.clear();
    for (size_t i : subs) {
      const FileFacts& f = files[out[i].ref.file];
      const ClassFact& c = f.classes[out[i].ref.cls];
      v.reasons.push_back(Reason{EvidenceKind::Subclass, {}, "", c.name, c.name, c.line, f.relative_path});
      if (v.target.empty()) v.target = out[i].target;
    }
    v.agrees = !v.declared.empty() && v.declared == v.inferred;
    bases.push_back(std::move(v));
  }
  out.insert(out.end(), bases.begin(), bases.end());
  std::sort(out.begin(), out.end(), [](const Verdict& a, const Verdict& b) { return a.ref < b.ref; });
}

}  // namespace hwclass

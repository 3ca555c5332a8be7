#include "classify/fixability.h"

#include <algorithm>

#include "facts/queries.h"
#include "util/spelling.h"

#include <string>
#include <vector>

namespace hwclass {
namespace {


// A site the device fixes may rewrite sits in a test method that has the
// injected `device`, or gets it from add-device-param, and in code that runs
// whatever the device (not in a decorator, a condition or a device branch).
bool in_device_test_code(const ClassFact& cls, const Method& m, const DeviceSite& s, const Verdict& v) {
  if (s.in_decorator || s.guarded || s.in_condition) return false;
  return takes_device_parameter(m) || device_param_fixable(cls, m, v);
}

// The API name of a call of a rewritten module: "torch.cuda.Stream()" ->
// "Stream"; "" when the call is not of one.
std::string rewritten_api(const DeviceSite& s, const Vocabulary& vocabulary) {
  for (const std::string& module : vocabulary.api_rewrite_modules)
    if (s.text.rfind(module, 0) == 0) return s.text.substr(module.size(), s.text.find('(') - module.size());
  return "";
}

// Whether accelerator-api rewrites the call on its own terms: a drop-in
// spelling, written plainly, of a module it rewrites, whose target the tree
// defines.
bool drop_in_rewrite(const DeviceSite& s, const Vocabulary& vocabulary, std::string* why) {
  const std::string* spelling = vocabulary.accelerator_equivalent(s.text);
  // A spelling with arguments of its own (get_device_module(device),
  // autocast(device_type, ...)) is not a drop-in callee; a chained call
  // is rewritten at its innermost device call.
  bool drop_in = spelling && !spelling->empty() && spelling->find('(') == std::string::npos;
  bool plain = !s.via_alias && s.text.rfind("torch.", 0) == 0 && std::count(s.text.begin(), s.text.end(), '(') == 1;
  if (!drop_in || !plain) return false;
  if (rewritten_api(s, vocabulary).empty()) {
    if (why) *why = "accelerator-api: only calls of " + join_names(vocabulary.api_rewrite_modules) +
                    " are rewritten; " + s.text + " stays";
    return false;
  }
  if (auto it = vocabulary.missing_fix_targets.find(*spelling); it != vocabulary.missing_fix_targets.end()) {
    if (why) *why = "accelerator-api: " + it->second;
    return false;
  }
  return true;
}

template <class Refuse>
const char* accelerator_api_rule(const FileFacts& file, const DeviceSite& s, const Vocabulary& vocabulary,
                                 Refuse refuse) {
  std::string why;
  if (!drop_in_rewrite(s, vocabulary, &why)) return why.empty() ? nullptr : refuse(why);
  // Calls that work together (a stream and its context manager) move
  // together: when one in the same test stays, so does this one.
  const std::string api = rewritten_api(s, vocabulary);
  for (const auto& group : vocabulary.rewrite_together) {
    if (std::find(group.begin(), group.end(), api) == group.end()) continue;
    for (const DeviceSite& other : file.sites) {
      if (&other == &s || other.chained || other.class_index != s.class_index || other.method != s.method ||
          other.kind != SiteKind::AcceleratorApi)
        continue;
      const std::string other_api = rewritten_api(other, vocabulary);
      if (std::find(group.begin(), group.end(), other_api) == group.end()) continue;
      if (!drop_in_rewrite(other, vocabulary, nullptr))
        return refuse("accelerator-api: " + s.text + " goes with " + other.text + " (line " +
                      std::to_string(other.location.line) + "), which has no drop-in spelling");
    }
  }
  return "accelerator-api";
}

}  // namespace

bool migrates_to_accelerator(const Verdict& v) {
  return (v.target.empty() ? v.inferred : v.target) == "ACCELERATOR" && v.split.empty() && v.migration_blocked.empty() &&
         (v.declared.empty() || v.declared == "ACCELERATOR");
}

bool declaration_form_fixable(const Declaration& d, const Vocabulary& vocabulary) {
  return d.state == DeclarationState::Invalid && !vocabulary.intended_member(d).empty();
}

bool classification_fixable(const ClassFact& cls, const Verdict& v) {
  return cls.is_test_class && cls.declaration.state == DeclarationState::Absent && !cls.damaged &&
         v.confidence == Confidence::High && v.split.empty();
}

bool instantiation_fixable(const ResolvedClass& r, const ClassFact& cls, const Verdict& v) {
  return migrates_to_accelerator(v) && !cls.damaged && r.instantiation < 0 && !r.instantiated_subclass.valid();
}

bool device_param_fixable(const ClassFact& cls, const Method& m, const Verdict& v) {
  return migrates_to_accelerator(v) && !cls.damaged && m.is_test && m.self_end_byte && !takes_device_parameter(m);
}

const char* site_fix_rule(const FileFacts& file, const DeviceSite& s, const Verdict& v, const Vocabulary& vocabulary,
                          std::string* why_not) {
  auto refuse = [&](std::string why) -> const char* {
    if (why_not) *why_not = std::move(why);
    return nullptr;
  };
  if (s.class_index < 0 || s.method.empty() || !migrates_to_accelerator(v)) return nullptr;
  const ClassFact& cls = file.classes[static_cast<size_t>(s.class_index)];
  const Method* m = method_named(cls, s.method);
  if (!m || !m->is_test || cls.damaged) return nullptr;
  // A global named `device` (= GPU_TYPE, = "cuda") read in a test becomes
  // the parameter's value once add-device-param shadows it, whatever it named.
  if (s.kind == SiteKind::DeviceGlobalUse)
    return s.text == "device" && !s.in_decorator && device_param_fixable(cls, *m, v) ? "add-device-param" : nullptr;
  if (!vocabulary.names_one_accelerator(s.device)) return nullptr;
  switch (s.kind) {
    case SiteKind::OnlyDecorator: {
      if (vocabulary.accelerator_only_decorator.empty()) return nullptr;
      const std::string target = vocabulary.accelerator_only_module + "." + vocabulary.accelerator_only_decorator;
      if (auto it = vocabulary.missing_fix_targets.find(target); it != vocabulary.missing_fix_targets.end())
        return refuse("only-to-accelerator: " + it->second);
      return "only-to-accelerator";
    }
    case SiteKind::DeviceString:
      // f"cuda:{i}" names one device of several, which `device` would lose;
      // a device kept only as a value is data, not where the test runs.
      if (s.text[0] == 'f' || s.text[0] == 'F' || s.value_only) return nullptr;
      if (!in_device_test_code(cls, *m, s, v)) return nullptr;
      if (s.text.find(':') != std::string::npos)
        return refuse("device-to-param: " + s.text + " names a device index, which `device` would lose");
      return "device-to-param";
    case SiteKind::TensorMethod:
    case SiteKind::AcceleratorApi: {
      if (!in_device_test_code(cls, *m, s, v)) return nullptr;
      const std::string* spelling =
          s.kind == SiteKind::AcceleratorApi ? vocabulary.accelerator_equivalent(s.text) : nullptr;
      // torch.randn(3).cuda() reads as the device's API; it is a tensor
      // method, and only its bare form says nothing more than the device.
      if (s.kind == SiteKind::TensorMethod || (spelling && spelling->empty()))
        return s.bare_call ? "cuda-to-device" : nullptr;
      return accelerator_api_rule(file, s, vocabulary, refuse);
    }
    default:
      return nullptr;
  }
}

bool unsafe_fixes_apply(const FileFacts& file, int class_index, const ResolvedClass& r, const Verdict& v,
                        const Vocabulary& vocabulary) {
  const ClassFact& cls = file.classes[static_cast<size_t>(class_index)];
  if (instantiation_fixable(r, cls, v)) return true;
  for (const Method& m : cls.methods)
    if (device_param_fixable(cls, m, v)) return true;
  return std::any_of(file.sites.begin(), file.sites.end(), [&](const DeviceSite& s) {
    return s.class_index == class_index && site_fix_rule(file, s, v, vocabulary);
  });
}

}  // namespace hwclass

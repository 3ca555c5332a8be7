#include "classify/fixability.h"

#include <algorithm>
#include <set>

#include "facts/queries.h"
#include "util/spelling.h"

#include <string>
#include <vector>

namespace hwclass {
namespace {


// A site the device fixes may rewrite sits in a test method that has the
// injected `device`, or gets it from add-device-param, and in code that runs
// whatever the device (not in a decorator, a condition or a device branch).
bool in_device_test_code(const ClassFact& cls, const Method& m, const DeviceSite& s, const Verdict& v,
                         const Vocabulary& vocabulary) {
  if (s.in_decorator || s.guarded || s.in_condition) return false;
  return takes_device_parameter(m) || device_param_fixable(cls, m, v, vocabulary);
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
bool drop_in_rewrite(const DeviceSite& s, const Vocabulary& vocabulary, const FixTargets& targets, std::string* why) {
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
  if (std::string missing = targets.why_missing(*spelling); !missing.empty()) {
    if (why) *why = "accelerator-api: " + missing;
    return false;
  }
  return true;
}

template <class Refuse>
FixKind accelerator_api_rule(const FileFacts& file, const DeviceSite& s, const Vocabulary& vocabulary,
                             const FixTargets& targets, Refuse refuse) {
  std::string why;
  if (!drop_in_rewrite(s, vocabulary, targets, &why)) return why.empty() ? FixKind::None : refuse(why);
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
      if (!drop_in_rewrite(other, vocabulary, targets, nullptr))
        return refuse("accelerator-api: " + s.text + " goes with " + other.text + " (line " +
                      std::to_string(other.location.line) + "), which has no drop-in spelling");
    }
  }
  return FixKind::AcceleratorApi;
}

}  // namespace

bool migrates_to_accelerator(const ClassFact& cls, const Verdict& v, const Vocabulary& vocabulary) {
  const Members& members = vocabulary.members;
  // An invalid declaration stays what declaration-form makes it (the member
  // it means), or a person's to mend: the class ends ACCELERATOR only when
  // that member is ACCELERATOR (the early alias). Migrating a class whose
  // string names another member would leave it with `device` parameters
  // under that member.
  if (cls.declaration.state == DeclarationState::Invalid &&
      !members.is_accelerator(vocabulary.intended_member(cls.declaration)))
    return false;
  return members.is_accelerator(v.target.empty() ? v.inferred : v.target) && v.split.empty() &&
         v.migration_blocked.empty() && (v.declared.empty() || members.is_accelerator(v.declared));
}

bool declaration_form_fixable(const Declaration& d, const Vocabulary& vocabulary) {
  return d.state == DeclarationState::Invalid && !vocabulary.intended_member(d).empty();
}

bool contradicts_inherited(const Verdict& v) {
  return v.declaration_inherited && !v.declared.empty() && v.inferred != v.declared;
}

bool classification_fixable(const ClassFact& cls, const Verdict& v) {
  if (!cls.is_test_class || cls.declaration.state != DeclarationState::Absent || cls.damaged) return false;
  // A class that inherits a declaration repeats it on the same evidence as
  // any declaration (a high-confidence inference, here one that agrees), not
  // because its base is declared: a base this run declares would otherwise
  // leave its subclasses to a second run, and fix would not be idempotent.
  if (contradicts_inherited(v)) return false;
  return v.confidence == Confidence::High && v.split.empty();
}

const std::string& declared_member(const Verdict& v) {
  return v.declaration_inherited && !v.declared.empty() ? v.declared : v.inferred;
}

const Reason* own_test_need(const ClassFact& cls, const Verdict& v) {
  if (v.inferred == v.declared) return nullptr;
  for (const Reason& r : v.reasons) {
    if (r.device.empty()) continue;
    for (const Method& m : cls.methods)
      if (m.is_test && r.owner == cls.name + "." + m.name) return &r;
  }
  return nullptr;
}

bool instantiation_fixable(const ResolvedClass& r, const ClassFact& cls, const Verdict& v,
                           const Vocabulary& vocabulary) {
  return migrates_to_accelerator(cls, v, vocabulary) && !cls.damaged && r.instantiation < 0 && !r.instantiated_subclass.valid();
}

namespace {

// The class's name and the module-level functions that read it, directly or
// through one another: reading any of them reads the class.
std::set<std::string> names_reading(const FileFacts& file, const std::string& cls) {
  std::set<std::string> reading{cls};
  for (bool grew = true; grew;) {
    grew = false;
    for (const NameRead& n : file.name_reads)
      if (!n.function.empty() && reading.count(n.name) && reading.insert(n.function).second) grew = true;
  }
  return reading;
}

std::string how_read(const NameRead& n, const std::string& cls) {
  return "line " + std::to_string(n.line) + " reads " + (n.name == cls ? cls : n.name + ", which reads " + cls);
}

}  // namespace

InstantiationPlace instantiation_place(const FileFacts& file, ClassRef ref) {
  const ClassFact& cls = file.classes[static_cast<size_t>(ref.cls)];
  InstantiationPlace place{cls.body_end_byte, 0};
  const std::set<std::string> reading = names_reading(file, cls.name);
  for (const NameRead& n : file.name_reads)
    if (n.function.empty() && !n.run_time && reading.count(n.name) && n.statement_end > place.after_byte)
      place = InstantiationPlace{n.statement_end, n.line};
  return place;
}

// What the variants take from the template's body, read as the 2.6.0
// runtime does: its methods copied, not inherited, and every test* member
// taken for a test.
std::string variant_copy_blocker(const FileFacts& file, const ClassFact& cls) {
  for (const Method& m : cls.methods)
    if (m.super_line) return super_blocker(cls, m);
  // The expanded tests keep their @parametrize marks, so the variants expand
  // them again: 2.6.0's test_2d_composability.py then collects
  // test_x_is_even_sharded_model_False_is_even_sharded_model_True_cpu, the
  // product of the two, and no test under its own name.
  if (uint32_t line = parametrized_expansion_line(file, cls))
    return "instantiate_parametrized_tests (line " + std::to_string(line) +
           ") already expands its parametrized tests, and instantiate_device_type_tests would expand them again";
  for (const auto& [name, line] : cls.test_named_values)
    return "its attribute " + name + " (line " + std::to_string(line) +
           ") is no test, yet instantiate_device_type_tests takes every test* member for one and raises TypeError";
  return "";
}

std::string super_blocker(const ClassFact& cls, const Method& m) {
  return "its " + m.name + " calls super() naming " + cls.name + " (line " + std::to_string(m.super_line) +
         "), and the classes instantiate_device_type_tests makes copy " + m.name + " without deriving from " +
         cls.name + ": the call raises TypeError in them";
}

std::string instantiation_blocker(const std::vector<FileFacts>& files, const Resolution& resolution, ClassRef ref) {
  const FileFacts& file = files[static_cast<size_t>(ref.file)];
  const ClassFact& cls = file.classes[static_cast<size_t>(ref.cls)];
  const ResolvedClass& r = resolution.of(ref);
  const std::string deletes = ", and instantiate_device_type_tests would delete it from this module";
  // What the module holds under the class's name must be the class body:
  // instantiate_device_type_tests copies the tests of its own namespace.
  if (!r.not_collected.empty())
    return "pytest collects no such class (" + r.not_collected + "), so there is no class to instantiate";
  if (!r.subclassed_by.empty())
    return "its decorator @" + r.subclassed_by + " hands the module a subclass, whose own namespace holds no test: "
           "instantiate_device_type_tests would make variants without them";
  if (!r.importers.empty()) {
    std::string names;
    for (size_t k = 0; k < r.importers.size() && k < 3; ++k)
      names += (k ? ", " : "") + files[static_cast<size_t>(r.importers[k])].relative_path;
    if (r.importers.size() > 3) names += " and " + std::to_string(r.importers.size() - 3) + " more";
    return "blocked by its importers: " + names + " import or subclass it" + deletes;
  }
  for (size_t k = 0; k < file.classes.size(); ++k)
    for (const ClassRef& base : resolution.classes[static_cast<size_t>(ref.file)][k].bases)
      if (base == ref)
        return file.classes[k].name + " (line " + std::to_string(file.classes[k].line) + ") inherits its tests" + deletes;
  // Its base keeps its own tests as a plain class (the check above blocks
  // that base), so the variants would run those tests on a second runner,
  // and declaring the base would then stop the migration: a second run of
  // fix would undo the first's decision.
  for (const TestRef& t : r.tests) {
    if (t.defined_in == ref || !t.defined_in.valid()) continue;
    const ResolvedClass& base = resolution.of(t.defined_in);
    const ClassFact& base_cls = files[static_cast<size_t>(t.defined_in.file)].classes[static_cast<size_t>(t.defined_in.cls)];
    if (base_cls.is_test_class && base.instantiation < 0 && base.not_collected.empty())
      return "it inherits the tests of " + base_cls.name + " (line " + std::to_string(base_cls.line) +
             "), which stays a plain class";
  }
  const std::set<std::string> reading = names_reading(file, cls.name);
  for (const NameRead& n : file.name_reads)
    if (n.function.empty() && n.run_time && reading.count(n.name))
      return how_read(n, cls.name) + " when a test runs" + deletes;
  InstantiationPlace place = instantiation_place(file, ref);
  if (file.main_guard_byte && place.after_byte > file.main_guard_byte) {
    for (const NameRead& n : file.name_reads)
      if (n.function.empty() && n.line == place.read_line && reading.count(n.name))
        return how_read(n, cls.name) + " at import, in or after the `if __name__` guard, so no place before it "
                                       "can take instantiate_device_type_tests";
  }
  return "";
}

bool device_param_fixable(const ClassFact& cls, const Method& m, const Verdict& v, const Vocabulary& vocabulary) {
  return migrates_to_accelerator(cls, v, vocabulary) && !cls.damaged && m.is_test && m.self_end_byte && !takes_device_parameter(m);
}

FixKind site_fix_rule(const FileFacts& file, const DeviceSite& s, const Verdict& v, const Vocabulary& vocabulary,
                          const FixTargets& targets, std::string* why_not) {
  auto refuse = [&](std::string why) -> FixKind {
    if (why_not) *why_not = std::move(why);
    return FixKind::None;
  };
  if (s.class_index < 0 || s.method.empty()) return FixKind::None;
  const ClassFact& cls = file.classes[static_cast<size_t>(s.class_index)];
  if (!migrates_to_accelerator(cls, v, vocabulary)) return FixKind::None;
  const Method* m = method_named(cls, s.method);
  if (!m || !m->is_test || cls.damaged) return FixKind::None;
  // A global named `device` (= GPU_TYPE, = "cuda") read in a test becomes
  // the parameter's value once add-device-param shadows it, whatever it named.
  if (s.kind == SiteKind::DeviceGlobalUse) {
    if (s.text == "device")
      return !s.in_decorator && device_param_fixable(cls, *m, v, vocabulary) ? FixKind::AddDeviceParam
                                                                                     : FixKind::None;
    // `DEVICE = "cuda"` read where a device goes (`device=DEVICE`,
    // `.to(DEVICE)`): the test's `device` stands for it there. Read
    // elsewhere (`f"{DEVICE}:1"`, `DEVICE == "cuda"`, a helper's argument)
    // it is data the test may need as it is, and stays.
    if (!s.device_position || !vocabulary.names_one_accelerator(s.device)) return FixKind::None;
    return in_device_test_code(cls, *m, s, v, vocabulary) ? FixKind::DeviceToParam : FixKind::None;
  }
  if (!vocabulary.names_one_accelerator(s.device)) return FixKind::None;
  switch (s.kind) {
    case SiteKind::OnlyDecorator: {
      if (vocabulary.accelerator_only_decorator.empty()) return FixKind::None;
      const std::string target = vocabulary.accelerator_only_module + "." + vocabulary.accelerator_only_decorator;
      if (std::string missing = targets.why_missing(target); !missing.empty())
        return refuse("only-to-accelerator: " + missing);
      return FixKind::OnlyToAccelerator;
    }
    case SiteKind::DeviceString:
      // f"cuda:{i}" names one device of several, which `device` would lose;
      // a device kept only as a value is data, not where the test runs.
      if (s.text[0] == 'f' || s.text[0] == 'F' || s.value_only) return FixKind::None;
      if (!in_device_test_code(cls, *m, s, v, vocabulary)) return FixKind::None;
      if (s.text.find(':') != std::string::npos)
        return refuse("device-to-param: " + s.text + " names a device index, which `device` would lose");
      // `def test_x(self, device="mps")` (1.13.1's test_mps.py): the default
      // is evaluated where the class is defined, where no `device` exists
      // (NameError); instantiate_device_type_tests passes the device anyway.
      if (s.location.start_byte < m->body_start_byte)
        return refuse("device-to-param: " + s.text + " is a parameter's default, evaluated where the class is "
                      "defined, where `device` is no name");
      return FixKind::DeviceToParam;
    case SiteKind::TensorMethod:
    case SiteKind::AcceleratorApi: {
      if (!in_device_test_code(cls, *m, s, v, vocabulary)) return FixKind::None;
      const std::string* spelling =
          s.kind == SiteKind::AcceleratorApi ? vocabulary.accelerator_equivalent(s.text) : nullptr;
      // torch.randn(3).cuda() reads as the device's API; it is a tensor
      // method, and only its bare form says nothing more than the device.
      if (s.kind == SiteKind::TensorMethod || (spelling && spelling->empty()))
        return s.bare_call ? FixKind::CudaToDevice : FixKind::None;
      return accelerator_api_rule(file, s, vocabulary, targets, refuse);
    }
    default:
      return FixKind::None;
  }
}

bool unsafe_fixes_apply(const FileFacts& file, int class_index, const ResolvedClass& r, const Verdict& v,
                        const Vocabulary& vocabulary, const FixTargets& targets) {
  const ClassFact& cls = file.classes[static_cast<size_t>(class_index)];
  if (instantiation_fixable(r, cls, v, vocabulary)) return true;
  for (const Method& m : cls.methods)
    if (device_param_fixable(cls, m, v, vocabulary)) return true;
  return std::any_of(file.sites.begin(), file.sites.end(), [&](const DeviceSite& s) {
    return s.class_index == class_index && site_fix_rule(file, s, v, vocabulary, targets) != FixKind::None;
  });
}

}  // namespace hwclass

// rules/classify.md's rules for a class nothing instantiates directly: a
// device template, a class named for a device, a module gate, a runtime
// device base, and the tests' own needs (mixed classes and their splits).
#include <algorithm>
#include <map>
#include <set>

#include "classify/rules.h"
#include "util/ascii.h"

namespace hwclass::rules {
namespace {

// Class names for a split, following upstream's convention (#192118):
// TestX (GENERIC), TestXDevice (ACCELERATOR), TestXCUDA (device-specific).
void suggest_split(Context& c, const std::string& device_member) {
  std::string base = c.cls.name;
  std::vector<std::string> suffixes = {"Device"};
  for (const DeviceInfo& d : c.vocab.devices)
    if (c.device_specific(d.member)) suffixes.push_back(d.member);
  for (const std::string& s : suffixes) {
    if (base.size() > s.size() && base.compare(base.size() - s.size(), s.size(), s) == 0) base.resize(base.size() - s.size());
  }
  SplitPart generic{base, c.generic(), {}}, device{base + "Device", c.accelerator(), {}},
      specific{base + device_member, device_member, {}};
  for (const TestEvidence& t : c.ev.tests) {
    bool needs_device = false, is_specific = false;
    for (const std::string& d : t.needed) needs_device |= c.kind_of(d) != DeviceKind::Host;
    for (const Need& n : t.needs) is_specific |= n.specific && n.strength == Strength::Requires;
    (!needs_device ? generic : is_specific && !device_member.empty() ? specific : device).tests.push_back(t.name);
  }
  for (SplitPart* part : {&generic, &device, &specific})
    if (!part->tests.empty()) c.v.split.push_back(*part);
  if (c.v.split.size() < 2) c.v.split.clear();
}

// instantiate_parametrized_tests fills a `device` parameter from @parametrize,
// so there it says nothing about device instantiation.
bool parametrized(const Context& c) { return parametrized_expansion_line(c.file, c.cls) != 0; }

// Tests that take `device` in a class nothing instantiates directly: a
// device-generic template, through a subclass if one is instantiated.
bool infer_device_template(Context& c) {
  bool device_param = !parametrized(c) && std::any_of(c.ev.tests.begin(), c.ev.tests.end(),
                                                      [](const TestEvidence& t) { return t.takes_device; });
  if (!device_param) return false;
  if (ClassRef sub = c.resolution.of(c.ref).instantiated_subclass; sub.valid()) {
    const FileFacts& file = c.files[sub.file];
    c.decide(Rule::BaseOfInstantiatedClass, c.accelerator(), Confidence::Medium,
             "its tests take `device` and run through the instantiated subclass " + file.classes[sub.cls].name +
                 ", not through an instantiate call of its own");
    c.v.reasons.push_back(Reason{EvidenceKind::Subclass, {}, "", file.classes[sub.cls].name, "", file.classes[sub.cls].line,
                                 file.relative_path});
    return true;
  }
  c.decide(Rule::DeviceParameterWithoutInstantiation, c.accelerator(), Confidence::Low,
           "its tests take `device`, but no instantiate_device_type_tests call names it or a subclass");
  return true;
}

// `TestFooCUDA`, `TestBarMTIA`: a class named for one accelerator, whose code
// requires no device, is still meant for it (the naming in docs/upstream.md
// 8). Low confidence on the name alone, medium when weaker evidence of that
// device is there too. A device without a member of its own (MTIA, HPU, a
// PrivateUse1 backend) maps to ACCELERATOR.
bool infer_from_class_name(Context& c) {
  const std::string& name = c.cls.name;
  for (const DeviceInfo& d : c.vocab.devices) {
    std::string suffix = ascii_upper(d.key);
    if (d.kind != DeviceKind::Accelerator || name.size() <= suffix.size() ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
      continue;
    bool seen = std::any_of(c.ev.shared.begin(), c.ev.shared.end(), [&](const Need& n) { return n.site->device.is(d.key); });
    for (const TestEvidence& t : c.ev.tests)
      for (const Need& n : t.needs) seen |= n.site->device.is(d.key);
    c.decide(Rule::ClassNameNamesDevice, d.member.empty() ? c.accelerator() : d.member,
             seen ? Confidence::Medium : Confidence::Low,
             seen ? "its name ends in " + suffix + " and its code mentions " + d.key + ", but no test requires it"
                  : "only its name (ending in " + suffix + ") names " + d.key + "; no code requires it");
    c.v.reasons.push_back(Reason{EvidenceKind::ClassName, {}, d.key, name, name, c.cls.line, c.file.relative_path});
    return true;
  }
  // `TestMKLVerbose`: named for a CPU-only library (the host's api_modules:
  // mkl, mkldnn, openmp), whose code may sit outside the class (a script).
  std::string lower = ascii_lower(name);
  for (const DeviceInfo& d : c.vocab.devices) {
    if (d.kind != DeviceKind::Host) continue;
    for (const std::string& feature : d.api_modules) {
      if (lower.find(feature) == std::string::npos) continue;
      c.decide(Rule::ClassNameNamesDevice, d.member, Confidence::Low,
               "only its name names " + feature + ", a CPU-only library; no code requires it");
      c.v.reasons.push_back(Reason{EvidenceKind::ClassName, {}, d.key, name, name, c.cls.line, c.file.relative_path});
      return true;
    }
  }
  return false;
}

// `@tf32_on_and_off(0.001)`: a requiring decorator that runs its test on a
// CPU as it is ([classify] running_decorators).
bool runs_without_device(const Vocabulary& vocab, const std::string& decorator_text) {
  std::string name = decorator_text.substr(decorator_text.rfind('@') + 1);
  name = name.substr(0, name.find('('));
  name = name.substr(name.rfind('.') + 1);
  const auto& list = vocab.running_decorators;
  return std::find(list.begin(), list.end(), name) != list.end();
}

// A test that skips itself without the device it needs: a skip decorator
// on it (`@skipIf(not TEST_CUDA)`, `@requires_cuda`, or a skip whose
// condition is not read, `@skipIf(not RUN_CUDA_HALF)`), or a run-time check
// in its body (`if not TEST_CUDA: self.skipTest(...)`, an early return).
bool guards_itself(const Context& c, const TestEvidence& t) {
  if (t.skip_decorated) return true;
  return std::any_of(t.needs.begin(), t.needs.end(), [&](const Need& n) {
    if (c.kind_of(n.site->device.label()) == DeviceKind::Host) return false;
    const bool requiring_decorator = n.site->kind == SiteKind::DeviceDecorator && n.site->role == DecoratorRole::Requires &&
                                     !runs_without_device(c.vocab, n.site->text);
    const uint32_t line = n.site->location.line;
    const bool in_skip = n.site->in_decorator && std::any_of(t.skip_decorator_lines.begin(), t.skip_decorator_lines.end(),
                                                             [&](const auto& r) { return line >= r.first && line < r.second; });
    return ((in_skip || requiring_decorator) && n.strength == Strength::Requires) || n.site->skips_test;
  });
}

// Contract 14: a class whose tests mostly run anywhere, and whose few device
// tests skip themselves without their device, is GENERIC (medium); the
// guarded tests never run on a GENERIC runner (never_runs), and a split
// frees them. Device tests that do not guard themselves (upstream's CPU CI
// runs them, so their device code must run without it) make it low. When
// one device is needed by most tests, that device's member stays.
bool infer_mixed_generic(Context& c) {
  std::map<std::string, size_t> per_device;
  std::vector<std::string> guarded, unguarded;
  std::vector<Reason> sites;  // the device tests' requirements: what explain shows as evidence
  for (const TestEvidence& t : c.ev.tests) {
    bool needs = false;
    for (const std::string& d : t.needed)
      if (c.kind_of(d) != DeviceKind::Host) ++per_device[d], needs = true;
    if (!needs) continue;
    (guards_itself(c, t) ? guarded : unguarded).push_back(t.name);
    for (const Need& n : t.needs)
      if (n.strength == Strength::Requires && c.kind_of(n.site->device.label()) != DeviceKind::Host)
        sites.push_back(reason_of(n));
  }
  for (const auto& [device, n] : per_device)
    if (2 * n > c.ev.tests.size()) return false;
  c.v.reasons.insert(c.v.reasons.end(), sites.begin(), sites.end());
  std::string devices;
  for (const auto& [device, n] : per_device) devices += (devices.empty() ? "" : ", ") + device;
  if (unguarded.empty())
    c.decide(Rule::MixedClassGuardsDeviceTests, c.generic(), Confidence::Medium,
             std::to_string(guarded.size()) + " of " + std::to_string(c.ev.tests.size()) + " tests need " + devices +
                 " and skip themselves without it, so they run on no GENERIC runner (never_runs); a split frees them");
  else
    c.decide(Rule::MixedClassGuardsDeviceTests, c.generic(), Confidence::Low,
             std::to_string(unguarded.size()) + " of its device tests (" + unguarded.front() +
                 (unguarded.size() > 1 ? ", ...) do not skip themselves" : ") does not skip itself") + " without " + devices +
                 ": on a GENERIC runner " + (unguarded.size() > 1 ? "they pass" : "it passes") +
                 " only if that code runs without the device");
  c.v.never_runs = guarded;
  std::string member;
  if (per_device.size() == 1) member = c.member_of(per_device.begin()->first);
  suggest_split(c, c.device_specific(member) ? member : "");
  return true;
}

// A class-level skip where any of two or more accelerators is present
// (`@skipIf(TEST_CUDA or TEST_XPU or TEST_MPS, ...)`): it runs on the CPU alone.
bool skips_wherever_an_accelerator_is(const Context& c) {
  std::set<std::string> skipped;
  for (const Need& n : c.ev.shared)
    if (n.site->skip_when_present && n.site->method.empty() && c.kind_of(n.site->device.label()) == DeviceKind::Accelerator)
      skipped.insert(n.site->device.key);
  return skipped.size() >= 2;
}

// A base that picks its tests' device from availability at run time
// (DTensorTestBase): its classes are ACCELERATOR targets (contract 14).
bool infer_runtime_device_base(Context& c) {
  const auto& names = c.vocab.runtime_device_bases;
  auto listed = [&](std::string name) {
    if (size_t dot = name.rfind('.'); dot != std::string::npos) name = name.substr(dot + 1);
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  std::string base;
  for (ClassRef ref : c.resolved.mro) {
    const ClassFact& cls = c.files[ref.file].classes[ref.cls];
    if (!(ref == c.ref) && listed(cls.name)) base = cls.name;
    for (const std::string& b : c.resolution.of(ref).unresolved_bases)
      if (base.empty() && listed(b)) base = b;
    if (!base.empty()) break;
  }
  if (base.empty()) return false;
  c.decide(Rule::RuntimeDeviceBase, c.accelerator(), Confidence::Medium,
           "its base " + base + " picks the device from availability at run time; a migration passes the injected "
           "device instead (the blockers)");
  c.v.reasons.push_back(Reason{EvidenceKind::Base, {}, "", base, c.cls.name, c.cls.line, c.file.relative_path});
  c.obstacles.push_back(Reason{EvidenceKind::Instantiation, {}, "", "not passed to instantiate_device_type_tests", c.cls.name,
                                c.cls.line, c.file.relative_path});
  return true;
}

// `if not TEST_CUDA: TestCase = NoTest` before the class: pytest collects
// it only where the device is, so every test needs it (a module-level gate,
// contract 14 rule 1). The device of the one accelerator flag the gate's
// condition negates, or "".
std::string module_gate_device(const Context& c) {
  const auto& gate = c.resolved.notest;
  if (!gate || !gate->known_condition) return "";
  std::set<std::string> devices;
  bool negated = false;
  std::string word;
  auto take = [&] {
    if (word == "not") negated = true;
    else if (const std::string* d = c.vocab.flag_device(word); d && c.kind_of(*d) == DeviceKind::Accelerator)
      devices.insert(*d);
    word.clear();
  };
  for (char ch : gate->condition + " ") {
    if (std::isalnum(static_cast<unsigned char>(ch)) || ch == '_') word += ch;
    else take();
  }
  return negated && devices.size() == 1 ? *devices.begin() : "";
}

bool infer_module_gate(Context& c) {
  std::string device = module_gate_device(c);
  std::string member = device.empty() ? "" : c.member_of(device);
  if (!c.device_specific(member)) return false;
  // Medium: the gate may serve the module's own setup rather than every test's need.
  c.decide(Rule::ModuleGateNeedsOneDevice, member, Confidence::Medium,
           "a module-level NoTest gate on " + device + " keeps it from being collected without it; the tests "
           "themselves may need nothing");
  c.v.reasons.push_back(Reason{EvidenceKind::NoTest, {}, device, "if " + c.resolved.notest->condition + ": ... = NoTest", "<module>",
                               c.resolved.notest->line, c.resolved.notest_file});
  // The tests' own device code stays evidence: a migration rewrites it.
  c.add_reasons(c.requirements(device), c.v.reasons);
  return true;
}

// The devices the tests need by their own code, how many tests need one,
// and how many need the CPU.
struct TestNeeds {
  std::set<std::string> devices;  // not the host
  size_t needing = 0, cpu_only = 0;
};

TestNeeds test_needs(const Context& c) {
  TestNeeds out;
  for (const TestEvidence& t : c.ev.tests) {
    bool any = false;
    for (const std::string& d : t.needed)
      if (c.kind_of(d) != DeviceKind::Host) out.devices.insert(d), any = true;
    out.needing += any;
    out.cpu_only += (!t.only_device.empty() && c.kind_of(t.only_device) == DeviceKind::Host) ||
                    std::any_of(t.needed.begin(), t.needed.end(),
                                [&](const std::string& d) { return c.kind_of(d) == DeviceKind::Host; });
  }
  return out;
}

// No test needs an accelerator: CPU where the code says so, else GENERIC,
// lowered by any accelerator API call upstream's linter reports there.
void infer_no_device_needed(Context& c, const TestNeeds& n) {
  if (skips_wherever_an_accelerator_is(c)) {
    c.decide(Rule::EveryTestNeedsCpu, c.member_of(c.vocab.key_of_kind(DeviceKind::Host)), Confidence::Medium,
             "the class skips wherever an accelerator is present (contract 14: CPU-only code), but nothing "
             "instantiates it for the CPU alone");
    return;
  }
  if (n.cpu_only > 0 && n.cpu_only == c.ev.tests.size()) {
    c.decide(Rule::EveryTestNeedsCpu, c.member_of(c.vocab.key_of_kind(DeviceKind::Host)), Confidence::Medium,
             "every test needs the CPU by its code, but nothing instantiates it for the CPU alone");
    return;
  }
  if (infer_from_class_name(c)) return;
  c.decide(Rule::NoDeviceRequirement, c.generic(), Confidence::High);
  for (const auto* list : {&c.ev.shared, &c.ev.unreached})
    for (const Need& need : *list)
      if (need.site->kind == SiteKind::AcceleratorApi) c.obstacles.push_back(reason_of(need));
  for (const TestEvidence& t : c.ev.tests)
    for (const Need& need : t.needs)
      if (need.site->kind == SiteKind::AcceleratorApi) c.obstacles.push_back(reason_of(need));
  c.lower_for_obstacles("accelerator API calls, which upstream's accelerator_api rule reports in a GENERIC class");
}

// The tests name one accelerator: its member (ACCELERATOR for a device the
// rules define without one), and target ACCELERATOR where nothing in the
// needs is specific to that device.
void infer_one_device(Context& c, const TestNeeds& n, const std::string& device, const std::string& member) {
  const bool all = n.needing == c.ev.tests.size(), memberless = member.empty();
  auto needs = c.requirements();
  c.add_reasons(needs, c.v.reasons);
  if (memberless)
    c.v.member_note = device + " has no HardwareClassification member, so ACCELERATOR stands for it: "
                      "declared ACCELERATOR, the class runs on every accelerator's runner, " + device +
                      "'s among them, and lint then asks for the device to come from instantiate_device_type_tests";
  c.decide(all ? Rule::EveryTestNeedsOneDevice : Rule::SomeTestsNeedOneDevice, memberless ? c.accelerator() : member,
           all ? (c.ev.shared_requirement ? Confidence::High : Confidence::Medium) : Confidence::Low,
           all ? "every test needs " + device +
                     ", each by its own code, with no class-level requirement (a decorator, setUp or skip) for all"
               : std::to_string(n.needing) + " of " + std::to_string(c.ev.tests.size()) + " tests need " + device +
                     "; the others need no device (a split fits)");
  if (!c.any_specific(needs) && !c.host_member(member)) {
    c.v.target = c.accelerator();
    c.obstacles.push_back(Reason{EvidenceKind::Instantiation, {}, "", "not passed to instantiate_device_type_tests", c.cls.name,
                                  c.cls.line, c.file.relative_path});
    c.add_reasons(needs, c.obstacles);
  }
}

// Some accelerator, or several by name: ACCELERATOR, with what blocks it.
void infer_any_accelerator(Context& c, const TestNeeds& n, size_t named) {
  const bool all = n.needing == c.ev.tests.size();
  auto needs = c.requirements();
  c.add_reasons(needs, c.v.reasons);
  bool some_accelerator = std::all_of(n.devices.begin(), n.devices.end(), [&](const std::string& d) {
    DeviceKind kind = c.kind_of(d);
    return kind == DeviceKind::AcceleratorGroup || kind == DeviceKind::AnyAccelerator;
  });
  c.decide(Rule::NeedsAnAccelerator, c.accelerator(), some_accelerator && all ? Confidence::Medium : Confidence::Low,
           !all ? std::to_string(n.needing) + " of " + std::to_string(c.ev.tests.size()) +
                      " tests need an accelerator; the others need none"
           : some_accelerator ? "every test needs some accelerator, but nothing instantiates the class for the "
                                "injected device"
                              : "the tests name " + std::to_string(named) +
                                    " different accelerators, so no one device member fits");
  c.obstacles.push_back(Reason{EvidenceKind::Instantiation, {}, "", "not passed to instantiate_device_type_tests", c.cls.name,
                                c.cls.line, c.file.relative_path});
  hardcoded_blockers(c);
}

}  // namespace

void infer_not_instantiated(Context& c) {
  if (infer_device_template(c)) return;
  if (infer_module_gate(c)) return;
  const TestNeeds n = test_needs(c);
  // A base that picks the device at run time decides, unless the tests
  // hardcode one accelerator by name (`.cuda()`, `init_device_mesh("cuda")`).
  if (std::none_of(n.devices.begin(), n.devices.end(),
                   [&](const std::string& d) { return c.kind_of(d) == DeviceKind::Accelerator; }) &&
      infer_runtime_device_base(c))
    return;
  if (n.devices.empty()) return infer_no_device_needed(c, n);
  const bool all = n.needing == c.ev.tests.size();
  if (!all && infer_mixed_generic(c)) return;
  // "Some GPU" (skip_if_lt_x_gpu, HAS_GPU) is met by the one device the code names.
  std::set<std::string> named;
  for (const std::string& d : n.devices)
    if (c.kind_of(d) == DeviceKind::Accelerator) named.insert(d);
  const std::string member = named.size() == 1 ? c.member_of(*named.begin()) : "";
  // A device the rules define without a member (npu, hpu, a PrivateUse1
  // backend) is read exactly as one with a member; ACCELERATOR stands in
  // for the member it lacks.
  const bool one_device = c.device_specific(member) || (named.size() == 1 && member.empty());
  if (one_device) infer_one_device(c, n, *named.begin(), member);
  else infer_any_accelerator(c, n, named.size());
  if (!all) suggest_split(c, c.device_specific(member) ? member : "");
}

}  // namespace hwclass::rules

// The inference rules of rules/classify.md, in the order they are tried.
#include "util/ascii.h"
#include "classify/classifier.h"
#include "facts/queries.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "classify/bases.h"
#include "classify/evidence.h"
#include "classify/fixability.h"

namespace hwclass {

const char* to_string(Confidence c) {
  switch (c) {
    case Confidence::Low: return "low";
    case Confidence::Medium: return "medium";
    case Confidence::High: return "high";
  }
  return "?";
}

namespace {

struct Context {
  const std::vector<FileFacts>& files;
  const Resolution& resolution;
  const Vocabulary& vocab;
  ClassRef ref;
  const FileFacts& file;
  const ClassFact& cls;
  const ResolvedClass& resolved;
  ClassEvidence ev;
  Verdict& v;
  // What keeps the class from its verdict or target, for the confidence
  // only; the blockers users see are lint's findings (lint/advice.cpp).
  std::vector<Reason> obstacles;

  // The members of tests that run on any accelerator, and of tests that need none.
  const std::string& accelerator() const { return vocab.members.accelerator(); }
  const std::string& generic() const { return vocab.members.generic(); }
  // The member for code specific to `device` ("" when no member is).
  std::string member_of(const std::string& device) const {
    const DeviceInfo* d = vocab.device(device);
    return d ? d->member : "";
  }
  bool device_specific(const std::string& member) const { return vocab.device_of_member(member) != nullptr; }
  // CPU: the host runs it wherever tests run, so it never becomes ACCELERATOR.
  bool host_member(const std::string& member) const {
    const DeviceInfo* d = vocab.device_of_member(member);
    return d && d->kind == DeviceKind::Host;
  }
  DeviceKind kind_of(const std::string& device) const { return vocab.kind_of(std::string_view(device)); }
  // `why_not_high`: the sentence explain gives for a confidence below high.
  void decide(const char* rule, std::string member, Confidence confidence, std::string why_not_high = {}) {
    v.rules.push_back(rule);
    v.inferred = std::move(member);
    v.confidence = confidence;
    v.confidence_reasons.clear();
    v.confidence_sites.clear();
    if (confidence != Confidence::High) v.confidence_reasons.push_back(std::move(why_not_high));
  }
  // Lowers a high verdict to medium because of what stands in its way.
  void lower_for_obstacles(const std::string& what) {
    if (obstacles.empty()) return;
    v.confidence = Confidence::Medium;
    // Not "blockers": those are lint's errors under the declaration
    // (lint/advice.cpp), which these sites need not be.
    v.confidence_reasons.push_back(std::to_string(obstacles.size()) +
                                   (obstacles.size() == 1 ? " site (" + what + ") stands" : " sites (" + what + ") stand") +
                                   " in the way of " + v.inferred);
    v.confidence_sites = obstacles;
  }
  Reason instantiation_reason() const {
    const Instantiation& inst = file.instantiations[resolved.instantiation];
    return Reason{"instantiation", "", std::string("instantiate_device_type_tests(") + inst.target_text + ")",
                  "<module>", inst.line, file.relative_path};
  }
  // Needs of one device (or any) at Requires strength, from tests and shared code.
  std::vector<const Need*> requirements(const std::string& device = "") const {
    std::vector<const Need*> out;
    auto take = [&](const Need& n) {
      if (n.strength == Strength::Requires && (device.empty() || n.site->device.is(device))) out.push_back(&n);
    };
    for (const Need& n : ev.shared) take(n);
    for (const TestEvidence& t : ev.tests)
      for (const Need& n : t.needs) take(n);
    std::sort(out.begin(), out.end(), [](const Need* a, const Need* b) {
      return std::tie(a->file->relative_path, a->site->location.start_byte) <
             std::tie(b->file->relative_path, b->site->location.start_byte);
    });
    return out;
  }
  bool any_specific(const std::vector<const Need*>& needs) const {
    if (std::any_of(needs.begin(), needs.end(), [](const Need* n) { return n->specific; })) return true;
    auto specific_query = [](const Need& n) { return n.query && n.specific; };
    if (std::any_of(ev.shared.begin(), ev.shared.end(), specific_query)) return true;
    for (const TestEvidence& t : ev.tests)
      if (std::any_of(t.needs.begin(), t.needs.end(), specific_query)) return true;
    return false;
  }
  void add_reasons(const std::vector<const Need*>& needs, std::vector<Reason>& into) const {
    for (const Need* n : needs) into.push_back(reason_of(*n));
  }
};

// Single-device code in a class that should run everywhere stands in the way.
void hardcoded_blockers(Context& c) {
  for (const Need* n : c.requirements()) {
    DeviceKind kind = c.vocab.kind_of(n->site->device);
    if (kind == DeviceKind::AnyAccelerator || kind == DeviceKind::Host) continue;
    c.obstacles.push_back(reason_of(*n));
  }
}

// @onlyCPU tests in a device-generic class cannot stay in it (upstream's
// [decorator]); they move to a CPU class named as PyTorch already names them
// (TestFloat8DtypeCPUOnly).
void split_host_only_tests(Context& c) {
  SplitPart generic{c.cls.name, c.accelerator(), {}};
  SplitPart host{c.cls.name + "CPUOnly", c.member_of(c.vocab.key_of_kind(DeviceKind::Host)), {}};
  for (const TestEvidence& t : c.ev.tests)
    (!t.only_device.empty() && c.kind_of(t.only_device) == DeviceKind::Host ? host : generic).tests.push_back(t.name);
  if (!host.tests.empty() && !generic.tests.empty()) c.v.split = {generic, host};
}

// Semantics over syntax (contract 14): an instantiated class that can only
// mean one accelerator X is X's, as `only_for="X"` would be: a class-level
// requirement of X (a class decorator such as `skipIf(not TEST_CUDA)`, or
// setUp), or variants that leave X the only accelerator (`except_for="cpu"`)
// with code specific to X (cuDNN, `torch.backends.cuda`, CUDA graphs).
bool infer_runs_on_one_device(Context& c) {
  std::set<std::string> class_level;
  for (const Need& n : c.ev.shared) {
    // setUp's code, or a class decorator; not data in the class body
    // (functorch/test_ops.py's `xfail(..., device_type="cuda")` sets).
    const DeviceSite& s = *n.site;
    const bool requirement = !s.method.empty() || s.in_decorator || s.kind == SiteKind::DeviceDecorator ||
                             s.kind == SiteKind::OnlyDecorator;
    if (requirement && n.strength == Strength::Requires && c.kind_of(s.device.label()) == DeviceKind::Accelerator)
      class_level.insert(s.device.key);
  }
  std::string device;
  const char* why = nullptr;
  if (class_level.size() == 1) {
    device = *class_level.begin();
    why = "a class-level requirement";
  } else if (c.resolved.variants_exact) {
    std::set<std::string> accelerators;
    bool host = false;
    for (const DeviceVariant& var : c.resolved.variants) {
      if (c.kind_of(var.device) == DeviceKind::Host) host = true;
      else accelerators.insert(var.device);
    }
    if (!host && accelerators.size() == 1 && c.any_specific(c.requirements(*accelerators.begin()))) {
      device = *accelerators.begin();
      why = "its only variant";
    }
  }
  std::string member = device.empty() ? "" : c.member_of(device);
  if (!c.device_specific(member)) return false;
  c.decide("instantiated-for-one-device", member, Confidence::High);
  c.v.reasons.push_back(Reason{"runs-on", device, std::string(why) + " keeps it on " + device, c.cls.name,
                               c.cls.line, c.file.relative_path});
  auto needs = c.requirements(device);
  c.add_reasons(needs, c.v.reasons);
  if (!c.any_specific(needs)) {
    c.v.target = c.accelerator();
    c.add_reasons(needs, c.obstacles);
  }
  return true;
}

void infer_instantiated(Context& c) {
  const Instantiation& inst = c.file.instantiations[c.resolved.instantiation];
  c.v.reasons.push_back(c.instantiation_reason());
  if (inst.only_for.state == DeviceList::State::Literal && inst.only_for.values.size() == 1) {
    std::string device = ascii_lower(inst.only_for.values[0]);
    std::string member = c.member_of(device);
    c.decide("instantiated-for-one-device", c.device_specific(member) ? member : c.accelerator(), Confidence::High);
    auto needs = c.requirements(device);
    // CPU-only instantiation is usually deliberate (CPU: "cannot run on an
    // accelerator"), so only accelerator-specific classes get a target.
    if (c.device_specific(member) && !c.host_member(member) && !c.any_specific(needs)) {
      c.v.target = c.accelerator();
      c.obstacles.push_back(Reason{"only_for", device, "only_for=" + inst.only_for.values[0], "<module>", inst.line,
                                    c.file.relative_path});
      c.add_reasons(needs, c.obstacles);
    }
    return;
  }
  if (infer_runs_on_one_device(c)) return;
  std::string only;
  bool every_test_only = !c.ev.tests.empty();
  for (const TestEvidence& t : c.ev.tests) {
    if (t.only_device.empty() || (!only.empty() && t.only_device != only)) every_test_only = false;
    only = t.only_device;
  }
  std::string member = every_test_only ? c.member_of(only) : "";
  if (c.device_specific(member)) {
    c.decide("every-test-only-one-device", member, Confidence::High);
    auto needs = c.requirements(only);
    c.add_reasons(needs, c.v.reasons);
    if (!c.any_specific(needs) && !c.host_member(member)) {
      c.v.target = c.accelerator();
      c.add_reasons(needs, c.obstacles);
    }
    return;
  }
  c.decide("instantiated-for-every-device", c.accelerator(), Confidence::High);
  split_host_only_tests(c);
  if (inst.only_for.state != DeviceList::State::Absent)
    c.obstacles.push_back(Reason{"only_for", "", "only_for=" + (inst.only_for.state == DeviceList::State::Unknown
                                                                      ? inst.only_for.text
                                                                      : std::to_string(inst.only_for.values.size()) +
                                                                            " devices"),
                                  "<module>", inst.line, c.file.relative_path});
  hardcoded_blockers(c);
  c.lower_for_obstacles("only_for, or code that hardcodes one device");
}

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
bool parametrized(const Context& c) {
  for (const Instantiation& inst : c.file.instantiations)
    if (inst.kind == InstantiateKind::Parametrized && inst.target == c.cls.name) return true;
  for (const Decorator& d : c.cls.decorators)
    if (d.name == "instantiate_parametrized_tests") return true;
  return false;
}

// Tests that take `device` in a class nothing instantiates directly: a
// device-generic template, through a subclass if one is instantiated.
bool infer_device_template(Context& c) {
  bool device_param = !parametrized(c) && std::any_of(c.ev.tests.begin(), c.ev.tests.end(),
                                                      [](const TestEvidence& t) { return t.takes_device; });
  if (!device_param) return false;
  if (ClassRef sub = c.resolution.of(c.ref).instantiated_subclass; sub.valid()) {
    const FileFacts& file = c.files[sub.file];
    c.decide("base-of-instantiated-class", c.accelerator(), Confidence::Medium,
             "its tests take `device` and run through the instantiated subclass " + file.classes[sub.cls].name +
                 ", not through an instantiate call of its own");
    c.v.reasons.push_back(Reason{"subclass", "", file.classes[sub.cls].name, "", file.classes[sub.cls].line,
                                 file.relative_path});
    return true;
  }
  c.decide("device-parameter-without-instantiation", c.accelerator(), Confidence::Low,
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
    c.decide("class-name-names-device", d.member.empty() ? c.accelerator() : d.member,
             seen ? Confidence::Medium : Confidence::Low,
             seen ? "its name ends in " + suffix + " and its code mentions " + d.key + ", but no test requires it"
                  : "only its name (ending in " + suffix + ") names " + d.key + "; no code requires it");
    c.v.reasons.push_back(Reason{"class-name", d.key, name, name, c.cls.line, c.file.relative_path});
    return true;
  }
  // `TestMKLVerbose`: named for a CPU-only library (the host's api_modules:
  // mkl, mkldnn, openmp), whose code may sit outside the class (a script).
  std::string lower = ascii_lower(name);
  for (const DeviceInfo& d : c.vocab.devices) {
    if (d.kind != DeviceKind::Host) continue;
    for (const std::string& feature : d.api_modules) {
      if (lower.find(feature) == std::string::npos) continue;
      c.decide("class-name-names-device", d.member, Confidence::Low,
               "only its name names " + feature + ", a CPU-only library; no code requires it");
      c.v.reasons.push_back(Reason{"class-name", d.key, name, name, c.cls.line, c.file.relative_path});
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
    c.decide("mixed-class-guards-device-tests", c.generic(), Confidence::Medium,
             std::to_string(guarded.size()) + " of " + std::to_string(c.ev.tests.size()) + " tests need " + devices +
                 " and skip themselves without it, so they run on no GENERIC runner (never_runs); a split frees them");
  else
    c.decide("mixed-class-guards-device-tests", c.generic(), Confidence::Low,
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
  c.decide("runtime-device-base", c.accelerator(), Confidence::Medium,
           "its base " + base + " picks the device from availability at run time; a migration passes the injected "
           "device instead (the blockers)");
  c.v.reasons.push_back(Reason{"base", "", base, c.cls.name, c.cls.line, c.file.relative_path});
  c.obstacles.push_back(Reason{"instantiation", "", "not passed to instantiate_device_type_tests", c.cls.name,
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
  c.decide("module-gate-needs-one-device", member, Confidence::Medium,
           "a module-level NoTest gate on " + device + " keeps it from being collected without it; the tests "
           "themselves may need nothing");
  c.v.reasons.push_back(Reason{"notest", device, "if " + c.resolved.notest->condition + ": ... = NoTest", "<module>",
                               c.resolved.notest->line, c.resolved.notest_file});
  // The tests' own device code stays evidence: a migration rewrites it.
  c.add_reasons(c.requirements(device), c.v.reasons);
  return true;
}

void infer_not_instantiated(Context& c) {
  if (infer_device_template(c)) return;
  if (infer_module_gate(c)) return;
  std::set<std::string> devices;
  size_t needing = 0, cpu_only = 0;
  for (const TestEvidence& t : c.ev.tests) {
    bool any = false;
    for (const std::string& d : t.needed)
      if (c.kind_of(d) != DeviceKind::Host) devices.insert(d), any = true;
    needing += any;
    cpu_only += (!t.only_device.empty() && c.kind_of(t.only_device) == DeviceKind::Host) ||
                std::any_of(t.needed.begin(), t.needed.end(),
                            [&](const std::string& d) { return c.kind_of(d) == DeviceKind::Host; });
  }
  // A base that picks the device at run time decides, unless the tests
  // hardcode one accelerator by name (`.cuda()`, `init_device_mesh("cuda")`).
  if (std::none_of(devices.begin(), devices.end(),
                   [&](const std::string& d) { return c.kind_of(d) == DeviceKind::Accelerator; }) &&
      infer_runtime_device_base(c))
    return;
  if (devices.empty()) {
    if (skips_wherever_an_accelerator_is(c)) {
      c.decide("every-test-needs-cpu", c.member_of(c.vocab.key_of_kind(DeviceKind::Host)), Confidence::Medium,
               "the class skips wherever an accelerator is present (contract 14: CPU-only code), but nothing "
               "instantiates it for the CPU alone");
      return;
    }
    if (cpu_only > 0 && cpu_only == c.ev.tests.size()) {
      c.decide("every-test-needs-cpu", c.member_of(c.vocab.key_of_kind(DeviceKind::Host)), Confidence::Medium,
               "every test needs the CPU by its code, but nothing instantiates it for the CPU alone");
      return;
    }
    if (infer_from_class_name(c)) return;
    c.decide("no-device-requirement", c.generic(), Confidence::High);
    for (const auto* list : {&c.ev.shared, &c.ev.unreached})
      for (const Need& n : *list)
        if (n.site->kind == SiteKind::AcceleratorApi) c.obstacles.push_back(reason_of(n));
    for (const TestEvidence& t : c.ev.tests)
      for (const Need& n : t.needs)
        if (n.site->kind == SiteKind::AcceleratorApi) c.obstacles.push_back(reason_of(n));
    c.lower_for_obstacles("accelerator API calls, which upstream's accelerator_api rule reports in a GENERIC class");
    return;
  }
  bool all = needing == c.ev.tests.size();
  if (!all && infer_mixed_generic(c)) return;
  // "Some GPU" (skip_if_lt_x_gpu, HAS_GPU) is met by the one device the code names.
  std::set<std::string> named;
  for (const std::string& d : devices)
    if (c.kind_of(d) == DeviceKind::Accelerator) named.insert(d);
  std::string member = named.size() == 1 ? c.member_of(*named.begin()) : "";
  // A device the rules define without a member (npu, hpu, a PrivateUse1
  // backend) is read exactly as one with a member; ACCELERATOR stands in
  // for the member it lacks.
  const bool memberless = named.size() == 1 && member.empty();
  auto needs = c.requirements();
  c.add_reasons(needs, c.v.reasons);
  if (c.device_specific(member) || memberless) {
    if (memberless)
      c.v.member_note = *named.begin() + " has no HardwareClassification member, so ACCELERATOR stands for it: "
                        "declared ACCELERATOR, the class runs on every accelerator's runner, " + *named.begin() +
                        "'s among them, and lint then asks for the device to come from instantiate_device_type_tests";
    c.decide(all ? "every-test-needs-one-device" : "some-tests-need-one-device", memberless ? c.accelerator() : member,
             all ? (c.ev.shared_requirement ? Confidence::High : Confidence::Medium) : Confidence::Low,
             all ? "every test needs " + *named.begin() +
                       ", each by its own code, with no class-level requirement (a decorator, setUp or skip) for all"
                 : std::to_string(needing) + " of " + std::to_string(c.ev.tests.size()) + " tests need " +
                       *named.begin() + "; the others need no device (a split fits)");
    if (!c.any_specific(needs) && !c.host_member(member)) {
      c.v.target = c.accelerator();
      c.obstacles.push_back(Reason{"instantiation", "", "not passed to instantiate_device_type_tests", c.cls.name,
                                    c.cls.line, c.file.relative_path});
      c.add_reasons(needs, c.obstacles);
    }
  } else {
    bool some_accelerator = std::all_of(devices.begin(), devices.end(), [&](const std::string& d) {
      DeviceKind kind = c.kind_of(d);
      return kind == DeviceKind::AcceleratorGroup || kind == DeviceKind::AnyAccelerator;
    });
    c.decide("needs-an-accelerator", c.accelerator(), some_accelerator && all ? Confidence::Medium : Confidence::Low,
             !all ? std::to_string(needing) + " of " + std::to_string(c.ev.tests.size()) +
                        " tests need an accelerator; the others need none"
             : some_accelerator ? "every test needs some accelerator, but nothing instantiates the class for the "
                                  "injected device"
                                : "the tests name " + std::to_string(named.size()) +
                                      " different accelerators, so no one device member fits");
    c.obstacles.push_back(Reason{"instantiation", "", "not passed to instantiate_device_type_tests", c.cls.name,
                                  c.cls.line, c.file.relative_path});
    hardcoded_blockers(c);
  }
  if (!all) suggest_split(c, c.device_specific(member) ? member : "");
}

// A migration to ACCELERATOR that needs a new instantiate call cannot keep
// the class's own setUpClass (facts/queries.h says why), so it is a
// person's to make.
void note_blocked_migration(Context& c) {
  const ResolvedClass& r = c.resolved;
  if ((c.v.target.empty() ? c.v.inferred : c.v.target) != c.accelerator() || r.instantiation >= 0 ||
      r.instantiated_subclass.valid())
    return;
  if (const Method* m = class_setup_lost_by_instantiation(c.cls))
    c.v.migration_blocked = "its " + m->name + " (line " + std::to_string(m->line) +
                            ") would not run on the variants instantiate_device_type_tests creates; move what it sets "
                            "into setUp, then instantiate it";
  else
    c.v.migration_blocked = instantiation_blocker(c.files, c.resolution, c.ref);
}

}  // namespace

Verdict classify_class(const std::vector<FileFacts>& files, const Resolution& resolution,
                       const Vocabulary& vocabulary, ClassRef ref) {
  Verdict v;
  v.ref = ref;
  const FileFacts& file = files[ref.file];
  const ResolvedClass& resolved = resolution.of(ref);
  Context c{files, resolution, vocabulary, ref, file, file.classes[ref.cls], resolved,
            gather_evidence(files, resolution, resolved, vocabulary), v, {}};
  const Declaration& own = file.classes[ref.cls].declaration;
  if (own.reason == InvalidReason::AliasMember) {
    // hwclass's own surface accepts the early name; lint still reports it.
    v.declared = own.alias_of;
    v.declared_alias = own.member;  // as written
  } else if (resolved.declared_in.valid()) {
    v.declared = files[resolved.declared_in.file].classes[resolved.declared_in.cls].declaration.member;
    v.declaration_inherited = !(resolved.declared_in == ref);
  }
  if (resolved.instantiation >= 0) infer_instantiated(c);
  else infer_not_instantiated(c);
  if (v.target == v.inferred) v.target.clear();
  cap_for_unfollowed_code(files, resolution, vocabulary, resolved, v);
  note_blocked_migration(c);
  v.agrees = !v.declared.empty() && v.declared == v.inferred;
  return v;
}

std::vector<Verdict> classify(const std::vector<FileFacts>& files, const Resolution& resolution,
                              const Vocabulary& vocabulary) {
  std::vector<Verdict> out;
  for (size_t f = 0; f < files.size(); ++f)
    for (size_t k = 0; k < files[f].classes.size(); ++k) {
      ClassRef ref{static_cast<int>(f), static_cast<int>(k)};
      // Every class whose tests run: its own, inherited, or added at run
      // time, which the runtime filters as much as the others: by setattr,
      // or by a class decorator on a class instantiate_device_type_tests
      // is given (the instantiate call is then the evidence).
      const ClassFact& cls = files[f].classes[k];
      const bool injected = gets_tests_at_run_time(files[f], cls.name) ||
                            (!cls.decorators.empty() && resolution.of(ref).instantiation >= 0);
      if (!resolution.of(ref).tests.empty() || injected)
        out.push_back(classify_class(files, resolution, vocabulary, ref));
    }
  add_base_verdicts(files, resolution, vocabulary, out);
  return out;
}

}  // namespace hwclass

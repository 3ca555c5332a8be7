// rules/classify.md's rules for a class passed to instantiate_device_type_tests.
#include <algorithm>
#include <set>

#include "classify/rules.h"
#include "util/ascii.h"

namespace hwclass::rules {
namespace {

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
  c.decide(Rule::InstantiatedForOneDevice, member, Confidence::High);
  c.v.reasons.push_back(Reason{EvidenceKind::RunsOn, {}, device, std::string(why) + " keeps it on " + device, c.cls.name,
                               c.cls.line, c.file.relative_path});
  auto needs = c.requirements(device);
  c.add_reasons(needs, c.v.reasons);
  if (!c.any_specific(needs)) {
    c.v.target = c.accelerator();
    c.add_reasons(needs, c.obstacles);
  }
  return true;
}

}  // namespace

void infer_instantiated(Context& c) {
  const Instantiation& inst = c.file.instantiations[c.resolved.instantiation];
  c.v.reasons.push_back(c.instantiation_reason());
  if (inst.only_for.state == DeviceList::State::Literal && inst.only_for.values.size() == 1) {
    std::string device = ascii_lower(inst.only_for.values[0]);
    std::string member = c.member_of(device);
    c.decide(Rule::InstantiatedForOneDevice, c.device_specific(member) ? member : c.accelerator(), Confidence::High);
    auto needs = c.requirements(device);
    // CPU-only instantiation is usually deliberate (CPU: "cannot run on an
    // accelerator"), so only accelerator-specific classes get a target.
    if (c.device_specific(member) && !c.host_member(member) && !c.any_specific(needs)) {
      c.v.target = c.accelerator();
      c.obstacles.push_back(Reason{EvidenceKind::OnlyFor, {}, device, "only_for=" + inst.only_for.values[0], "<module>", inst.line,
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
    c.decide(Rule::EveryTestOnlyOneDevice, member, Confidence::High);
    auto needs = c.requirements(only);
    c.add_reasons(needs, c.v.reasons);
    if (!c.any_specific(needs) && !c.host_member(member)) {
      c.v.target = c.accelerator();
      c.add_reasons(needs, c.obstacles);
    }
    return;
  }
  c.decide(Rule::InstantiatedForEveryDevice, c.accelerator(), Confidence::High);
  split_host_only_tests(c);
  if (inst.only_for.state != DeviceList::State::Absent)
    c.obstacles.push_back(Reason{EvidenceKind::OnlyFor, {}, "", "only_for=" + (inst.only_for.state == DeviceList::State::Unknown
                                                                      ? inst.only_for.text
                                                                      : std::to_string(inst.only_for.values.size()) +
                                                                            " devices"),
                                  "<module>", inst.line, c.file.relative_path});
  hardcoded_blockers(c);
  c.lower_for_obstacles("only_for, or code that hardcodes one device");
}

}  // namespace hwclass::rules

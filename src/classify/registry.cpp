#include "classify/registry.h"

namespace hwclass {
namespace {

constexpr const char* kInstantiated = "Instantiated classes";
constexpr const char* kNotInstantiated = "Classes not instantiated";
constexpr const char* kBases = "Test-less bases";

}  // namespace

const char* evidence_name(const EvidencePreference& e) {
  Reason r;
  r.kind = e.kind;
  r.site = e.site;
  return kind_name(r);
}

const std::vector<EvidencePreference>& device_site_evidence() {
  // Calls of a device's API tell most, a moved tensor or a hardcoded string
  // next, a module's device global least.
  static const std::vector<EvidencePreference> sites = [] {
    std::vector<EvidencePreference> out;
    using S = SiteKind;
    for (S k : {S::AcceleratorApi, S::TensorMethod, S::DeviceString, S::OnlyDecorator, S::DeviceDecorator, S::DeviceFlag,
                S::DeviceGlobalUse, S::DeviceGlobal})
      out.push_back({EvidenceKind::Site, k});
    return out;
  }();
  return sites;
}

const std::vector<ClassifyRuleInfo>& classify_rules() {
  using Id = ClassifyRuleId;
  using E = EvidenceKind;
  const std::vector<EvidencePreference>& sites = device_site_evidence();
  // The order classify tries them (classifier.cpp, instantiated.cpp,
  // not_instantiated.cpp, bases.cpp), which is also rules/classify.md's.
  static const std::vector<ClassifyRuleInfo> rules = {
      {Id::InstantiatedForOneDevice, "instantiated-for-one-device", kInstantiated,
       "The instantiate call's only_for names one device, or a class-level requirement or the exact variants "
       "leave one accelerator with code specific to it: that device's member, high.",
       {{E::RunsOn}, {E::Instantiation}}},
      {Id::EveryTestOnlyOneDevice, "every-test-only-one-device", kInstantiated,
       "Every test (or the class) carries @onlyX for the same device X: X's member, high.",
       {{E::Site, SiteKind::OnlyDecorator}}},
      {Id::InstantiatedForEveryDevice, "instantiated-for-every-device", kInstantiated,
       "Any other instantiated class: ACCELERATOR, high; medium when only_for or single-device code remains.",
       {{E::Instantiation}}},
      {Id::BaseOfInstantiatedClass, "base-of-instantiated-class", kNotInstantiated,
       "Its tests take device and an instantiated subclass runs them: ACCELERATOR, medium.", {{E::Subclass}}},
      {Id::DeviceParameterWithoutInstantiation, "device-parameter-without-instantiation", kNotInstantiated,
       "Its tests take device, but nothing instantiates it or a subclass: ACCELERATOR, low.", sites},
      {Id::ModuleGateNeedsOneDevice, "module-gate-needs-one-device", kNotInstantiated,
       "The module rebinds its base to NoTest without one accelerator: that device's member, medium.", {{E::NoTest}}},
      {Id::RuntimeDeviceBase, "runtime-device-base", kNotInstantiated,
       "A base of [classify] runtime_device_bases picks the device at run time: ACCELERATOR, medium.", {{E::Base}}},
      {Id::EveryTestNeedsCpu, "every-test-needs-cpu", kNotInstantiated,
       "Every test needs the CPU by its code, or the class skips wherever an accelerator is: CPU, medium.", sites},
      {Id::ClassNameNamesDevice, "class-name-names-device", kNotInstantiated,
       "No code requires a device, but the class is named for one (TestFooCUDA, a CPU-only library): that device's "
       "member, low, or medium with weaker evidence of it.",
       {{E::ClassName}}},
      {Id::NoDeviceRequirement, "no-device-requirement", kNotInstantiated,
       "No test requires a device other than the CPU: GENERIC, high; medium when guarded accelerator API calls "
       "remain.",
       sites},
      {Id::MixedClassGuardsDeviceTests, "mixed-class-guards-device-tests", kNotInstantiated,
       "Some tests need a device, none by more than half the tests, and they skip themselves without it: GENERIC, "
       "medium (low when one does not skip), with a split.",
       sites},
      {Id::EveryTestNeedsOneDevice, "every-test-needs-one-device", kNotInstantiated,
       "Every test requires the same device X: X's member (ACCELERATOR for a device without one); high when the "
       "requirement is class-wide, else medium.",
       sites},
      {Id::SomeTestsNeedOneDevice, "some-tests-need-one-device", kNotInstantiated,
       "Only some tests require one device X: X's member, low, with a split.", sites},
      {Id::NeedsAnAccelerator, "needs-an-accelerator", kNotInstantiated,
       "The tests require some GPU, or several different devices: ACCELERATOR, medium when every test needs one, "
       "else low.",
       sites},
      {Id::BaseOfClasses, "base-of-classes", kBases,
       "A test-less base whose judged subclasses share a member: that member, medium; select runs the subclasses, "
       "not it.",
       {{E::Subclass}}, /*lists_tests=*/false},
  };
  return rules;
}

const ClassifyRuleInfo& classify_rule(ClassifyRuleId id) {
  // Rows are in enum order (registry_test.cpp checks it).
  return classify_rules()[static_cast<size_t>(id)];
}

const ClassifyRuleInfo* find_classify_rule(std::string_view name) {
  for (const ClassifyRuleInfo& r : classify_rules())
    if (name == r.name) return &r;
  return nullptr;
}

}  // namespace hwclass

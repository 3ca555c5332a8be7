// never-runs (hwclass): instantiate calls that create no test for a device
// they seem to name: only_for naming "xpu" without allow_xpu=True or "mps"
// without allow_mps=True; a class with no test methods of its own (only
// members of the class's own __dict__ named test* are instantiated,
// #191080); except_for leaving no device; only_for entirely inside except_for.
// Why: CI stays green while the tests never run on that hardware.
// Example: `instantiate_device_type_tests(TestFoo, globals(), only_for=("cuda", "xpu"))`.
// Fix: unsafe (allow_xpu=True makes XPU runs appear).
#include <algorithm>
#include <set>

#include "lint/linter.h"

namespace hwclass {

void check_never_runs(const FileFacts& file, std::vector<Finding>& out) {
  auto report = [&](const Instantiation& inst, const std::string& message) {
    out.push_back(make_finding(file, "never-runs", inst.line,
                               "instantiate_device_type_tests(" + inst.target_text + "): " + message, false,
                               Severity::Warning));
  };
  for (const Instantiation& inst : file.instantiations) {
    if (inst.kind != InstantiateKind::DeviceType) continue;
    const auto& only = inst.only_for.values;
    bool literal_only = inst.only_for.state == DeviceList::State::Literal;
    auto names = [&](const char* d) { return literal_only && std::find(only.begin(), only.end(), d) != only.end(); };
    if (names("xpu") && inst.allow_xpu != Tristate::True)
      report(inst, "only_for names 'xpu' but allow_xpu is not True, so no XPU variant is created.");
    if (names("mps") && inst.allow_mps != Tristate::True)
      report(inst, "only_for names 'mps' but allow_mps is not True, so no MPS variant is created.");
    for (auto it = file.classes.rbegin(); it != file.classes.rend(); ++it) {
      if (it->name != inst.target) continue;
      if (!it->is_test_class)
        report(inst, "'" + inst.target + "' has no test methods of its own, and inherited tests are not "
                     "instantiated, so no test is created.");
      break;
    }
    if (inst.except_for.state != DeviceList::State::Literal) continue;
    std::set<std::string> excepted(inst.except_for.values.begin(), inst.except_for.values.end());
    if (literal_only && !only.empty() &&
        std::all_of(only.begin(), only.end(), [&](const std::string& d) { return excepted.count(d) > 0; })) {
      report(inst, "every device in only_for is also in except_for, so no test is created.");
      continue;
    }
    std::vector<std::string> possible = {"cpu", "cuda"};
    if (inst.allow_mps == Tristate::True) possible.push_back("mps");
    if (inst.allow_xpu == Tristate::True) possible.push_back("xpu");
    if (inst.only_for.state == DeviceList::State::Absent &&
        std::all_of(possible.begin(), possible.end(), [&](const std::string& d) { return excepted.count(d) > 0; }))
      report(inst, "except_for leaves no device to instantiate, so no test is created.");
  }
}

}  // namespace hwclass

// never-runs (hwclass): instantiate calls that create no test for a device
// they seem to name: only_for naming an opt-in device without its keyword
// (rules/devices.toml [instantiate] opt_in: "xpu" needs allow_xpu=True); a
// class with no test methods of its own (only members of the class's own
// __dict__ named test* are instantiated, #191080; tests added with setattr
// or `TestX.test_y = f` count as its own); except_for leaving no
// device; only_for entirely inside except_for.
// Why: CI stays green while the tests never run on that hardware.
// Example: `instantiate_device_type_tests(TestFoo, globals(), only_for=("cuda", "xpu"))`.
// Fix: none; allow_xpu=True would make XPU runs appear.
#include <algorithm>

#include "facts/queries.h"
#include "lint/rule_context.h"
#include "resolve/resolver.h"
#include "util/ascii.h"

namespace hwclass {

void check_never_runs(const InstantiationContext& c) {
  const Instantiation& inst = c.inst;
  if (inst.kind != InstantiateKind::DeviceType) return;
  auto report = [&](const std::string& message) {
    c.report(inst.line, "instantiate_device_type_tests(" + inst.target_text + "): " + message, inst.column);
  };
  const auto& only = inst.only_for.values;
  const bool literal_only = inst.only_for.state == DeviceList::State::Literal;
  auto only_names = [&](const std::string& d) {
    return literal_only && std::find(only.begin(), only.end(), d) != only.end();
  };
  for (const auto& [device, keyword] : c.vocabulary.opt_in_devices)
    if (only_names(device) && inst.flag(keyword) != Tristate::True)
      report("only_for names '" + device + "' but " + keyword + " is not True, so no " + ascii_upper(device) +
             " variant is created.");
  const bool gets_tests_later = gets_tests_at_run_time(c.file, inst.target);
  for (auto it = c.file.classes.rbegin(); it != c.file.classes.rend(); ++it) {
    if (it->name != inst.target) continue;
    if (!it->is_test_class && !gets_tests_later)
      report("'" + inst.target + "' has no test methods of its own, and inherited tests are not "
             "instantiated, so no test is created.");
    break;
  }
  if (inst.except_for.state != DeviceList::State::Literal) return;
  const auto& except = inst.except_for.values;
  if (literal_only && !only.empty() && std::all_of(only.begin(), only.end(), [&](const std::string& d) {
        return std::find(except.begin(), except.end(), d) != except.end();
      })) {
    report("every device in only_for is also in except_for, so no test is created.");
    return;
  }
  bool exact = true;
  if (inst.only_for.state == DeviceList::State::Absent &&
      device_variants(inst.target, inst, c.vocabulary, exact).empty() && exact)
    report("except_for leaves no device to instantiate, so no test is created.");
}

}  // namespace hwclass

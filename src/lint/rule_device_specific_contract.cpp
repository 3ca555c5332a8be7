// device-specific-contract (hwclass): a CPU, CUDA, MPS or XPU class must be
// instantiated with only_for exactly its device, without except_for, and
// MPS/XPU classes with allow_mps=True / allow_xpu=True. Upstream checked this
// from v3 to v6 and dropped it in v7; the messages are v3-v6's.
// Why: without it a CUDA class runs on CPU too, and an XPU class never runs.
// Example: `instantiate_device_type_tests(TestFooXPU, globals(), only_for="xpu")`
// without allow_xpu=True creates no class at all.
// Fix: unsafe (it changes which devices run the tests).
#include "util/ascii.h"
#include "lint/rule_context.h"

namespace hwclass {
namespace {

std::string python_list(const std::vector<std::string>& values) {
  std::string out = "[";
  for (size_t i = 0; i < values.size(); ++i) out += (i ? ", '" : "'") + values[i] + "'";
  return out + "]";
}

}  // namespace

void check_device_specific_contract(const ClassContext& c) {
  if (c.member == "GENERIC" || c.member == "ACCELERATOR") return;
  const std::string device = ascii_lower(c.member);
  const std::string who = c.member + " class '" + c.cls.name + "'";
  auto report = [&](uint32_t line, std::string message) {
    c.report("device-specific-contract", line, std::move(message), Severity::Warning, 0, false);
  };
  const Instantiation* inst = c.instantiation;
  if (!inst) {
    report(c.cls.line, who + " must be instantiated with instantiate_device_type_tests(..., only_for='" + device +
                           "').");
    return;
  }
  const DeviceList& only = inst->only_for;
  if (only.state == DeviceList::State::Absent)
    report(inst->line, who + " must use only_for='" + device + "' in instantiate_device_type_tests.");
  else if (only.state == DeviceList::State::Unknown)
    report(inst->line, who + " has only_for=" + only.text + ", which is not a literal; it must be exactly ['" +
                           device + "'].");
  else if (only.values != std::vector<std::string>{device})
    report(inst->line, who + " has only_for values " + python_list(only.values) + ", but must be exactly ['" +
                           device + "'].");
  if (inst->except_for.state != DeviceList::State::Absent)
    report(inst->line, who + " must not use except_for in instantiate_device_type_tests.");
  if (c.member == "MPS" && inst->allow_mps != Tristate::True)
    report(inst->line, who + " must pass allow_mps=True to instantiate_device_type_tests.");
  if (c.member == "XPU" && inst->allow_xpu != Tristate::True)
    report(inst->line, who + " must pass allow_xpu=True to instantiate_device_type_tests.");
}

}  // namespace hwclass

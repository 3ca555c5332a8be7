// device-specific-contract (hwclass): a class declared for one device (a
// member that rules/devices.toml gives to a device: CPU, CUDA, MPS, XPU) must
// be instantiated with only_for exactly that device, without except_for, and
// with the device's opt-in keyword where it has one ([instantiate] opt_in:
// allow_mps=True, allow_xpu=True). Upstream checked this
// from v3 to v6 and dropped it in v7; the messages are v3-v6's.
// Why: without it a CUDA class runs on CPU too, and an XPU class never runs.
// Example: `instantiate_device_type_tests(TestFooXPU, globals(), only_for="xpu")`
// without allow_xpu=True creates no class at all.
// Fix: none; it would change which devices run the tests.
// Not for a class run in several processes (MultiProcessTestCase and the
// rules' [multi_process] bases): upstream schedules those by device count
// (contract 5.8), and instantiating them is wrong.
#include "lint/rule_context.h"
#include "resolve/resolved.h"
#include "util/dotted.h"

namespace hwclass {
namespace {

// Whether the class runs in several processes: decided in resolve
// (ResolvedClass::multi_process); without a resolution, by its own bases.
bool multi_process(const ClassContext& c) {
  if (c.world && c.file_index >= 0) return c.world->resolution.of(ClassRef{c.file_index, c.class_index}).multi_process;
  const auto& bases = c.vocabulary.multi_process_bases;
  return std::any_of(c.cls.bases.begin(), c.cls.bases.end(), [&](const std::string& name) {
    return std::find(bases.begin(), bases.end(), last_part(name)) != bases.end();
  });
}

std::string python_list(const std::vector<std::string>& values) {
  std::string out = "[";
  for (size_t i = 0; i < values.size(); ++i) out += (i ? ", '" : "'") + values[i] + "'";
  return out + "]";
}

}  // namespace

void check_device_specific_contract(const ClassContext& c) {
  const DeviceInfo* info = c.vocabulary.device_of_member(c.member);
  if (!info) return;
  const std::string& device = info->key;
  const std::string who = c.member + " class '" + c.cls.name + "'";
  // At the class, or at the instantiate call.
  auto report = [&](uint32_t line, std::string message) {
    const Instantiation* at = c.instantiation;
    c.report(line, std::move(message), at && line == at->line ? at->column : c.cls.column);
  };
  const Instantiation* inst = c.instantiation;
  if (!inst && multi_process(c)) return;
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
  auto opt_in = c.vocabulary.opt_in_devices.find(device);
  if (opt_in != c.vocabulary.opt_in_devices.end() && inst->flag(opt_in->second) != Tristate::True)
    report(inst->line, who + " must pass " + opt_in->second + "=True to instantiate_device_type_tests.");
}

}  // namespace hwclass

#include <map>

#include "emit/facts_json.h"
#include "facts/owner.h"

namespace hwclass {

std::string file_facts_to_text(const FileFacts& f) {
  std::string out;
  auto line = [&](auto&&... parts) { ((out += parts), ...); out += '\n'; };
  {
    line(f.path, f.is_test_file ? "" : "  (not a test file)");
    for (const auto& i : f.issues)
      line("  ", to_string(i.severity), ": ", i.code, i.line ? " at line " + std::to_string(i.line) : "", ": ",
           i.message);
    for (const auto& c : f.classes) {
      size_t tests = 0;
      for (const auto& m : c.methods) tests += m.is_test;
      std::string detail;
      if (c.is_test_class) detail += ", " + std::to_string(tests) + (tests == 1 ? " test" : " tests");
      if (c.declaration.state == DeclarationState::Valid) detail += ", declared " + c.declaration.member;
      if (c.declaration.state == DeclarationState::Invalid)
        detail += std::string(", invalid declaration (") + to_string(c.declaration.reason) + ")";
      line("  class ", c.name, " (line ", std::to_string(c.line), ")", detail);
    }
    for (const auto& i : f.instantiations)
      line("  ", to_string(i.kind), "(", i.target_text, ") line ", std::to_string(i.line),
           i.only_for.state != DeviceList::State::Absent ? " only_for" : "",
           i.except_for.state != DeviceList::State::Absent ? " except_for" : "");
    if (f.sites.empty()) return out;
    std::map<std::string, size_t> by_device;
    for (const auto& s : f.sites) ++by_device[s.device.label()];
    std::string counts;
    for (const auto& [device, n] : by_device) counts += (counts.empty() ? "" : ", ") + device + " " + std::to_string(n);
    line("  device sites: ", std::to_string(f.sites.size()), " (", counts, ")");
    for (const auto& s : f.sites)
      line("    ", std::to_string(s.location.line), ":", std::to_string(s.location.column), " ", to_string(s.kind), " ",
           s.device.label(), " ", s.text, "  [", owner_name(f, s), "]");
  }
  return out;
}

std::string facts_to_text(const std::vector<FileFacts>& files) {
  std::string out;
  for (const auto& f : files) out += file_facts_to_text(f);
  return out;
}

}  // namespace hwclass

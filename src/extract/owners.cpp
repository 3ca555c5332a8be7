// The file's owner labels, as upstream's TESTOWNERS linter reads them
// (tools/linter/adapters/testowners_linter.py in the 2.6.0 tree): every line
// that starts with `# Owner(s): `, the rest of it a JSON list of labels.
// A line whose rest is not a list of strings gives no label, as it gives
// upstream's linter an error rather than an owner.
#include <algorithm>

#include <nlohmann/json.hpp>

#include "extract/extractor.h"

namespace hwclass {

std::vector<std::string> read_owners(std::string_view source) {
  static constexpr std::string_view kPrefix = "# Owner(s): ";
  std::vector<std::string> owners;
  for (size_t at = 0; at < source.size();) {
    size_t end = source.find('\n', at);
    if (end == std::string_view::npos) end = source.size();
    std::string_view line = source.substr(at, end - at);
    at = end + 1;
    if (line.substr(0, kPrefix.size()) != kPrefix) continue;
    auto labels = nlohmann::json::parse(line.substr(kPrefix.size()), nullptr, false);
    if (!labels.is_array()) continue;
    for (const auto& label : labels)
      if (label.is_string() && std::find(owners.begin(), owners.end(), label.get<std::string>()) == owners.end())
        owners.push_back(label.get<std::string>());
  }
  return owners;
}

}  // namespace hwclass

// Source lines for excerpts under findings and evidence: files are read once
// each, when first asked for, after all analysis is done (no stage re-parses).
#pragma once

#include <cstdint>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace hwclass {

class SourceLines {
 public:
  // Line n (1-based) of `path`, or nullptr when there is no such line.
  const std::string* line(const std::string& path, uint32_t n) {
    auto [it, inserted] = files_.try_emplace(path);
    if (inserted) {
      std::ifstream in(path, std::ios::binary);
      for (std::string l; std::getline(in, l);) it->second.push_back(l);
    }
    const auto& lines = it->second;
    return n >= 1 && n <= lines.size() ? &lines[n - 1] : nullptr;
  }

 private:
  std::map<std::string, std::vector<std::string>> files_;
};

}  // namespace hwclass

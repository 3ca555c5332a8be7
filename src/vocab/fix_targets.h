// Which of the unsafe fixes' targets (torch.accelerator.*, torch.Stream,
// onlyAccelerator) the torch tree being fixed defines: a value the command
// reads from the tree (vocab/api_surface.h) and hands to whatever decides
// fixability, never a default. A fix whose target is missing would make the
// file fail at import, so a caller that has not read the tree gets none:
// the default is "unknown", and unknown is "missing".
#pragma once

#include <map>
#include <string>
#include <utility>

namespace hwclass {

class FixTargets {
 public:
  // Unknown: no target is taken as defined.
  FixTargets() = default;
  // Known: every target but `missing` (target -> why) is defined.
  explicit FixTargets(std::map<std::string, std::string> missing) : known_(true), missing_(std::move(missing)) {}
  // A tree said to define every target (a test's, or one checked elsewhere).
  static FixTargets none_missing() { return FixTargets(std::map<std::string, std::string>{}); }

  // Why a fix may not write `target` (a dotted name), "" when it may.
  std::string why_missing(const std::string& target) const {
    if (!known_) return "the torch tree was not read, so " + target + " may be missing";
    auto it = missing_.find(target);
    return it == missing_.end() ? "" : it->second;
  }

 private:
  bool known_ = false;
  std::map<std::string, std::string> missing_;
};

}  // namespace hwclass

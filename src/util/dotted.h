#pragma once
// Dotted Python names as written (`dist.DistributedTestBase`).
#include <string>

namespace hwclass {

// The part after the last dot: a base or callee named by its own name,
// whichever module it was reached through.
inline std::string last_part(const std::string& dotted) {
  size_t dot = dotted.rfind('.');
  return dot == std::string::npos ? dotted : dotted.substr(dot + 1);
}

}  // namespace hwclass

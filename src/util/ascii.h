// ASCII case mapping for device names and member names (never locale-aware:
// "cuda" <-> "CUDA" must not depend on the user's locale).
#pragma once

#include <string>

namespace hwclass {

inline std::string ascii_lower(std::string s) {
  for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return s;
}

inline std::string ascii_upper(std::string s) {
  for (char& c : s) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  return s;
}

}  // namespace hwclass

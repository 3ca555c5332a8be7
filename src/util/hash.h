// FNV-1a, 64 bits: a stable fingerprint of bytes (rules files, sources read
// for a later edit), the same on every platform and run.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace hwclass {

inline uint64_t fnv1a64(std::string_view bytes) {
  uint64_t hash = 1469598103934665603ull;
  for (unsigned char c : bytes) hash = (hash ^ c) * 1099511628211ull;
  return hash;
}

inline std::string hex64(uint64_t value) {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(value));
  return hex;
}

}  // namespace hwclass

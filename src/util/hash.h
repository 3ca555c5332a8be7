// The one hash hwclass uses for bytes: XXH3, 64 bits (Debian's libxxhash).
// It fingerprints sources (the cache's key, fix's "changed since read"),
// rules files (`rules_hash`) and cache entries; the same on every platform
// and run.
#pragma once

#include <xxhash.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace hwclass {

inline uint64_t hash64(std::string_view bytes) { return XXH3_64bits(bytes.data(), bytes.size()); }

inline std::string hex64(uint64_t value) {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(value));
  return hex;
}

}  // namespace hwclass

// The allowlist reader on arbitrary bytes: a set of paths, or ConfigError;
// a list it reads is written back as what it reads again.
#include <cstdlib>

#include "lint/allowlist.h"
#include "util/error.h"

using namespace hwclass;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    auto paths = parse_allowlist("fuzz.json", std::string(reinterpret_cast<const char*>(data), size));
    if (parse_allowlist("again.json", allowlist_bytes(paths)) != paths) std::abort();
  } catch (const ConfigError&) {
  }
  return 0;
}

// The device rules reader (rules/devices.toml) on arbitrary text: it loads,
// or throws ConfigError naming the source; nothing else.
#include "util/error.h"
#include "vocab/vocabulary.h"

using namespace hwclass;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    Vocabulary::from_toml(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.toml");
  } catch (const ConfigError&) {
  }
  return 0;
}

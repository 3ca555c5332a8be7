// The configuration reader (hwclass.toml) on arbitrary text: a Config, or
// ConfigError naming the file.
#include "config/config.h"
#include "fuzz/fuzz_files.h"
#include "util/error.h"

using namespace hwclass;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzFile file(data, size, "-hwclass.toml");
  try {
    load_config(file.path(), ".", false);
  } catch (const ConfigError&) {
  }
  return 0;
}

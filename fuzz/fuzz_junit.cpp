// The JUnit reader (select's durations) on arbitrary bytes: durations, or
// ConfigError naming the file; never a negative or infinite time.
#include <cmath>
#include <cstdlib>

#include "fuzz/fuzz_files.h"
#include "select/durations.h"
#include "util/error.h"

using namespace hwclass;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzFile file(data, size, "-report.xml");
  Durations durations;
  try {
    read_junit(file.path(), durations);
  } catch (const ConfigError&) {
  }
  for (const auto& [key, seconds] : durations)
    if (!(seconds >= 0) || std::isinf(seconds)) std::abort();
  return 0;
}

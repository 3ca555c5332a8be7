// The cache's facts decoder on arbitrary bytes: it throws BadFacts or gives
// facts that encode back to exactly the bytes it read.
#include <cstdlib>

#include "facts/facts_io.h"

using namespace hwclass;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  try {
    if (encode_facts(decode_facts(bytes)) != bytes) std::abort();
  } catch (const BadFacts&) {
  }
  return 0;
}

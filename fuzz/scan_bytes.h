// The front end on bytes from a fuzzer: the same checks, parse and
// extraction as a file on disk gets (src/extract/extractor.h).
#pragma once

#include <string>

#include "extract/extractor.h"

namespace hwclass {

inline FileFacts scan_bytes(const uint8_t* data, size_t size, const Vocabulary& vocabulary) {
  SourceFile file{"test/test_fuzz.py", "", "test/test_fuzz.py", true, true, true};
  return extract_source(std::string(reinterpret_cast<const char*>(data), size), file, vocabulary);
}

}  // namespace hwclass

// The front end on bytes from a fuzzer: the same checks, parse and
// extraction as a file on disk gets (src/parse/, src/extract/).
#pragma once

#include <string>

#include "extract/extractor.h"
#include "parse/parallel_parse.h"
#include "parse/source_reader.h"

namespace hwclass {

inline FileFacts scan_bytes(const uint8_t* data, size_t size, const Vocabulary& vocabulary) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  SourceFile file{"test/test_fuzz.py", "", "test/test_fuzz.py", true, true, true};
  return parse_sources(
             {file}, 1,
             [&](size_t, std::string& text, FileFacts& facts) {
               text = bytes;
               return check_source(text, facts);
             },
             [&](const TSTree* tree, std::string_view text, FileFacts& facts) {
               extract_facts(tree, text, vocabulary, facts);
             })
      .front();
}

}  // namespace hwclass

// The scanner and the linter on arbitrary bytes: no crash, no sanitizer
// report, and every site and class points inside the file.
#include <cstdlib>

#include "fuzz/scan_bytes.h"
#include "lint/linter.h"
#include "resolve/resolver.h"

using namespace hwclass;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const Vocabulary& vocabulary = Vocabulary::embedded();
  std::vector<FileFacts> files{scan_bytes(data, size, vocabulary)};
  const FileFacts& f = files.front();
  for (const DeviceSite& s : f.sites)
    if (s.location.end_byte > size || s.location.start_byte > s.location.end_byte ||
        s.class_index >= static_cast<int>(f.classes.size()))
      std::abort();
  for (const ClassFact& c : f.classes)
    if (c.body_end_byte > size) std::abort();
  Resolution resolution = resolve(files, vocabulary);
  const Analysis world = analyze(files, resolution, vocabulary);
  lint_file(f, vocabulary, LintOptions{}, &world, 0);
  return 0;
}

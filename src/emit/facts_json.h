// `hwclass scan` output: the fact model as a stable JSON document, or a
// readable summary per file.
#pragma once

#include <string>
#include <vector>

#include "util/json_writer.h"
#include "facts/facts.h"
#include "util/output_sink.h"

namespace hwclass {

// The scan JSON's own version, apart from the cache's layout
// (kFactsSchemaVersion). 5: a file's `test_file` (whether upstream's linter
// checks it) became `linted_by_upstream`, since every other output's
// `test_file` is a test module as run_test.py names it ("nn/test_conv").
inline constexpr int kScanJsonSchemaVersion = 5;

// Streams the JSON document: the header on construction, one file per
// add() (in output order), the summary and closing brackets on finish().
class FactsJsonStream {
 public:
  explicit FactsJsonStream(OutputSink& sink);
  void add(const FileFacts& file);
  void finish();

 private:
  OutputSink& sink_;
  std::string buffer_;
  JsonWriter writer_;
  size_t files_ = 0, classes_ = 0, test_classes_ = 0, instantiations_ = 0, sites_ = 0;
};

std::string file_facts_to_text(const FileFacts& file);
std::string facts_to_text(const std::vector<FileFacts>& files);

}  // namespace hwclass

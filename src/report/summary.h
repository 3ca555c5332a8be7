// What `hwclass report` counts in one file, from its facts alone: no other
// file and no verdict, so that `report --history` keeps one per blob and
// never parses an unchanged file twice (docs/report.md).
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "facts/facts.h"
#include "vocab/hardcoded_site.h"
#include "vocab/vocabulary.h"

namespace hwclass {

class RunStats;

struct FileSummary {
  std::string path;           // repo-relative
  bool test_file = false;     // upstream's linter checks it (test_*.py under test/, v8 patterns)
  bool parses = true;
  size_t test_classes = 0;    // as upstream's linter counts them: the last definition of each name
  size_t variants = 0;        // device variants instantiate_device_type_tests creates for them
  std::map<std::string, size_t> declared;  // member -> classes declaring it validly in their own body
  size_t unclassified = 0;    // test classes without a valid declaration of their own
  size_t upstream_errors = 0;  // TEST_LINTER's messages on the file
  std::string first_error;     // the first of them, "LINE: [rule] message"; "" when none
  std::map<std::string, size_t> sites_by_kind;    // kSiteKinds (vocab/hardcoded_site.h) -> sites in test classes
  std::map<std::string, size_t> sites_by_device;  // "cuda" -> hardcoded sites
  size_t sites = 0;
  std::vector<std::string> owners;  // `# Owner(s)` labels
};

// `stats`, when given, counts its upstream lint pass (util/run_stats.h).
FileSummary summarize_file(const FileFacts& file, const Vocabulary& vocabulary, RunStats* stats = nullptr);

}  // namespace hwclass

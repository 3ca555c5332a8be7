// report --history: the per-file counts at each commit of a range, read
// from git objects. A blob is parsed once, whatever number of commits hold
// it, and a subtree once, whatever number of commits share it, so the cost
// grows with what changed, not with commits x files.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "cache/facts_cache.h"
#include "report/report.h"
#include "vocab/vocabulary.h"

namespace hwclass {

struct HistoryOptions {
  std::string range;                // git rev-list range: main~200..main
  int every = 1;                    // every Nth commit (the last one always)
  std::vector<std::string> prefixes;  // repo-relative directories to count ("test")
  std::string allowlist_path;       // repo-relative
  int jobs = 1;
  const FactsCache* cache = nullptr;  // shares facts by blob id across runs; null for none
  // Called after each commit with (done, total), for a progress line.
  std::function<void(size_t, size_t)> progress;
};

struct History {
  std::vector<HistoryPoint> points;  // oldest first
  size_t blobs_parsed = 0;  // not those whose facts the cache had
};

History compute_history(const std::string& repo, const HistoryOptions& options, const Vocabulary& vocabulary);

}  // namespace hwclass

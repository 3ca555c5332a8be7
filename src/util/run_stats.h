// How often a run did each kind of work on each file (issue 47: nothing is
// done twice in a run). Counted only when asked for (HWCLASS_RUN_STATS=FILE,
// which cli/main.cpp reads); the command line owns the counter and hands it
// down, so no stage keeps a global. tests/integration/run_stats.py reads the
// JSON and holds each count to one.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>

namespace hwclass {

enum class Work : uint8_t {
  Read,      // the file's facts asked of the reader (cache/reader.h)
  Parse,     // its bytes parsed and its facts extracted
  CacheHit,  // its facts taken from the cache instead
  Lint,      // a lint pass over the whole file (lint_file)
  Plan,      // its fix plan computed (plan_fixes)
};
inline constexpr size_t kWorkKinds = 5;
std::string_view work_name(Work work);

class RunStats {
 public:
  // One more `work` on the file at `path` (repository-relative) with
  // `content_hash`: another version of a path (a base blob) is counted apart.
  // Safe from any thread.
  void add(std::string_view path, uint64_t content_hash, Work work, uint32_t n = 1);
  // The counts as JSON: {"command": ..., "files": {"path@hash": {"Parse": 1,
  // ...}}, "totals": {...}}, files sorted, kinds never done left out.
  std::string json(std::string_view command) const;

 private:
  mutable std::mutex mutex_;
  std::map<std::pair<std::string, uint64_t>, std::array<uint32_t, kWorkKinds>> counts_;
};

}  // namespace hwclass

#include "util/run_stats.h"

#include <cstdio>

#include "util/json_writer.h"

namespace hwclass {

std::string_view work_name(Work work) {
  switch (work) {
    case Work::Read: return "Read";
    case Work::Parse: return "Parse";
    case Work::CacheHit: return "CacheHit";
    case Work::Lint: return "Lint";
    case Work::Plan: return "Plan";
  }
  return "?";
}

void RunStats::add(std::string_view path, uint64_t content_hash, Work work, uint32_t n) {
  std::lock_guard lock(mutex_);
  counts_[{std::string(path), content_hash}][static_cast<size_t>(work)] += n;
}

std::string RunStats::json(std::string_view command) const {
  std::lock_guard lock(mutex_);
  std::array<uint64_t, kWorkKinds> totals{};
  std::string out;
  JsonWriter w(out, 1);
  w.begin_object().field("command", command).key("files").begin_object();
  for (const auto& [key, counts] : counts_) {
    char hash[17];
    std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(key.second));
    w.key(key.first + "@" + hash).begin_object();
    for (size_t k = 0; k < kWorkKinds; ++k) {
      totals[k] += counts[k];
      if (counts[k]) w.field(work_name(static_cast<Work>(k)), counts[k]);
    }
    w.end_object();
  }
  w.end_object().key("totals").begin_object();
  for (size_t k = 0; k < kWorkKinds; ++k) w.field(work_name(static_cast<Work>(k)), totals[k]);
  w.end_object().end_object();
  return out + "\n";
}

}  // namespace hwclass

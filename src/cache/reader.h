// How a run turns source files into facts: through the facts cache when it
// has one, else by parsing. Behind an interface so the session
// (resolve/session.h) reads its context files the way the command read its
// inputs, and a test can hand it facts of its own.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "discover/discover.h"
#include "facts/facts.h"
#include "parse/parallel_parse.h"
#include "util/run_stats.h"
#include "vocab/vocabulary.h"

namespace hwclass {

class FactsReader {
 public:
  virtual ~FactsReader() = default;
  // The facts of `files`, in their order; `in_order`, when given, sees each
  // as soon as it and those before it are ready (output can stream while
  // later files still parse).
  virtual std::vector<FileFacts> read(const std::vector<SourceFile>& files,
                                      const InOrderCallback& in_order = nullptr) = 0;
};

// Reads on `jobs` threads through the cache in `cache_dir` (none: no cache),
// whose entries are keyed by the vocabulary's rules hash. Each read opens
// the cache and commits what it stored, so a file read later in the run
// (context) finds what an earlier read wrote. `stats`, when given, counts
// each file asked for, parsed, or taken from the cache.
class CachedReader final : public FactsReader {
 public:
  CachedReader(std::optional<std::filesystem::path> cache_dir, const Vocabulary& vocabulary, int jobs,
               RunStats* stats = nullptr);
  std::vector<FileFacts> read(const std::vector<SourceFile>& files, const InOrderCallback& in_order = nullptr) override;
  // Whether a read since the last call could not write the cache (the
  // cache is an optimisation: the run goes on without it).
  bool take_cache_failure();
  const std::optional<std::filesystem::path>& cache_dir() const { return cache_dir_; }

 private:
  std::optional<std::filesystem::path> cache_dir_;
  const Vocabulary& vocabulary_;
  int jobs_;
  RunStats* stats_;
  bool cache_failed_ = false;
};

}  // namespace hwclass

// The incremental cache: each file's facts, stored under the repository
// (`.hwclass_cache/`, `--cache-dir`, HWCLASS_CACHE_DIR) and reused while the
// file, the rules and the hwclass binary are unchanged (docs/cache.md).
//
// Facts are keyed by content: the hash of the file's bytes and its
// repository-relative path (or its git blob id and path), so a cache
// restored into a fresh clone elsewhere still hits. A stat record (size,
// mtime, inode under the absolute path) names the entry of an unchanged
// file without reading it (the quick path). A run reads every pack of its
// identity and writes what it learnt as one new pack (cache/pack_file.h);
// when packs pile up, one run merges them. Anything short, garbled or
// written by another build or rules file is a miss, never trusted.
#pragma once

#include <sys/stat.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "cache/cache_dir.h"
#include "discover/discover.h"
#include "facts/facts.h"

namespace hwclass {

class FactsCache {
 public:
  // Reads the packs in `dir` (created on first store); `identity` is what
  // else the facts depend on (the rules hash); the binary's own is added.
  FactsCache(std::filesystem::path dir, const std::string& identity);
  ~FactsCache();  // commit()
  FactsCache(FactsCache&&) noexcept;

  // The file's facts if its stat matches a record (quick path), else nothing.
  std::optional<FileFacts> by_stat(const SourceFile& file) const;
  // The file's facts if an entry holds bytes hashing to `content_hash` at its path.
  std::optional<FileFacts> by_content(const SourceFile& file, uint64_t content_hash) const;
  // Records facts just extracted from `file` (and its stat); safe from any
  // thread. Failures are silent (the cache is an optimisation): `failed()`
  // says whether any was.
  void store(const SourceFile& file, const FileFacts& facts) const;

  // The same keyed by a git blob id instead of a file on disk, for report
  // --history: the facts of `file`'s path as it was in that blob.
  std::optional<FileFacts> by_blob(const std::string& blob, const SourceFile& file) const;
  void store_blob(const std::string& blob, const SourceFile& file, const FileFacts& facts) const;

  // Makes what was stored visible to later runs: one new pack, merging the
  // others when there are more than a few. Idempotent.
  void commit();

  bool failed() const;
  const std::filesystem::path& dir() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace hwclass

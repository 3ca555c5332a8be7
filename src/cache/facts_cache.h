// The incremental cache: each file's facts, stored under the repository
// (`.hwclass_cache/`, `--cache-dir`, HWCLASS_CACHE_DIR) and reused while the
// file, the rules and the hwclass binary are unchanged (docs/cache.md).
//
// An entry per file (named by a hash of its absolute path) holds the file's size, mtime and inode
// (the quick path: an unchanged stat skips reading the file), its content
// hash (a touched but unchanged file is not parsed again) and the encoded
// facts with their own hash. An entry that is short, garbled or written by
// another build or rules file is recomputed and replaced, never trusted.
// Entries are written to a temporary file and renamed, so concurrent runs
// (pre-commit's parallel hooks) see an old entry or a new one, whole.
#pragma once

#include <sys/stat.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "discover/discover.h"
#include "facts/facts.h"

namespace hwclass {

class FactsCache {
 public:
  // `dir` is created on first store; `identity` is what else the facts
  // depend on (the rules hash); the binary's own identity is added.
  FactsCache(std::filesystem::path dir, const std::string& identity);

  // The file's facts if its stat matches its entry (quick path), else nothing.
  std::optional<FileFacts> by_stat(const SourceFile& file) const;
  // The file's facts if `content_hash` matches its entry.
  std::optional<FileFacts> by_content(const SourceFile& file, uint64_t content_hash) const;
  // Writes the entry for facts just extracted from `file`; failures are
  // silent (the cache is an optimisation): `failed()` says whether any was.
  void store(const SourceFile& file, const FileFacts& facts) const;

  // The same keyed by a git blob id instead of a file on disk, for report
  // --history: the facts of `file`'s path as it was in that blob.
  std::optional<FileFacts> by_blob(const std::string& blob, const SourceFile& file) const;
  void store_blob(const std::string& blob, const SourceFile& file, const FileFacts& facts) const;

  bool failed() const { return failed_; }
  const std::filesystem::path& dir() const { return dir_; }

 private:
  struct Header;
  std::filesystem::path entry_path(const SourceFile& file) const;
  std::filesystem::path blob_entry_path(const std::string& blob, const SourceFile& file) const;
  std::optional<FileFacts> load(const std::filesystem::path& entry, const SourceFile& file, const struct ::stat* now,
                                uint64_t content_hash) const;
  void write_entry(const std::filesystem::path& entry, Header header, const FileFacts& facts) const;

  std::filesystem::path dir_;
  uint64_t identity_ = 0;
  mutable std::atomic<bool> failed_ = false;
};

// The cache directory: `given` (--cache-dir) when not empty, else
// HWCLASS_CACHE_DIR, else <root>/.hwclass_cache.
std::filesystem::path cache_dir(const std::string& given, const std::filesystem::path& root);

struct CacheStats {
  size_t entries = 0;
  uint64_t bytes = 0;
};
CacheStats cache_stats(const std::filesystem::path& dir);
// Removes the entries (and the directory, when hwclass made it).
void clean_cache(const std::filesystem::path& dir);

}  // namespace hwclass

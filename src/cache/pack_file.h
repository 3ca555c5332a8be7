// The cache's on-disk unit: a pack file, written whole by one run and never
// changed after (docs/cache.md). A run writes at most one pack, so a cold
// run of 900 files allocates one inode, not 900 (issue 20: 900 entry files
// cost 16% of a cold run, most of it in the kernel).
//
//   header (PackHeader) | payloads ... | entry table | stat table
//
// Every number is the machine's own byte order: a pack is a cache, not an
// exchange format, and one from another machine fails its identity check.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hwclass::pack {

enum class EntryKind : uint64_t { File = 1, Blob = 2 };

// One file's encoded facts, found by `key` (its content and path, or its
// git blob and path); `hash` is the payload's, checked on every read.
struct EntryRecord {
  uint64_t key = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
  uint64_t hash = 0;
  EntryKind kind = EntryKind::File;
};

// What a file on disk looked like when its facts were stored: an unchanged
// stat names the entry without reading the file (the quick path).
struct StatRecord {
  uint64_t path_key = 0;  // hash of the absolute path
  uint64_t size = 0;
  int64_t mtime_ns = 0;
  uint64_t inode = 0;
  uint64_t entry_key = 0;
};

// A pack mapped read-only. Its tables are checked when it is opened; each
// payload is checked by whoever reads it (`payload`).
class PackReader {
 public:
  // Nothing when the file is not a whole pack of this identity.
  static std::optional<PackReader> open(const std::filesystem::path& path, uint64_t identity);
  PackReader(PackReader&&) noexcept;
  PackReader& operator=(PackReader&&) noexcept;
  ~PackReader();

  const std::vector<EntryRecord>& entries() const { return entries_; }
  const std::vector<StatRecord>& stats() const { return stats_; }
  uint64_t sequence() const { return sequence_; }
  const std::filesystem::path& path() const { return path_; }
  // The entry's bytes if they still hash to its record, else nothing.
  std::optional<std::string_view> payload(const EntryRecord& entry) const;

 private:
  PackReader() = default;
  std::filesystem::path path_;
  const char* data_ = nullptr;
  size_t size_ = 0;
  uint64_t sequence_ = 0;
  std::vector<EntryRecord> entries_;
  std::vector<StatRecord> stats_;
};

// Reads a pack's header only: its identity and entry count (cache info).
struct PackSummary {
  uint64_t identity = 0;
  uint64_t entries = 0;
};
std::optional<PackSummary> summarize(const std::filesystem::path& path);

// Writes a new pack into `dir`: payloads as they come (from any thread, the
// caller serialising), then the tables, then a rename makes it visible, so
// readers see no pack or a whole one.
class PackWriter {
 public:
  PackWriter(std::filesystem::path dir, uint64_t identity, uint64_t sequence);
  ~PackWriter();  // an unfinished pack is removed
  PackWriter(const PackWriter&) = delete;
  PackWriter& operator=(const PackWriter&) = delete;

  bool add(uint64_t key, EntryKind kind, std::string_view payload);
  void add_stat(const StatRecord& stat) { stats_.push_back(stat); }
  bool empty() const { return entries_.empty() && stats_.empty(); }
  // Writes the tables and renames the pack in; false on any failure.
  bool finish();

 private:
  bool write_at(uint64_t offset, std::string_view bytes);
  std::filesystem::path dir_;
  std::string temp_;
  int fd_ = -1;
  bool ok_ = true;
  uint64_t identity_, sequence_, end_;
  std::vector<EntryRecord> entries_;
  std::vector<StatRecord> stats_;
};

inline constexpr std::string_view kPackSuffix = ".pack";

// Whether `path` is a file a PackWriter made, so that `cache clean` removes
// it and nothing else: a pack (its name ends in kPackSuffix and it starts
// with this format's magic), or the temporary of a run that died before its
// rename ("tmp.<pid>.<6 characters>", its header not yet written, so zeros,
// or written whole). A user's own `*.pack` has no such header.
bool written_by_pack_writer(const std::filesystem::path& path);

}  // namespace hwclass::pack

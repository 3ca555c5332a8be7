// The cache directory as a place on the user's disk: where it is, what in
// it hwclass wrote, the markers that keep git and backups out of it, and
// removing it (docs/cache.md). hwclass touches only its own files there:
// `--cache-dir DIR` may name a directory that holds the user's files too,
// their own `*.pack` files included (issue 49).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace hwclass {

// The cache directory: `given` (what cli/ read from --cache-dir or
// HWCLASS_CACHE_DIR) when not empty, else <root>/.hwclass_cache.
std::filesystem::path cache_dir(const std::string& given, const std::filesystem::path& root);

struct CacheStats {
  size_t packs = 0;
  size_t entries = 0;  // over every pack, of any identity
  uint64_t bytes = 0;
};
CacheStats cache_stats(const std::filesystem::path& dir);

// Gives a directory of hwclass's the markers it lacks: a `.gitignore` of
// `*` and a CACHEDIR.TAG, each written whole or not at all, never over a
// file already there. The directory is hwclass's when it is named
// `.hwclass_cache`, holds hwclass's CACHEDIR.TAG, or holds nothing hwclass
// did not write; otherwise the markers would hide the user's files from git
// and from backups, so it gets none. Failures are silent, as the cache's are.
void mark_cache_dir(const std::filesystem::path& dir);

// What `cache clean` did: the packs it removed, and the entries hwclass did
// not write, which it left (with the markers, which still cover them).
struct CleanResult {
  CacheStats removed;
  size_t kept = 0;
  bool removed_dir = false;
};
// Removes hwclass's packs and temporaries, then, when nothing else is
// left, its markers and the directory.
CleanResult clean_cache(const std::filesystem::path& dir);

}  // namespace hwclass

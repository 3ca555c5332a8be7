#include "cache/reader.h"

#include "cache/facts_cache.h"
#include "extract/extractor.h"
#include "parse/source_reader.h"

namespace hwclass {

CachedReader::CachedReader(std::optional<std::filesystem::path> cache_dir, const Vocabulary& vocabulary, int jobs,
                           RunStats* stats)
    : cache_dir_(std::move(cache_dir)), vocabulary_(vocabulary), jobs_(jobs), stats_(stats) {}

std::vector<FileFacts> CachedReader::read(const std::vector<SourceFile>& files, const InOrderCallback& in_order) {
  std::optional<FactsCache> cache;
  if (cache_dir_) cache.emplace(*cache_dir_, vocabulary_.rules_hash);
  // Counted by the file's path and the hash of the bytes the facts are of.
  auto count = [&](const FileFacts& facts, Work work) {
    if (stats_) stats_->add(facts.relative_path, facts.content_hash, work);
  };
  // Commands that stream output (scan) drop each file's facts once printed,
  // so entries are written here, on the worker, as soon as the facts exist.
  std::vector<FileFacts> out = parse_sources(
      files, jobs_,
      [&](size_t i, std::string& text, FileFacts& facts) {
        if (cache) {
          if (auto hit = cache->by_stat(files[i])) {
            facts = std::move(*hit);
            count(facts, Work::Read);
            count(facts, Work::CacheHit);
            return false;
          }
        }
        const bool readable = read_source(files[i].absolute_path, text, facts);
        count(facts, Work::Read);
        if (!readable) return false;
        if (cache) {
          if (auto hit = cache->by_content(files[i], facts.content_hash)) {
            facts = std::move(*hit);
            cache->store(files[i], facts);  // its new stat, for the quick path next time
            count(facts, Work::CacheHit);
            return false;
          }
        }
        return true;
      },
      [&](size_t i, const TSTree* tree, std::string_view source, FileFacts& facts) {
        extract_facts(tree, source, vocabulary_, facts);
        count(facts, Work::Parse);
        if (cache) cache->store(files[i], facts);
      },
      in_order);
  if (cache) {
    cache->commit();
    cache_failed_ |= cache->failed();
  }
  return out;
}

bool CachedReader::take_cache_failure() {
  const bool failed = cache_failed_;
  cache_failed_ = false;
  return failed;
}

}  // namespace hwclass

#include "cache/facts_cache.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <ctime>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "cache/pack_file.h"
#include "facts/facts_io.h"
#include "util/hash.h"
#include "version.h"

namespace hwclass {
namespace fs = std::filesystem;
using pack::EntryKind;
using pack::EntryRecord;
using pack::PackReader;
using pack::StatRecord;

namespace {

// More packs of one identity than this, and the run that adds one merges them all.
constexpr size_t kMaxPacks = 8;
// What a merge keeps: the newest stat records, and the entries they name, up
// to these bounds; git blobs' entries (report --history) have their own.
constexpr size_t kMaxStats = 1 << 16;
constexpr uint64_t kMaxFileBytes = 256ull << 20;
constexpr uint64_t kMaxBlobBytes = 128ull << 20;
// Packs of another build or rules file are someone else's until this old.
constexpr std::time_t kForeignPackSeconds = 24 * 3600;

int64_t mtime_ns(const struct stat& st) {
  return static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

uint64_t now_ns() {
  struct timespec ts {};
  ::clock_gettime(CLOCK_REALTIME, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000000000 + static_cast<uint64_t>(ts.tv_nsec);
}

// The bytes of the running binary, hashed: a rebuilt hwclass may extract
// differently, and the same build in a fresh clone (CI restoring a cache)
// extracts the same. The build embeds no paths or times.
uint64_t binary_hash() {
  int fd = ::open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  struct stat st {};
  uint64_t h = 0;
  if (::fstat(fd, &st) == 0 && st.st_size > 0) {
    void* map = ::mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    if (map != MAP_FAILED) {
      h = hash64({static_cast<const char*>(map), static_cast<size_t>(st.st_size)});
      ::munmap(map, static_cast<size_t>(st.st_size));
    }
  }
  ::close(fd);
  return h;
}

// What the facts depend on besides the file: the rules (`identity`), the
// fact layout, and the build of hwclass itself.
uint64_t build_identity(const std::string& identity) {
  static const uint64_t binary = binary_hash();
  return hash64(identity + '\n' + kHwclassVersion + '\n' + std::to_string(kFactsSchemaVersion) + '\n' +
                hex64(binary));
}

uint64_t file_key(uint64_t content_hash, const std::string& relative_path) {
  return hash64("file\n" + hex64(content_hash) + '\n' + relative_path);
}
uint64_t blob_key(const std::string& blob, const std::string& relative_path) {
  return hash64("blob\n" + blob + '\n' + relative_path);
}

// Made on the first store, so a run that stores nothing leaves no directory.
void make_cache_dir(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) fs::create_directories(dir, ec);
  mark_cache_dir(dir);
}

std::vector<fs::path> pack_paths(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == pack::kPackSuffix) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// The packs of `identity` in `dir`, newest first; the others' paths go to
// `foreign` when given.
std::vector<PackReader> open_packs(const fs::path& dir, uint64_t identity, std::vector<fs::path>* foreign) {
  std::vector<PackReader> packs;
  for (const fs::path& p : pack_paths(dir)) {
    if (auto reader = PackReader::open(p, identity))
      packs.push_back(std::move(*reader));
    else if (auto summary = pack::summarize(p); foreign && summary && summary->identity != identity)
      foreign->push_back(p);
  }
  std::stable_sort(packs.begin(), packs.end(),
                   [](const PackReader& a, const PackReader& b) { return a.sequence() > b.sequence(); });
  return packs;
}

}  // namespace

struct FactsCache::State {
  fs::path dir;
  uint64_t identity = 0;
  std::vector<PackReader> packs;  // this identity's, newest first
  std::vector<fs::path> foreign;  // other identities' packs
  struct Ref {
    size_t pack;
    size_t entry;
  };
  std::unordered_map<uint64_t, Ref> entries;                     // newest pack's wins
  std::unordered_multimap<uint64_t, const StatRecord*> stats;    // by path key

  std::mutex mu;  // guards what follows: this run's new pack
  std::optional<pack::PackWriter> writer;
  std::unordered_set<uint64_t> written;
  std::atomic<bool> failed = false;
  bool committed = false;

  const EntryRecord* entry(uint64_t key) const {
    auto it = entries.find(key);
    return it == entries.end() ? nullptr : &packs[it->second.pack].entries()[it->second.entry];
  }
  std::optional<FileFacts> load(uint64_t key, const SourceFile& file) const;
  void add(uint64_t key, EntryKind kind, const FileFacts& facts, const StatRecord* stat);
  void merge(uint64_t sequence);
  void drop_old_foreign() const;
};

FactsCache::FactsCache(fs::path dir, const std::string& identity) : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.dir = std::move(dir);
  s.identity = build_identity(identity);
  s.packs = open_packs(s.dir, s.identity, &s.foreign);
  for (size_t p = 0; p < s.packs.size(); ++p) {
    const auto& entries = s.packs[p].entries();
    for (size_t e = 0; e < entries.size(); ++e) s.entries.emplace(entries[e].key, State::Ref{p, e});
    for (const StatRecord& r : s.packs[p].stats()) s.stats.emplace(r.path_key, &r);
  }
  // A directory that exists, made by an older hwclass or by hand, gets the
  // markers it lacks whenever a run uses it, not only when a run creates it.
  std::error_code ec;
  if (fs::is_directory(s.dir, ec)) mark_cache_dir(s.dir);
}

FactsCache::~FactsCache() {
  if (state_) commit();
}
FactsCache::FactsCache(FactsCache&&) noexcept = default;

bool FactsCache::failed() const { return state_->failed; }
const fs::path& FactsCache::dir() const { return state_->dir; }

std::optional<FileFacts> FactsCache::State::load(uint64_t key, const SourceFile& file) const {
  auto it = entries.find(key);
  if (it == entries.end()) return std::nullopt;
  const PackReader& pack = packs[it->second.pack];
  auto payload = pack.payload(pack.entries()[it->second.entry]);
  if (!payload) return std::nullopt;
  try {
    FileFacts facts = decode_facts(*payload);
    if (facts.relative_path != file.relative_path) return std::nullopt;  // a hash collision of two keys
    facts.path = file.display_path;
    facts.is_test_file = file.is_test_file;
    facts.is_test_file_v7 = file.is_test_file_v7;
    return facts;
  } catch (const BadFacts&) {
    return std::nullopt;
  }
}

std::optional<FileFacts> FactsCache::by_stat(const SourceFile& file) const {
  const State& s = *state_;
  struct stat st {};
  if (s.stats.empty() || ::stat(file.absolute_path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  auto [from, to] = s.stats.equal_range(hash64(file.absolute_path));
  for (auto it = from; it != to; ++it) {
    const StatRecord& r = *it->second;
    if (r.mtime_ns != 0 && r.mtime_ns == mtime_ns(st) && r.size == static_cast<uint64_t>(st.st_size) &&
        r.inode == static_cast<uint64_t>(st.st_ino))
      return s.load(r.entry_key, file);
  }
  return std::nullopt;
}

std::optional<FileFacts> FactsCache::by_content(const SourceFile& file, uint64_t content_hash) const {
  return state_->load(file_key(content_hash, file.relative_path), file);
}

std::optional<FileFacts> FactsCache::by_blob(const std::string& blob, const SourceFile& file) const {
  return state_->load(blob_key(blob, file.relative_path), file);
}

void FactsCache::State::add(uint64_t key, EntryKind kind, const FileFacts& facts, const StatRecord* stat) {
  bool known = entry(key) != nullptr;
  std::string payload = known ? std::string() : encode_facts(facts);  // outside the lock: it is the costly part
  std::lock_guard lock(mu);
  if (!writer) {
    make_cache_dir(dir);
    writer.emplace(dir, identity, now_ns());
  }
  if (!known && written.insert(key).second && !writer->add(key, kind, payload)) failed = true;
  if (stat) writer->add_stat(*stat);
}

void FactsCache::store(const SourceFile& file, const FileFacts& facts) const {
  // The stat is taken now, after the read: if the file changed in between,
  // its content hash no longer matches, so the record is only ever a miss.
  // A file modified in the last two seconds may change again within the
  // clock's granularity, so its stat is not recorded (git's "racy" files).
  struct stat st {};
  if (!facts.readable || ::stat(file.absolute_path.c_str(), &st) != 0) return;
  uint64_t key = file_key(facts.content_hash, file.relative_path);
  bool settled = st.st_mtim.tv_sec + 2 < std::time(nullptr) && static_cast<uint64_t>(st.st_size) == facts.size_bytes;
  StatRecord stat{hash64(file.absolute_path), static_cast<uint64_t>(st.st_size), mtime_ns(st),
                  static_cast<uint64_t>(st.st_ino), key};
  state_->add(key, EntryKind::File, facts, settled ? &stat : nullptr);
}

void FactsCache::store_blob(const std::string& blob, const SourceFile& file, const FileFacts& facts) const {
  if (facts.readable) state_->add(blob_key(blob, file.relative_path), EntryKind::Blob, facts, nullptr);
}

void FactsCache::commit() {
  State& s = *state_;
  std::lock_guard lock(s.mu);
  if (s.committed || !s.writer) return;
  s.committed = true;
  if (!s.writer->finish()) {
    s.failed = true;
    return;
  }
  s.writer.reset();
  if (s.packs.size() + 1 > kMaxPacks) s.merge(now_ns());
  s.drop_old_foreign();
}

// Writes one pack with what the packs on disk (this run's included, read
// again) hold within the bounds, then removes the packs it merged. Two runs
// merging at once leave two merged packs with the same entries: harmless.
void FactsCache::State::merge(uint64_t sequence) {
  std::vector<PackReader> all = open_packs(dir, identity, nullptr);
  std::unordered_map<uint64_t, std::pair<const PackReader*, const EntryRecord*>> by_key;
  for (const PackReader& p : all)
    for (const EntryRecord& e : p.entries()) by_key.emplace(e.key, std::pair{&p, &e});
  pack::PackWriter out(dir, identity, sequence);
  std::unordered_set<uint64_t> kept_paths, kept_entries;
  uint64_t file_bytes = 0, blob_bytes = 0;
  auto keep = [&](uint64_t key, uint64_t& bytes, uint64_t limit) {
    auto it = by_key.find(key);
    if (it == by_key.end()) return false;
    if (kept_entries.count(key)) return true;
    auto [p, e] = it->second;
    auto payload = p->payload(*e);
    if (!payload || bytes + e->size > limit) return false;
    bytes += e->size;
    kept_entries.insert(key);
    return out.add(key, e->kind, *payload);
  };
  for (const PackReader& p : all)
    for (const StatRecord& r : p.stats())
      if (kept_paths.size() < kMaxStats && !kept_paths.count(r.path_key) && keep(r.entry_key, file_bytes, kMaxFileBytes)) {
        kept_paths.insert(r.path_key);
        out.add_stat(r);
      }
  for (const PackReader& p : all)
    for (const EntryRecord& e : p.entries())
      if (e.kind == EntryKind::Blob) keep(e.key, blob_bytes, kMaxBlobBytes);
  if (!out.finish()) return;
  for (const PackReader& p : all) ::unlink(p.path().c_str());  // open maps stay valid for their readers
}

void FactsCache::State::drop_old_foreign() const {
  std::time_t cutoff = std::time(nullptr) - kForeignPackSeconds;
  for (const fs::path& p : foreign) {
    struct stat st {};
    if (::stat(p.c_str(), &st) == 0 && st.st_mtime < cutoff) ::unlink(p.c_str());
  }
}

}  // namespace hwclass

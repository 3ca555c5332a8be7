#include "cache/facts_cache.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>

#include "facts/facts_io.h"
#include "util/hash.h"
#include "version.h"

namespace hwclass {
struct FactsCache::Header {
  char magic[8];
  uint64_t identity;
  uint64_t size;
  int64_t mtime_ns;  // 0: do not trust the stat (the file was written too recently, or is a blob)
  uint64_t inode;
  uint64_t content_hash;
  uint64_t payload_size;
  uint64_t payload_hash;
};

namespace {

constexpr char kMagic[8] = {'H', 'W', 'C', 'F', 'A', 'C', 'T', '1'};

int64_t mtime_ns(const struct stat& st) {
  return static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

bool read_all(const std::filesystem::path& path, std::string& out) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat st {};
  if (::fstat(fd, &st) != 0 || st.st_size > (1 << 30)) {
    ::close(fd);
    return false;
  }
  out.resize(static_cast<size_t>(st.st_size));
  size_t done = 0;
  while (done < out.size()) {
    ssize_t n = ::read(fd, out.data() + done, out.size() - done);
    if (n <= 0) break;
    done += static_cast<size_t>(n);
  }
  ::close(fd);
  out.resize(done);
  return true;
}

// What the facts depend on besides the file: the rules (`identity`), the
// fact layout, and the build of hwclass itself (a rebuilt binary may
// extract differently, so its size and mtime are part of the key).
uint64_t build_identity(const std::string& identity) {
  std::string key = identity + '\n' + kHwclassVersion + '\n' + std::to_string(kFactsSchemaVersion);
  struct stat exe {};
  if (::stat("/proc/self/exe", &exe) == 0)
    key += '\n' + std::to_string(exe.st_size) + '\n' + std::to_string(mtime_ns(exe));
  return hash64(key);
}

}  // namespace

FactsCache::FactsCache(std::filesystem::path dir, const std::string& identity)
    : dir_(std::move(dir)), identity_(build_identity(identity)) {}

std::filesystem::path FactsCache::entry_path(const SourceFile& file) const {
  return dir_ / (hex64(hash64(file.absolute_path)) + ".facts");
}

std::filesystem::path FactsCache::blob_entry_path(const std::string& blob, const SourceFile& file) const {
  return dir_ / (hex64(hash64(blob + '\n' + file.relative_path)) + ".facts");
}

std::optional<FileFacts> FactsCache::load(const std::filesystem::path& entry, const SourceFile& file,
                                          const struct ::stat* now, uint64_t content_hash) const {
  std::string bytes;
  if (!read_all(entry, bytes) || bytes.size() < sizeof(Header)) return std::nullopt;
  Header h;
  std::memcpy(&h, bytes.data(), sizeof h);
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0 || h.identity != identity_) return std::nullopt;
  if (now) {
    if (h.mtime_ns == 0 || h.mtime_ns != mtime_ns(*now) || h.size != static_cast<uint64_t>(now->st_size) ||
        h.inode != static_cast<uint64_t>(now->st_ino))
      return std::nullopt;
  } else if (h.content_hash != content_hash) {
    return std::nullopt;
  }
  std::string_view payload(bytes.data() + sizeof h, bytes.size() - sizeof h);
  if (payload.size() != h.payload_size || hash64(payload) != h.payload_hash) return std::nullopt;
  try {
    FileFacts facts = decode_facts(payload);
    if (facts.relative_path != file.relative_path) return std::nullopt;  // a hash collision of two paths
    facts.path = file.display_path;
    facts.is_test_file = file.is_test_file;
    facts.is_test_file_v7 = file.is_test_file_v7;
    return facts;
  } catch (const BadFacts&) {
    return std::nullopt;
  }
}

std::optional<FileFacts> FactsCache::by_stat(const SourceFile& file) const {
  struct stat st {};
  if (::stat(file.absolute_path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return load(entry_path(file), file, &st, 0);
}

std::optional<FileFacts> FactsCache::by_content(const SourceFile& file, uint64_t content_hash) const {
  return load(entry_path(file), file, nullptr, content_hash);
}

std::optional<FileFacts> FactsCache::by_blob(const std::string& blob, const SourceFile& file) const {
  return load(blob_entry_path(blob, file), file, nullptr, hash64(blob));
}

void FactsCache::store_blob(const std::string& blob, const SourceFile& file, const FileFacts& facts) const {
  Header h{};
  h.content_hash = hash64(blob);  // a blob id names its bytes; no stat to trust
  write_entry(blob_entry_path(blob, file), h, facts);
}

void FactsCache::store(const SourceFile& file, const FileFacts& facts) const {
  // The stat is taken now, after the read: if the file changed in between,
  // its content hash no longer matches, so the entry is only ever a miss.
  // A file modified in the last two seconds may change again within the
  // clock's granularity, so its stat is not trusted (git's "racy" files).
  struct stat st {};
  if (!facts.readable || ::stat(file.absolute_path.c_str(), &st) != 0) return;
  Header h{};
  h.size = static_cast<uint64_t>(st.st_size);
  bool settled = st.st_mtim.tv_sec + 2 < std::time(nullptr);
  h.mtime_ns = settled && h.size == facts.size_bytes ? mtime_ns(st) : 0;
  h.inode = static_cast<uint64_t>(st.st_ino);
  h.content_hash = facts.content_hash;
  write_entry(entry_path(file), h, facts);
}

void FactsCache::write_entry(const std::filesystem::path& entry, Header h, const FileFacts& facts) const {
  if (!facts.readable) return;
  std::string payload = encode_facts(facts);
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.identity = identity_;
  h.payload_size = payload.size();
  h.payload_hash = hash64(payload);
  std::error_code ec;
  if (!std::filesystem::is_directory(dir_, ec)) {
    std::filesystem::create_directories(dir_, ec);
    // Tools that archive or commit trees skip it (CACHEDIR.TAG, .gitignore).
    std::ofstream(dir_ / "CACHEDIR.TAG") << "Signature: 8a477f597d28d172789f06886806bc55\n"
                                            "# hwclass's cache of file facts (hwclass cache clean).\n";
    std::ofstream(dir_ / ".gitignore") << "*\n";
  }
  std::string temp = (dir_ / ("tmp." + std::to_string(::getpid()) + ".XXXXXX")).string();
  int fd = ::mkstemp(temp.data());
  if (fd < 0) {
    failed_ = true;
    return;
  }
  std::string bytes(reinterpret_cast<const char*>(&h), sizeof h);
  bytes += payload;
  bool ok = true;
  for (size_t done = 0; ok && done < bytes.size();) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    ok = n > 0;
    done += ok ? static_cast<size_t>(n) : 0;
  }
  ok = ::close(fd) == 0 && ok;
  if (!ok || ::rename(temp.c_str(), entry.c_str()) != 0) {
    ::unlink(temp.c_str());
    failed_ = true;
  }
}

std::filesystem::path cache_dir(const std::string& given, const std::filesystem::path& root) {
  if (!given.empty()) return given;
  const char* env = std::getenv("HWCLASS_CACHE_DIR");
  return env && *env ? std::filesystem::path(env) : root / ".hwclass_cache";
}

CacheStats cache_stats(const std::filesystem::path& dir) {
  CacheStats s;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    if (e.path().extension() != ".facts") continue;
    ++s.entries;
    s.bytes += e.file_size(ec);
  }
  return s;
}

void clean_cache(const std::filesystem::path& dir) {
  std::error_code ec;
  if (!std::filesystem::exists(dir / "CACHEDIR.TAG", ec)) {
    // Not a directory hwclass made: remove only its entries.
    for (const auto& e : std::filesystem::directory_iterator(dir, ec))
      if (e.path().extension() == ".facts") std::filesystem::remove(e.path(), ec);
    return;
  }
  std::filesystem::remove_all(dir, ec);
}

}  // namespace hwclass

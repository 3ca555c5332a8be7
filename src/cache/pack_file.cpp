#include "cache/pack_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <type_traits>

#include "util/hash.h"

namespace hwclass::pack {
namespace {

constexpr char kMagic[8] = {'H', 'W', 'C', 'P', 'A', 'C', 'K', '1'};

struct Header {
  char magic[8];
  uint64_t identity;
  uint64_t sequence;      // orders packs: a newer stat record wins
  uint64_t entry_count;
  uint64_t stat_count;
  uint64_t tables_offset; // where the entry table starts (payloads end)
  uint64_t tables_hash;   // of the two tables' bytes
  uint64_t reserved;
};
static_assert(std::is_trivially_copyable_v<EntryRecord> && std::is_trivially_copyable_v<StatRecord>);

// mkstemp's template, beside the pack it becomes.
constexpr std::string_view kTempPrefix = "tmp.";

// "tmp.<pid>.XXXXXX", as PackWriter names its temporary.
bool temp_name(const std::string& name) {
  if (name.rfind(kTempPrefix, 0) != 0) return false;
  size_t dot = name.find('.', kTempPrefix.size());
  if (dot == std::string::npos || dot == kTempPrefix.size() || name.size() - dot - 1 != 6) return false;
  for (size_t i = kTempPrefix.size(); i < dot; ++i)
    if (name[i] < '0' || name[i] > '9') return false;
  for (size_t i = dot + 1; i < name.size(); ++i)
    if (!std::isalnum(static_cast<unsigned char>(name[i]))) return false;
  return true;
}

bool read_header(int fd, Header& h) {
  return ::pread(fd, &h, sizeof h, 0) == static_cast<ssize_t>(sizeof h) &&
         std::memcmp(h.magic, kMagic, sizeof kMagic) == 0;
}

}  // namespace

std::optional<PackReader> PackReader::open(const std::filesystem::path& path, uint64_t identity) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;  // removed by a concurrent compaction: a miss
  Header h{};
  struct stat st {};
  bool ok = read_header(fd, h) && h.identity == identity && ::fstat(fd, &st) == 0;
  uint64_t size = ok ? static_cast<uint64_t>(st.st_size) : 0;
  uint64_t tables = h.entry_count * sizeof(EntryRecord) + h.stat_count * sizeof(StatRecord);
  ok = ok && h.entry_count < (1u << 24) && h.stat_count < (1u << 24) && h.tables_offset >= sizeof h &&
       h.tables_offset <= size && tables == size - h.tables_offset;
  void* map = ok ? ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0) : MAP_FAILED;
  ::close(fd);
  if (map == MAP_FAILED) return std::nullopt;
  PackReader r;
  r.path_ = path;
  r.data_ = static_cast<const char*>(map);
  r.size_ = size;
  r.sequence_ = h.sequence;
  std::string_view table(r.data_ + h.tables_offset, tables);
  if (hash64(table) != h.tables_hash) return std::nullopt;  // r unmaps
  r.entries_.resize(h.entry_count);
  r.stats_.resize(h.stat_count);
  // (memcpy takes no null pointer, even for 0 bytes: an empty table is skipped)
  if (h.entry_count) std::memcpy(r.entries_.data(), table.data(), h.entry_count * sizeof(EntryRecord));
  if (h.stat_count)
    std::memcpy(r.stats_.data(), table.data() + h.entry_count * sizeof(EntryRecord), h.stat_count * sizeof(StatRecord));
  for (const EntryRecord& e : r.entries_)
    if (e.offset < sizeof h || e.offset > h.tables_offset || e.size > h.tables_offset - e.offset) return std::nullopt;
  return r;
}

PackReader::PackReader(PackReader&& o) noexcept { *this = std::move(o); }

PackReader& PackReader::operator=(PackReader&& o) noexcept {
  if (this != &o) {
    if (data_) ::munmap(const_cast<char*>(data_), size_);
    path_ = std::move(o.path_);
    data_ = o.data_;
    size_ = o.size_;
    sequence_ = o.sequence_;
    entries_ = std::move(o.entries_);
    stats_ = std::move(o.stats_);
    o.data_ = nullptr;
    o.size_ = 0;
  }
  return *this;
}

PackReader::~PackReader() {
  if (data_) ::munmap(const_cast<char*>(data_), size_);
}

std::optional<std::string_view> PackReader::payload(const EntryRecord& entry) const {
  std::string_view bytes(data_ + entry.offset, entry.size);
  if (hash64(bytes) != entry.hash) return std::nullopt;
  return bytes;
}

std::optional<PackSummary> summarize(const std::filesystem::path& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  Header h{};
  bool ok = read_header(fd, h);
  ::close(fd);
  if (!ok) return std::nullopt;
  return PackSummary{h.identity, h.entry_count};
}

bool written_by_pack_writer(const std::filesystem::path& path) {
  const std::string name = path.filename().string();
  const bool pack = path.extension() == kPackSuffix;
  if (!pack && !temp_name(name)) return false;
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return false;
  struct stat st {};
  Header h{};
  bool regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  ssize_t got = regular ? ::pread(fd, &h, sizeof h, 0) : -1;
  ::close(fd);
  if (got < 0) return false;
  const bool magic = got == static_cast<ssize_t>(sizeof h) && std::memcmp(h.magic, kMagic, sizeof kMagic) == 0;
  if (pack) return magic;
  // A temporary's header is written last: until then its first bytes are zeros.
  const char* bytes = reinterpret_cast<const char*>(&h);
  return magic || std::all_of(bytes, bytes + got, [](char c) { return c == 0; });
}

PackWriter::PackWriter(std::filesystem::path dir, uint64_t identity, uint64_t sequence)
    : dir_(std::move(dir)), identity_(identity), sequence_(sequence), end_(sizeof(Header)) {}

PackWriter::~PackWriter() {
  if (fd_ >= 0) {
    ::close(fd_);
    ::unlink(temp_.c_str());
  }
}

bool PackWriter::write_at(uint64_t offset, std::string_view bytes) {
  if (!ok_) return false;
  if (fd_ < 0) {  // the temporary file is made on the first write, so a run that stores nothing makes none
    temp_ = (dir_ / (std::string(kTempPrefix) + std::to_string(::getpid()) + ".XXXXXX")).string();
    fd_ = ::mkstemp(temp_.data());
    if (fd_ < 0) return ok_ = false;
  }
  for (size_t done = 0; done < bytes.size();) {
    ssize_t n = ::pwrite(fd_, bytes.data() + done, bytes.size() - done, static_cast<off_t>(offset + done));
    if (n <= 0) return ok_ = false;
    done += static_cast<size_t>(n);
  }
  return true;
}

bool PackWriter::add(uint64_t key, EntryKind kind, std::string_view payload) {
  if (!write_at(end_, payload)) return false;
  entries_.push_back({key, end_, payload.size(), hash64(payload), kind});
  end_ += payload.size();
  return true;
}

bool PackWriter::finish() {
  if (empty()) return true;
  std::string tables;
  if (!entries_.empty()) tables.append(reinterpret_cast<const char*>(entries_.data()), entries_.size() * sizeof(EntryRecord));
  if (!stats_.empty()) tables.append(reinterpret_cast<const char*>(stats_.data()), stats_.size() * sizeof(StatRecord));
  Header h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.identity = identity_;
  h.sequence = sequence_;
  h.entry_count = entries_.size();
  h.stat_count = stats_.size();
  h.tables_offset = end_;
  h.tables_hash = hash64(tables);
  if (!write_at(end_, tables) || !write_at(0, {reinterpret_cast<const char*>(&h), sizeof h})) return false;
  int fd = fd_;
  fd_ = -1;
  std::string name = temp_.substr(temp_.rfind('.') + 1);  // mkstemp's unique part
  std::filesystem::path final_path = dir_ / (hex64(sequence_) + "-" + std::to_string(::getpid()) + "-" + name +
                                             std::string(kPackSuffix));
  if (::close(fd) != 0 || ::rename(temp_.c_str(), final_path.c_str()) != 0) {
    ::unlink(temp_.c_str());
    return ok_ = false;
  }
  return true;
}

}  // namespace hwclass::pack

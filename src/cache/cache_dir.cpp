#include "cache/cache_dir.h"

#include <fcntl.h>
#include <unistd.h>

#include <fstream>
#include <string_view>
#include <vector>

#include "cache/pack_file.h"

namespace hwclass {
namespace fs = std::filesystem;

namespace {

// The markers, byte for byte: a file of that name with other bytes is not
// hwclass's (a user's own .gitignore, another tool's tag) and stays.
struct Marker {
  const char* name;
  std::string_view content;
};
constexpr Marker kMarkers[] = {
    {".gitignore", "*\n"},
    {"CACHEDIR.TAG",
     "Signature: 8a477f597d28d172789f06886806bc55\n# hwclass's cache of file facts (hwclass cache clean).\n"},
};
constexpr std::string_view kDefaultName = ".hwclass_cache";

// Reads at most `limit` bytes: enough to tell a marker from anything else.
std::string head_of(const fs::path& path, size_t limit) {
  std::ifstream in(path, std::ios::binary);
  std::string out(limit, '\0');
  in.read(out.data(), static_cast<std::streamsize>(limit));
  out.resize(static_cast<size_t>(in.gcount()));
  return out;
}

bool is_marker(const fs::directory_entry& e) {
  std::error_code ec;
  if (!e.is_regular_file(ec) || e.is_symlink(ec)) return false;
  for (const Marker& m : kMarkers)
    if (e.path().filename() == m.name) return head_of(e.path(), m.content.size() + 1) == m.content;
  return false;
}

bool written_by_hwclass(const fs::directory_entry& e) {
  std::error_code ec;
  return is_marker(e) || (!e.is_symlink(ec) && pack::written_by_pack_writer(e.path()));
}

// Writes `content` to `target` only if nothing is there: a temporary,
// linked in (link fails on an existing name, where rename would replace it),
// so the file appears whole or not at all.
void write_if_absent(const fs::path& target, std::string_view content) {
  std::string temp = (target.parent_path() / ".hwclass-marker.XXXXXX").string();
  int fd = ::mkstemp(temp.data());
  if (fd < 0) return;
  bool ok = ::write(fd, content.data(), content.size()) == static_cast<ssize_t>(content.size());
  ok = ::close(fd) == 0 && ok;
  if (ok) (void)::link(temp.c_str(), target.c_str());
  ::unlink(temp.c_str());
}

}  // namespace

fs::path cache_dir(const std::string& given, const fs::path& root) {
  return given.empty() ? root / kDefaultName : fs::path(given);
}

CacheStats cache_stats(const fs::path& dir) {
  CacheStats s;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.path().extension() != pack::kPackSuffix) continue;
    auto summary = pack::summarize(e.path());
    if (!summary) continue;
    ++s.packs;
    s.entries += summary->entries;
    s.bytes += fs::file_size(e.path(), ec);
  }
  return s;
}

void mark_cache_dir(const fs::path& dir) {
  std::error_code ec;
  auto present = [&](const Marker& m) { return fs::exists(fs::symlink_status(dir / m.name, ec)); };
  if (present(kMarkers[0]) && present(kMarkers[1])) return;  // every run asks: two stats answer
  bool ours = fs::path(dir).filename() == kDefaultName || fs::path(dir).parent_path().filename() == kDefaultName;
  bool foreign = false;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.path().filename() == "CACHEDIR.TAG" && is_marker(e)) ours = true;
    if (!written_by_hwclass(e)) foreign = true;
  }
  if (ec || (foreign && !ours)) return;
  for (const Marker& m : kMarkers)
    if (!present(m)) write_if_absent(dir / m.name, m.content);
}

CleanResult clean_cache(const fs::path& dir) {
  CleanResult r;
  std::error_code ec;
  std::vector<fs::path> markers;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (is_marker(e)) {
      markers.push_back(e.path());
    } else if (written_by_hwclass(e)) {
      if (auto summary = pack::summarize(e.path()); summary && e.path().extension() == pack::kPackSuffix) {
        ++r.removed.packs;
        r.removed.entries += summary->entries;
        r.removed.bytes += fs::file_size(e.path(), ec);
      }
      fs::remove(e.path(), ec);
    } else {
      ++r.kept;
    }
  }
  if (r.kept) return r;  // the markers still keep git and backups away from what is left
  for (const fs::path& m : markers) fs::remove(m, ec);
  r.removed_dir = fs::remove(dir, ec);  // only an empty directory goes
  return r;
}

}  // namespace hwclass

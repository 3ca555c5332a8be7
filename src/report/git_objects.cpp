#include "report/git_objects.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "util/error.h"
#include "util/subprocess.h"
#include "util/utc_date.h"

namespace hwclass {
namespace {

void write_all(int fd, const std::string& s) {
  if (!write_to_child(fd, s.data(), s.size())) throw std::runtime_error("git cat-file stopped reading");
}

}  // namespace

GitObjects::GitObjects(const std::string& repo) {
  int from = -1;
  pid_ = spawn_process({"git", "-C", repo, "cat-file", "--batch"}, &to_git_, &from);
  from_git_ = ::fdopen(from, "rb");
}

GitObjects::~GitObjects() {
  if (to_git_ >= 0) ::close(to_git_);
  if (from_git_) std::fclose(from_git_);
  if (pid_ > 0) wait_process(pid_);
}

bool GitObjects::read(const std::string& name, std::string& type, std::string& bytes) {
  if (name.find('\n') != std::string::npos) return false;
  write_all(to_git_, name + "\n");
  // "<id> <type> <size>\n<bytes>\n", or "<name> missing\n".
  std::string header;
  for (int c; (c = std::fgetc(from_git_)) != '\n';) {
    if (c == EOF) throw std::runtime_error("git cat-file ended early");
    header.push_back(static_cast<char>(c));
  }
  size_t last = header.rfind(' ');
  if (header.size() >= 8 && header.compare(header.size() - 8, 8, " missing") == 0) return false;
  if (last == std::string::npos) return false;  // "ambiguous" and the like
  size_t first = header.find(' ');
  type = header.substr(first + 1, last - first - 1);
  size_t size = std::stoull(header.substr(last + 1));
  bytes.resize(size);
  if (size && std::fread(bytes.data(), 1, size, from_git_) != size) throw std::runtime_error("git cat-file ended early");
  std::fgetc(from_git_);  // the newline after the object
  return true;
}

std::vector<TreeEntry> GitObjects::tree(const std::string& id) {
  std::string type, bytes;
  if (!read(id, type, bytes) || type != "tree") throw std::runtime_error("git: " + id + " is not a tree");
  // "<mode> <name>\0<20 raw id bytes>" per entry.
  std::vector<TreeEntry> out;
  static const char* hex = "0123456789abcdef";
  for (size_t i = 0; i < bytes.size();) {
    size_t space = bytes.find(' ', i), nul = bytes.find('\0', space);
    if (space == std::string::npos || nul == std::string::npos || nul + 21 > bytes.size())
      throw std::runtime_error("git: tree " + id + " is malformed");
    TreeEntry e{bytes.substr(i, space - i), bytes.substr(space + 1, nul - space - 1), ""};
    for (size_t k = nul + 1; k < nul + 21; ++k) {
      auto b = static_cast<unsigned char>(bytes[k]);
      e.id += hex[b >> 4];
      e.id += hex[b & 15];
    }
    out.push_back(std::move(e));
    i = nul + 21;
  }
  return out;
}

CommitInfo GitObjects::commit(const std::string& id) {
  std::string type, bytes;
  if (!read(id, type, bytes) || type != "commit") throw std::runtime_error("git: " + id + " is not a commit");
  CommitInfo c;
  c.id = id;
  size_t pos = 0;
  for (size_t end; (end = bytes.find('\n', pos)) != std::string::npos && end > pos; pos = end + 1) {
    std::string line = bytes.substr(pos, end - pos);
    if (line.rfind("tree ", 0) == 0) c.tree = line.substr(5);
    if (line.rfind("author ", 0) == 0) c.author = line.substr(7, line.find(" <") == std::string::npos ? std::string::npos
                                                                                                   : line.find(" <") - 7);
    if (line.rfind("committer ", 0) == 0) {
      // "committer Name <mail> 1700000000 +0000"
      size_t tz = line.rfind(' '), ts = line.rfind(' ', tz - 1);
      c.time = static_cast<int64_t>(std::stoll(line.substr(ts + 1, tz - ts - 1)));
      c.date = utc_date(c.time);
    }
  }
  size_t message = bytes.find("\n\n");
  if (message != std::string::npos) c.subject = bytes.substr(message + 2, bytes.find('\n', message + 2) - message - 2);
  return c;
}

std::vector<std::string> list_commits(const std::string& repo, const std::string& range) {
  if (range.empty() || range[0] == '-') throw UsageError("--history: '" + range + "' is not a revision range");
  std::string out;
  if (run_capture({"git", "-C", repo, "rev-list", "--reverse", "--first-parent", range, "--"}, out) != 0)
    throw UsageError("--history: git does not know the range '" + range + "' in " + repo);
  std::vector<std::string> commits;
  for (size_t pos = 0, end; (end = out.find('\n', pos)) != std::string::npos; pos = end + 1)
    commits.push_back(out.substr(pos, end - pos));
  return commits;
}

namespace {

// `--name-status -z` output: STATUS NUL PATH NUL [PATH NUL]; a rename's
// status is R<score> with two paths.
std::vector<std::pair<std::string, std::string>> parse_renames(const std::string& out) {
  std::vector<std::pair<std::string, std::string>> renames;
  std::vector<std::string> fields;
  for (size_t pos = 0, end; (end = out.find('\0', pos)) != std::string::npos; pos = end + 1)
    fields.push_back(out.substr(pos, end - pos));
  for (size_t i = 0; i < fields.size();) {
    bool two = !fields[i].empty() && (fields[i][0] == 'R' || fields[i][0] == 'C');
    if (two && fields[i][0] == 'R' && i + 2 < fields.size()) renames.emplace_back(fields[i + 1], fields[i + 2]);
    i += two ? 3 : 2;
  }
  return renames;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> renamed_files(const std::string& repo, const std::string& from,
                                                                const std::string& to) {
  std::string out;
  if (run_capture({"git", "-C", repo, "diff-tree", "-r", "-M", "--name-status", "-z", from, to, "--"}, out) != 0)
    return {};
  return parse_renames(out);
}

std::vector<std::pair<std::string, std::string>> renamed_since(const std::string& repo, const std::string& rev) {
  std::string out;
  // --relative: paths from `repo`, which need not be the repository's top.
  if (run_capture({"git", "-C", repo, "diff", "-M", "--relative", "--name-status", "-z", rev, "--"}, out) != 0)
    return {};
  return parse_renames(out);
}

}  // namespace hwclass

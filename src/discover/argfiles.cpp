#include "discover/argfiles.h"

#include <cerrno>
#include <cstring>
#include <sstream>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/error.h"

namespace hwclass {
namespace {

constexpr int kMaxArgfileNesting = 16;

// The bytes of an argument list: a regular file, or a pipe (`@<(git diff
// --name-only)`). A directory, a device (/dev/zero never ends) or a socket
// is refused before any read; a named FIFO no one writes to reads as empty
// instead of waiting (opened non-blocking, so the open does not wait for a
// writer; then read blocking, which ends when the writers have closed it).
std::string read_list(const std::string& path) {
  const std::string what = path + ": cannot read the @file argument list: ";
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) throw UsageError(what + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !(S_ISREG(st.st_mode) || S_ISFIFO(st.st_mode))) {
    ::close(fd);
    throw UsageError(what + "not a regular file or a pipe");
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  std::string text;
  char buffer[65536];
  for (;;) {
    ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      const int err = errno;
      ::close(fd);
      throw UsageError(what + std::strerror(err));
    }
    if (got == 0) break;
    text.append(buffer, static_cast<size_t>(got));
  }
  ::close(fd);
  return text;
}

void expand_into(const std::string& arg, int depth, std::vector<std::string>& out) {
  if (arg.size() < 2 || arg[0] != '@') {
    out.push_back(arg);
    return;
  }
  std::string path = arg.substr(1);
  if (depth >= kMaxArgfileNesting) throw UsageError(path + ": @file arguments nest more than 16 deep");
  std::istringstream in(read_list(path));
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    expand_into(line, depth + 1, out);
  }
}

}  // namespace

std::vector<std::string> expand_argfiles(const std::vector<std::string>& args, std::string* empty_list) {
  std::vector<std::string> out;
  out.reserve(args.size());
  for (const auto& arg : args) {
    const size_t before = out.size();
    expand_into(arg, 0, out);
    if (empty_list && empty_list->empty() && out.size() == before && arg.size() >= 2 && arg[0] == '@')
      *empty_list = arg;
  }
  return out;
}

}  // namespace hwclass

#include "util/output_sink.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace hwclass {
namespace {

bool same_content(const std::string& a, const std::string& b) {
  std::ifstream fa(a, std::ios::binary), fb(b, std::ios::binary);
  if (!fa || !fb) return false;
  std::istreambuf_iterator<char> ia(fa), ib(fb), end;
  for (; ia != end && ib != end; ++ia, ++ib)
    if (*ia != *ib) return false;
  return ia == end && ib == end;
}

}  // namespace

void flush_stdout() {
  if (!std::cout.flush())
    throw std::runtime_error(std::string("cannot write to standard output: ") + std::strerror(errno));
}

OutputSink::OutputSink(const std::string& path) {
  if (path.empty() || path == "-") return;
  path_ = path;
  temp_ = path + ".hwclass-tmp.XXXXXX";
  int fd = ::mkstemp(temp_.data());
  if (fd < 0) throw std::runtime_error(path + ": cannot create a file beside it: " + std::strerror(errno));
  struct stat st {};
  ::fchmod(fd, ::stat(path.c_str(), &st) == 0 ? (st.st_mode & 07777) : 0644);
  file_ = ::fdopen(fd, "wb");
}

OutputSink::~OutputSink() {
  if (file_) {
    std::fclose(file_);
    ::unlink(temp_.c_str());
  }
}

void OutputSink::write(std::string_view chunk) {
  if (!file_) {
    if (!std::cout.write(chunk.data(), static_cast<std::streamsize>(chunk.size())))
      throw std::runtime_error(std::string("cannot write to standard output: ") + std::strerror(errno));
    return;
  }
  if (std::fwrite(chunk.data(), 1, chunk.size(), file_) != chunk.size())
    throw std::runtime_error(path_ + ": cannot write: " + std::strerror(errno));
}

void OutputSink::commit() {
  if (!file_) return flush_stdout();
  bool ok = std::fflush(file_) == 0 && ::fsync(::fileno(file_)) == 0;
  ok &= std::fclose(file_) == 0;
  file_ = nullptr;
  if (!ok) {
    ::unlink(temp_.c_str());
    throw std::runtime_error(path_ + ": cannot write: " + std::strerror(errno));
  }
  if (same_content(temp_, path_)) {
    ::unlink(temp_.c_str());
    return;
  }
  if (::rename(temp_.c_str(), path_.c_str()) != 0) {
    int err = errno;
    ::unlink(temp_.c_str());
    throw std::runtime_error(path_ + ": cannot replace: " + std::strerror(err));
  }
}

}  // namespace hwclass

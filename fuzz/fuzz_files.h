// For readers that take a path: the fuzzer's bytes as a file.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <string>

namespace hwclass {

class FuzzFile {
 public:
  FuzzFile(const uint8_t* data, size_t size, const char* suffix) {
    path_ = std::string("/tmp/hwclass-fuzz-") + std::to_string(::getpid()) + suffix;
    FILE* f = std::fopen(path_.c_str(), "wb");
    std::fwrite(data, 1, size, f);
    std::fclose(f);
  }
  ~FuzzFile() { ::unlink(path_.c_str()); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace hwclass

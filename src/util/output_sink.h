// Where a command's output goes: stdout, or a file written atomically (to a
// temporary beside it, renamed over it on commit). Output is streamed in
// chunks so a large report is never held in memory whole.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace hwclass {

// Flushes std::cout; throws std::runtime_error when the output never
// arrived (a full disk, a closed pipe), which is a failure, not a clean run.
void flush_stdout();

class OutputSink {
 public:
  // An empty path or "-" means stdout. Throws std::runtime_error naming the path.
  explicit OutputSink(const std::string& path);
  ~OutputSink();
  OutputSink(const OutputSink&) = delete;
  OutputSink& operator=(const OutputSink&) = delete;

  void write(std::string_view chunk);
  // Makes the file appear (unchanged files are left untouched); a sink
  // destroyed without commit leaves the target as it was.
  void commit();
  bool is_stdout() const { return file_ == nullptr; }

 private:
  std::string path_, temp_;
  FILE* file_ = nullptr;
};

}  // namespace hwclass

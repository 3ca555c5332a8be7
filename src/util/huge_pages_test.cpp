#include "util/huge_pages.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

// AddressSanitizer brings its own allocator (GCC's macro, then clang's test).
#if defined(__SANITIZE_ADDRESS__)
#define HWCLASS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HWCLASS_ASAN 1
#endif
#endif

namespace {

std::string read_file(const char* path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The "THPeligible" line of the mapping that holds `address`, from the
// kernel's own account (/proc/self/smaps); "" when there is none.
std::string thp_eligible(const void* address) {
  const auto at = reinterpret_cast<uintptr_t>(address);
  std::istringstream smaps(read_file("/proc/self/smaps"));
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    uintptr_t begin = 0, end = 0;
    char dash = 0;
    std::istringstream head(line);
    if (head >> std::hex >> begin >> dash >> end && dash == '-' && line.find(' ') != std::string::npos &&
        line.find(':') > line.find(' ')) {
      inside = begin <= at && at < end;
      continue;
    }
    if (inside && line.rfind("THPeligible:", 0) == 0) return line;
  }
  return "";
}

}  // namespace

TEST_CASE("the heap a run allocates from is eligible for huge pages where the kernel offers them on request") {
#ifdef HWCLASS_ASAN
  WARN("built with AddressSanitizer, whose allocator is not glibc's heap: nothing to check");
  return;
#endif
  const std::string mode = read_file("/sys/kernel/mm/transparent_hugepage/enabled");
  if (mode.find("[madvise]") == std::string::npos) {
    WARN("transparent huge pages are not in madvise mode here (" << mode << "): nothing to check");
    return;
  }
  hwclass::prefer_huge_pages();
  // A block the size of a large output text, from the heap, not a mapping of its own.
  std::unique_ptr<char, decltype(&std::free)> block(static_cast<char*>(std::malloc(size_t{8} << 20)), &std::free);
  REQUIRE(block);
  const std::string line = thp_eligible(block.get() + (size_t{4} << 20));
  INFO(line);
  CHECK(line.find(" 1") != std::string::npos);
}

#include "util/huge_pages.h"

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>

namespace hwclass {

void prefer_huge_pages() {
  constexpr size_t kHuge = size_t{2} << 20;
  // Address space, not memory: a page is only backed when it is touched.
  constexpr size_t kReserve = size_t{512} << 20;
  // One heap that grows in large steps and is never trimmed, so the region
  // advised below is where the run's allocations land; large blocks (the
  // output text) come from it too instead of fresh mappings of their own.
  mallopt(M_TOP_PAD, static_cast<int>(kReserve));
  mallopt(M_TRIM_THRESHOLD, static_cast<int>(2 * kReserve));
  mallopt(M_MMAP_THRESHOLD, static_cast<int>(kReserve / 2));
  void* probe = std::malloc(kHuge);  // makes the heap grow by the pad now
  // From the block's page on: the kernel backs each 2 MB-aligned stretch of
  // the advised range with a huge page.
  const auto page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  const auto begin = reinterpret_cast<uintptr_t>(probe) & ~(page - 1);
  const auto end = reinterpret_cast<uintptr_t>(sbrk(0));
  // Only glibc's own heap: under a sanitizer or valgrind the block comes
  // from their allocator, far from the program break, and nothing is advised.
  if (probe && end > begin && end - begin <= kReserve + 2 * kHuge)
    madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
  std::free(probe);
}

}  // namespace hwclass

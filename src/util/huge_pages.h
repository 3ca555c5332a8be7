// Backs the heap with transparent huge pages where the kernel offers them
// on request (THP "madvise", Debian's default). A warm `classify` of
// PyTorch's tree touched 73 MB of fresh heap 4 KB at a time: 19k page
// faults, a fifth of its samples under perf on a virtual machine. With 2 MB
// pages it takes about 3k. glibc's own `glibc.malloc.hugetlb=1` tunable,
// which only the environment can set, does this and also reaches the
// worker threads' heaps, which this does not (bench/README.md).
#pragma once

namespace hwclass {

// Call once, first thing in main, before any thread starts. Never fails:
// where huge pages are not offered, the heap is as before.
void prefer_huge_pages();

}  // namespace hwclass

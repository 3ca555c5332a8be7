// Reading one source file, with the checks that decide whether its text can
// be trusted: size, NUL bytes, UTF-8.
#pragma once

#include <cstdint>
#include <string>

#include "facts/facts.h"

namespace hwclass {

inline constexpr uint64_t kMaxSourceBytes = 64ull << 20;

// Reads `path` into `text`; returns false (with an issue in facts) when the
// file cannot be read at all. Files that read but hold NUL bytes or invalid
// UTF-8 return true with an error issue naming the first bad line.
bool read_source(const std::string& path, std::string& text, FileFacts& facts);

}  // namespace hwclass

// Reading one source file, with the checks that decide whether its text can
// be trusted: size, NUL bytes, its declared encoding (PEP 263), UTF-8.
#pragma once

#include <cstdint>
#include <string>

#include "facts/facts.h"

namespace hwclass {

inline constexpr uint64_t kMaxSourceBytes = 64ull << 20;

// Reads `path` into `text`; returns whether to parse it. False (with an
// issue in facts) when the file cannot be read, or when its brackets nest
// deeper than CPython's tokenizer allows (200): CPython rejects such a file
// with "too many nested parentheses", and tree-sitter's runtime corrupts
// memory on very deep nesting. Files that hold NUL bytes or invalid UTF-8
// are parsed, with an error issue naming the first bad line.
bool read_source(const std::string& path, std::string& text, FileFacts& facts);

// The checks read_source makes on bytes from anywhere (a git blob): sets
// the size, readability and hash (of the bytes as given), adds the issues;
// false when not to parse. A PEP 263 coding cookie other than UTF-8's
// turns `text` into its UTF-8 decoding (FileFacts::encoding), which is what
// the parser reads.
bool check_source(std::string& text, FileFacts& facts);

// The 1-based line where bracket nesting (outside strings and comments)
// first exceeds `limit`, or 0.
uint32_t bracket_overflow_line(const std::string& text, int limit);

}  // namespace hwclass

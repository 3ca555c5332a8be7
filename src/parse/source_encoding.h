// A source file's declared encoding (PEP 263) and its text as UTF-8, which
// is what the parser reads and every fact's byte offset counts in.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hwclass {

// The encoding a coding cookie declares, as CPython's tokenize.detect_encoding
// finds it: a comment matching `^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)` on
// line 1, or on line 2 when line 1 is blank or a comment; the name folded
// as _get_normal_name folds it ("utf-8", "iso-8859-1", else as written).
struct CodingCookie {
  std::string name;
  uint32_t line = 0;
};
std::optional<CodingCookie> coding_cookie(std::string_view bytes);

// Why `bytes` cannot be read as `encoding`, on which line; nothing when it can.
struct DecodeError {
  std::string message;
  uint32_t line = 0;
};

// `bytes` in `encoding` (a cookie's normal name, not utf-8) as UTF-8:
// iso-8859-1 by hand, ascii checked, any other name through iconv(3).
std::optional<DecodeError> to_utf8(const std::string& bytes, const std::string& encoding, std::string& out);

}  // namespace hwclass

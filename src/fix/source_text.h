// Where edits go in source text: line starts and ends, indentation, the
// file's newline style.
#pragma once

#include <string>

namespace hwclass {

inline size_t line_start(const std::string& s, size_t at) {
  size_t nl = at == 0 ? std::string::npos : s.rfind('\n', at - 1);
  return nl == std::string::npos ? 0 : nl + 1;
}

// The byte after the newline that ends the line holding `at`; size() at the end.
inline size_t next_line(const std::string& s, size_t at) {
  size_t nl = s.find('\n', at);
  return nl == std::string::npos ? s.size() : nl + 1;
}

// "\r\n" when the line holding `at` ends so, else "\n".
inline std::string newline_at(const std::string& s, size_t at) {
  size_t nl = s.find('\n', at);
  return nl != std::string::npos && nl > 0 && s[nl - 1] == '\r' ? "\r\n" : "\n";
}

inline bool all_blank(const std::string& s) { return s.find_first_not_of(" \t") == std::string::npos; }

// The call that instantiates CLS (for every device, unless KEYWORDS such as
// `, only_for="cuda"` narrow it), as add-instantiation and the split write
// it; built here once, so no rule looks for another's text.
inline constexpr const char* kInstantiateFunction = "instantiate_device_type_tests";
inline std::string instantiation_text(const std::string& cls, const std::string& keywords = "") {
  return std::string(kInstantiateFunction) + "(" + cls + ", globals()" + keywords + ")";
}

}  // namespace hwclass

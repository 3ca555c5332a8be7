// Reading a class's layout from its bytes for fix --split: where its
// methods, members, bases and declaration are, as whole lines.
#include "fix/split_layout.h"

#include <algorithm>
#include <cctype>

#include "fix/source_text.h"

namespace hwclass {

bool blank_line(const std::string& s, size_t at) {
  size_t end = s.find('\n', at);
  if (end == std::string::npos) end = s.size();
  return s.find_first_not_of(" \t\r", at) >= end;
}

// A method's lines: the comments just above it at its indentation, its
// decorators, to the end of its last line.
Span method_span(const std::string& s, const Method& m) {
  size_t start = line_start(s, m.start_byte);
  const std::string indent = s.substr(start, m.start_byte - start);
  while (start > 0) {
    size_t previous = line_start(s, start - 1);
    if (s.compare(previous, indent.size() + 1, indent + "#") != 0) break;
    start = previous;
  }
  return {start, next_line(s, m.end_byte ? m.end_byte - 1 : 0)};
}

size_t line_byte(const std::string& s, uint32_t line) {
  size_t at = 0;
  for (uint32_t l = 1; l < line && at < s.size(); ++l) at = next_line(s, at);
  return at;
}

// The text between the parentheses after the class name ("" when it has
// none), or nullopt-like "\x01" when the header is not one line we can read.
bool bases_text(const std::string& s, size_t name_end, std::string& out) {
  size_t p = s.find_first_not_of(" \t", name_end);
  if (p == std::string::npos) return false;
  if (s[p] == ':') return out.clear(), true;
  if (s[p] != '(') return false;
  int depth = 0;
  for (size_t q = p; q < s.size(); ++q) {
    if (s[q] == '#' || s[q] == '"' || s[q] == '\'') return false;  // not a layout worth guessing at
    if (s[q] == '(') ++depth;
    if (s[q] == ')' && --depth == 0) {
      out = s.substr(p + 1, q - p - 1);
      return true;
    }
  }
  return false;
}

// Names the class body binds outside its tests: methods, and `name = ...`
// / `name: T = ...` statements at the body's indentation.
std::set<std::string> own_members(const std::string& s, const ClassFact& cls, const std::string& indent,
                                  const std::vector<Span>& tests) {
  std::set<std::string> names;
  for (const Method& m : cls.methods)
    if (!m.is_test) names.insert(m.name);
  for (size_t at = line_start(s, cls.body_start_byte); at < cls.body_end_byte; at = next_line(s, at)) {
    if (std::any_of(tests.begin(), tests.end(), [&](const Span& t) { return at >= t.start && at < t.end; })) continue;
    if (s.compare(at, indent.size(), indent) != 0) continue;
    size_t p = at + indent.size(), q = p;
    while (q < s.size() && (std::isalnum(static_cast<unsigned char>(s[q])) || s[q] == '_')) ++q;
    size_t r = s.find_first_not_of(" \t", q);
    if (q > p && r != std::string::npos && (s[r] == ':' || (s[r] == '=' && s.compare(r, 2, "==") != 0)))
      names.insert(s.substr(p, q - p));
  }
  return names;
}

// Whether the body holds anything but its tests, its docstring, its
// declaration, comments and `pass`: members both parts need.
bool has_shared_members(const std::string& s, const ClassFact& cls, const std::vector<Span>& tests) {
  const Declaration& d = cls.declaration;
  for (size_t at = line_start(s, cls.body_start_byte); at < cls.body_end_byte; at = next_line(s, at)) {
    if (std::any_of(tests.begin(), tests.end(), [&](const Span& t) { return at >= t.start && at < t.end; })) continue;
    if (cls.docstring_end_byte && at < cls.docstring_end_byte) continue;
    if (d.state != DeclarationState::Absent && at == line_start(s, d.location.start_byte)) continue;
    size_t p = s.find_first_not_of(" \t\r\n", at);
    if (p == std::string::npos || p >= next_line(s, at)) continue;
    if (s[p] == '#') continue;
    size_t eol = s.find_first_of("\r\n", p);
    std::string line = s.substr(p, (eol == std::string::npos ? s.size() : eol) - p);
    if (line == "pass") continue;
    return true;
  }
  return false;
}

std::string declaration(const std::string& indent, const std::string& member, const std::string& nl) {
  return indent + "hw_classification = HardwareClassification." + member + nl;
}

// Declares `member` in class `cls` (replacing a declaration it has): after
// its docstring, else above its first statement and the comments on it.
void declare(std::vector<Edit>& edits, const std::string& s, const ClassFact& cls, const std::string& member,
             const std::string& nl) {
  const size_t body_line = line_start(s, cls.body_start_byte);
  const std::string indent = s.substr(body_line, cls.body_start_byte - body_line);
  const std::string line = "hw_classification = HardwareClassification." + member;
  const Declaration& d = cls.declaration;
  if (d.state != DeclarationState::Absent) {
    edits.push_back({d.location.start_byte, d.location.end_byte, line, "split"});
  } else if (cls.docstring_end_byte) {
    size_t after = next_line(s, cls.docstring_end_byte);
    edits.push_back({static_cast<uint32_t>(after), static_cast<uint32_t>(after), indent + line + nl, "split"});
  } else {
    size_t at = body_line;
    while (at > 0 && s.compare(line_start(s, at - 1), indent.size() + 1, indent + "#") == 0) at = line_start(s, at - 1);
    edits.push_back({static_cast<uint32_t>(at), static_cast<uint32_t>(at), indent + line + nl + nl, "split"});
  }
}

}  // namespace hwclass

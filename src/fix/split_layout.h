// A class's layout in its bytes, for fix --split (fix/split.cpp): methods
// and members as whole lines, the bases as written, the declaration's place.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "facts/facts.h"
#include "fix/edit.h"

namespace hwclass {

struct Span {
  size_t start = 0, end = 0;
};

// Whether the line starting at `at` holds only spaces and tabs.
bool blank_line(const std::string& s, size_t at);
// A method's lines: the comments just above it at its indentation, its
// decorators, to the end of its last line.
Span method_span(const std::string& s, const Method& m);
// The byte where 1-based `line` starts.
size_t line_byte(const std::string& s, uint32_t line);
// The text between the parentheses after the class name into `out` ("" when
// it has none); false when the header is not a layout worth guessing at.
bool bases_text(const std::string& s, size_t name_end, std::string& out);
// Names the class body binds outside its tests (`tests`): methods, and
// `name = ...` / `name: T = ...` at the body's indentation.
std::set<std::string> own_members(const std::string& s, const ClassFact& cls, const std::string& indent,
                                  const std::vector<Span>& tests);
// Whether the body holds anything but its tests, docstring, declaration,
// comments and `pass`: members both parts need.
bool has_shared_members(const std::string& s, const ClassFact& cls, const std::vector<Span>& tests);
// `hw_classification = HardwareClassification.<member>` at `indent`, a line.
std::string declaration(const std::string& indent, const std::string& member, const std::string& nl);
// Declares `member` in `cls` (replacing a declaration it has): after its
// docstring, else above its first statement and the comments on it.
void declare(std::vector<Edit>& edits, const std::string& s, const ClassFact& cls, const std::string& member,
             const std::string& nl);

}  // namespace hwclass

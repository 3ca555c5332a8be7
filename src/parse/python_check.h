// --python-check: ask CPython whether a file tree-sitter could not parse is
// really invalid, and with which message, so [parse_error] says exactly what
// upstream's linter (which uses ast.parse) says.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "facts/facts.h"

namespace hwclass {

struct PythonVerdict {
  bool valid = false;
  std::string message;  // SyntaxError.msg when invalid
  uint32_t line = 0;    // SyntaxError.lineno when invalid
};

// nullopt when python3 cannot be run.
std::optional<PythonVerdict> python_parse(const std::string& path);

// compile() of each source, in `jobs` python3 processes at once (each a
// contiguous share of about equal bytes): for each, nullopt when
// it compiles, else CPython's message and line. nullopt for the whole batch
// when python3 cannot be run.
std::optional<std::vector<std::optional<PythonVerdict>>> python_compile_all(const std::vector<std::string>& sources,
                                                                            int jobs = 1);

// CPython decides: a file it accepts has grammar gaps where tree-sitter saw
// syntax errors (partial_parse where they hide statements); a file it
// rejects gets CPython's message as a python-syntax-error issue.
void apply_python_verdict(FileFacts& facts, const PythonVerdict& verdict);

}  // namespace hwclass

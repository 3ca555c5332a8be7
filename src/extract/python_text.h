// Reading Python source text from syntax nodes: string literal values and
// the canonical spelling Python's ast.unparse gives an expression.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <tree_sitter/api.h>

#include "parse/syntax_node.h"

namespace hwclass {

inline std::string_view node_text(TSNode node, std::string_view source) {
  uint32_t start = ts::start_byte(node), end = ts::end_byte(node);
  if (end > source.size() || start > end) return {};
  return source.substr(start, end - start);
}

// Runs of whitespace (newlines, indentation, line continuations) become one
// space, and spaces just inside brackets go, so multi-line text reads on one line.
std::string fold_whitespace(std::string_view text);

struct StringLiteral {
  std::string value;      // escapes decoded; for f-strings, the literal text before the first {...}
  bool is_bytes = false;
  bool is_fstring = false;  // has an f prefix (value is then only a prefix)
};

// The value of a `string` or `concatenated_string` node (implicit
// concatenation folded as CPython does), or nullopt for any other node.
std::optional<StringLiteral> string_literal(TSNode node, std::string_view source);

// A plain str constant (no f, no b prefix), as upstream's literal checks accept.
std::optional<std::string> plain_string(TSNode node, std::string_view source);

// Python's repr() of a str: single quotes unless the text holds ' and no ".
std::string python_repr(std::string_view value);

// ast.unparse of an expression for the forms that occur in callees: names,
// attributes, calls with positional, keyword and starred arguments,
// subscripts and literals. Other forms fall back to their folded source text.
std::string unparse(TSNode node, std::string_view source);

// 1-based column in code points of a byte offset on its line.
uint32_t code_point_column(std::string_view source, uint32_t byte, uint32_t byte_column);

}  // namespace hwclass

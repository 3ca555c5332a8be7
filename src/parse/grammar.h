// The Python grammar: the tree-sitter language, its ABI check, and a dense
// table from the grammar's symbol ids to the node kinds hwclass matches by hand.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <tree_sitter/api.h>

#include "parse/syntax_node.h"

namespace hwclass {

// Only the kinds the extractor distinguishes; everything else is Other, and
// a null node (a field the node lacks) is Null, which no caller matches.
enum class NodeKind : uint8_t {
  Other, Null,
  Module, Block, Comment, Error,
  ClassDefinition, FunctionDefinition, DecoratedDefinition, Decorator,
  ExpressionStatement, Assignment, AugmentedAssignment,
  IfStatement, ElifClause, ElseClause, TryStatement, ExceptClause, ExceptGroupClause, FinallyClause,
  WithStatement, WithClause, ForStatement, WhileStatement, MatchStatement, AssertStatement,
  ImportStatement, ImportFromStatement, FutureImportStatement,
  Call, ArgumentList, KeywordArgument, Attribute, Identifier, String, ConcatenatedString,
  StringStart, StringContent, StringEnd, Interpolation,
  List, Tuple, Set, ParenthesizedExpression, Subscript, Integer, Float, True, False, None,
  UnaryOperator, NotOperator, BinaryOperator, BooleanOperator, ComparisonOperator, ConditionalExpression,
  Parameters, LambdaParameters, DefaultParameter, TypedParameter, TypedDefaultParameter,
  ListSplatPattern, DictionarySplatPattern, PositionalSeparator, KeywordSeparator, ListSplat, DictionarySplat,
  Lambda, Type, Pair, Slice, ExpressionList, Async, Keyword, DeleteStatement, PatternList,
  ReturnStatement, RaiseStatement,
};

class Grammar {
 public:
  // The language, checked against the linked runtime's ABI range; throws
  // std::runtime_error with a one-line message when it cannot load.
  static const Grammar& get();

  const TSLanguage* language() const { return language_; }
  NodeKind kind(TSNode node) const { return ts::is_null(node) ? NodeKind::Null : kind(ts_node_symbol(node)); }
  NodeKind kind(TSSymbol s) const {
    if (s < kinds_.size()) return kinds_[s];
    return s == kErrorSymbol ? NodeKind::Error : NodeKind::Other;
  }
  TSFieldId field(const char* name) const;

  // Field ids used by the extractor.
  TSFieldId f_name, f_body, f_superclasses, f_parameters, f_definition, f_function, f_arguments, f_object,
      f_attribute, f_left, f_right, f_type, f_value, f_condition, f_consequence, f_alternative;

 private:
  static constexpr TSSymbol kErrorSymbol = static_cast<TSSymbol>(-1);  // tree-sitter's builtin ERROR
  Grammar();
  const TSLanguage* language_;
  std::vector<NodeKind> kinds_;
};

}  // namespace hwclass

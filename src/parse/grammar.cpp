#include "parse/grammar.h"

#include <cstring>
#include <stdexcept>
#include <unordered_map>

extern "C" const TSLanguage* tree_sitter_python(void);

namespace hwclass {
namespace {

// The grammar's node type names for the kinds hwclass matches by hand.
const std::unordered_map<std::string, NodeKind>& kinds_by_name() {
  static const std::unordered_map<std::string, NodeKind> table = {
      {"module", NodeKind::Module}, {"block", NodeKind::Block}, {"comment", NodeKind::Comment},
      {"ERROR", NodeKind::Error}, {"class_definition", NodeKind::ClassDefinition},
      {"function_definition", NodeKind::FunctionDefinition},
      {"decorated_definition", NodeKind::DecoratedDefinition}, {"decorator", NodeKind::Decorator},
      {"expression_statement", NodeKind::ExpressionStatement}, {"assignment", NodeKind::Assignment},
      {"augmented_assignment", NodeKind::AugmentedAssignment}, {"if_statement", NodeKind::IfStatement},
      {"elif_clause", NodeKind::ElifClause}, {"else_clause", NodeKind::ElseClause},
      {"try_statement", NodeKind::TryStatement}, {"except_clause", NodeKind::ExceptClause},
      {"except_group_clause", NodeKind::ExceptGroupClause}, {"finally_clause", NodeKind::FinallyClause},
      {"with_statement", NodeKind::WithStatement}, {"with_clause", NodeKind::WithClause},
      {"for_statement", NodeKind::ForStatement}, {"while_statement", NodeKind::WhileStatement},
      {"match_statement", NodeKind::MatchStatement}, {"assert_statement", NodeKind::AssertStatement},
      {"import_statement", NodeKind::ImportStatement}, {"import_from_statement", NodeKind::ImportFromStatement},
      {"future_import_statement", NodeKind::FutureImportStatement}, {"call", NodeKind::Call},
      {"argument_list", NodeKind::ArgumentList}, {"keyword_argument", NodeKind::KeywordArgument},
      {"attribute", NodeKind::Attribute}, {"identifier", NodeKind::Identifier}, {"string", NodeKind::String},
      {"concatenated_string", NodeKind::ConcatenatedString}, {"string_start", NodeKind::StringStart},
      {"string_content", NodeKind::StringContent}, {"string_end", NodeKind::StringEnd},
      {"interpolation", NodeKind::Interpolation}, {"list", NodeKind::List}, {"tuple", NodeKind::Tuple},
      {"set", NodeKind::Set}, {"parenthesized_expression", NodeKind::ParenthesizedExpression},
      {"subscript", NodeKind::Subscript}, {"integer", NodeKind::Integer}, {"float", NodeKind::Float},
      {"true", NodeKind::True}, {"false", NodeKind::False}, {"none", NodeKind::None},
      {"unary_operator", NodeKind::UnaryOperator}, {"not_operator", NodeKind::NotOperator},
      {"binary_operator", NodeKind::BinaryOperator}, {"boolean_operator", NodeKind::BooleanOperator},
      {"comparison_operator", NodeKind::ComparisonOperator},
      {"conditional_expression", NodeKind::ConditionalExpression}, {"parameters", NodeKind::Parameters},
      {"lambda_parameters", NodeKind::LambdaParameters}, {"default_parameter", NodeKind::DefaultParameter},
      {"typed_parameter", NodeKind::TypedParameter}, {"typed_default_parameter", NodeKind::TypedDefaultParameter},
      {"list_splat_pattern", NodeKind::ListSplatPattern},
      {"dictionary_splat_pattern", NodeKind::DictionarySplatPattern},
      {"positional_separator", NodeKind::PositionalSeparator}, {"keyword_separator", NodeKind::KeywordSeparator},
      {"list_splat", NodeKind::ListSplat}, {"dictionary_splat", NodeKind::DictionarySplat},
      {"lambda", NodeKind::Lambda}, {"type", NodeKind::Type}, {"pair", NodeKind::Pair}, {"slice", NodeKind::Slice},
      {"expression_list", NodeKind::ExpressionList}, {"delete_statement", NodeKind::DeleteStatement},
      {"pattern_list", NodeKind::PatternList}, {"return_statement", NodeKind::ReturnStatement},
      {"raise_statement", NodeKind::RaiseStatement},
  };  return table;
}

}  // namespace

Grammar::Grammar() : language_(tree_sitter_python()) {
  uint32_t version = ts_language_version(language_);
  if (version < TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION || version > TREE_SITTER_LANGUAGE_VERSION) {
    throw std::runtime_error("the Python grammar has ABI version " + std::to_string(version) +
                             " but this tree-sitter runtime loads versions " +
                             std::to_string(TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION) + " to " +
                             std::to_string(TREE_SITTER_LANGUAGE_VERSION) +
                             "; rebuild with tree-sitter-python 0.23.6");
  }
  const auto& by_name = kinds_by_name();

  uint32_t count = ts_language_symbol_count(language_);
  kinds_.assign(count, NodeKind::Other);
  for (TSSymbol s = 0; s < count; ++s) {
    const char* name = ts_language_symbol_name(language_, s);
    if (!name) continue;
    TSSymbolType type = ts_language_symbol_type(language_, s);
    if (type == TSSymbolTypeRegular || std::strcmp(name, "ERROR") == 0) {
      if (auto it = by_name.find(name); it != by_name.end()) kinds_[s] = it->second;
    } else if (type == TSSymbolTypeAnonymous) {
      if (std::strcmp(name, "async") == 0) kinds_[s] = NodeKind::Async;
    }
  }
  f_name = field("name");
  f_body = field("body");
  f_superclasses = field("superclasses");
  f_parameters = field("parameters");
  f_definition = field("definition");
  f_function = field("function");
  f_arguments = field("arguments");
  f_object = field("object");
  f_attribute = field("attribute");
  f_left = field("left");
  f_right = field("right");
  f_type = field("type");
  f_value = field("value");
  f_condition = field("condition");
  f_consequence = field("consequence");
  f_alternative = field("alternative");
}

TSFieldId Grammar::field(const char* name) const {
  return ts_language_field_id_for_name(language_, name, static_cast<uint32_t>(std::strlen(name)));
}

const Grammar& Grammar::get() {
  static const Grammar grammar;
  return grammar;
}

}  // namespace hwclass

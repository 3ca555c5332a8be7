// Error regions in the tree. tree-sitter and CPython disagree about validity
// (docs/upstream.md 2.13): the grammar rejects `return x, *[y]`, which
// CPython accepts. Such known grammar gaps are tolerated; any other error is
// a syntax error CPython would also reject.
#include "extract/extractor_impl.h"

namespace hwclass {
namespace {

// `return a, *b` / `yield a, *b`: the grammar stops at the star, leaving an
// ERROR that holds the `return`/`yield` keyword and its leading expressions,
// or a star expression, inside an otherwise intact block.
bool is_starred_return_gap(TSNode error, std::string_view source, const Grammar& g) {
  std::string_view text = node_text(error, source);
  if (starts_with(text, "return") || starts_with(text, "yield")) {
    return text.find(',') != std::string_view::npos || text.find('*') != std::string_view::npos;
  }
  TSNode previous = ts::prev_sibling(error);
  if (!ts::is_null(previous)) {
    std::string_view before = node_text(previous, source);
    if ((starts_with(before, "return") || starts_with(before, "yield")) && !text.empty() && text.front() == '*')
      return true;
  }
  (void)g;
  return false;
}

}  // namespace

void Extractor::collect_syntax_issues() {
  // Walk only into subtrees that contain errors.
  std::vector<TSNode> stack{ts_tree_root_node(tree_)};
  while (!stack.empty()) {
    TSNode node = stack.back();
    stack.pop_back();
    bool is_error = g_.kind(node) == NodeKind::Error;
    bool is_missing = ts::is_missing(node);
    if (is_error || is_missing) {
      FileIssue issue;
      TSPoint point = ts::start_point(node);
      issue.line = point.row + 1;
      issue.column = code_point_column(source_, ts::start_byte(node), point.column);
      bool gap = is_error && is_starred_return_gap(node, source_, g_);
      issue.code = gap ? "grammar-gap" : "syntax-error";
      issue.severity = gap ? IssueSeverity::Note : IssueSeverity::Error;
      if (is_missing) {
        issue.message = std::string("missing '") + ts::type(node) + "'";
      } else {
        std::string excerpt = fold_whitespace(node_text(node, source_).substr(0, 60));
        issue.message = gap ? "starred expression in return or yield, which the grammar does not accept"
                            : "invalid syntax near '" + excerpt + "'";
      }
      // An error inside a function body leaves the statement scan intact;
      // anywhere else it can hide classes, declarations or instantiate calls.
      uint32_t start = ts::start_byte(node);
      bool in_function_body = false;
      int owner_class = -1;
      for (TSNode up = ts::parent(node); !ts::is_null(up); up = ts::parent(up)) {
        NodeKind k = g_.kind(up);
        if (k == NodeKind::FunctionDefinition) {
          // Error recovery may hang the region between the header and the
          // body block, so "after the parameters" is what counts.
          TSNode parameters = ts::child_by_field_id(up, g_.f_parameters);
          in_function_body = !ts::is_null(parameters) && start >= ts::end_byte(parameters);
          break;
        }
        if (k == NodeKind::ClassDefinition) {
          for (size_t i = 0; i < facts_.classes.size(); ++i)
            if (facts_.classes[i].line == ts::start_point(up).row + 1) owner_class = static_cast<int>(i);
          break;
        }
      }
      issue.scan_level = !in_function_body;
      if (issue.scan_level && owner_class >= 0) facts_.classes[owner_class].damaged = true;
      facts_.issues.push_back(std::move(issue));
      if (is_error) continue;  // one issue per error region
    }
    uint32_t count = ts::child_count(node);
    for (uint32_t i = count; i-- > 0;) {
      TSNode child = ts::child(node, i);
      if (ts::has_error(child) || ts::is_missing(child)) stack.push_back(child);
    }
  }
}

}  // namespace hwclass

// The module's own statements, for fix's check of the statements its edits
// touch (fix/check_units.h). Python's grammar gives a module-level statement
// no context but the `from __future__` imports before it, and a class-body
// statement none but its class header, so each can be checked apart.
#include "extract/extractor.h"
#include "parse/syntax_node.h"

namespace hwclass {
namespace {

// The named statements of a block, comments left out.
std::vector<TSNode> statements_of(TSNode block, const Grammar& g) {
  std::vector<TSNode> out;
  for (uint32_t i = 0, n = ts::named_child_count(block); i < n; ++i) {
    TSNode child = ts::named_child(block, i);
    if (g.kind(child) != NodeKind::Comment) out.push_back(child);
  }
  return out;
}

// A class's header end (just past its ':') and its body's statements.
void add_class_body(TSNode cls, const Grammar& g, TopStatement& top) {
  for (uint32_t i = 0, n = ts::child_count(cls); i < n; ++i) {
    TSNode child = ts::child(cls, i);
    if (!ts::is_named(child) && std::string_view(ts::type(child)) == ":") {
      top.header_end_byte = ts::end_byte(child);
      break;
    }
  }
  if (top.header_end_byte == 0) return;  // error recovery left no ':'
  for (TSNode s : statements_of(ts::child_by_field_id(cls, g.f_body), g))
    top.body.emplace_back(ts::start_byte(s), ts::end_byte(s));
}

}  // namespace

std::vector<TopStatement> top_statements(TSNode module, const Grammar& g) {
  std::vector<TopStatement> out;
  for (TSNode s : statements_of(module, g)) {
    TopStatement top{ts::start_byte(s), ts::end_byte(s), 0, {}, g.kind(s) == NodeKind::FutureImportStatement};
    TSNode definition = g.kind(s) == NodeKind::DecoratedDefinition ? ts::child_by_field_id(s, g.f_definition) : s;
    if (g.kind(definition) == NodeKind::ClassDefinition) add_class_body(definition, g, top);
    out.push_back(std::move(top));
  }
  return out;
}

}  // namespace hwclass

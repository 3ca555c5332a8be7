// Module-level imports the statement scan sees, so resolve can follow class
// names into other scanned files.
#include "extract/extractor_impl.h"

namespace hwclass {

void Extractor::read_import(TSNode statement) {
  uint32_t line = ts_node_start_point(statement).row + 1;
  bool from = g_.kind(statement) == NodeKind::ImportFromStatement;
  std::string module;
  if (from) module = fold_whitespace(text(ts_node_child_by_field_id(statement, g_.field("module_name"))));
  uint32_t count = ts_node_named_child_count(statement);
  for (uint32_t i = from ? 1 : 0; i < count; ++i) {
    TSNode child = ts_node_named_child(statement, i);
    std::string_view kind = ts_node_type(child);
    Import imp;
    imp.line = line;
    if (kind == "wildcard_import") {
      imp.module = module;
      imp.name = "*";
    } else if (kind == "dotted_name" || kind == "aliased_import") {
      std::string name, alias;
      if (kind == "aliased_import") {
        name = std::string(text(ts_node_child_by_field_id(child, g_.f_name)));
        alias = std::string(text(ts_node_child_by_field_id(child, g_.field("alias"))));
      } else {
        name = std::string(text(child));
      }
      if (from) {
        imp.module = module;
        imp.name = name;
      } else {
        imp.module = name;
      }
      imp.alias = alias;
    } else {
      continue;
    }
    facts_.imports.push_back(std::move(imp));
  }
}

}  // namespace hwclass

// Module-level imports the statement scan sees, so resolve can follow class
// names into other scanned files.
#include "extract/extractor_impl.h"

namespace hwclass {

void Extractor::read_import(TSNode statement) {
  uint32_t line = ts::start_point(statement).row + 1;
  // `from __future__ import annotations` is its own statement kind, whose
  // named children are all names.
  const bool future = g_.kind(statement) == NodeKind::FutureImportStatement;
  bool from = future || g_.kind(statement) == NodeKind::ImportFromStatement;
  std::string module = future ? "__future__" : "";
  if (from && !future) module = fold_whitespace(text(ts::child_by_field_id(statement, g_.field("module_name"))));
  uint32_t count = ts::named_child_count(statement);
  for (uint32_t i = from && !future ? 1 : 0; i < count; ++i) {
    TSNode child = ts::named_child(statement, i);
    std::string_view kind = ts::type(child);
    Import imp;
    imp.line = line;
    imp.start_byte = ts::start_byte(statement);
    imp.end_byte = ts::end_byte(statement);
    imp.try_line = try_line_;
    if (kind == "wildcard_import") {
      imp.module = module;
      imp.name.assign(1, '*');
    } else if (kind == "dotted_name" || kind == "aliased_import") {
      std::string name, alias;
      if (kind == "aliased_import") {
        name = std::string(text(ts::child_by_field_id(child, g_.f_name)));
        alias = std::string(text(ts::child_by_field_id(child, g_.field("alias"))));
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
    note_device_module_alias(imp);
    if (!imp.name.empty() && imp.name != "*") from_imported_[imp.bound_name()] = true;
    facts_.imports.push_back(std::move(imp));
  }
}

// `import torch.cuda._gpu_trace as gpu_trace`, `from torch.cuda import amp`:
// calls through the bound name are that device's API too.
void Extractor::note_device_module_alias(const Import& imp) {
  bool binds_module = imp.name.empty() ? !imp.alias.empty() : imp.name != "*";
  if (!binds_module) return;
  std::string path = imp.name.empty() ? imp.module : imp.module + "." + imp.name;
  if (path.rfind("torch.", 0) != 0) return;
  for (size_t start = 6; start < path.size();) {
    size_t dot = path.find('.', start);
    std::string_view part = std::string_view(path).substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (const std::string* device = vocab_.api_module_device(part)) {
      device_module_aliases_[imp.bound_name()] = {path, *device};
      return;
    }
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
}

}  // namespace hwclass

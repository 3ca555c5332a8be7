#include "resolve/module_index.h"

#include "resolve/module_lookup.h"

namespace hwclass {

ModuleIndex::ModuleIndex(const std::vector<FileFacts>& files) {
  paths_.reserve(files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    paths_.push_back(files[i].relative_path);
    // A file outside the root is no module of the tree.
    const std::string& path = files[i].relative_path;
    if (!path.empty() && path[0] != '/') by_path_.try_emplace(path, static_cast<int>(i));
  }
}

int ModuleIndex::find(const std::string& module, int importer) const {
  const std::string_view from = importer >= 0 ? std::string_view(paths_[importer]) : std::string_view();
  for (const std::string& candidate : module_candidates(module, from))
    if (auto it = by_path_.find(candidate); it != by_path_.end()) return it->second;
  return -1;
}

std::vector<std::string> loaded_modules(const Import& imp) {
  std::vector<std::string> out;
  const std::string& m = imp.module;
  out.push_back(m);  // `from . import x` loads the package itself first
  if (!imp.name.empty() && imp.name != "*") out.push_back(submodule_name(m, imp.name));
  if (!m.empty() && m[0] != '.')
    for (size_t dot = m.find('.'); dot != std::string::npos; dot = m.find('.', dot + 1)) out.push_back(m.substr(0, dot));
  return out;
}

}  // namespace hwclass

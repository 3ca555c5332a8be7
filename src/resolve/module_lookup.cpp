#include "resolve/module_lookup.h"

#include <algorithm>
#include <optional>

namespace hwclass {
namespace {

// The directory of a repository-relative path, "" at the root.
std::string parent_of(std::string_view path) {
  const size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? "" : std::string(path.substr(0, slash));
}

std::string joined(const std::string& dir, const std::string& path) {
  if (dir.empty()) return path;
  return path.empty() ? dir : dir + "/" + path;
}

}  // namespace

std::vector<std::string> module_candidates(std::string_view module, std::string_view importer) {
  size_t dots = module.find_first_not_of('.');
  if (dots == std::string_view::npos) dots = module.size();
  std::string path(module.substr(dots));
  std::replace(path.begin(), path.end(), '.', '/');
  // An importer outside the root (or none) has no place in the tree to look beside.
  const bool placed = !importer.empty() && importer[0] != '/';
  std::vector<std::string> bases;
  if (dots > 0) {
    if (!placed) return {};
    std::string dir = parent_of(importer);
    for (size_t up = 1; up < dots; ++up) {
      if (dir.empty()) return {};  // past the root: Python refuses it too
      dir = parent_of(dir);
    }
    bases = {dir};
  } else {
    if (path.empty()) return {};
    if (placed) bases.push_back(parent_of(importer));
    for (std::string base : {"test", ""})
      if (std::find(bases.begin(), bases.end(), base) == bases.end()) bases.push_back(base);
  }
  std::vector<std::string> out;
  for (const std::string& base : bases) {
    const std::string stem = joined(base, path);
    out.push_back(joined(stem, "__init__.py"));
    // `from . import n` names the package itself, never a `<dir>.py`.
    if (!path.empty()) out.push_back(stem + ".py");
  }
  return out;
}

std::string submodule_name(const std::string& module, const std::string& name) {
  const bool only_dots = !module.empty() && module.find_first_not_of('.') == std::string::npos;
  return only_dots ? module + name : module + "." + name;
}

std::vector<FoundModule> find_modules(const SourceTree& tree, const Import& imp, std::string_view importer) {
  auto first_present = [&](std::string_view module) -> std::optional<std::string> {
    for (const std::string& candidate : module_candidates(module, importer))
      if (std::optional<std::string> path = tree.regular_file(candidate)) return path;
    return std::nullopt;
  };
  std::vector<FoundModule> out;
  const std::string asked = imp.name == "*" ? "" : imp.name;
  if (std::optional<std::string> path = first_present(imp.module)) out.push_back({*path, asked});
  if (!asked.empty())
    if (std::optional<std::string> path = first_present(submodule_name(imp.module, imp.name))) out.push_back({*path, ""});
  return out;
}

}  // namespace hwclass

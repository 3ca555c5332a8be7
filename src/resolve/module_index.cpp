#include "resolve/module_index.h"

namespace hwclass {

ModuleIndex::ModuleIndex(const std::vector<FileFacts>& files) {
  packages_.resize(files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    std::string path = files[i].relative_path;
    if (path.size() < 3 || path.compare(path.size() - 3, 3, ".py") != 0 || path[0] == '/') continue;
    path.resize(path.size() - 3);
    for (char& c : path) c = c == '/' ? '.' : c;
    std::string module = path;
    const std::string init = ".__init__";
    bool is_package = module.size() > init.size() && module.compare(module.size() - init.size(), init.size(), init) == 0;
    if (is_package) module.resize(module.size() - init.size());
    packages_[i] = is_package ? module : module.substr(0, module.rfind('.') == std::string::npos ? 0 : module.rfind('.'));
    by_name_.try_emplace(module, static_cast<int>(i));
    if (module.rfind("test.", 0) == 0) by_name_.try_emplace(module.substr(5), static_cast<int>(i));
  }
}

int ModuleIndex::find(const std::string& module, int importer) const {
  std::string name = module;
  if (!name.empty() && name[0] == '.') {
    size_t dots = name.find_first_not_of('.');
    std::string rest = dots == std::string::npos ? "" : name.substr(dots);
    std::string package = importer >= 0 ? packages_[importer] : "";
    for (size_t up = 1; up < (dots == std::string::npos ? name.size() : dots); ++up) {
      size_t cut = package.rfind('.');
      package = cut == std::string::npos ? "" : package.substr(0, cut);
    }
    name = package.empty() ? rest : (rest.empty() ? package : package + "." + rest);
  }
  auto it = by_name_.find(name);
  if (it != by_name_.end()) return it->second;
  // A module beside the importer (`import test_c10d_common` in
  // test/distributed/, which has no __init__.py: pytest puts the file's own
  // directory first on sys.path).
  const std::string& package = importer >= 0 ? packages_[importer] : "";
  if (module.empty() || module[0] == '.' || package.empty()) return -1;
  it = by_name_.find(package + "." + name);
  return it == by_name_.end() ? -1 : it->second;
}

std::vector<std::string> loaded_modules(const Import& imp) {
  std::vector<std::string> out;
  const std::string& m = imp.module;
  const bool only_dots = !m.empty() && m.find_first_not_of('.') == std::string::npos;
  out.push_back(m);  // `from . import x` loads the package itself first
  if (!imp.name.empty() && imp.name != "*") out.push_back(only_dots ? m + imp.name : m + "." + imp.name);
  if (!m.empty() && m[0] != '.')
    for (size_t dot = m.find('.'); dot != std::string::npos; dot = m.find('.', dot + 1)) out.push_back(m.substr(0, dot));
  return out;
}

}  // namespace hwclass

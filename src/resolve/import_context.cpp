#include "resolve/import_context.h"

#include <algorithm>

#include "resolve/module_lookup.h"

namespace hwclass {
namespace {

// The names a module's classes take as bases, by the name their first part
// binds in the module (`Base` of `Base`, `common` of `common.Base`), and
// the names other modules asked of it. A framework base
// (common_utils.TestCase) is known without its body (rules/devices.toml),
// and its module is the largest of them: it is not followed. Only bases and
// device helpers are followed: resolution reads classes, and a test
// module's other imports (common_methods_invocations) would only cost time.
std::set<std::string> names_to_follow(const FileFacts& file, const std::set<std::string>& asked,
                                      const Vocabulary& vocab) {
  std::set<std::string> names = asked;
  // A device helper read where a device goes (`device=DEVICE`): its module
  // may choose the tests' device (resolve/imported_devices.h).
  for (const DeviceSite& use : file.imported_uses) names.insert(use.text);
  for (const ClassFact& cls : file.classes)
    for (const std::string& base : cls.bases)
      if (!vocab.is_framework_base(std::string_view(base).substr(base.rfind('.') + 1)))
        names.insert(base.substr(0, base.find('.')));
  return names;
}

}  // namespace

std::vector<std::string> context_packages(const Vocabulary& vocabulary) {
  std::vector<std::string> out{"test/"};
  for (std::string package : vocabulary.helper_packages) {
    std::replace(package.begin(), package.end(), '.', '/');
    out.push_back(package + "/");
  }
  return out;
}

ImportContext::ImportContext(const SourceTree& tree, const Vocabulary& vocabulary)
    : tree_(tree), vocab_(vocabulary), packages_(context_packages(vocabulary)) {}

void ImportContext::mark_read(const std::string& relative_path) { read_.insert(relative_path); }

std::vector<std::string> ImportContext::follow(const std::vector<FileFacts>& files, size_t from) {
  auto in_context = [&](const std::string& path) {
    return std::any_of(packages_.begin(), packages_.end(),
                       [&](const std::string& package) { return path.rfind(package, 0) == 0; });
  };
  std::set<std::string> wanted;
  for (size_t i = from; i < files.size(); ++i) {
    const FileFacts& file = files[i];
    const std::set<std::string> names = names_to_follow(file, asked_[file.relative_path], vocab_);
    for (const Import& imp : file.imports) {
      const std::string bound = imp.bound_name();
      if (imp.name != "*" && !names.count(bound.substr(0, bound.find('.')))) continue;
      for (const FoundModule& module : find_modules(tree_, imp, file.relative_path)) {
        if (!in_context(module.path)) continue;
        if (!module.asked_name.empty()) asked_[module.path].insert(module.asked_name);
        if (!read_.count(module.path)) wanted.insert(module.path);
      }
    }
  }
  read_.insert(wanted.begin(), wanted.end());
  return {wanted.begin(), wanted.end()};
}

}  // namespace hwclass

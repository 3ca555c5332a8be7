#include "select/node_ids.h"

#include <algorithm>

#include "discover/test_file.h"
#include "select/selection.h"

namespace hwclass {
namespace {

// Decorators that make one test def several collected tests, each named
// with a suffix: device-type tests' dtypes and OpInfo/ModuleInfo lists,
// and common_utils' parametrize.
bool parametrizes(const std::string& decorator) {
  return decorator.rfind("dtypes", 0) == 0 || decorator == "ops" || decorator == "modules" ||
         decorator == "parametrize" || decorator == "parametrize_test";
}

bool suffixed(const std::vector<FileFacts>& files, const TestRef& t) {
  if (t.method < 0) return false;
  const ClassFact& c = files[t.defined_in.file].classes[t.defined_in.cls];
  for (const Decorator& d : c.methods[static_cast<size_t>(t.method)].decorators)
    if (parametrizes(d.name)) return true;
  return false;
}

}  // namespace

std::vector<NodeId> collected_node_ids(const std::vector<FileFacts>& files, const Resolution& resolution,
                                       const std::vector<Verdict>& verdicts, const Vocabulary& vocabulary,
                                       const std::vector<std::string>& only) {
  auto wanted = [&](const std::string& path) {
    return only.empty() || std::find(only.begin(), only.end(), path) != only.end();
  };
  SelectionRequest every;
  every.every_class = true;
  every.use = TrustedClassification::DeclaredOrInferred;
  std::vector<NodeId> out;
  for (const SelectedClass& c : select_classes(files, resolution, verdicts, every, vocabulary)) {
    if (!wanted(c.defined_in) && !wanted(c.invoking_file)) continue;
    for (const TestRef& t : resolution.of(c.ref).tests)
      out.push_back(NodeId{c.invoking_file, c.name, c.device.empty() ? t.name : t.name + "_" + c.device, c.source_class,
                           t.name, c.device, suffixed(files, t), c.defined_in});
  }
  // pytest collects module-level test functions too; no migration moves
  // them, but they are what the file collects.
  for (const FileFacts& f : files) {
    if (!wanted(f.relative_path) || !is_test_file_v8(f.relative_path)) continue;
    for (const auto& [name, line] : f.module_tests) out.push_back(NodeId{f.relative_path, "", name, "", name, "", false, f.relative_path});
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end(), [](const NodeId& a, const NodeId& b) { return a.id() == b.id(); }),
            out.end());
  return out;
}

}  // namespace hwclass

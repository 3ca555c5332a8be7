#include "select/unassigned.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "discover/test_file.h"

namespace hwclass {

std::vector<Unassigned> unassigned(const std::vector<FileFacts>& files, const Resolution& resolution,
                                   const std::vector<Verdict>& verdicts) {
  std::vector<Unassigned> out;
  std::set<ClassRef> judged;
  for (const Verdict& v : verdicts) {
    judged.insert(v.ref);
    const ResolvedClass& r = resolution.of(v.ref);
    if (!v.declared.empty() || !is_test_file_v8(r.invoking_file)) continue;
    const ClassFact& cls = files[v.ref.file].classes[v.ref.cls];
    std::vector<std::string> runs_as;
    for (const DeviceVariant& d : r.variants) runs_as.push_back(d.name);
    if (r.instantiation < 0) runs_as.push_back(cls.name);
    out.push_back({"unclassified-class", r.invoking_file, files[v.ref.file].relative_path, cls.line, cls.name,
                   runs_as, v.inferred});
  }
  for (size_t f = 0; f < files.size(); ++f) {
    const FileFacts& file = files[f];
    if (!is_test_file_v8(file.relative_path)) continue;
    for (const auto& [name, line] : file.module_tests)
      out.push_back({"module-function", file.relative_path, file.relative_path, line, name, {name}, ""});
    for (size_t c = 0; c < file.classes.size(); ++c) {
      const ClassFact& cls = file.classes[c];
      ClassRef ref{static_cast<int>(f), static_cast<int>(c)};
      const ResolvedClass& r = resolution.of(ref);
      const bool generated = std::find(file.extended_classes.begin(), file.extended_classes.end(), cls.name) !=
                             file.extended_classes.end();
      if (!generated || judged.count(ref) || r.declared_in.valid()) continue;
      out.push_back({"generated-tests", r.invoking_file, file.relative_path, cls.line, cls.name, {cls.name}, ""});
    }
  }
  std::sort(out.begin(), out.end(), [](const Unassigned& a, const Unassigned& b) {
    return std::tie(a.invoking_file, a.name, a.line) < std::tie(b.invoking_file, b.name, b.line);
  });
  return out;
}

}  // namespace hwclass

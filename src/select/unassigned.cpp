#include "select/unassigned.h"

#include <algorithm>
#include <tuple>

#include "discover/test_file.h"

namespace hwclass {

std::vector<Unassigned> unassigned(const std::vector<FileFacts>& files, const Resolution& resolution,
                                   const std::vector<Verdict>& verdicts) {
  std::vector<Unassigned> out;
  for (const Verdict& v : verdicts) {
    const ResolvedClass& r = resolution.of(v.ref);
    if (!v.declared.empty() || !is_test_file_v8(r.invoking_file())) continue;
    if (!r.not_collected.empty()) continue;  // pytest never runs it, filtered or not
    const ClassFact& cls = files[v.ref.file].classes[v.ref.cls];
    std::vector<std::string> runs_as;
    for (const DeviceVariant& d : r.variants) runs_as.push_back(d.name);
    if (r.instantiation < 0) runs_as.push_back(cls.name);
    // A class classify judges with no test def of its own or inherited has
    // its tests added at run time (setattr).
    out.push_back({r.tests.empty() ? "generated-tests" : "unclassified-class", r.invoking_file(),
                   files[v.ref.file].relative_path, cls.line, cls.name, runs_as, v.inferred});
  }
  for (const FileFacts& file : files) {
    if (!is_test_file_v8(file.relative_path)) continue;
    for (const auto& [name, line] : file.module_tests)
      out.push_back({"module-function", file.relative_path, file.relative_path, line, name, {name}, ""});
  }
  std::sort(out.begin(), out.end(), [](const Unassigned& a, const Unassigned& b) {
    return std::tie(a.invoking_file, a.name, a.line) < std::tie(b.invoking_file, b.name, b.line);
  });
  return out;
}

}  // namespace hwclass

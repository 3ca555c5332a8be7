#include "report/summary.h"


#include "facts/queries.h"
#include "lint/linter.h"
#include "resolve/resolver.h"
#include "util/run_stats.h"

namespace hwclass {

FileSummary summarize_file(const FileFacts& file, const Vocabulary& vocabulary, RunStats* stats) {
  FileSummary out;
  out.path = file.relative_path;
  out.test_file = file.is_test_file;
  out.parses = file_parses(file);
  out.owners = file.owners;
  if (!out.parses) return out;
  std::vector<bool> counted(file.classes.size(), false);
  for (int i : counted_test_classes(file)) {
    const ClassFact& c = file.classes[static_cast<size_t>(i)];
    counted[static_cast<size_t>(i)] = true;
    ++out.test_classes;
    if (c.declaration.state == DeclarationState::Valid) ++out.declared[c.declaration.member];
    else ++out.unclassified;
    if (int link = upstream_instantiation(file, c.name); link >= 0) {
      bool exact = true;
      out.variants += device_variants(c.name, file.instantiations[static_cast<size_t>(link)], vocabulary, exact).size();
    }
  }
  for (const DeviceSite& s : file.sites) {
    if (s.class_index < 0 || !counted[static_cast<size_t>(s.class_index)]) continue;
    const char* kind = hardcoded_kind(s, vocabulary);
    if (!kind) continue;
    ++out.sites_by_kind[kind];
    ++out.sites_by_device[s.device.label()];
    ++out.sites;
  }
  if (file.is_test_file) {
    LintOptions upstream;
    upstream.settings.upstream_only = true;
    upstream.stats = stats;
    std::vector<Finding> findings = lint_file(file, vocabulary, upstream);
    out.upstream_errors = findings.size();
    if (!findings.empty())
      out.first_error = std::to_string(findings[0].line) + ": [" + findings[0].rule + "] " + findings[0].message;
  }
  return out;
}

}  // namespace hwclass

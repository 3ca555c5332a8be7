#include "support/scan_source.h"

#include "extract/extractor.h"

namespace hwclass {

// Through the tool's own front end (the source checks, the grammar-gap
// repair, the extractor), so a unit test sees what the command line would.
FileFacts scan_source(std::string_view source, const std::string& relative_path, const Vocabulary& vocabulary) {
  SourceFile file{relative_path, relative_path, relative_path, true};
  return extract_source(std::string(source), file, vocabulary);
}

Run scan_tree(const std::string& root) {
  CommonOptions options;
  options.root = root;
  options.paths = {root + "/test"};
  options.quiet = true;
  options.no_cache = true;
  Run run(options, RunRequest{});
  run.session();
  return run;
}

std::vector<std::string> sites_of(const FileFacts& facts, SiteKind kind) {
  std::vector<std::string> out;
  for (const auto& s : facts.sites)
    if (s.kind == kind) out.push_back(std::to_string(s.location.line) + ":" + s.text + "@" + s.device.label());
  return out;
}

}  // namespace hwclass

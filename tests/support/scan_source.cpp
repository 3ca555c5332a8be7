#include "support/scan_source.h"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <stdexcept>

#include "extract/extractor.h"
#include "parse/parallel_parse.h"

namespace hwclass {

// Through the tool's own front end (read_source's checks, the grammar-gap
// repair, the extractor), from a real file, so a unit test sees what the
// command line would.
FileFacts scan_source(std::string_view source, const std::string& relative_path, const Vocabulary& vocabulary) {
  char path[] = "/tmp/hwclass-unit-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) throw std::runtime_error("scan_source: cannot create a temporary file");
  close(fd);
  std::ofstream(path, std::ios::binary).write(source.data(), static_cast<std::streamsize>(source.size()));
  SourceFile file{relative_path, path, relative_path, true};
  std::vector<FileFacts> facts =
      parse_files({file}, 1, [&](const TSTree* tree, std::string_view text, FileFacts& f) {
        extract_facts(tree, text, vocabulary, f);
      });
  std::remove(path);
  return std::move(facts.front());
}

std::vector<std::string> sites_of(const FileFacts& facts, SiteKind kind) {
  std::vector<std::string> out;
  for (const auto& s : facts.sites)
    if (s.kind == kind) out.push_back(std::to_string(s.location.line) + ":" + s.text + "@" + s.device.label());
  return out;
}

}  // namespace hwclass

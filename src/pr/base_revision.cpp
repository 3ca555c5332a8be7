#include "pr/base_revision.h"

#include <algorithm>
#include <optional>

#include "extract/extractor.h"
#include "report/git_objects.h"
#include "util/error.h"

namespace hwclass {

BaseFiles read_base_files(const std::filesystem::path& root, const std::string& rev,
                          const std::vector<SourceFile>& sources, const Vocabulary& vocabulary) {
  GitObjects git(root.string());
  std::string type, bytes;
  // `--base -x`, a typo, or a root in no repository (git cat-file exits at
  // once): git's own message would name neither the option nor the root.
  bool commit = false;
  try {
    commit = !rev.empty() && rev[0] != '-' && git.read(rev + "^{commit}", type, bytes) && type == "commit";
  } catch (const std::runtime_error&) {
    commit = false;
  }
  if (!commit) throw UsageError("--base: '" + rev + "' is not a commit of a git repository at " + root.string());
  BaseFiles out;
  std::optional<std::vector<std::pair<std::string, std::string>>> renames;  // asked of git once, if at all
  for (const SourceFile& source : sources) {
    // "REV:./path" is relative to git's working directory, the root: the
    // root need not be the repository's top level.
    std::string path = source.relative_path;
    if (!git.read(rev + ":./" + path, type, bytes) || type != "blob") {
      if (!renames) renames = renamed_since(root.string(), rev);
      auto it = std::find_if(renames->begin(), renames->end(), [&](const auto& r) { return r.second == path; });
      if (it == renames->end() || !git.read(rev + ":./" + it->first, type, bytes) || type != "blob") {
        out.absent.push_back(path);
        continue;
      }
      path = it->first;
      out.moved.emplace_back(path, source.relative_path);
    }
    SourceFile at_base = source;
    at_base.relative_path = path;
    at_base.display_path = rev + ":" + path;
    at_base.absolute_path = at_base.display_path;
    out.files.push_back(extract_source(std::move(bytes), at_base, vocabulary));
  }
  return out;
}

}  // namespace hwclass

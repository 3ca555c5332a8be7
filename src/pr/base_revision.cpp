#include "pr/base_revision.h"

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
  for (const SourceFile& source : sources) {
    // "REV:./path" is relative to git's working directory, the root: the
    // root need not be the repository's top level.
    if (!git.read(rev + ":./" + source.relative_path, type, bytes) || type != "blob") {
      out.absent.push_back(source.relative_path);
      continue;
    }
    SourceFile at_base = source;
    at_base.display_path = rev + ":" + source.relative_path;
    at_base.absolute_path = at_base.display_path;
    out.files.push_back(extract_source(std::move(bytes), at_base, vocabulary));
  }
  return out;
}

}  // namespace hwclass

// The files a pull request changes, as its base revision has them: read
// from git's object store (report/git_objects.h, as report --history reads
// history), with no checkout, and turned into facts by the same front end
// as the work tree's files.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "discover/discover.h"
#include "facts/facts.h"
#include "vocab/vocabulary.h"

namespace hwclass {

struct BaseFiles {
  std::vector<FileFacts> files;     // of the sources REV has, in the order given
  std::vector<std::string> absent;  // repo-relative paths REV does not have (new files)
  // Files REV has under another path (`git mv`, as git's rename detection
  // finds it): (path at REV, path now). Their facts are REV's file, under
  // its old path, so its tests pair with the moved ones.
  std::vector<std::pair<std::string, std::string>> moved;
};

// `sources` (the work tree's files, repo-relative to `root`, which is in a
// git repository) as revision `rev` has them; each fact's path reads
// "REV:path". Throws UsageError naming `rev` when git knows no such commit.
BaseFiles read_base_files(const std::filesystem::path& root, const std::string& rev,
                          const std::vector<SourceFile>& sources, const Vocabulary& vocabulary);

}  // namespace hwclass

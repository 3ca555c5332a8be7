// `hwclass pr`: what a migration pull request's description says, as data
// for emit/pr_output.h: each class with classify's verdict, the tests the
// change renames since a base revision, the skip-list entries that leaves
// stale, and the test plan's members per file.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "classify/verdict.h"
#include "facts/facts.h"
#include "pr/renames.h"
#include "pr/skip_lists.h"
#include "resolve/file_role.h"

namespace hwclass {

struct PrBase {
  std::string rev;
  IdChanges changes;
  std::vector<std::string> new_files;  // the files the base does not have
  std::vector<std::pair<std::string, std::string>> moved;  // (path at the base, path now): `git mv`
  SkipLists lists;                     // what was read (the entries are not kept)
  std::vector<SkipEntry> stale;
};

struct PrPlanFile {
  std::string file;  // repo-relative: the file that runs the classes (an aggregator runs test/jit/'s)
  // The members its classes run under (the declaration the runtime reads,
  // else the recommendation) -> the tests each collects (def level).
  std::map<std::string, size_t> tests_by_member;
  std::vector<std::string> undeclared;  // classes with tests and no declaration: unclassified at run time
};

struct PrDescription {
  std::vector<std::string> files;  // repo-relative, as given
  std::vector<Verdict> verdicts;   // the files' classes, in file order
  std::vector<PrPlanFile> plan;
  std::optional<PrBase> base;
};

// The description of the Named files of `files` (`roles`, parallel: the
// Context files are read for resolution only). `verdicts` are classify's,
// with lint's advice; `ids` the node ids the named files collect now
// (select/node_ids.h).
PrDescription describe_pr(const std::vector<FileFacts>& files, const std::vector<FileRole>& roles,
                          std::vector<Verdict> verdicts, const std::vector<NodeId>& ids);

// The renames since the base, from the ids each revision collects.
PrBase describe_base(const std::string& rev, const std::vector<NodeId>& before, const std::vector<NodeId>& after,
                     std::vector<std::string> new_files, std::vector<std::pair<std::string, std::string>> moved,
                     const SkipLists& lists);

}  // namespace hwclass

// select --check: a committed manifest read back by the code that writes it
// (emit/manifest.h), and compared with the one the tree gives now by what
// runs, not where: the classes each file runs and their member, by default;
// shard placement only on request.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace hwclass {

struct ManifestView {
  std::string command;      // the command line that made it ("" in manifests before it was recorded)
  std::string options;      // the selection and its inputs, canonical JSON
  std::string shard_plan;   // shard count and timing inputs, canonical JSON: compared only for placement
  // test_file::runs_as -> "MEMBER, declared|inferred[, device D]"
  std::map<std::string, std::string> classes;
  std::map<std::string, std::string> source_class;  // test_file::runs_as -> test_file::class
  std::map<std::string, int> shard;                 // test_file::runs_as -> shard number
};

// Reads a manifest written by manifest_json; ConfigError naming `name`
// when it is none.
ManifestView read_manifest(const std::string& text, const std::string& name);

struct CheckOptions {
  bool shards = false;  // also report classes that moved to another shard
};

// The changes from `before` to `now`, one line each ("added", "removed",
// "reclassified", "moved"). `elsewhere` (test_file::class -> "MEMBER,
// source") is where a class the selection lost is classified now, so a
// reclassification out of the selection says old -> new, not "removed".
// Throws UsageError, printing the command that made `before`, when it was
// made with other options.
std::vector<std::string> manifest_changes(const ManifestView& before, const ManifestView& now,
                                          const std::map<std::string, std::string>& elsewhere,
                                          const CheckOptions& options, const std::string& path);

}  // namespace hwclass

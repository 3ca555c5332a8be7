// Reading a repository's history straight from its object store, with no
// checkout: one `git cat-file --batch` process for trees, blobs and commits,
// and `git rev-list` for the commits of a range.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace hwclass {

struct TreeEntry {
  std::string mode;  // "100644", "40000", ...
  std::string name;
  std::string id;    // hex object id
  bool is_tree() const { return mode == "40000"; }
};

struct CommitInfo {
  std::string id, tree, date, subject, author;  // date: the committer's, as YYYY-MM-DD in UTC; author: the name
  int64_t time = 0;                             // the committer's, in seconds since the epoch
};

class GitObjects {
 public:
  // Starts `git -C repo cat-file --batch`; throws IoError when git cannot run.
  explicit GitObjects(const std::string& repo);
  ~GitObjects();
  GitObjects(const GitObjects&) = delete;
  GitObjects& operator=(const GitObjects&) = delete;

  // The object `name` names (an id, or any revision expression), its type
  // in `type`; false when the repository has no such object.
  bool read(const std::string& name, std::string& type, std::string& bytes);

  std::vector<TreeEntry> tree(const std::string& id);
  CommitInfo commit(const std::string& id);

 private:
  pid_t pid_ = -1;
  int to_git_ = -1;
  FILE* from_git_ = nullptr;
};

// The commits of `range` (`main~50..main`, or one revision for its whole
// history), oldest first, first parents only: the line a branch's history
// shows. Throws UsageError naming the range when git rejects it.
std::vector<std::string> list_commits(const std::string& repo, const std::string& range);

// The files `to` renamed from `from`, as git's rename detection finds them
// (`git diff-tree -M`): (old path, new path) pairs.
std::vector<std::pair<std::string, std::string>> renamed_files(const std::string& repo, const std::string& from,
                                                                const std::string& to);

// The files the work tree (git's tracked files, `git mv` included) renamed
// since `rev`, as (old path, new path) relative to `repo`.
std::vector<std::pair<std::string, std::string>> renamed_since(const std::string& repo, const std::string& rev);

}  // namespace hwclass

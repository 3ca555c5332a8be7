#include "report/history.h"

#include <map>
#include <set>
#include <stdexcept>

#include "discover/test_file.h"
#include "extract/extractor.h"
#include "lint/allowlist.h"
#include "parse/parallel_parse.h"
#include "parse/source_reader.h"
#include "report/git_objects.h"

namespace hwclass {
namespace {

using Files = std::vector<std::pair<std::string, std::string>>;  // (path, blob id)

class HistoryReader {
 public:
  HistoryReader(const std::string& repo, const HistoryOptions& options, const Vocabulary& vocabulary)
      : git_(repo), repo_(repo), options_(options), vocabulary_(vocabulary) {}

  // The prefixes to count at each commit, oldest first: the ones given at
  // the newest commit, followed back through renames. Where a prefix is
  // missing from a commit, the commit after it renamed it if git's rename
  // detection says its files came from elsewhere: from then back, the
  // prefix is where they came from.
  std::vector<std::vector<std::string>> prefixes_at(const std::vector<std::string>& commits) {
    std::vector<std::vector<std::string>> out(commits.size());
    std::vector<std::string> current = options_.prefixes;
    for (size_t i = commits.size(); i-- > 0;) {
      std::string tree = git_.commit(commits[i]).tree;
      for (std::string& prefix : current)
        if (i + 1 < commits.size() && find(tree, prefix, true).empty()) prefix = renamed_from(commits[i], commits[i + 1], prefix);
      out[i] = current;
    }
    return out;
  }

  HistoryPoint at(const std::string& commit, const std::vector<std::string>& prefixes) {
    CommitInfo info = git_.commit(commit);
    HistoryPoint p;
    p.commit = info.id;
    p.date = info.date;
    p.subject = info.subject;
    p.author = info.author;
    p.time = info.time;
    Files files;
    for (const std::string& prefix : prefixes) {
      std::string tree = find(info.tree, prefix, true);
      if (tree.empty()) continue;
      for (const auto& [path, blob] : flatten(tree)) files.emplace_back(prefix + "/" + path, blob);
    }
    summarize_new(files, info.id);
    static const std::set<std::string> kNone;
    const std::set<std::string>* allowlist = &kNone;
    if (std::string blob = find(info.tree, options_.allowlist_path, false); !blob.empty()) {
      auto [it, fresh] = allowlists_.try_emplace(blob);
      if (fresh) {
        std::string type, bytes;
        if (!git_.read(blob, type, bytes)) {
          allowlists_.erase(it);
          throw unreadable(options_.allowlist_path, info.id, blob);
        }
        it->second = parse_allowlist(info.id.substr(0, 12) + ":" + options_.allowlist_path, bytes);
      }
      allowlist = &it->second;
      p.allowlist = allowlist->size();
      p.has_allowlist = true;
    }
    for (const auto& [path, blob] : files) {
      const FileSummary& s = summaries_.at(blob + '\n' + path);
      p.test_classes += s.test_classes;
      p.unclassified += s.unclassified;
      p.sites += s.sites;
      FileStatus status = file_status(s, *allowlist);
      p.failing += status == FileStatus::Failing;
      if (status == FileStatus::Allowlisted) {
        if (s.owners.empty()) ++p.allowlist_by_owner[kNoOwner];
        for (const std::string& owner : s.owners) ++p.allowlist_by_owner[owner];
      }
      for (const auto& [member, n] : s.declared) p.declared[member] += n;
    }
    return p;
  }

  size_t blobs_parsed() const { return parsed_; }

 private:
  // The directory the files under `prefix` at `to` had at `from`, by the
  // most of its renamed files; `prefix` itself when none was renamed.
  std::string renamed_from(const std::string& from, const std::string& to, const std::string& prefix) {
    std::map<std::string, size_t> votes;
    for (const auto& [old_path, new_path] : renamed_files(repo_, from, to)) {
      if (new_path.rfind(prefix + "/", 0) != 0) continue;
      std::string rest = new_path.substr(prefix.size());  // "/x.py"
      if (old_path.size() > rest.size() && old_path.compare(old_path.size() - rest.size(), rest.size(), rest) == 0)
        ++votes[old_path.substr(0, old_path.size() - rest.size())];
    }
    std::string best = prefix;
    size_t most = 0;
    for (const auto& [dir, n] : votes)
      if (n > most) best = dir, most = n;
    return best;
  }

  const std::vector<TreeEntry>& tree(const std::string& id) {
    auto it = trees_.find(id);
    if (it == trees_.end()) it = trees_.emplace(id, git_.tree(id)).first;
    return it->second;
  }

  // The id of `path` (a/b/c) under the tree `root`; "" when absent or of the other kind.
  std::string find(const std::string& root, const std::string& path, bool want_tree) {
    std::string id = root;
    bool is_tree = true;
    for (size_t start = 0; start <= path.size();) {
      size_t slash = path.find('/', start);
      std::string part = path.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
      start = slash == std::string::npos ? path.size() + 1 : slash + 1;
      if (part.empty() || part == ".") continue;
      if (!is_tree) return "";
      const TreeEntry* found = nullptr;
      for (const TreeEntry& e : tree(id))
        if (e.name == part) found = &e;
      if (!found) return "";
      id = found->id;
      is_tree = found->is_tree();
    }
    return is_tree == want_tree ? id : "";
  }

  // The .py blobs under a tree, by path relative to it; a subtree shared by
  // many commits is listed once.
  const Files& flatten(const std::string& id) {
    auto it = flat_.find(id);
    if (it != flat_.end()) return it->second;
    Files out;
    for (const TreeEntry& e : tree(id)) {
      if (e.is_tree()) {
        for (const auto& [path, blob] : flatten(e.id)) out.emplace_back(e.name + "/" + path, blob);
      } else if (e.mode != "120000" && e.mode != "160000" && e.name.size() > 3 &&
                 e.name.compare(e.name.size() - 3, 3, ".py") == 0) {
        out.emplace_back(e.name, e.id);
      }
    }
    return flat_.emplace(id, std::move(out)).first->second;
  }

  // A blob git cannot give (a missing or corrupt object): the history
  // cannot be counted at that commit, so the run stops, saying where.
  static std::runtime_error unreadable(const std::string& path, const std::string& commit, const std::string& blob) {
    return std::runtime_error(path + " at " + commit.substr(0, 12) + ": git cannot read its blob " + blob +
                              " (a missing or corrupt object; `git fsck` says more)");
  }

  // Parses, on the worker pool, the (blob, path) pairs of `commit` not seen before.
  void summarize_new(const Files& files, const std::string& commit) {
    std::vector<SourceFile> sources;
    std::vector<std::string> keys, texts;
    for (const auto& [path, blob] : files) {
      std::string key = blob + '\n' + path;
      if (summaries_.count(key)) continue;
      SourceFile source{blob.substr(0, 12) + ":" + path, "", path, false, is_test_file_v8(path), is_test_file_v7(path)};
      if (options_.cache) {
        if (auto facts = options_.cache->by_blob(blob, source)) {
          summaries_.emplace(key, summarize_file(*facts, vocabulary_));
          continue;
        }
      }
      std::string type, bytes;
      if (!git_.read(blob, type, bytes)) throw unreadable(path, commit, blob);
      sources.push_back(std::move(source));
      blobs_.push_back(blob);
      keys.push_back(std::move(key));
      texts.push_back(std::move(bytes));
    }
    if (sources.empty()) return;
    std::vector<FileFacts> facts = parse_sources(
        sources, options_.jobs,
        [&](size_t i, std::string& text, FileFacts& f) {
          text.swap(texts[i]);
          return check_source(text, f);
        },
        [&](size_t, const TSTree* t, std::string_view text, FileFacts& f) { extract_facts(t, text, vocabulary_, f); });
    for (size_t i = 0; i < facts.size(); ++i) {
      if (options_.cache) options_.cache->store_blob(blobs_[i], sources[i], facts[i]);
      summaries_.emplace(keys[i], summarize_file(facts[i], vocabulary_));
    }
    parsed_ += facts.size();
    blobs_.clear();
  }

  GitObjects git_;
  std::string repo_;
  const HistoryOptions& options_;
  const Vocabulary& vocabulary_;
  std::map<std::string, std::vector<TreeEntry>> trees_;
  std::map<std::string, Files> flat_;
  std::map<std::string, FileSummary> summaries_;
  std::map<std::string, std::set<std::string>> allowlists_;
  std::vector<std::string> blobs_;  // of the sources being parsed, for the cache
  size_t parsed_ = 0;
};

}  // namespace

History compute_history(const std::string& repo, const HistoryOptions& options, const Vocabulary& vocabulary) {
  std::vector<std::string> commits = list_commits(repo, options.range);
  std::vector<std::string> chosen;
  size_t every = static_cast<size_t>(std::max(1, options.every));
  for (size_t i = 0; i < commits.size(); ++i)
    if ((commits.size() - 1 - i) % every == 0) chosen.push_back(commits[i]);
  HistoryReader reader(repo, options, vocabulary);
  std::vector<std::vector<std::string>> prefixes = reader.prefixes_at(commits);
  std::map<std::string, size_t> position;
  for (size_t i = 0; i < commits.size(); ++i) position[commits[i]] = i;
  History out;
  for (size_t i = 0; i < chosen.size(); ++i) {
    HistoryPoint p = reader.at(chosen[i], prefixes[position[chosen[i]]]);
    p.baseline = p.has_allowlist && (out.points.empty() || !out.points.back().has_allowlist);
    if (!out.points.empty()) {
      const HistoryPoint& before = out.points.back();
      auto delta = [](size_t now, size_t then) { return static_cast<long>(now) - static_cast<long>(then); };
      p.delta_allowlist = delta(p.allowlist, before.allowlist);
      p.delta_unclassified = delta(p.unclassified, before.unclassified);
      p.delta_failing = delta(p.failing, before.failing);
    }
    out.points.push_back(std::move(p));
    if (options.progress) options.progress(i + 1, chosen.size());
  }
  out.blobs_parsed = reader.blobs_parsed();
  return out;
}

}  // namespace hwclass

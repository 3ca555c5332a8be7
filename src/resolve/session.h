// One run's files and their resolution (issue 47). Every file a run reads
// is here once, tagged with its role: Named (the command line asked about
// it: its classes are judged and reported) or Context (read so the named
// files resolve: bases, device helpers, importers; its problems are not the
// run's). Commands ask for files by role, never by position in a vector,
// and every stage reads the one Resolution made here.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "cache/reader.h"
#include "discover/discover.h"
#include "facts/facts.h"
#include "resolve/file_role.h"
#include "resolve/resolved.h"
#include "resolve/source_tree.h"
#include "vocab/vocabulary.h"

namespace hwclass {

// Which context a command reads today. TEMPORARY (issue 47 plan commit 3):
// the five per-command rules are reproduced exactly, so moving every
// command onto one Session changes no output; commit 4 replaces them with
// one rule for every command and deletes this enum.
enum class ContextPolicy : uint8_t {
  None,                // scan, select, report, lint --upstream, allowlist
  Imports,             // classify, explain, lint, pr: the modules bases and device helpers come from
  ImportsAndTestTree,  // fix: those, then every other file under test/ (for the importers)
  TestTree,            // allowlist --shrink-only: every other file under test/
};

class Session {
 public:
  // `roles` parallel to `files` (empty: every file is Named); `sources` too.
  // Resolves the files unless `resolve` is false (no stage reads a
  // resolution: scan, streaming lint --upstream).
  Session(std::filesystem::path root, const Vocabulary& vocabulary, std::vector<SourceFile> sources,
          std::vector<FileFacts> files, std::vector<FileRole> roles = {}, bool resolve = true);

  const std::filesystem::path& root() const { return root_; }
  const Vocabulary& vocabulary() const { return *vocabulary_; }
  // Every file, in the order read. Storage order only: roles say which
  // files are named, and no caller may rely on named files coming first.
  const std::vector<FileFacts>& files() const { return files_; }
  const std::vector<SourceFile>& sources() const { return sources_; }  // parallel to files()
  const std::vector<FileRole>& roles() const { return roles_; }        // parallel to files()
  FileRole role(size_t file) const { return roles_.at(file); }
  bool is_named(size_t file) const { return role(file) == FileRole::Named; }
  // The named files' indices, in file order.
  std::vector<size_t> named() const;
  // The index of the file at a repository-relative path, if it was read.
  std::optional<size_t> index_of(std::string_view relative_path) const;
  bool resolved() const { return resolution_.has_value(); }
  // Throws std::logic_error when the session was opened without resolving.
  const Resolution& resolution() const;

  // The same context under other named files (pr --base: the base
  // revision's files, read from git): `named` become the Named files,
  // this session's Context files follow, and the whole is resolved again.
  Session with_named_replaced(std::vector<FileFacts> named) const;

 private:
  std::filesystem::path root_;
  const Vocabulary* vocabulary_;
  std::vector<SourceFile> sources_;
  std::vector<FileFacts> files_;
  std::vector<FileRole> roles_;
  std::unordered_map<std::string, size_t> by_path_;  // looked up, never walked
  std::optional<Resolution> resolution_;
};

struct SessionRequest {
  std::filesystem::path root;
  // The files the command read (discovered and filtered by it), their
  // facts and roles, parallel; empty roles: every one is Named.
  std::vector<SourceFile> sources;
  std::vector<FileFacts> facts;
  std::vector<FileRole> roles;
  ContextPolicy context = ContextPolicy::None;
  bool resolve = true;
};

// Adds the context `request.context` asks for, read through `reader` as
// Context files (quietly, without the command's exclusions), then
// resolves. `tree` is where imports are looked up (resolve/module_lookup.h).
Session open_session(SessionRequest request, const Vocabulary& vocabulary, FactsReader& reader,
                     const SourceTree& tree);

}  // namespace hwclass

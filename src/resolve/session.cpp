#include "resolve/session.h"

#include <set>
#include <stdexcept>

#include "resolve/import_context.h"
#include "resolve/resolver.h"

namespace hwclass {

Session::Session(std::filesystem::path root, const Vocabulary& vocabulary, std::vector<SourceFile> sources,
                 std::vector<FileFacts> files, std::vector<FileRole> roles, bool resolve)
    : root_(std::move(root)),
      vocabulary_(&vocabulary),
      sources_(std::move(sources)),
      files_(std::move(files)),
      roles_(std::move(roles)) {
  if (roles_.empty()) roles_.assign(files_.size(), FileRole::Named);
  if (sources_.size() != files_.size() || roles_.size() != files_.size())
    throw std::logic_error("Session: sources, facts and roles must be parallel");
  for (size_t i = 0; i < files_.size(); ++i) by_path_.emplace(files_[i].relative_path, i);
  if (resolve) resolution_ = hwclass::resolve(files_, vocabulary);
}

std::vector<size_t> Session::named() const {
  std::vector<size_t> out;
  for (size_t i = 0; i < roles_.size(); ++i)
    if (roles_[i] == FileRole::Named) out.push_back(i);
  return out;
}

std::optional<size_t> Session::index_of(std::string_view relative_path) const {
  auto it = by_path_.find(std::string(relative_path));
  if (it == by_path_.end()) return std::nullopt;
  return it->second;
}

const Resolution& Session::resolution() const {
  if (!resolution_) throw std::logic_error("Session: opened without a resolution");
  return *resolution_;
}

Session Session::with_named_replaced(std::vector<FileFacts> named) const {
  std::vector<SourceFile> sources;
  for (const FileFacts& f : named) sources.push_back(SourceFile{f.path, "", f.relative_path});
  std::vector<FileRole> roles(named.size(), FileRole::Named);
  for (size_t i = 0; i < files_.size(); ++i) {
    if (roles_[i] != FileRole::Context) continue;
    sources.push_back(sources_[i]);
    named.push_back(files_[i]);
    roles.push_back(FileRole::Context);
  }
  return Session(root_, *vocabulary_, std::move(sources), std::move(named), std::move(roles), true);
}

namespace {

// The files a session reads, growing as context is added.
struct Reading {
  std::vector<SourceFile> sources;
  std::vector<FileFacts> facts;
  std::vector<FileRole> roles;
};

// Appends the files at `paths` (as given to discover: absolute, or joined
// with the root) as Context: no exclusion applies to them, and nothing is
// said about their problems.
void read_context(Reading& r, const std::filesystem::path& root, const std::vector<std::string>& paths,
                  FactsReader& reader) {
  Discovery found = discover(paths, root);
  std::vector<FileFacts> facts = reader.read(found.files);
  for (size_t i = 0; i < facts.size(); ++i) {
    r.sources.push_back(std::move(found.files[i]));
    r.facts.push_back(std::move(facts[i]));
    r.roles.push_back(FileRole::Context);
  }
}

// The modules the files take bases and device helpers from, as
// resolve/import_context.h decides, followed to the end: a base's own base
// may live in a third module (FSDPTest in common_fsdp, MultiProcessTestCase
// in common_distributed), and the answer must not depend on which of them
// the command line named.
void add_imports(Reading& r, const std::filesystem::path& root, const Vocabulary& vocabulary, FactsReader& reader,
                 const SourceTree& tree) {
  ImportContext context(tree, vocabulary);
  for (const SourceFile& f : r.sources) context.mark_read(f.relative_path);
  for (size_t from = 0;;) {
    std::vector<std::string> wanted = context.follow(r.facts, from);
    if (wanted.empty()) return;
    from = r.facts.size();
    for (std::string& path : wanted) path = (root / path).string();
    read_context(r, root, wanted, reader);
  }
}

// Every file under the root's test/ not read yet: the modules that import
// the named ones are among them (fix --unsafe-fixes leaves a template they
// import, issue 30).
void add_test_tree(Reading& r, const std::filesystem::path& root, FactsReader& reader) {
  std::error_code ec;
  if (!std::filesystem::is_directory(root / "test", ec)) return;
  std::set<std::string> read;
  for (const SourceFile& f : r.sources) read.insert(f.absolute_path);
  std::vector<std::string> paths;
  for (const SourceFile& f : discover({(root / "test").string()}, root).files)
    if (!read.count(f.absolute_path)) paths.push_back(f.absolute_path);
  if (!paths.empty()) read_context(r, root, paths, reader);
}

}  // namespace

Session open_session(SessionRequest request, const Vocabulary& vocabulary, FactsReader& reader,
                     const SourceTree& tree) {
  Reading r{std::move(request.sources), std::move(request.facts), std::move(request.roles)};
  if (r.roles.empty()) r.roles.assign(r.facts.size(), FileRole::Named);
  const ContextPolicy policy = request.context;
  if (policy == ContextPolicy::Imports || policy == ContextPolicy::ImportsAndTestTree)
    add_imports(r, request.root, vocabulary, reader, tree);
  if (policy == ContextPolicy::ImportsAndTestTree || policy == ContextPolicy::TestTree)
    add_test_tree(r, request.root, reader);
  return Session(std::move(request.root), vocabulary, std::move(r.sources), std::move(r.facts), std::move(r.roles),
                 request.resolve);
}

}  // namespace hwclass

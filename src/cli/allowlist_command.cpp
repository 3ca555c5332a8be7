// hwclass allowlist check|write|prune: upstream's regeneration
// (update_test_linter_allowlist.py), byte for byte: every test file with an
// upstream message is listed, the current list ignored while deciding, files
// with [parse_error] kept off (so syntax errors keep failing CI).
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <string_view>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/run.h"
#include "lint/allowlist.h"
#include "fix/fix_alone.h"
#include "lint/linter.h"
#include "util/keep_until_exit.h"
#include "util/output_sink.h"
#include "util/shell_quote.h"
#include "util/subprocess.h"

namespace hwclass {
namespace {

struct AllowlistState {
  CommonOptions common;
  std::string action, allowlist;
  int upstream_version = 8;
  bool shrink_only = false;
};

struct Regeneration {
  std::set<std::string> failing;  // test files with at least one upstream message
  // For each failing file, whether `hwclass fix` makes it pass.
  std::map<std::string, FixClears> fix_clears;
  std::set<std::string> exists;   // every test file found
  size_t checked = 0;
};

// The command that takes a file off the allowlist's path to growth.
std::string make_pass_command(const Regeneration& r, const std::string& path) {
  std::string command = fix_command(r.fix_clears.at(path), path);
  return command.empty() ? "hwclass explain " + shell_quote(path) + " (no fix clears every error; each needs a decision)"
                         : command;
}

// The allowlist as committed at HEAD, which --shrink-only measures growth
// against (so adding an entry by hand, or by a plain `allowlist write`, is
// growth too); the file on disk where there is no git history for it.
std::set<std::string> committed_allowlist(const std::filesystem::path& root, const std::string& path,
                                          const std::set<std::string>& on_disk) {
  std::error_code ec;
  std::string relative = relative_to_root(std::filesystem::weakly_canonical(path, ec), root);
  std::string text;
  if (ec || run_capture({"git", "-C", root.string(), "show", "HEAD:" + relative}, text) != 0) return on_disk;
  return parse_allowlist(relative + " at HEAD", text);
}

// --shrink-only: files regeneration would add to the committed allowlist
// are refused, each with what makes it pass. Returns how many there were.
size_t refuse_additions(const Regeneration& r, const std::set<std::string>& committed, std::set<std::string>& wanted) {
  size_t refused = 0;
  for (auto it = wanted.begin(); it != wanted.end();) {
    if (committed.count(*it)) {
      ++it;
      continue;
    }
    std::cerr << *it << ": error: fails the test linter, and the allowlist only shrinks; run "
              << make_pass_command(r, *it) << "\n";
    ++refused;
    it = wanted.erase(it);
  }
  return refused;
}

// What fix could do for each failing file: fix_alone runs the fixes in
// memory, which needs classify's verdicts and so the tree resolved.
void mark_fixes(Run& run, Regeneration& out) {
  const Session& session = run.session();
  const std::vector<FileFacts>& files = session.files();
  std::vector<bool> failing(files.size());
  for (size_t i : session.named()) failing[i] = out.failing.count(files[i].relative_path) > 0;
  const Analysis& world = run.analysis(failing);
  std::vector<FixClears> fix =
      fix_alone(world, session.sources(), failing, run.vocabulary(), run.fix_targets(), run.jobs());
  for (size_t i = 0; i < files.size(); ++i)
    if (failing[i]) out.fix_clears[files[i].relative_path] = fix[i];
}

Regeneration regenerate(const AllowlistState& s, const std::filesystem::path& root) {
  CommonOptions options = s.common;
  options.root = root.string();
  // The allowlist is upstream's: every file its linter checks is decided
  // here, so the configuration's `exclude` (which quiets hwclass's own lint)
  // must not hide one, or prune would drop an entry upstream still needs.
  options.exclude.clear();
  // What fix does depends on the bases, and a test file's bases may sit in
  // helper modules upstream's patterns do not lint (test/onnx's
  // pytorch_test_common.py): with --shrink-only, all of test/ is read as
  // context, as report reads `test`, or the two name different fix
  // commands. Only the named files are linted.
  RunRequest request;
  request.wanted = [&](const SourceFile& f) { return s.upstream_version == 7 ? f.is_test_file_v7 : f.is_test_file; };
  request.context = s.shrink_only ? ContextPolicy::TestTree : ContextPolicy::None;
  request.resolve = s.shrink_only;
  Run run(options, std::move(request));
  const Session& session = run.session();
  LintOptions lint;
  lint.settings.upstream_version = s.upstream_version;
  lint.settings.upstream_only = true;
  lint.stats = run.stats();
  Regeneration out;
  const std::vector<size_t> named = session.named();
  out.checked = named.size();
  for (size_t i : named) {
    const FileFacts& f = session.files()[i];
    out.exists.insert(f.relative_path);
    auto findings = lint_file(f, run.vocabulary(), lint);
    bool parse_error = false;
    for (const auto& finding : findings) parse_error |= finding.rule == "parse_error";
    if (parse_error) std::cerr << "warning: " << f.relative_path << " does not parse; it stays off the allowlist\n";
    else if (!findings.empty()) out.failing.insert(f.relative_path);
  }
  if (s.shrink_only) mark_fixes(run, out);
  keep_until_exit(std::move(run));
  return out;
}

// Upstream's report: the counts, then one "+ path" / "- path" line per change.
void print_changes(const Regeneration& r, const std::set<std::string>& current, const std::set<std::string>& wanted) {
  std::string added, removed;
  size_t n_added = 0, n_removed = 0;
  for (const auto& p : wanted)
    if (!current.count(p)) ++n_added, added += "+ " + p + "\n";
  for (const auto& p : current)
    if (!wanted.count(p)) ++n_removed, removed += "- " + p + "\n";
  std::cout << "Checked " << r.checked << " test files; " << r.failing.size()
            << " require allowlisting.\nAllowlist changes: " << n_added << " added, " << n_removed << " removed.\n"
            << added << removed;
}

int run_allowlist_action(AllowlistState& s) {
  std::filesystem::path root = find_repo_root(s.common.root);
  std::string path = s.allowlist.empty() ? (root / kDefaultAllowlist).string() : s.allowlist;
  std::set<std::string> current = read_allowlist(path);
  Regeneration r = regenerate(s, root);
  std::set<std::string> wanted = r.failing;
  if (s.action == "prune") {
    wanted.clear();
    for (const auto& entry : current)
      if (r.exists.count(entry) && r.failing.count(entry)) wanted.insert(entry);
  }
  const size_t refused = s.shrink_only ? refuse_additions(r, committed_allowlist(root, path, current), wanted) : 0;
  if (s.action != "check") {
    // Fail before reporting changes that could not be written.
    std::error_code ec;
    std::filesystem::path parent = std::filesystem::path(path).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    if (ec) throw std::runtime_error(parent.string() + ": cannot create the allowlist's directory: " + ec.message());
  }
  print_changes(r, current, wanted);
  std::string bytes = allowlist_bytes(wanted);
  if (s.action == "check") {
    std::string on_disk;
    if (std::ifstream in(path, std::ios::binary); in) on_disk.assign(std::istreambuf_iterator<char>(in), {});
    if (on_disk == bytes) return refused ? 1 : 0;
    // Upstream names the allowlist by its repo-relative path.
    std::error_code ec;
    auto absolute = std::filesystem::weakly_canonical(path, ec);
    std::cout << (ec ? path : relative_to_root(absolute, root)) << " is out of date\n"
              << (s.shrink_only ? "Run 'hwclass allowlist write --shrink-only' to drop the entries that pass.\n"
                                : "Run 'hwclass allowlist write' to update it.\n");
    return 1;
  }
  OutputSink sink(path);
  sink.write(bytes);
  sink.commit();
  return refused ? 1 : 0;
}

int run_allowlist(const CLI::App& cmd, AllowlistState& s) {
  check_allowlist_option(cmd, s.allowlist);
  Config config = apply_config(cmd, s.common);
  if (config.allowlist && cmd.count("--allowlist") == 0) s.allowlist = *config.allowlist;
  if (config.upstream_version && cmd.count("--upstream-version") == 0) s.upstream_version = *config.upstream_version;
  return run_allowlist_action(s);
}

}  // namespace

int prune_allowlist(const CommonOptions& common, const std::string& allowlist) {
  AllowlistState s;
  s.common = common;
  s.common.paths.clear();  // the whole tree, as allowlist prune reads it
  s.action = "prune";
  s.allowlist = allowlist;
  return run_allowlist_action(s);
}

CommandRunner register_allowlist(CLI::App& app) {
  auto s = std::make_shared<AllowlistState>();
  CLI::App* cmd = app.add_subcommand("allowlist", "Check, regenerate or prune upstream's allowlist of unmigrated files");
  cmd->add_option("action", s->action, "check: print the drift and exit 1 if any; write: regenerate the file; "
                                       "prune: only drop entries that now pass or no longer exist")
      ->required()
      ->check(CLI::IsMember({"check", "write", "prune"}));
  cmd->add_option("--allowlist", s->allowlist, std::string("Allowlist file (default <root>/") + kDefaultAllowlist + ")");
  cmd->add_option("--upstream-version", s->upstream_version, "TEST_LINTER version")->check(CLI::IsMember({7, 8}));
  cmd->add_flag("--shrink-only", s->shrink_only,
                "Never add a file: check fails on a file regeneration would add, naming the command that makes it "
                "pass; write only removes entries");
  add_tree_options(*cmd, s->common);
  return [s, cmd](RunStats* stats) -> int {
    s->common.stats = stats;
    return cmd->parsed() ? run_allowlist(*cmd, *s) : -1;
  };
}

}  // namespace hwclass

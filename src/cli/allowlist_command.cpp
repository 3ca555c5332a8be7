// hwclass allowlist check|write|prune: upstream's regeneration
// (update_test_linter_allowlist.py), byte for byte: every test file with an
// upstream message is listed, the current list ignored while deciding, files
// with [parse_error] kept off (so syntax errors keep failing CI).
#include <iostream>
#include <fstream>
#include <memory>

#include "cli/commands.h"
#include "cli/common.h"
#include "discover/test_file.h"
#include "lint/allowlist.h"
#include "lint/linter.h"
#include "util/output_sink.h"

namespace hwclass {

CommandRunner register_allowlist(CLI::App& app) {
  struct State {
    CommonOptions common;
    std::string action, allowlist;
    int upstream_version = 8;
  };
  auto s = std::make_shared<State>();
  CLI::App* cmd = app.add_subcommand("allowlist", "Check, regenerate or prune upstream's allowlist of unmigrated files");
  cmd->add_option("action", s->action, "check: print the drift and exit 1 if any; write: regenerate the file; "
                                       "prune: only drop entries that now pass or no longer exist")
      ->required()
      ->check(CLI::IsMember({"check", "write", "prune"}));
  cmd->add_option("--root", s->common.root, "Repository root (default: nearest ancestor with .git)");
  cmd->add_option("--allowlist", s->allowlist, std::string("Allowlist file (default <root>/") + kDefaultAllowlist + ")");
  cmd->add_option("--rules", s->common.rules_dir, "Directory with devices.toml replacing the built-in device rules");
  cmd->add_option("-j,--jobs", s->common.jobs, "Worker threads");
  cmd->add_option("--upstream-version", s->upstream_version, "TEST_LINTER version")->check(CLI::IsMember({7, 8}));
  cmd->add_option("--config", s->common.config, "Read the configuration from FILE");
  cmd->add_flag("--isolated", s->common.isolated, "Ignore configuration files");

  return [s, cmd]() -> int {
    if (!cmd->parsed()) return -1;
    Config config = apply_config(*cmd, s->common);
    if (config.allowlist && cmd->count("--allowlist") == 0) s->allowlist = *config.allowlist;
    if (config.upstream_version && cmd->count("--upstream-version") == 0) s->upstream_version = *config.upstream_version;
    std::filesystem::path root = find_repo_root(s->common.root);
    std::string path = s->allowlist.empty() ? (root / kDefaultAllowlist).string() : s->allowlist;
    std::set<std::string> current = read_allowlist(path);
    const int version = s->upstream_version;
    CommonOptions options = s->common;
    options.root = root.string();
    ScanResult result = scan_inputs(options, [&](const SourceFile& f) {
      return version == 7 ? is_test_file_v7(f.relative_path) : is_test_file_v8(f.relative_path);
    });
    LintOptions lint;
    lint.settings.upstream_version = version;
    lint.settings.upstream_only = true;
    std::set<std::string> failing, exists;
    for (const FileFacts& f : result.files) {
      exists.insert(f.relative_path);
      auto findings = lint_file(f, result.vocabulary, lint);
      bool parse_error = false;
      for (const auto& finding : findings) parse_error |= finding.rule == "parse_error";
      if (parse_error) {
        std::cerr << "warning: " << f.relative_path << " does not parse; it stays off the allowlist\n";
        continue;
      }
      if (!findings.empty()) failing.insert(f.relative_path);
    }
    std::set<std::string> wanted = failing;
    if (s->action == "prune") {
      wanted.clear();
      for (const auto& entry : current)
        if (exists.count(entry) && failing.count(entry)) wanted.insert(entry);
    }
    size_t added = 0, removed = 0;
    std::string changes;
    for (const auto& p : wanted)
      if (!current.count(p)) ++added, changes += "+ " + p + "\n";
    for (const auto& p : current)
      if (!wanted.count(p)) ++removed, changes += "- " + p + "\n";
    std::cout << "Checked " << result.files.size() << " test files; " << failing.size()
              << " require allowlisting.\nAllowlist changes: " << added << " added, " << removed << " removed.\n"
              << changes;
    std::string bytes = allowlist_bytes(wanted);
    if (s->action == "check") {
      std::string on_disk;
      if (std::ifstream in(path, std::ios::binary); in) on_disk.assign(std::istreambuf_iterator<char>(in), {});
      if (on_disk != bytes) {
        // Upstream names the allowlist by its repo-relative path.
        std::error_code ec;
        auto absolute = std::filesystem::weakly_canonical(path, ec);
        std::cout << (ec ? path : relative_to_root(absolute, root)) << " is out of date\n";
        return 1;
      }
      return 0;
    }
    OutputSink sink(path);
    sink.write(bytes);
    sink.commit();
    return 0;
  };
}

}  // namespace hwclass

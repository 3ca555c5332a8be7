// hwclass lint: discover (test files, minus the allowlist) -> parse ->
// extract -> resolve (with imported context) -> lint rules -> emit.
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/run.h"
#include "discover/git_changes.h"
#include "discover/test_file.h"
#include "emit/lint_output.h"
#include "facts/queries.h"
#include "fix/marks.h"
#include "lint/allowlist.h"
#include "lint/input_error.h"
#include "lint/linter.h"
#include "parse/python_check.h"
#include "util/error.h"
#include "util/keep_until_exit.h"
#include "util/spelling.h"

namespace hwclass {
namespace {

struct LintState {
  CommonOptions common;
  std::string format = "text", code = "TEST_LINTER", allowlist, fail_level = "error", color = "auto";
  int upstream_version = 8;
  std::vector<std::string> select_given, ignore_given;  // as typed, repeatable, comma-separated
  std::vector<std::string> select, ignore;
  bool upstream = false, statistics = false, exit_zero = false, inherit = false, python_check = false;
  std::string changed_since;
  bool staged = false;
  bool no_allowlist = false, force_allowlisted = false;
  // lintrunner's convention, exit 0 with every problem in-band, holds only
  // when the command line asks for its format: HWCLASS_OUTPUT_FORMAT
  // changes the format, never whether a gate fails (issue 49).
  bool lintrunner_exit = false;
};

void confirm_with_python(std::vector<FileFacts>& files) {
  for (FileFacts& f : files) {
    if (!f.readable || !f.has_syntax_error()) continue;
    auto verdict = python_parse(f.path);
    if (!verdict) throw UsageError("--python-check: cannot run python3");
    apply_python_verdict(f, *verdict);
  }
}

void add_lint_options(CLI::App& cmd, LintState& s) {
  add_common_options(cmd, s.common);
  cmd.add_option("--format,--output-format", s.format,
                 "Output format (default: HWCLASS_OUTPUT_FORMAT, else text); lintrunner exits 0 only when given here")
      ->check(CLI::IsMember({"text", "json", "lintrunner", "github", "sarif", "junit"}));
  cmd.add_option("--upstream-version", s.upstream_version, "TEST_LINTER version whose rules and wording to use")
      ->capture_default_str()
      ->check(CLI::IsMember({7, 8}));
  cmd.add_option("--code", s.code, "The lintrunner linter code")->capture_default_str();
  cmd.add_option("--allowlist", s.allowlist, std::string("Allowlist file (default <root>/") + kDefaultAllowlist +
                                                 "; an empty file is an empty allowlist)");
  cmd.add_flag("--no-allowlist", s.no_allowlist, "Lint allowlisted files too: the allowlist is not read");
  cmd.add_flag("--force-allowlisted", s.force_allowlisted,
               "Lint the allowlisted files named on the command line (the ones a directory holds stay skipped)");
  cmd.add_option("--select", s.select_given, "Only these rule ids (comma-separated, repeatable; ALL for every rule)")
      ->delimiter(',')
      ->allow_extra_args(false);
  cmd.add_option("--ignore", s.ignore_given, "Not these rule ids (comma-separated, repeatable)")
      ->delimiter(',')
      ->allow_extra_args(false);
  cmd.add_flag("--upstream", s.upstream, "Only upstream's TEST_LINTER rules (a drop-in replacement)");
  cmd.add_flag("--inherit", s.inherit,
               "A class inheriting a declaration from a base in the scanned files satisfies [hw_classification], "
               "as the runtime filter sees it");
  cmd.add_option("--fail-level", s.fail_level, "Exit 1 for findings at or above this severity")
      ->capture_default_str()
      ->check(CLI::IsMember({"error", "warning", "advice"}));
  cmd.add_flag("--statistics", s.statistics, "Print counts per rule and test classes per classification instead of the findings");
  cmd.add_flag("--exit-zero", s.exit_zero, "Exit 0 even with findings (errors still exit 2)");
  cmd.add_option("--color", s.color, "Colour text output")->capture_default_str()->check(CLI::IsMember({"auto", "always", "never"}));
  cmd.add_flag("--python-check", s.python_check,
               "Confirm files tree-sitter cannot parse with python3, for CPython's own [parse_error] message");
  cmd.add_option("--changed-since", s.changed_since,
                 "Lint only the test files changed since REV (and untracked ones), and those whose classes inherit "
                 "from a changed file");
  cmd.add_flag("--staged", s.staged, "Lint only the staged test files, and those whose classes inherit from them");
}

// Rule ids as the registry spells them; ALL means every rule. An unknown id
// is a usage error with a did-you-mean and the valid ids.
std::vector<std::string> rule_ids(const std::vector<std::string>& given, const char* option) {
  std::vector<std::string> ids, known;
  for (const RuleInfo& r : all_rules()) known.push_back(r.id);
  for (std::string id : given) {
    id.erase(0, id.find_first_not_of(" \t"));
    id.erase(id.find_last_not_of(" \t") + 1);
    if (id.empty()) continue;
    if (id == "ALL") {
      ids.insert(ids.end(), known.begin(), known.end());
      continue;
    }
    const RuleInfo* rule = find_rule_any_spelling(id);
    if (!rule) throw UsageError(unknown_name_message(option, "rule", id, known));
    ids.push_back(rule->id);
  }
  return ids;
}

// The configuration file fills what the command line left unset.
void apply_lint_config(const CLI::App& cmd, LintState& s) {
  Config config = apply_config(cmd, s.common);
  apply_format_environment(cmd, s.format, {"text", "json", "lintrunner", "github", "sarif", "junit"}, s.common.verbose);
  auto given = [&](const char* option) { return cmd.count(option) > 0; };
  if (config.allowlist && !given("--allowlist")) s.allowlist = *config.allowlist;
  if (config.fail_level && !given("--fail-level")) s.fail_level = *config.fail_level;
  if (config.code && !given("--code")) s.code = *config.code;
  if (config.upstream_version && !given("--upstream-version")) s.upstream_version = *config.upstream_version;
  if (config.upstream && !given("--upstream")) s.upstream = *config.upstream;
  if (config.inherit && !given("--inherit")) s.inherit = *config.inherit;
  s.select = rule_ids(config.select && !given("--select") ? *config.select : s.select_given, "--select");
  s.ignore = rule_ids(config.ignore && !given("--ignore") ? *config.ignore : s.ignore_given, "--ignore");
  // ALL selects everything, which is what an empty selection means.
  if (s.select.size() >= all_rules().size()) s.select.clear();
}

bool want_color(const std::string& mode) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  const char* force = std::getenv("FORCE_COLOR");
  if (force && *force) return true;
  const char* term = std::getenv("TERM");
  return isatty(STDOUT_FILENO) && !(term && std::string(term) == "dumb");
}

// With --changed-since or --staged, the files to lint: those git names, and
// those with a class whose bases (through the resolution) come from one.
// Context files are never linted.
std::vector<bool> affected(const Session& session, const std::set<std::string>& changed) {
  const std::vector<FileFacts>& files = session.files();
  std::vector<bool> out(files.size(), false);
  for (size_t i : session.named()) {
    out[i] = changed.count(files[i].relative_path) > 0;
    for (const ResolvedClass& c : session.resolution().classes[i])
      for (ClassRef ref : c.mro) out[i] = out[i] || changed.count(files[ref.file].relative_path) > 0;
  }
  return out;
}

LintOptions lint_options(const LintState& s, const FixTargets& targets) {
  LintOptions options;
  options.fix_targets = targets;
  options.stats = s.common.stats;
  options.settings.upstream_version = s.upstream_version;
  options.settings.upstream_only = s.upstream;
  options.settings.inherit = s.inherit;
  options.select.insert(s.select.begin(), s.select.end());
  options.ignore.insert(s.ignore.begin(), s.ignore.end());
  return options;
}

// Findings for the named files (all, or those a change affects); context
// files are read for resolution, not linted. `checked`: how many files were
// asked about; `linted_paths`: the ones read and linted.
std::vector<Finding> lint_files(Run& run, const LintOptions& options,
                                const std::set<std::string>* changed, size_t& checked,
                                std::vector<std::string>& linted_paths) {
  const Session& session = run.session();
  std::vector<bool> wanted(session.files().size(), false);
  if (changed) wanted = affected(session, *changed);
  else
    for (size_t i : session.named()) wanted[i] = true;
  checked = static_cast<size_t>(std::count(wanted.begin(), wanted.end(), true));
  // Classified once, for the files linted; upstream's rules read no verdict.
  const Analysis& world = options.settings.upstream_only ? run.analysis(Judged::None) : run.analysis(wanted);
  std::vector<Finding> findings;
  for (size_t i = 0; i < wanted.size(); ++i) {
    if (!wanted[i]) continue;
    const FileFacts& f = session.files()[i];
    linted_paths.push_back(f.relative_path);
    auto file_findings = lint_marked(world, i, session.vocabulary(), options);
    findings.insert(findings.end(), std::make_move_iterator(file_findings.begin()),
                    std::make_move_iterator(file_findings.end()));
  }
  return findings;
}

// Test classes by declared member, in upstream's order, then unclassified:
// the figure a migration tracks.
std::vector<std::pair<std::string, size_t>> classes_by_member(const Session& session) {
  std::vector<std::pair<std::string, size_t>> counts;
  for (const auto& m : session.vocabulary().members.names()) counts.emplace_back(m, 0);
  counts.emplace_back("unclassified", 0);
  for (size_t i : session.named()) {
    const FileFacts& f = session.files()[i];
    for (int k : counted_test_classes(f)) {
      const ClassFact& c = f.classes[static_cast<size_t>(k)];
      const std::string member = c.declaration.state == DeclarationState::Valid ? c.declaration.member : "unclassified";
      for (auto& [name, n] : counts) n += name == member;
    }
  }
  return counts;
}

// --staged or --changed-since: the files git says changed; nothing otherwise.
std::optional<std::set<std::string>> changed_files(const CLI::App& cmd, const LintState& s,
                                                   const std::filesystem::path& root) {
  const bool since = cmd.count("--changed-since") > 0;
  if (since) refuse_empty_value("--changed-since", s.changed_since, "revision");
  if (s.staged && since) throw UsageError("--staged and --changed-since exclude each other");
  if (s.staged) return staged_changes(root);
  if (since) return changed_since(root, s.changed_since);
  return std::nullopt;
}

// Each input that could not be found (or a directory walk that stopped
// early), as the [read-error] finding an unreadable file gets: in-band in
// every format, so a CI reading only the output sees it.
std::vector<Finding> missing_inputs(const Run& run, const Vocabulary& vocabulary, const LintOptions& options) {
  std::vector<Finding> out;
  for (const DiscoveryProblem& p : run.discovery().problems) {
    if (!p.fatal) continue;
    FileFacts missing;
    missing.path = p.path;
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(p.path, ec).lexically_normal();
    missing.relative_path = ec ? p.path : relative_to_root(absolute, run.root());
    missing.issues.push_back({});
    missing.issues.back().message = p.message;
    auto found = lint_file(missing, vocabulary, options);
    out.insert(out.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
  }
  return out;
}

// Output, or the statistics, to --output or stdout.
void write_findings(const LintState& s, const std::vector<Finding>& findings, const Session& session, size_t checked,
                    std::vector<std::string> linted_paths) {
  OutputSink sink(s.common.output);
  if (s.statistics) {
    sink.write(lint_statistics(findings, classes_by_member(session)));
  } else {
    LintOutputOptions out;
    out.format = s.format;
    out.code = s.code;
    out.color = s.format == "text" && s.common.output.empty() && want_color(s.color);
    out.files_checked = checked;
    out.linted_files = std::move(linted_paths);
    write_lint_output(sink, findings, out);
  }
  sink.commit();
}

// 0 clean, 1 findings at --fail-level or above, 2 an input that could not
// be found or read; `--format lintrunner` reads stdout and wants 0.
int lint_exit_code(const LintState& s, const std::vector<Finding>& findings, bool inputs_ok) {
  if (s.lintrunner_exit) return 0;
  if (!inputs_ok) return 2;
  for (const Finding& f : findings)
    if (is_input_error(f)) return 2;
  Severity level = s.fail_level == "warning" ? Severity::Warning
                   : s.fail_level == "advice" ? Severity::Advice
                                              : Severity::Error;
  for (const Finding& f : findings)
    if (f.severity >= level) return s.exit_zero ? 0 : 1;
  return 0;
}

// What lint reads: test files (by the version's patterns) not on the
// allowlist; the ones named on the command line and skipped get a note in
// `skipped_notes`. Streaming reads no context and resolves nothing.
RunRequest lint_request(const LintState& s, const std::set<std::string>& allowlist, bool streaming,
                        std::vector<std::string>& skipped_notes) {
  RunRequest request;
  // Upstream's rules read no context: a file's messages are its own.
  request.context = s.upstream ? ContextPolicy::None : ContextPolicy::Imports;
  request.resolve = !streaming;
  request.wanted = [&](const SourceFile& f) {
    bool test = s.upstream_version == 7 ? f.is_test_file_v7 : f.is_test_file;
    // --force-allowlisted: a file named on purpose is linted, as one is
    // while it is being migrated.
    bool allowlisted = test && allowlist.count(f.relative_path) && !(s.force_allowlisted && f.explicit_input);
    if (f.explicit_input && !test)
      skipped_notes.push_back(f.display_path + ": note: " + why_not_test_file(f.relative_path, s.upstream_version) +
                              "; not linted");
    else if (f.explicit_input && allowlisted)
      skipped_notes.push_back(f.display_path + ": note: on the allowlist (" +
                              (s.allowlist.empty() ? std::string(kDefaultAllowlist) : s.allowlist) +
                              "), so not linted; --force-allowlisted lints it (`hwclass allowlist prune` drops "
                              "the entry only once the file passes, so it stays while it fails)");
    return test && !allowlisted;
  };
  return request;
}

int run_lint(const CLI::App& cmd, LintState& s) {
  apply_lint_config(cmd, s);
  s.lintrunner_exit = s.format == "lintrunner" && cmd.count("--format") > 0;
  std::filesystem::path root = find_repo_root(s.common.root);
  check_allowlist_option(cmd, s.allowlist);
  if (s.no_allowlist && cmd.count("--allowlist")) throw UsageError("--no-allowlist and --allowlist exclude each other");
  std::set<std::string> allowlist = s.no_allowlist ? std::set<std::string>() : load_allowlist(s.allowlist, root);
  std::optional<std::set<std::string>> changed = changed_files(cmd, s, root);
  // Non-test files and allowlisted files are not read; the ones named on the
  // command line get a note saying why, as upstream would skip them silently.
  std::vector<std::string> skipped_notes;
  // Upstream's rules read one file at a time: each file is linted as soon
  // as it is parsed and its facts dropped, so memory follows the largest
  // file, not the tree. The other rules, --inherit and --changed-since look
  // across files and keep them.
  const bool streaming = s.upstream && !s.inherit && !changed && !s.python_check && !s.statistics;
  Run run(s.common, lint_request(s, allowlist, streaming, skipped_notes));
  // Upstream's rules mark no fixes, so only hwclass's read what the tree defines.
  const LintOptions options = lint_options(s, s.upstream ? FixTargets() : run.fix_targets());
  std::vector<Finding> streamed;
  std::vector<std::string> linted_paths;
  run.read(!streaming ? InOrderCallback() : [&](size_t, FileFacts& f) {
    linted_paths.push_back(f.relative_path);
    auto found = lint_file(f, run.vocabulary(), options);
    streamed.insert(streamed.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
    FileFacts kept;  // what report_problems still prints
    kept.path = std::move(f.path);
    kept.relative_path = std::move(f.relative_path);
    kept.readable = f.readable;
    kept.issues = std::move(f.issues);
    f = std::move(kept);
  });
  // A file named on purpose that is not linted is worth a word.
  if (!s.common.quiet && s.format != "lintrunner")
    for (const auto& note : skipped_notes) std::cerr << note << "\n";
  if (s.python_check) confirm_with_python(run.inputs());
  // Diagnostics go to stderr, which lintrunner ignores on success; machine
  // formats show per-file ones only with -v.
  CommonOptions quiet = s.common;
  quiet.quiet = quiet.quiet || (s.format != "text" && s.common.verbose == 0);
  size_t checked = run.discovery().files.size();
  std::vector<Finding> findings =
      streaming ? std::move(streamed) : lint_files(run, options, changed ? &*changed : nullptr, checked, linted_paths);
  std::vector<Finding> missing = missing_inputs(run, run.vocabulary(), options);
  checked += missing.size();
  findings.insert(findings.end(), std::make_move_iterator(missing.begin()), std::make_move_iterator(missing.end()));
  std::set<std::string> said;  // said once, as the [parse_error] or [read-error] finding
  for (const Finding& f : findings)
    if (f.rule == "parse_error" || is_input_error(f)) said.insert(f.path);
  // Said after the context is read, so its files' problems are said too:
  // today's rule, which plan commit 4 revisits with the one context rule.
  bool inputs_ok = report_problems(run, quiet, said, true);
  write_findings(s, findings, run.session(), checked, std::move(linted_paths));
  keep_until_exit(std::move(run));
  return lint_exit_code(s, findings, inputs_ok);
}

}  // namespace

CommandRunner register_lint(CLI::App& app) {
  auto s = std::make_shared<LintState>();
  CLI::App* cmd = app.add_subcommand("lint", "Check hw_classification as upstream's TEST_LINTER does, plus the "
                                             "checks reviewers make by hand");
  add_lint_options(*cmd, *s);
  return [s, cmd](RunStats* stats) -> int {
    if (!cmd->parsed()) return -1;
    s->common.stats = stats;
    try {
      return run_lint(*cmd, *s);
    } catch (const std::exception& e) {
      if (s->format != "lintrunner") throw;
      // lintrunner adapters always exit 0 and report their own failure
      // in-band; the format chosen by the environment says it in-band too,
      // and fails.
      std::cout << lintrunner_failure(s->code, std::string("hwclass lint failed: ") + e.what());
      return cmd->count("--format") > 0 ? 0 : 2;
    }
  };
}

}  // namespace hwclass

// hwclass pr: a migration pull request's description. discover -> parse ->
// extract -> resolve -> classify (the labels, as classify gives them) ->
// select (the node ids each revision collects) -> pr (renames, skip lists)
// -> emit (markdown or JSON). Wiring only.
#include <iostream>
#include <memory>

#include "classify/analysis.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/run.h"
#include "emit/pr_output.h"
#include "pr/base_revision.h"
#include "pr/description.h"
#include "select/node_ids.h"
#include "util/error.h"
#include "util/output_sink.h"

namespace hwclass {
namespace {

struct PrState {
  CommonOptions common;
  std::string base, format = "markdown", names = "current";
};

// The repo-relative paths of the session's named files.
std::vector<std::string> named_paths(const Session& session) {
  std::vector<std::string> out;
  for (size_t i : session.named()) out.push_back(session.files()[i].relative_path);
  return out;
}

// The base revision's ids of the same files, read through git. The context
// modules are read as they are now: a migration changes its test files, not
// the helpers they import.
PrBase base_of(Run& run, const std::string& rev, const std::vector<NodeId>& now) {
  const Session& session = run.session();
  std::vector<SourceFile> files;
  for (size_t i : session.named()) files.push_back(session.sources()[i]);
  BaseFiles base = read_base_files(session.root(), rev, files, run.vocabulary());
  for (const FileFacts& f : base.files)
    for (const auto& issue : f.issues)
      if (issue.is_syntax_error()) {
        std::cerr << f.path << ":" << issue.line << ": warning: does not parse at the base, so its tests count as added\n";
        break;
      }
  const Run::Revision at_base = run.revision(std::move(base.files));
  const Session& then = *at_base.session;
  std::vector<NodeId> before = collected_node_ids(then.files(), then.resolution(), listed_verdicts(*at_base.analysis),
                                                  run.vocabulary(), named_paths(then));
  return describe_base(rev, before, now, std::move(base.absent), std::move(base.moved), read_skip_lists(session.root()));
}

int run_pr(const CLI::App& cmd, PrState& s) {
  apply_config(cmd, s.common);
  apply_format_environment(cmd, s.format, {"markdown", "json"}, s.common.verbose);
  // Bases resolved through the imports, as classify resolves them, so the
  // labels are classify's.
  Run run(s.common, RunRequest{.context = ContextPolicy::Imports});
  bool inputs_ok = report_problems(run, s.common);
  const Session& session = run.session();
  // Every class is judged, the context's too: pr's rule today (plan commit 4
  // judges the named files' classes only).
  std::vector<Verdict> verdicts = listed_verdicts(run.analysis(Judged::Every));
  std::vector<NodeId> now =
      collected_node_ids(session.files(), session.resolution(), verdicts, run.vocabulary(), named_paths(session));
  PrDescription pr = describe_pr(session.files(), session.roles(), std::move(verdicts), now);
  if (!s.base.empty() || cmd.count("--base")) pr.base = base_of(run, s.base, now);
  OutputSink sink(s.common.output);
  const Vocabulary& vocabulary = run.vocabulary();
  sink.write(pr_output(session.files(), pr,
                       {s.format, s.names == "seed" ? &vocabulary.members : nullptr, vocabulary.members.names()}));
  sink.commit();
  const bool all_parsed = named_files_parse(run, s.common, "described");
  return inputs_ok && all_parsed ? 0 : 2;
}

}  // namespace

CommandRunner register_pr(CLI::App& app) {
  auto s = std::make_shared<PrState>();
  CLI::App* cmd = app.add_subcommand("pr", "Print a migration pull request's description: each class's member and "
                                           "why, the tests renamed since --base, stale skip-list entries, a test plan");
  add_common_options(*cmd, s->common);
  cmd->get_option("paths")->description("The files the pull request migrates (directories and @FILE lists too)")->required();
  cmd->add_option("--base", s->base,
                  "The revision the pull request starts from: list the tests renamed or moved since it, and the "
                  "skip-list entries that leaves stale");
  cmd->add_option("--format,--output-format", s->format, "Output format (default: HWCLASS_OUTPUT_FORMAT, else markdown)")
      ->check(CLI::IsMember({"markdown", "json"}));
  cmd->add_option("--names", s->names, "Member names to print: current, or seed (ACCELERATOR as DEVICE_GENERIC)")
      ->check(CLI::IsMember({"current", "seed"}));
  return [s, cmd](RunStats* stats) -> int {
    if (!cmd->parsed()) return -1;
    s->common.stats = stats;
    return run_pr(*cmd, *s);
  };
}

}  // namespace hwclass

// hwclass pr: a migration pull request's description. discover -> parse ->
// extract -> resolve -> classify (the labels, as classify gives them) ->
// select (the node ids each revision collects) -> pr (renames, skip lists)
// -> emit (markdown or JSON). Wiring only.
#include <iostream>
#include <memory>

#include "classify/classifier.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "emit/pr_output.h"
#include "pr/base_revision.h"
#include "pr/description.h"
#include "resolve/resolver.h"
#include "select/node_ids.h"
#include "util/error.h"
#include "util/output_sink.h"

namespace hwclass {
namespace {

struct PrState {
  CommonOptions common;
  std::string base, format = "markdown", names = "current";
};

std::vector<std::string> relative_paths(const std::vector<FileFacts>& files, size_t n) {
  std::vector<std::string> out;
  for (size_t i = 0; i < n && i < files.size(); ++i) out.push_back(files[i].relative_path);
  return out;
}

// The base revision's ids of the same files, read through git.
// The context modules (result.files[named..]) are read as they are now: a
// migration changes its test files, not the helpers they import.
PrBase base_of(const ScanResult& result, size_t named, const std::string& rev, const std::vector<NodeId>& now,
               int jobs) {
  const std::vector<SourceFile> files(result.discovery.files.begin(), result.discovery.files.begin() + named);
  BaseFiles base = read_base_files(result.root, rev, files, result.vocabulary);
  for (const FileFacts& f : base.files)
    for (const auto& issue : f.issues)
      if (issue.is_syntax_error()) {
        std::cerr << f.path << ":" << issue.line << ": warning: does not parse at the base, so its tests count as added\n";
        break;
      }
  const size_t base_named = base.files.size();
  base.files.insert(base.files.end(), result.files.begin() + static_cast<std::ptrdiff_t>(named), result.files.end());
  Resolution resolution = resolve(base.files, result.vocabulary);
  std::vector<Verdict> verdicts = classify(base.files, resolution, result.vocabulary, jobs);
  std::vector<NodeId> before = collected_node_ids(base.files, resolution, verdicts, result.vocabulary,
                                                  relative_paths(base.files, base_named));
  return describe_base(rev, before, now, std::move(base.absent), std::move(base.moved), read_skip_lists(result.root));
}

int run_pr(const CLI::App& cmd, PrState& s) {
  apply_config(cmd, s.common);
  apply_format_environment(cmd, s.format, {"markdown", "json"}, s.common.verbose);
  ScanResult result = scan_inputs(s.common);
  bool inputs_ok = report_problems(result, s.common);
  // Bases resolved through the imports, as classify resolves them, so the
  // labels are classify's.
  const size_t named = result.files.size();
  add_import_context(result, s.common);
  Resolution resolution = resolve(result.files, result.vocabulary);
  std::vector<Verdict> verdicts = classify(result.files, resolution, result.vocabulary, resolve_jobs(s.common.jobs));
  std::vector<NodeId> now = collected_node_ids(result.files, resolution, verdicts, result.vocabulary,
                                               relative_paths(result.files, named));
  PrDescription pr = describe_pr(result.files, named, std::move(verdicts), now);
  if (!s.base.empty() || cmd.count("--base")) pr.base = base_of(result, named, s.base, now, resolve_jobs(s.common.jobs));
  OutputSink sink(s.common.output);
  sink.write(pr_output(result.files, pr, {s.format, s.names == "seed" ? &result.vocabulary.members : nullptr, result.vocabulary.members.names()}));
  sink.commit();
  const bool all_parsed = named_files_parse(result, named, s.common, "described");
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
  return [s, cmd]() -> int {
    if (!cmd->parsed()) return -1;
    return run_pr(*cmd, *s);
  };
}

}  // namespace hwclass

// hwclass report: discover -> parse -> extract -> resolve -> classify ->
// lint (upstream's verdict per file, the advice's blockers) -> report
// (per-file counts, directories, next up; history from git objects) -> emit.
#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string_view>

#include <filesystem>
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>

#include "classify/analysis.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/run.h"
#include "emit/report_output.h"
#include "lint/advice.h"
#include "lint/allowlist.h"
#include "report/current.h"
#include "report/history.h"
#include "util/error.h"
#include "util/keep_until_exit.h"
#include "util/output_sink.h"

namespace hwclass {
namespace {

struct ReportState {
  CommonOptions common;
  std::string format = "text", allowlist, history, by = "directory";
  int every = 1;
  size_t top = 10;
};

// The width text tables fit: COLUMNS when it is a number, else the
// terminal's when the report goes to one, else no limit (a file, a pipe).
size_t terminal_columns(const std::string& output) {
  const char* env = std::getenv("COLUMNS");
  if (env && *env && std::string_view(env).find_first_not_of("0123456789") == std::string_view::npos &&
      std::strlen(env) < 6)
    return static_cast<size_t>(std::atoi(env));
  struct winsize ws {};
  if ((output.empty() || output == "-") && ::isatty(1) && ::ioctl(1, TIOCGWINSZ, &ws) == 0) return ws.ws_col;
  return 0;
}

// Every file read is named (report reads no context), so every class the
// report counts is judged.
Report current_report(const ReportState& s, Run& run, const FixTargets& targets,
                      const std::set<std::string>& allowlist) {
  const Analysis& world = run.analysis();
  const std::vector<Verdict> verdicts = listed_verdicts(world);
  Report report = build_report(world, verdicts, run.session().sources(), allowlist, run.vocabulary(), targets,
                               run.jobs(), s.top);
  report.by_owner = s.by == "owner";
  return report;
}

// The repo-relative directories the command was given, for the history.
std::vector<std::string> history_prefixes(const ReportState& s, const std::filesystem::path& root) {
  std::vector<std::string> out;
  std::vector<std::string> paths = s.common.paths.empty() ? std::vector<std::string>{(root / "test").string()}
                                                          : s.common.paths;
  for (const std::string& p : paths) {
    std::error_code ec;
    std::filesystem::path full = std::filesystem::weakly_canonical(p, ec);
    if (!std::filesystem::is_directory(full, ec))
      throw UsageError("--history: '" + p + "' is not a directory; history counts whole directories");
    std::string rel = std::filesystem::relative(full, root, ec).generic_string();
    if (ec || rel.rfind("..", 0) == 0) throw UsageError("--history: '" + p + "' is outside the repository");
    out.push_back(rel == "." ? "" : rel);
  }
  return out;
}

}  // namespace

CommandRunner register_report(CLI::App& app) {
  auto s = std::make_shared<ReportState>();
  CLI::App* cmd = app.add_subcommand(
      "report", "Report migration progress: totals, directories, files, next up, and the trend over git history");
  add_common_options(*cmd, s->common);
  cmd->add_option("--format,--output-format", s->format, "text (default), markdown, json or html")
      ->check(CLI::IsMember({"text", "markdown", "json", "html"}));
  cmd->add_option("--allowlist", s->allowlist, std::string("Allowlist file (default <root>/") + kDefaultAllowlist + ")");
  cmd->add_option("--history", s->history,
                  "Also count at each commit of this git range (main~200..main), read from git objects");
  cmd->add_option("--every", s->every, "With --history: every Nth commit, ending at the last (default 1)")
      ->check(CLI::Validator(
          [](const std::string& value) {
            return value.find_first_not_of("0123456789") == std::string::npos && value.size() < 10 &&
                           std::stoi(value) >= 1
                       ? std::string()
                       : "'" + value + "' is no count of commits; give a whole number, 1 or more";
          },
          "N"));
  cmd->add_option("--top", s->top, "Files in each \"next up\" list (default 10)")->check(CLI::PositiveNumber);
  cmd->add_option("--by", s->by, "What the breakdown leads with: directory (default) or owner (# Owner(s) labels)")
      ->check(CLI::IsMember({"directory", "owner"}));
  return [s, cmd](RunStats* stats) -> int {
    if (!cmd->parsed()) return -1;
    s->common.stats = stats;
    apply_config(*cmd, s->common);
    apply_format_environment(*cmd, s->format, {"text", "markdown", "json", "html"}, s->common.verbose);
    check_allowlist_option(*cmd, s->allowlist);
    std::set<std::string> allowlist = load_allowlist(s->allowlist, find_repo_root(s->common.root));
    Run run(s->common, RunRequest{});
    run.read();
    const FixTargets targets = run.fix_targets();  // "next up" names what fix makes pass
    bool inputs_ok = report_problems(run, s->common);
    // A path that is not there would make an all-zero report look real.
    const auto& problems = run.discovery().problems;
    if (std::any_of(problems.begin(), problems.end(), [](const auto& p) { return p.fatal; })) return 2;
    Report report = current_report(*s, run, targets, allowlist);
    if (!s->history.empty()) {
      HistoryOptions options;
      options.range = s->history;
      options.every = s->every;
      options.prefixes = history_prefixes(*s, run.root());
      options.allowlist_path = kDefaultAllowlist;
      options.jobs = run.jobs();
      std::optional<FactsCache> cache = open_cache(s->common, run.root(), run.vocabulary());
      options.cache = cache ? &*cache : nullptr;
      if (::isatty(2) && !s->common.quiet)
        options.progress = [](size_t done, size_t total) {
          std::cerr << "\rhistory: commit " << done << " of " << total << (done == total ? "\n" : "") << std::flush;
        };
      History history = compute_history(run.root().string(), options, run.vocabulary());
      report.history = std::move(history.points);
      report.trend = compute_trend(report.history);
      if (report.history.empty())
        std::cerr << "hwclass: note: --history " << s->history
                  << " holds no commits, so the report has no history (a range A..B is the commits after A up to B)\n";
      if (s->common.verbose)
        std::cerr << "history: " << report.history.size() << " commits, " << history.blobs_parsed
                  << " blobs parsed\n";
    }
    const std::string& f = s->format;
    report.columns = terminal_columns(s->common.output);
    OutputSink sink(s->common.output);
    sink.write(f == "json" ? report_json(report) : f == "html" ? report_html(report)
               : f == "markdown" ? report_markdown(report) : report_text(report));
    sink.commit();
    keep_until_exit(std::move(run));
    return inputs_ok ? 0 : 2;
  };
}

}  // namespace hwclass

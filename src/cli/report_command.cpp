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

#include "classify/classifier.h"
#include "cli/commands.h"
#include "facts/queries.h"
#include "cli/common.h"
#include "emit/report_output.h"
#include "lint/advice.h"
#include "lint/allowlist.h"
#include "report/history.h"
#include "resolve/resolver.h"
#include "util/error.h"
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

// Which files not passing `hwclass fix` alone makes pass, decided (by
// running the fixes in memory, fix/fix_alone.h) for as many files as the
// two "next up" lists need: the most classes first until `top` pass, ties
// included; then, by fewest blocking errors, until `top` need a decision.
// aggregate() then picks the same files it would with every file decided.
void decide_fix_alone(Report& report, const LintWorld& world, const std::vector<SourceFile>& sources,
                      const Vocabulary& vocabulary, int jobs, size_t top) {
  std::vector<FileRow>& rows = report.files;  // in the order of world.files
  std::vector<size_t> candidates;
  for (size_t i = 0; i < rows.size(); ++i)
    if (next_up_candidate(rows[i])) candidates.push_back(i);
  // In path order first, as aggregate() sees the rows, so ties fall the same way.
  std::sort(candidates.begin(), candidates.end(), [&](size_t a, size_t b) { return rows[a].path < rows[b].path; });
  std::vector<bool> decided(rows.size(), false);
  auto decide = [&](const std::vector<size_t>& files) {
    std::vector<bool> wanted(rows.size(), false);
    for (size_t i : files) wanted[i] = !decided[i];
    std::vector<std::string> why_not;
    std::vector<FixClears> fix = fix_alone(world, sources, wanted, vocabulary, jobs, &why_not);
    for (size_t i : files)
      if (wanted[i]) rows[i].fix = fix[i], rows[i].why_not_fix_alone = why_not[i], decided[i] = true;
  };
  // Walks the candidates in `before` order, a batch decided at a time, until
  // `enough` says the file at position k completes the list.
  auto walk = [&](bool (*before)(const FileRow&, const FileRow&), auto enough) {
    std::vector<size_t> order = candidates;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return before(rows[a], rows[b]); });
    const size_t batch = std::max<size_t>(2 * top, 16);
    for (size_t at = 0; at < order.size(); at += batch) {
      const size_t end = std::min(order.size(), at + batch);
      decide(std::vector<size_t>(order.begin() + at, order.begin() + end));
      for (size_t k = at; k < end; ++k)
        if (enough(order, k)) return;
    }
  };
  size_t found = 0;
  walk(more_classes, [&](const std::vector<size_t>& order, size_t k) {
    found += rows[order[k]].fix != FixClears::No;
    // Past `top` found, and past the last file with as many classes as the top-th.
    return found >= top &&
           (k + 1 == order.size() || rows[order[k + 1]].counts.test_classes < rows[order[k]].counts.test_classes);
  });
  size_t needing = 0;
  walk(closer_to_passing, [&](const std::vector<size_t>& order, size_t k) {
    needing += rows[order[k]].fix == FixClears::No;
    return needing >= top;
  });
}

Report current_report(const ReportState& s, const ScanResult& result, const std::set<std::string>& allowlist) {
  Resolution resolution = resolve(result.files, result.vocabulary);
  std::vector<Verdict> verdicts = classify(result.files, resolution, result.vocabulary);
  LintWorld world{result.files, resolution};
  // Blockers are what stands between an undeclared class and its recommendation.
  for (Verdict& v : verdicts)
    if (v.declared.empty()) attach_advice(v, world, result.vocabulary);
  // One denominator: the classes the report counts are upstream's test
  // classes (summarize_file), so only their verdicts are counted, and a
  // declaration inherited from a base is the base's, not a second one.
  std::vector<std::vector<const Verdict*>> by_file(result.files.size());
  std::vector<std::set<int>> counted(result.files.size());
  for (size_t i = 0; i < result.files.size(); ++i)
    for (int c : counted_test_classes(result.files[i])) counted[i].insert(c);
  for (const Verdict& v : verdicts) {
    size_t file = static_cast<size_t>(v.ref.file);
    if (counted[file].count(v.ref.cls) && !v.declaration_inherited) by_file[file].push_back(&v);
  }
  Report report;
  report.members = result.vocabulary.members;
  for (size_t i = 0; i < result.files.size(); ++i) {
    FileSummary summary = summarize_file(result.files[i], result.vocabulary);
    FileStatus status = file_status(summary, allowlist);
    report.files.push_back({summary.path, status, file_counts(summary, status, by_file[i]), summary.parses,
                            status == FileStatus::Failing ? summary.first_error : std::string(), summary.owners});
  }
  decide_fix_alone(report, world, result.discovery.files, result.vocabulary, resolve_jobs(s.common.jobs), s.top);
  aggregate(report, s.top);
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
  return [s, cmd]() -> int {
    if (!cmd->parsed()) return -1;
    apply_config(*cmd, s->common);
    apply_format_environment(*cmd, s->format, {"text", "markdown", "json", "html"}, s->common.verbose);
    check_allowlist_option(*cmd, s->allowlist);
    std::set<std::string> allowlist = load_allowlist(s->allowlist, find_repo_root(s->common.root));
    ScanResult result = scan_inputs(s->common);
    read_fix_api(result, s->common);  // "next up" names what fix makes pass
    bool inputs_ok = report_problems(result, s->common);
    // A path that is not there would make an all-zero report look real.
    if (std::any_of(result.discovery.problems.begin(), result.discovery.problems.end(),
                    [](const auto& p) { return p.fatal; }))
      return 2;
    Report report = current_report(*s, result, allowlist);
    if (!s->history.empty()) {
      HistoryOptions options;
      options.range = s->history;
      options.every = s->every;
      options.prefixes = history_prefixes(*s, result.root);
      options.allowlist_path = kDefaultAllowlist;
      options.jobs = resolve_jobs(s->common.jobs);
      std::optional<FactsCache> cache = open_cache(s->common, result.root, result.vocabulary);
      options.cache = cache ? &*cache : nullptr;
      if (::isatty(2) && !s->common.quiet)
        options.progress = [](size_t done, size_t total) {
          std::cerr << "\rhistory: commit " << done << " of " << total << (done == total ? "\n" : "") << std::flush;
        };
      History history = compute_history(result.root.string(), options, result.vocabulary);
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
    return inputs_ok ? 0 : 2;
  };
}

}  // namespace hwclass

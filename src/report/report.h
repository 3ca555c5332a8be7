// The migration report: totals, per directory and per file, "next up", and
// the trend over history, built from the same facts and verdicts as
// classify and lint (docs/report.md). Emit turns it into text, markdown,
// JSON or HTML.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "classify/verdict.h"
#include "lint/advice.h"
#include "fix/fix_alone.h"
#include "report/summary.h"

namespace hwclass {

inline constexpr int kReportSchemaVersion = 4;

enum class FileStatus { NotChecked, Passing, Failing, Allowlisted };
const char* to_string(FileStatus);

// Counts that add up over files: a file's, a directory's, the tree's.
struct Counts {
  size_t files = 0, test_files = 0, test_classes = 0, variants = 0, unclassified = 0;
  std::map<std::string, size_t> declared;  // member -> classes
  size_t agree = 0, disagree = 0;          // declared classes whose inference agrees (medium or high confidence)
  size_t allowlisted = 0, passing = 0, failing = 0;
  size_t sites = 0;
  std::map<std::string, size_t> sites_by_kind, sites_by_device;
  size_t blocking = 0;  // lint errors left once every undeclared class declares its recommendation

  void add(const Counts& other);
};

struct FileRow {
  std::string path;
  FileStatus status = FileStatus::NotChecked;
  Counts counts;
  bool parses = true;  // a file that does not parse has no counts to go by
  std::string first_error;  // of a failing file: its first TEST_LINTER message
  std::vector<std::string> owners;  // its `# Owner(s)` labels; none: kNoOwner's row counts it
  FixClears fix = FixClears::No;     // of a file not passing: whether `hwclass fix` alone makes it pass
  // Of a file fix alone does not make pass, when that was decided: why (its
  // first message no fix answers, or the one the fixes leave). The "next
  // up" lists show it for files with no blocking error, which declaring
  // classify's recommendations would make pass.
  std::string why_not_fix_alone = {};
};

// A file without `# Owner(s)` labels is counted under this one.
inline constexpr const char* kNoOwner = "(no owner)";

// Files with a label, summed; a file with two labels counts under both.
struct OwnerRow {
  std::string owner;
  Counts counts;
};

struct DirectoryRow {
  std::string path;  // "test", "test/inductor", ...
  int depth = 0;     // 0 for the top
  Counts counts;
};

// The totals at one commit of `report --history`: the per-file counts (no
// verdicts, which need every file at once).
struct HistoryPoint {
  std::string commit, date, subject, author;
  int64_t time = 0;  // the committer's date, in seconds since the epoch
  size_t allowlist = 0, test_classes = 0, unclassified = 0, sites = 0;
  size_t failing = 0;  // test files neither allowlisted nor passing upstream's linter at that commit
  std::map<std::string, size_t> declared;
  // Allowlisted test files under the paths counted, per `# Owner(s)` label
  // (kNoOwner for none; a file with two labels counts under both).
  std::map<std::string, size_t> allowlist_by_owner;
  bool has_allowlist = false;  // the commit has the allowlist file
  // The allowlist is read here for the first time (the first point, or the
  // commit that creates it): its length is where the count starts, so its
  // growth from nothing is no regression (issue 32: the commit allowlisting
  // 832 failing files took failing files from 832 to 0).
  bool baseline = false;
  // Against the point before (0 for the first); a regression is any of the
  // three growing: the allowlist (but at its baseline), the unclassified
  // classes, the failing files.
  long delta_allowlist = 0, delta_unclassified = 0, delta_failing = 0;
  bool allowlist_grew() const { return delta_allowlist > 0 && !baseline; }
  bool regression() const { return allowlist_grew() || delta_unclassified > 0 || delta_failing > 0; }
};

// One owner's share of the projection: its allowlisted files at the
// window's start and at the last point, its pace (files a day) and the date
// it reaches zero at that pace ("" when not shrinking).
struct OwnerTrend {
  std::string owner;
  size_t from = 0, now = 0;
  double pace_per_day = 0;
  std::string zero_date;
};

// What the history says about the way to an empty allowlist (report/trend.cpp).
struct Trend {
  bool known = false;  // a history with at least one point
  // Since the newest point that is at least 7 days older than the last (or
  // the first point): the allowlist, unclassified classes, failing files.
  std::string week_from;  // that point's date
  long week_allowlist = 0, week_unclassified = 0, week_failing = 0;
  // The allowlist's pace, in files per day, from the oldest point of the
  // last 28 days of history (or the allowlist's baseline, when later) to
  // the last point: those dates and the days between them; and the date it
  // reaches zero at that pace: a projection, empty when the allowlist is
  // not shrinking.
  std::string window_from, window_to;
  int window_days = 0;
  double pace_per_day = 0;
  std::string zero_date;
  // The same per owner with allowlisted files at either end of the window,
  // the most files now first, then by label.
  std::vector<OwnerTrend> owners;
};

struct Report {
  Counts totals;
  std::vector<DirectoryRow> directories;  // depth-first, sorted by path
  std::vector<OwnerRow> owners;           // most unclassified classes first, then by label
  bool by_owner = false;                  // --by owner: the owners lead text, markdown and HTML
  size_t columns = 0;                     // text tables fit this width (COLUMNS, else the terminal's); 0: no limit
  std::vector<FileRow> files;             // sorted by path
  std::vector<std::string> fix_alone;     // files not passing that `hwclass fix` alone makes pass, most classes first
  std::vector<std::string> next_up;       // the rest closest to passing, each needing a decision: fewest blocking errors
  std::vector<std::string> most_sites;    // files with the most hardcoded sites
  std::vector<HistoryPoint> history;      // oldest first
  Trend trend;                            // from the history
  std::vector<std::string> members;       // HardwareClassification's, in rules/devices.toml order
};

// One counted class's verdict, with lint's advice on it when it declares
// nothing (the blockers of its recommendation); null advice otherwise.
struct JudgedClass {
  const Verdict* verdict;
  const Advice* advice;
};

// Counts for one file: its summary, its allowlist status, and the verdicts
// on its classes (agreement, blockers).
Counts file_counts(const FileSummary& summary, FileStatus status, const std::vector<JudgedClass>& classes);

FileStatus file_status(const FileSummary& summary, const std::set<std::string>& allowlist);

// The week's changes and the allowlist's projected zero, from the history.
Trend compute_trend(const std::vector<HistoryPoint>& history);

// The "next up" lists' shared terms, so that whoever decides which files
// fix alone makes pass (report/current.cpp) orders them as aggregate()
// lists them: a file not yet passing that parses; the fix-alone list's
// order (most classes first) and the other one's (fewest blocking errors,
// then most classes).
bool next_up_candidate(const FileRow& f);
bool more_classes(const FileRow& a, const FileRow& b);
bool closer_to_passing(const FileRow& a, const FileRow& b);

// Directories, totals and the "next up" lists from the file rows.
void aggregate(Report& report, size_t list_length = 10);

}  // namespace hwclass

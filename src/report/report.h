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
#include "report/summary.h"

namespace hwclass {

inline constexpr int kReportSchemaVersion = 2;

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
  size_t allowlist = 0, test_classes = 0, unclassified = 0, sites = 0;
  size_t failing = 0;  // test files neither allowlisted nor passing upstream's linter at that commit
  std::map<std::string, size_t> declared;
  // Against the point before (0 for the first); a regression is any of the
  // three growing: the allowlist, the unclassified classes, the failing files.
  long delta_allowlist = 0, delta_unclassified = 0, delta_failing = 0;
  bool regression() const { return delta_allowlist > 0 || delta_unclassified > 0 || delta_failing > 0; }
};

struct Report {
  Counts totals;
  std::vector<DirectoryRow> directories;  // depth-first, sorted by path
  std::vector<OwnerRow> owners;           // most unclassified classes first, then by label
  bool by_owner = false;                  // --by owner: the owners lead text, markdown and HTML
  std::vector<FileRow> files;             // sorted by path
  std::vector<std::string> next_up;       // files closest to passing: fewest blocking errors
  std::vector<std::string> most_sites;    // files with the most hardcoded sites
  std::vector<HistoryPoint> history;      // oldest first
  std::vector<std::string> members;       // HardwareClassification's, in rules/devices.toml order
};

// Counts for one file: its summary, its allowlist status, and the verdicts
// on its classes (agreement, blockers).
Counts file_counts(const FileSummary& summary, FileStatus status, const std::vector<const Verdict*>& verdicts);

FileStatus file_status(const FileSummary& summary, const std::set<std::string>& allowlist);

// Directories, totals and the "next up" lists from the file rows.
void aggregate(Report& report, size_t list_length = 10);

}  // namespace hwclass

#include "report/report.h"

#include <algorithm>

namespace hwclass {

const char* to_string(FileStatus s) {
  switch (s) {
    case FileStatus::NotChecked: return "not-checked";
    case FileStatus::Passing: return "passing";
    case FileStatus::Failing: return "failing";
    case FileStatus::Allowlisted: return "allowlisted";
  }
  return "?";
}

void Counts::add(const Counts& o) {
  files += o.files;
  test_files += o.test_files;
  test_classes += o.test_classes;
  variants += o.variants;
  unclassified += o.unclassified;
  for (const auto& [m, n] : o.declared) declared[m] += n;
  agree += o.agree;
  disagree += o.disagree;
  allowlisted += o.allowlisted;
  passing += o.passing;
  failing += o.failing;
  sites += o.sites;
  for (const auto& [k, n] : o.sites_by_kind) sites_by_kind[k] += n;
  for (const auto& [d, n] : o.sites_by_device) sites_by_device[d] += n;
  blocking += o.blocking;
}

FileStatus file_status(const FileSummary& s, const std::set<std::string>& allowlist) {
  if (!s.test_file) return FileStatus::NotChecked;
  if (allowlist.count(s.path)) return FileStatus::Allowlisted;
  return s.upstream_errors == 0 && s.parses ? FileStatus::Passing : FileStatus::Failing;
}

Counts file_counts(const FileSummary& s, FileStatus status, const std::vector<JudgedClass>& classes) {
  Counts c;
  c.files = 1;
  c.test_files = s.test_file;
  c.test_classes = s.test_classes;
  c.variants = s.variants;
  c.unclassified = s.unclassified;
  c.declared = s.declared;
  c.allowlisted = status == FileStatus::Allowlisted;
  c.passing = status == FileStatus::Passing;
  c.failing = status == FileStatus::Failing;
  c.sites = s.sites;
  c.sites_by_kind = s.sites_by_kind;
  c.sites_by_device = s.sites_by_device;
  // Upstream reports [hw_classification] once per unclassified class; the
  // rest stays until someone changes code, as do the blockers of each
  // recommendation.
  if (s.test_file) c.blocking = s.upstream_errors - std::min(s.upstream_errors, s.unclassified);
  for (const auto& [v, advice] : classes) {
    if (v->declared.empty()) {
      c.blocking += advice ? advice->blockers.size() : 0;
    } else if (v->confidence >= Confidence::Medium) {
      (v->agrees ? c.agree : c.disagree) += 1;
    }
  }
  return c;
}

namespace {

// "test/inductor/x.py" -> {"test", "test/inductor"}
std::vector<std::string> parents(const std::string& path) {
  std::vector<std::string> out;
  for (size_t slash = path.find('/'); slash != std::string::npos; slash = path.find('/', slash + 1))
    out.push_back(path.substr(0, slash));
  return out;
}

std::vector<std::string> top(const std::vector<FileRow>& files, size_t n, bool (*wanted)(const FileRow&),
                             bool (*before)(const FileRow&, const FileRow&)) {
  std::vector<const FileRow*> rows;
  for (const FileRow& f : files)
    if (wanted(f)) rows.push_back(&f);
  std::stable_sort(rows.begin(), rows.end(), [&](const FileRow* a, const FileRow* b) { return before(*a, *b); });
  std::vector<std::string> out;
  for (size_t i = 0; i < rows.size() && i < n; ++i) out.push_back(rows[i]->path);
  return out;
}

}  // namespace

bool next_up_candidate(const FileRow& f) {
  return f.parses && (f.status == FileStatus::Allowlisted || f.status == FileStatus::Failing);
}

bool more_classes(const FileRow& a, const FileRow& b) { return a.counts.test_classes > b.counts.test_classes; }

bool closer_to_passing(const FileRow& a, const FileRow& b) {
  if (a.counts.blocking != b.counts.blocking) return a.counts.blocking < b.counts.blocking;
  return more_classes(a, b);
}

void aggregate(Report& r, size_t list_length) {
  std::sort(r.files.begin(), r.files.end(), [](const FileRow& a, const FileRow& b) { return a.path < b.path; });
  std::map<std::string, Counts> by_directory;
  r.totals = Counts{};
  for (const FileRow& f : r.files) {
    r.totals.add(f.counts);
    for (const std::string& dir : parents(f.path)) by_directory[dir].add(f.counts);
  }
  std::map<std::string, Counts> by_owner;
  for (const FileRow& f : r.files) {
    if (f.owners.empty()) by_owner[kNoOwner].add(f.counts);
    for (const std::string& owner : f.owners) by_owner[owner].add(f.counts);
  }
  r.owners.clear();
  for (auto& [owner, counts] : by_owner) r.owners.push_back({owner, counts});
  std::stable_sort(r.owners.begin(), r.owners.end(), [](const OwnerRow& a, const OwnerRow& b) {
    return a.counts.unclassified > b.counts.unclassified;
  });
  r.directories.clear();
  for (auto& [path, counts] : by_directory)
    r.directories.push_back({path, static_cast<int>(std::count(path.begin(), path.end(), '/')), counts});
  // Depth-first: a directory right before what is inside it ("a/b" before "a-c").
  std::sort(r.directories.begin(), r.directories.end(), [](const DirectoryRow& a, const DirectoryRow& b) {
    return std::lexicographical_compare(a.path.begin(), a.path.end(), b.path.begin(), b.path.end(), [](char x, char y) {
      return (x == '/' ? '\0' : x) < (y == '/' ? '\0' : y);
    });
  });
  // Next up: files not yet passing that fix alone makes pass, the most
  // classes first; then those needing a decision, with the fewest errors
  // left once their classes declare what classify recommends.
  r.fix_alone = top(
      r.files, list_length, [](const FileRow& f) { return next_up_candidate(f) && f.fix != FixClears::No; },
      more_classes);
  r.next_up = top(
      r.files, list_length, [](const FileRow& f) { return next_up_candidate(f) && f.fix == FixClears::No; },
      closer_to_passing);
  r.most_sites = top(
      r.files, list_length, [](const FileRow& f) { return f.counts.sites > 0; },
      [](const FileRow& a, const FileRow& b) { return a.counts.sites > b.counts.sites; });
}

}  // namespace hwclass
